import { describe, expect, it } from 'vitest'
import { NotWantedError, ServiceBudget } from './budget'

/** A task that stays in flight until `release()` is called. */
function gate() {
  let release!: () => void
  const done = new Promise<void>((resolve) => (release = resolve))
  return { done, release }
}

const turn = () => new Promise((resolve) => setImmediate(resolve))

describe('ServiceBudget', () => {
  it('keeps at most maxInFlight tasks running; the others wait for a slot', async () => {
    const budget = new ServiceBudget({ maxInFlight: 2 })
    const gates = [gate(), gate(), gate()]
    const started: number[] = []
    const runs = gates.map((g, i) =>
      budget.run(async () => {
        started.push(i)
        await g.done
        return i
      }),
    )
    await turn()
    expect(started).toEqual([0, 1])
    expect([budget.inFlight, budget.waiting]).toEqual([2, 1])
    gates[0]!.release()
    await turn()
    expect(started).toEqual([0, 1, 2])
    gates[1]!.release()
    gates[2]!.release()
    expect(await Promise.all(runs)).toEqual([0, 1, 2])
    expect(budget.peakInFlight).toBe(2)
  })

  it('gives a free slot to user requests before background ones, first come first served within each', async () => {
    const budget = new ServiceBudget({ maxInFlight: 1 })
    const first = gate()
    const order: string[] = []
    const task = (name: string) => async () => void order.push(name)
    const blocking = budget.run(() => first.done)
    const waiting = [
      budget.run(task('pull page 2'), { priority: 'background' }),
      budget.run(task('pull page 3'), { priority: 'background' }),
      budget.run(task('open document'), { priority: 'user' }),
      budget.run(task('mark ready')),
    ]
    first.release()
    await Promise.all([blocking, ...waiting])
    expect(order).toEqual(['open document', 'mark ready', 'pull page 2', 'pull page 3'])
  })

  it('does not run a task that is no longer wanted when its turn comes', async () => {
    const budget = new ServiceBudget({ maxInFlight: 1 })
    const first = gate()
    let wanted = true
    let ran = false
    const blocking = budget.run(() => first.done)
    const ahead = budget.run(async () => void (ran = true), { stillWanted: () => wanted })
    wanted = false
    first.release()
    await blocking
    await expect(ahead).rejects.toBeInstanceOf(NotWantedError)
    expect(ran).toBe(false)
  })

  it('holds the whole service back for the longest Retry-After heard, and tells its listeners', () => {
    let now = 1_000_000
    const budget = new ServiceBudget({ now: () => now })
    const heard: number[] = []
    budget.onHoldOff((holdOff) => heard.push(holdOff.requestedMs))
    expect(budget.holdOffFor()).toBe(0)
    budget.holdOff(30_000)
    expect(budget.holdOffFor()).toBe(30_000)
    // A shorter wait heard meanwhile does not shorten it.
    now += 10_000
    budget.holdOff(5_000)
    expect(budget.holdOffFor()).toBe(20_000)
    budget.holdOff(40_000)
    expect(budget.currentHoldOff()).toEqual({ untilMs: now + 40_000, requestedMs: 40_000 })
    expect(heard).toEqual([30_000, 40_000])
    now += 40_000
    expect(budget.currentHoldOff()).toBeNull()
    expect(budget.holdOffFor()).toBe(0)
  })
})
