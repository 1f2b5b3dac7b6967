import { describe, expect, it } from 'vitest'
import { PollSchedule } from './pollSchedule'

const MIN = 60_000
/** A schedule on a clock the test moves (local time 2026-11-24 10:00). */
function schedule() {
  const clock = { now: new Date(2026, 10, 24, 10).getTime() }
  const s = new PollSchedule({ pullIntervalMs: MIN, maxPullIntervalMs: 10 * MIN }, () => new Date(clock.now))
  return { s, clock }
}

describe('PollSchedule', () => {
  it('pulls the open agenda every minute and agendas not opened today every 10 minutes', () => {
    const { s, clock } = schedule()
    for (const id of [1, 2, 3]) s.pulled(id, clock.now, false)
    s.opened(1)
    expect([s.intervalMs(1), s.intervalMs(2), s.intervalMs(3)]).toEqual([MIN, 10 * MIN, 10 * MIN])
    clock.now += MIN
    expect(s.due()).toEqual([1])
    expect(s.nextDueInMs()).toBe(0)
    clock.now += 9 * MIN
    expect(s.due()).toEqual([1, 2, 3])
  })

  it('waits longer for an agenda opened today the more quiet pulls in a row, up to the maximum; a change or activity resets it', () => {
    const { s, clock } = schedule()
    s.opened(2)
    s.opened(1)
    const intervals: number[] = []
    for (let i = 0; i < 6; i++) {
      intervals.push(s.intervalMs(2))
      s.pulled(2, clock.now, false)
    }
    expect(intervals).toEqual([1, 2, 4, 8, 10, 10].map((m) => m * MIN))
    s.pulled(2, clock.now, true)
    expect(s.intervalMs(2)).toBe(MIN)
    s.pulled(2, clock.now, false)
    expect(s.intervalMs(2)).toBe(2 * MIN)
    s.activity()
    expect(s.intervalMs(2)).toBe(MIN)
  })

  it('waits longer the more agendas the account has: one more step per 25 agendas', () => {
    const { s, clock } = schedule()
    s.opened(2)
    s.opened(1)
    for (let id = 1; id <= 60; id++) s.pulled(id, clock.now, true)
    expect(s.intervalMs(2)).toBe(3 * MIN)
    expect(s.intervalMs(1)).toBe(MIN)
    s.retain([1, 2])
    expect(s.intervalMs(2)).toBe(MIN)
  })

  it('an agenda opened yesterday counts as not opened today', () => {
    const { s, clock } = schedule()
    s.opened(2)
    s.opened(1)
    s.pulled(2, clock.now, true)
    expect(s.intervalMs(2)).toBe(MIN)
    clock.now += 24 * 60 * MIN
    expect(s.intervalMs(2)).toBe(10 * MIN)
  })

  it('knows the agendas of an earlier session from the cursor, and says how long until the next is due', () => {
    const { s, clock } = schedule()
    expect(s.nextDueInMs()).toBe(10 * MIN)
    s.remember(4, clock.now - 4 * MIN)
    expect(s.nextDueInMs()).toBe(6 * MIN)
    s.remember(4, clock.now)
    expect(s.nextDueInMs()).toBe(6 * MIN)
  })
})
