import { describe, expect, it } from 'vitest'
import { sampleRow } from '../../../../shared/documents/testing'
import { emptyQueueCounts } from '../../../../shared/queues'
import { applyAction, nextAfter, type ShownList } from './listModel'

const row = (id: number, state: string) => sampleRow(id, { state })

/** The Not ready tab showing 3, 2, 1 (all not ready) of an agenda that also has 5 ready and 4 exported. */
function notReadyTab(): ShownList {
  const rows = new Map([3, 2, 1].map((id) => [id, row(id, 'not_ready')]))
  const counts = { ...emptyQueueCounts(), not_ready: 3, ready: 1, exported: 1, all: 5 }
  return { queue: 'not_ready', ids: [3, 2, 1], rows, counts, totals: { ...counts } }
}

describe('the document to open after an action', () => {
  it('is the next one in the list as shown before the action', () => {
    expect(nextAfter([5, 4, 3, 2], 4)).toBe(3)
  })
  it('is the previous one at the end of the list, null when nothing is left', () => {
    expect(nextAfter([5, 4, 3], 3)).toBe(4)
    expect(nextAfter([5], 5)).toBeNull()
  })
  it('passes over the other documents acted on', () => {
    expect(nextAfter([5, 4, 3, 2, 1], 4, new Set([4, 3, 2]))).toBe(1)
    expect(nextAfter([5, 4, 3], 4, new Set([4, 3]))).toBe(5)
  })
})

describe('the list right after an action (before the services answer again)', () => {
  it('moves a document marked ready out of Not ready and counts it under Ready', () => {
    const before = notReadyTab()
    const after = applyAction(before, [2], 'ready')
    expect(after.ids).toEqual([3, 1])
    expect(after.rows.get(2)).toMatchObject({ state: 'ready', pending: 1 })
    expect(after.rows.get(3)).toBe(before.rows.get(3))
    expect(after.counts).toMatchObject({ not_ready: 2, ready: 2, all: 5 })
    expect(after.totals).toMatchObject({ not_ready: 2, ready: 2, all: 5 })
    expect(before.ids).toEqual([3, 2, 1])
  })
  it('keeps the row in the All tab with its new state', () => {
    const after = applyAction({ ...notReadyTab(), queue: 'all' }, [2], 'exported')
    expect(after.ids).toEqual([3, 2, 1])
    expect(after.rows.get(2)?.state).toBe('exported')
  })
  it('sends to repair as repairing and moves archived rows from every tab and count to Archived', () => {
    expect(applyAction(notReadyTab(), [3], 'repair').rows.get(3)?.state).toBe('repairing')
    const archived = applyAction({ ...notReadyTab(), queue: 'all' }, [3, 2], 'archive')
    expect(archived.ids).toEqual([1])
    expect(archived.counts).toMatchObject({ not_ready: 1, all: 3, archived: 2 })
    expect(archived.totals.archived).toBe(2)
  })
})
