import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDelayedDiscard, DISCARD_UNDO_MS } from './delayedDiscard'

describe('discarding a failed action with undo', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  function setup(discard = vi.fn(async (_entryId: string) => ({ ok: true }))) {
    const onError = vi.fn()
    const holder = createDelayedDiscard({ discard, onError })
    return { holder, discard, onError }
  }

  it('sends the discard only once the undo time is over', () => {
    const { holder, discard } = setup()
    holder.schedule('e1')
    vi.advanceTimersByTime(DISCARD_UNDO_MS - 1)
    expect(discard).not.toHaveBeenCalled()
    expect([...holder.held()]).toEqual(['e1'])
    vi.advanceTimersByTime(1)
    expect(discard).toHaveBeenCalledWith('e1')
    expect(holder.held().size).toBe(0)
  })

  it('never sends a discard that was undone in time', () => {
    const { holder, discard } = setup()
    holder.schedule('e1')
    vi.advanceTimersByTime(2_000)
    expect(holder.undo('e1')).toBe(true)
    vi.advanceTimersByTime(DISCARD_UNDO_MS * 2)
    expect(discard).not.toHaveBeenCalled()
    expect(holder.undo('e1')).toBe(false)
  })

  it('sends every held discard at once when flushed', () => {
    const { holder, discard } = setup()
    holder.schedule('e1')
    holder.schedule('e2')
    holder.flush()
    expect(discard.mock.calls.map(([id]) => id)).toEqual(['e1', 'e2'])
    vi.advanceTimersByTime(DISCARD_UNDO_MS)
    expect(discard).toHaveBeenCalledTimes(2)
  })

  it('passes a refused discard on to be shown', async () => {
    const refusal = new Error('not failed any more')
    const { holder, onError } = setup(vi.fn(async () => Promise.reject(refusal)))
    holder.schedule('e1')
    await vi.advanceTimersByTimeAsync(DISCARD_UNDO_MS)
    expect(onError).toHaveBeenCalledWith('e1', refusal)
  })
})
