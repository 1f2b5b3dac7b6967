import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EventBus } from '../eventBus'
import { followNotReadyBadge, notReadyTotal } from './badgeCount'

const counts = (not_ready: number) => ({
  counts: { not_ready, ready: 0, in_repair: 0, processing: 0, exported: 0, all: not_ready, archived: 0 },
})

describe('the Not ready badge', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('sums Not ready across agendas', () => {
    expect(notReadyTotal([counts(3), counts(0), counts(4)])).toBe(7)
  })

  it('shows the count at start and after a burst of changes, once per change of the number', async () => {
    const bus = new EventBus(() => {})
    let agendas = [counts(2), counts(1)]
    const show = vi.fn()
    const stop = followNotReadyBadge({
      subscribe: (l) => bus.connect(l),
      listAgendas: async () => agendas,
      show,
      delayMs: 100,
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(show).toHaveBeenLastCalledWith(3)
    agendas = [counts(1), counts(1)]
    for (let i = 0; i < 5; i++) bus.emit('documents.changed', { documentIds: [i], agendaIds: [] })
    await vi.advanceTimersByTimeAsync(150)
    expect(show.mock.calls).toEqual([[3], [2]])
    bus.emit('outbox.changed', { pending: 0, failed: 0, entryIds: [] })
    await vi.advanceTimersByTimeAsync(150)
    expect(show).toHaveBeenCalledTimes(2)
    stop()
  })

  it('clears the badge when nobody is signed in', async () => {
    const show = vi.fn()
    followNotReadyBadge({
      subscribe: () => () => {},
      listAgendas: async () => {
        throw new Error('not signed in')
      },
      show,
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(show).toHaveBeenCalledWith(0)
  })
})
