import { describe, expect, it } from 'vitest'
import { EVERY_DOCUMENT, sampleRow } from '../../../shared/documents/testing'
import { queryList, rowsByIds } from './rowQuery'

const base = EVERY_DOCUMENT
/** 1,000 rows, id descending as the row cache keeps them; every third one ready. */
const agenda = Array.from({ length: 1000 }, (_, i) =>
  sampleRow(1000 - i, { state: (1000 - i) % 3 === 0 ? 'ready' : 'not_ready' }),
)

describe('the inbox query worked out in the services', () => {
  it('answers the ids of the tab in the sort order and only the rows of the window', () => {
    const answer = queryList(
      agenda,
      { ...base, queue: 'ready', sort: { key: 'total', direction: 'asc' } },
      {
        start: 2,
        count: 3,
      },
    )
    expect(answer.ids).toHaveLength(333)
    expect(answer.ids.slice(0, 4)).toEqual([3, 6, 9, 12])
    expect(answer.rows.map((r) => r.id)).toEqual([9, 12, 15])
    expect(answer.counts).toMatchObject({ ready: 333, not_ready: 667, all: 1000 })
  })
  it('counts the tabs under the search but totals the whole agenda', () => {
    const answer = queryList(agenda, { ...base, search: 'inv-99' }, { start: 0, count: 0 })
    expect(answer.ids).toEqual([999, 998, 997, 996, 995, 994, 993, 992, 991, 990, 99])
    expect(answer.counts.all).toBe(11)
    expect(answer.totals.all).toBe(1000)
    expect(answer.rows).toEqual([])
  })
  it('keeps the rows it was given untouched and sorts one array once per order', () => {
    const first = queryList(agenda, { ...base, sort: { key: 'supplier', direction: 'asc' } }, { start: 0, count: 1 })
    expect(agenda[0]!.id).toBe(1000)
    const again = queryList(agenda, { ...base, sort: { key: 'supplier', direction: 'asc' } }, { start: 0, count: 1 })
    expect(again.ids).toEqual(first.ids)
    expect(first.ids[0]).toBe(1)
  })
  it('answers a query stated again with the same frozen ids, which no caller can change, and counts it may change', () => {
    const first = queryList(agenda, base, { start: 0, count: 2 })
    expect(() => first.ids.reverse()).toThrow(TypeError)
    first.counts.not_ready = -1
    const again = queryList(agenda, base, { start: 1, count: 2 })
    expect(again.ids).toBe(first.ids)
    expect(again.ids[0]).toBe(1000)
    expect(again.counts.not_ready).not.toBe(-1)
    expect(again.rows.map((row) => row.id)).toEqual(again.ids.slice(1, 3))
  })

  it('answers a window past the end with no rows', () => {
    expect(queryList(agenda, base, { start: 5000, count: 10 }).rows).toEqual([])
  })
})

describe('rows by id', () => {
  it('finds each id asked in the id-descending rows, in the order asked, and leaves out the unknown', () => {
    expect(rowsByIds(agenda, [5, 1000, 1, 0, 1001, 500]).map((r) => r.id)).toEqual([5, 1000, 1, 500])
    expect(rowsByIds([], [1])).toEqual([])
  })
})
