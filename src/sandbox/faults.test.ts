import { describe, expect, it } from 'vitest'
import { FaultInjector, mulberry32, validateFaults, waitUntil } from './faults'

describe('FaultInjector', () => {
  it('injects nothing by default', () => {
    const f = new FaultInjector()
    for (let i = 0; i < 100; i++) expect(f.decide()).toBe('none')
    expect(f.delayMs()).toBe(0)
  })

  it('makes the same decisions for the same seed', () => {
    const a = new FaultInjector({ errorRate: 0.2, rate429: 0.2, dropRate: 0.2 }, 42)
    const b = new FaultInjector({ errorRate: 0.2, rate429: 0.2, dropRate: 0.2 }, 42)
    const seq = (f: FaultInjector) => Array.from({ length: 200 }, () => f.decide())
    expect(seq(a)).toEqual(seq(b))
  })

  it('splits decisions by the configured rates, drops half before and half after', () => {
    const f = new FaultInjector({ errorRate: 0.1, rate429: 0.05, dropRate: 0.2 }, 3)
    const counts: Record<string, number> = {}
    for (let i = 0; i < 20000; i++) {
      const d = f.decide()
      counts[d] = (counts[d] ?? 0) + 1
    }
    expect(counts['error']! / 20000).toBeCloseTo(0.1, 1)
    expect(counts['too_many_requests']! / 20000).toBeCloseTo(0.05, 1)
    expect((counts['drop_before']! + counts['drop_after']!) / 20000).toBeCloseTo(0.2, 1)
    expect(Math.abs(counts['drop_before']! - counts['drop_after']!) / 4000).toBeLessThan(0.1)
  })

  it('adds latency plus a jitter within [0, jitter]', () => {
    const f = new FaultInjector({ latencyMs: 20, latencyJitterMs: 10 }, 1)
    for (let i = 0; i < 100; i++) {
      const d = f.delayMs()
      expect(d).toBeGreaterThanOrEqual(20)
      expect(d).toBeLessThanOrEqual(30)
    }
  })

  it('waitUntil (the latency wait) never resolves before its deadline, however short', async () => {
    for (const ms of [0, 0.3, 1, 2.5, 7]) {
      const deadline = performance.now() + ms
      await waitUntil(deadline)
      expect(performance.now()).toBeGreaterThanOrEqual(deadline)
    }
  })

  it('validates settings', () => {
    expect(validateFaults({ errorRate: 0.5, latencyMs: 10 })).toEqual({})
    expect(validateFaults({ errorRate: 2, latencyMs: -1, nope: 1 })).toEqual({
      errorRate: ['must be between 0 and 1'],
      latencyMs: ['must be a number >= 0'],
      nope: ['is not a fault setting'],
    })
  })

  it('mulberry32 yields floats in [0, 1)', () => {
    const r = mulberry32(9)
    for (let i = 0; i < 1000; i++) {
      const v = r()
      expect(v).toBeGreaterThanOrEqual(0)
      expect(v).toBeLessThan(1)
    }
  })
})
