import { describe, expect, it } from 'vitest'
import { sortRows } from '../../../shared/documents/listQuery'
import { EVERY_DOCUMENT, sampleRow } from '../../../shared/documents/testing'
import type { DocumentRow } from '../../../shared/ipc'
import { queryAllAgendas, type AgendaRowSet } from './allAgendasQuery'
import { queryList } from './rowQuery'

/** Three agendas whose ids interleave (agenda 1: ids 1, 4, 7...; agenda 2: 2, 5, 8...). */
function agendas(perAgenda: number): AgendaRowSet[] {
  return [1, 2, 3].map((agendaId) => {
    const rows: DocumentRow[] = []
    for (let n = perAgenda - 1; n >= 0; n--) {
      const id = n * 3 + agendaId
      rows.push(
        sampleRow(id, {
          state: id % 4 === 0 ? 'ready' : 'not_ready',
          dueDate:
            id % 5 === 0
              ? null
              : `2026-${String((id % 12) + 1).padStart(2, '0')}-${String((id % 27) + 1).padStart(2, '0')}`,
          warnings: id % 7 === 0 ? ['iban'] : [],
        }),
      )
    }
    return { agendaId, rows }
  })
}

const all = agendas(100)
const everyRow = all.flatMap((agenda) => agenda.rows)
const agendaOf = new Map(all.flatMap((agenda) => agenda.rows.map((row) => [row.id, agenda.agendaId] as const)))

describe('the All agendas list', () => {
  it('lists every agenda newest first, as one agenda of all the rows would', () => {
    const answer = queryAllAgendas(all, EVERY_DOCUMENT, { start: 0, count: 5 })
    expect(answer.ids).toHaveLength(300)
    expect(answer.ids.slice(0, 5)).toEqual([300, 299, 298, 297, 296])
    expect(answer.rows.map((row) => row.id)).toEqual([300, 299, 298, 297, 296])
  })

  it('sorts by due date across agendas in the order one sort of all rows gives, undated last', () => {
    const query = { ...EVERY_DOCUMENT, sort: { key: 'dueDate', direction: 'asc' } as const }
    const answer = queryAllAgendas(all, query, { start: 0, count: 0 })
    expect(answer.ids).toEqual(sortRows(everyRow, query.sort).map((row) => row.id))
    const last = answer.ids.at(-1)!
    expect(everyRow.find((row) => row.id === last)!.dueDate).toBeNull()
  })

  it('names the agenda of every listed id and every answered row', () => {
    const answer = queryAllAgendas(all, EVERY_DOCUMENT, { start: 10, count: 7 })
    expect(answer.agendaIds).toEqual(answer.ids.map((id) => agendaOf.get(id)))
    expect(answer.rowAgendaIds).toEqual(answer.rows.map((row) => agendaOf.get(row.id)))
    expect(new Set(answer.rowAgendaIds)).toEqual(new Set([1, 2, 3]))
  })

  it('applies the tab and the checks filter and sums the tab counts of the agendas', () => {
    const query = { ...EVERY_DOCUMENT, queue: 'not_ready' as const, warnings: 'warnings' as const }
    const answer = queryAllAgendas(all, query, { start: 0, count: 0 })
    const expected = everyRow.filter((row) => row.state === 'not_ready' && row.warnings.length > 0)
    expect([...answer.ids].sort((a, b) => a - b)).toEqual(expected.map((row) => row.id).sort((a, b) => a - b))
    const perAgenda = all.map((agenda) => queryList(agenda.rows, query, { start: 0, count: 0 }))
    expect(answer.counts.not_ready).toBe(perAgenda.reduce((sum, one) => sum + one.counts.not_ready, 0))
    expect(answer.counts.ready).toBe(everyRow.filter((row) => row.state === 'ready' && row.warnings.length > 0).length)
    expect(answer.totals.all).toBe(300)
    expect(answer.totals.ready).toBe(everyRow.filter((row) => row.state === 'ready').length)
  })

  it('lists the archived tab from the agendas archived rows only', () => {
    const withArchived = all.map((agenda, i) => ({ ...agenda, archived: [sampleRow(1000 + i, { state: 'exported' })] }))
    const answer = queryAllAgendas(withArchived, { ...EVERY_DOCUMENT, queue: 'archived' }, { start: 0, count: 10 })
    expect(answer.ids).toEqual([1002, 1001, 1000])
    expect(answer.agendaIds).toEqual([3, 2, 1])
    expect(answer.counts.archived).toBe(3)
  })

  it('reuses the merged list while no agenda changed, and merges again after a change', () => {
    const first = queryAllAgendas(all, EVERY_DOCUMENT, { start: 0, count: 5 })
    const scrolled = queryAllAgendas(all, EVERY_DOCUMENT, { start: 100, count: 5 })
    expect(scrolled.ids).toBe(first.ids)
    expect(scrolled.rows.map((row) => row.id)).toEqual([200, 199, 198, 197, 196])
    const changed = all.map((agenda) =>
      agenda.agendaId === 2 ? { ...agenda, rows: [sampleRow(302), ...agenda.rows] } : agenda,
    )
    const after = queryAllAgendas(changed, EVERY_DOCUMENT, { start: 0, count: 2 })
    expect(after.ids).not.toBe(first.ids)
    expect(after.ids.slice(0, 2)).toEqual([302, 300])
    expect(after.agendaIds.slice(0, 2)).toEqual([2, 3])
  })

  it('answers an empty list for an account without agendas', () => {
    const answer = queryAllAgendas([], EVERY_DOCUMENT, { start: 0, count: 30 })
    expect(answer.ids).toEqual([])
    expect(answer.totals.all).toBe(0)
  })

  it('lists 200 agendas of 70 documents each sorted by due date in well under a frame budget', () => {
    const many: AgendaRowSet[] = Array.from({ length: 200 }, (_, a) => ({
      agendaId: a + 5,
      rows: Array.from({ length: 70 }, (_, i) => {
        const id = (70 - i) * 200 + a
        return sampleRow(id, { dueDate: `2026-0${(id % 9) + 1}-1${id % 10}` })
      }),
    }))
    const query = { ...EVERY_DOCUMENT, sort: { key: 'dueDate', direction: 'asc' } as const }
    queryAllAgendas(many, query, { start: 0, count: 60 })
    const started = performance.now()
    const answer = queryAllAgendas(many, query, { start: 0, count: 60 })
    const took = performance.now() - started
    expect(answer.ids).toHaveLength(14_000)
    // Generous for a loaded CI machine: about 40 ms on a 2-core machine shared with other work.
    expect(took).toBeLessThan(300)
  })
})
