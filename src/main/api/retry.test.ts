import { describe, expect, it } from 'vitest'
import { backoffDelay, parseRetryAfter, resolveRetryOptions } from './retry'

describe('retry policy', () => {
  it('backs off with equal jitter under the cap, and reads Retry-After as seconds or nothing', () => {
    const options = resolveRetryOptions({ baseDelayMs: 200, maxDelayMs: 1000 })
    expect(backoffDelay(0, options, () => 0)).toBe(100)
    expect(backoffDelay(10, options, () => 0.999)).toBeLessThanOrEqual(1000)
    expect(parseRetryAfter('12', 0)).toBe(12_000)
    expect(parseRetryAfter('garbage', 0)).toBeUndefined()
    expect(parseRetryAfter(undefined, 0)).toBeUndefined()
  })
  it('reads a Retry-After HTTP date as the time left until then, never negative', () => {
    const now = Date.UTC(2026, 0, 1, 0, 0, 2)
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:07 GMT', now)).toBe(5000)
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:00 GMT', now)).toBe(0)
  })
})
