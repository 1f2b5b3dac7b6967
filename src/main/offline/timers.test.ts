import { afterEach, describe, expect, it, vi } from 'vitest'
import { Sleeps, Timer } from './timers'

afterEach(() => {
  vi.useRealTimers()
})

describe('Timer', () => {
  it('runs once after its delay, one run at a time, and cancel leaves no timeout behind', () => {
    vi.useFakeTimers()
    const runs: string[] = []
    const timer = new Timer()
    timer.start(100, () => runs.push('first'))
    timer.start(200, () => runs.push('second'))
    expect(timer.pending).toBe(true)
    expect(vi.getTimerCount()).toBe(1)
    vi.advanceTimersByTime(200)
    expect(runs).toEqual(['second'])
    expect(timer.pending).toBe(false)
    timer.start(100, () => runs.push('cancelled'))
    timer.cancel()
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(1_000)
    expect(runs).toEqual(['second'])
  })
})

describe('Sleeps', () => {
  it('ends every wait at once on wakeAll, leaving no timeout behind', async () => {
    vi.useFakeTimers()
    const sleeps = new Sleeps()
    let woke = 0
    const waits = [sleeps.sleep(60_000), sleeps.sleep(30_000)].map((p) => p.then(() => woke++))
    sleeps.wakeAll()
    await Promise.all(waits)
    expect(woke).toBe(2)
    expect(vi.getTimerCount()).toBe(0)
  })
})
