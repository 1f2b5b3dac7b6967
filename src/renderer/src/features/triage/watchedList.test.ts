import { describe, expect, it } from 'vitest'
import type { WatchedList } from '../../../../shared/ipc'
import { emptyQueueCounts } from '../../../../shared/queues'
import type { DocumentRow } from '../../../../shared/ipc'
import { heldAgendasAfter, heldListAfter, keepUnchangedAgendas, keepUnchangedRows, type HeldList } from './watchedList'

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

describe("the window's rows of a new view keep the objects of the rows that did not change", () => {
  const row = (id: number, state = 'not_ready') =>
    ({ id, state, counterpartyName: `Supplier ${id}` }) as unknown as DocumentRow
  const held = new Map([1, 2, 3].map((id) => [id, row(id)]))

  it('keeps the held map itself when the view brings the same rows again', () => {
    expect(keepUnchangedRows(held, [row(1), row(2), row(3)])).toBe(held)
  })

  it('gives a new map when a row changed, keeping the objects of the others', () => {
    const next = keepUnchangedRows(held, [row(1), row(2, 'ready'), row(3)])
    expect(next).not.toBe(held)
    expect(next.get(1)).toBe(held.get(1))
    expect(next.get(3)).toBe(held.get(3))
    expect(next.get(2)).not.toBe(held.get(2))
    expect(next.get(2)?.state).toBe('ready')
  })

  it('gives a new map of exactly the rows of the window when rows came or went', () => {
    const fewer = keepUnchangedRows(held, [row(1), row(2)])
    expect([...fewer.keys()]).toEqual([1, 2])
    expect(fewer.get(1)).toBe(held.get(1))
    expect([...keepUnchangedRows(held, [row(1), row(2), row(3), row(4)]).keys()]).toEqual([1, 2, 3, 4])
  })
})

describe("the sidebar's agendas across the views of a live query", () => {
  const agenda = (id: number, notReady: number) => ({ id, name: `Agenda ${id}`, counts: { not_ready: notReady } })

  it('keeps the very array held while every agenda is equal, new objects or not', () => {
    const held = [agenda(1, 3), agenda(2, 0)]
    expect(keepUnchangedAgendas(held, [agenda(1, 3), agenda(2, 0)])).toBe(held)
  })

  it('takes the view’s agendas once a count, a name or the agendas themselves differ', () => {
    const held = [agenda(1, 3), agenda(2, 0)]
    const counted = [agenda(1, 2), agenda(2, 0)]
    expect(keepUnchangedAgendas(held, counted)).toBe(counted)
    const renamed = [{ ...agenda(1, 3), name: 'Renamed' }, agenda(2, 0)]
    expect(keepUnchangedAgendas(held, renamed)).toBe(renamed)
    const added = [agenda(1, 3), agenda(2, 0), agenda(3, 1)]
    expect(keepUnchangedAgendas(held, added)).toBe(added)
    const removed = [agenda(1, 3)]
    expect(keepUnchangedAgendas(held, removed)).toBe(removed)
  })
})

describe("the sidebar's agendas a screen holds when a view leaves them out", () => {
  const agenda = (id: number, notReady: number) => ({ id, name: `Agenda ${id}`, counts: { not_ready: notReady } })
  const held = [agenda(1, 3), agenda(2, 0)]

  it('keeps the very array held when the view left the agendas out naming those held', () => {
    expect(heldAgendasAfter(held, 'a', { agendasToken: 'a' })).toEqual({ kind: 'keep' })
  })

  it('states itself again when the view left them out naming agendas it does not hold, or it holds none named', () => {
    expect(heldAgendasAfter(held, 'a', { agendasToken: 'b' })).toEqual({ kind: 'restate' })
    expect(heldAgendasAfter(held, null, { agendasToken: 'a' })).toEqual({ kind: 'restate' })
  })

  it('holds the agendas a view carries with their token, as the very array held when equal', () => {
    const same = heldAgendasAfter(held, 'a', { agendas: [agenda(1, 3), agenda(2, 0)], agendasToken: 'a' })
    expect(same.kind === 'replace' && same.agendas).toBe(held)
    const counted = [agenda(1, 2), agenda(2, 0)]
    expect(heldAgendasAfter(held, 'a', { agendas: counted, agendasToken: 'b' })).toEqual({
      kind: 'replace',
      agendas: counted,
      token: 'b',
    })
  })
})
