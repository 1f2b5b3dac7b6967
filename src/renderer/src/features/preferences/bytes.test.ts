import { describe, expect, it } from 'vitest'
import { formatBytes } from './bytes'

describe('byte sizes for people', () => {
  it('picks the unit, binary, with one fraction digit at most', () => {
    expect(formatBytes(0, 'en-US')).toBe('0\u00a0B')
    expect(formatBytes(900, 'en-US')).toBe('900\u00a0B')
    expect(formatBytes(1536, 'en-US')).toBe('1.5\u00a0KB')
    expect(formatBytes(500 * 1024 * 1024, 'en-US')).toBe('500\u00a0MB')
    expect(formatBytes(1000 * 1024 * 1024, 'en-US')).toBe('1,000\u00a0MB')
    expect(formatBytes(5 * 1024 ** 3, 'en-US')).toBe('5\u00a0GB')
  })
  it('writes the number as the locale or the chosen format does', () => {
    expect(formatBytes(2.25 * 1024 * 1024, 'cs-CZ')).toBe('2,3\u00a0MB')
    expect(formatBytes(2.25 * 1024 * 1024, 'en-US-x-comma')).toBe('2,3\u00a0MB')
  })
})
