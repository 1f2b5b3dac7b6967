import { describe, expect, it } from 'vitest'
import type { WatchedList } from '../../../../shared/ipc'
import { emptyQueueCounts } from '../../../../shared/queues'
import { heldListAfter, type HeldList } from './watchedList'

/** A view's list named `token`; `ids` undefined: main left them out. */
function viewList(token: string, ids?: number[], agendaIds?: number[]): WatchedList {
  return {
    agendaId: 'all',
    token,
    ...(ids ? { ids } : {}),
    ...(agendaIds ? { agendaIds } : {}),
    rows: [],
    counts: emptyQueueCounts(),
    totals: emptyQueueCounts(),
  }
}

describe('the list a screen holds across the views of a live query', () => {
  const held: HeldList = { ids: [3, 2, 1], agendaIds: [7, 7, 8], token: 'a' }

  it('holds the whole list a view carries, with its agendas and token', () => {
    expect(heldListAfter(null, viewList('a', [3, 2, 1], [7, 7, 8]))).toEqual({ kind: 'replace', list: held })
    expect(heldListAfter(held, viewList('b', [2, 1]))).toEqual({
      kind: 'replace',
      list: { ids: [2, 1], agendaIds: undefined, token: 'b' },
    })
  })

  it('keeps the list it holds when the view left the ids out naming that list', () => {
    expect(heldListAfter(held, viewList('a'))).toEqual({ kind: 'keep' })
  })

  it('states itself again when the view left the ids out naming a list it does not hold', () => {
    expect(heldListAfter(held, viewList('b'))).toEqual({ kind: 'restate' })
    // A new screen, or one whose agenda changed (it holds no list): never an empty list kept.
    expect(heldListAfter(null, viewList('a'))).toEqual({ kind: 'restate' })
  })
})
