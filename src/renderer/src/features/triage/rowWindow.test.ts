import { describe, expect, it } from 'vitest'
import type { DocumentRow } from '../../../../shared/ipc'
import { MAX_ROWS_ASKED, mergeRows, missingIds, rangeToHold, ROW_MARGIN, rowsAhead, rowsRunningLow } from './rowWindow'

const row = (id: number) => ({ id }) as DocumentRow
const ids = Array.from({ length: 10_000 }, (_, i) => 10_000 - i)

describe('the rows the renderer holds', () => {
  it('holds the rows on screen and a margin around them, within the list', () => {
    expect(rangeToHold({ start: 0, end: 20 }, ids.length)).toEqual({ start: 0, end: 20 + ROW_MARGIN })
    expect(rangeToHold({ start: 500, end: 520 }, ids.length)).toEqual({
      start: 500 - ROW_MARGIN,
      end: 520 + ROW_MARGIN,
    })
    expect(rangeToHold({ start: 9990, end: 10_000 }, ids.length).end).toBe(10_000)
    expect(rangeToHold({ start: 50, end: 60 }, 10)).toEqual({ start: 0, end: 10 })
  })
  it('asks for rows only once those held beyond the screen run under half a margin', () => {
    // Rows 0..80 held: 20 on screen and a margin of 60 below them.
    const held = new Map(ids.slice(0, 20 + ROW_MARGIN).map((id) => [id, row(id)]))
    const none = new Set<number>()
    expect(rowsRunningLow(ids, held, { start: 0, end: 20 }, none)).toBe(false)
    // A step of one row: 59 still held below the screen.
    expect(rowsRunningLow(ids, held, { start: 1, end: 21 }, none)).toBe(false)
    const lastQuiet = 20 + ROW_MARGIN / 2
    expect(rowsRunningLow(ids, held, { start: lastQuiet - 20, end: lastQuiet }, none)).toBe(false)
    expect(rowsRunningLow(ids, held, { start: lastQuiet - 19, end: lastQuiet + 1 }, none)).toBe(true)
    // Rows already asked for are not a reason to ask again.
    const asked = new Set(ids.slice(20 + ROW_MARGIN, 200))
    expect(rowsRunningLow(ids, held, { start: lastQuiet - 19, end: lastQuiet + 1 }, asked)).toBe(false)
  })
  it('holds the plain margin for a step of one row, and a fast scroll a dozen of its frames ahead', () => {
    expect(rowsAhead(1, 20)).toEqual({ before: ROW_MARGIN, after: ROW_MARGIN })
    expect(rowsAhead(0, 20)).toEqual({ before: ROW_MARGIN, after: ROW_MARGIN })
    expect(rowsAhead(20, 20)).toEqual({ before: ROW_MARGIN, after: 240 })
    expect(rowsAhead(-20, 20)).toEqual({ before: 240, after: ROW_MARGIN })
    // 40 rows a frame would be 480 ahead: one call holds the screen, the margin behind and the rest.
    expect(rowsAhead(40, 20)).toEqual({ before: ROW_MARGIN, after: MAX_ROWS_ASKED - ROW_MARGIN - 20 })
    const down = rangeToHold({ start: 1000, end: 1020 }, ids.length, 40)
    expect(down).toEqual({ start: 1000 - ROW_MARGIN, end: 1000 - ROW_MARGIN + MAX_ROWS_ASKED })
    const up = rangeToHold({ start: 1000, end: 1020 }, ids.length, -40)
    expect(up).toEqual({ start: 1020 + ROW_MARGIN - MAX_ROWS_ASKED, end: 1020 + ROW_MARGIN })
  })
  it('asks again, during a fast scroll, once half of what is held ahead is left', () => {
    // Rows 0..500 held; the screen (20 rows) moving down 40 rows a frame.
    const held = new Map(ids.slice(0, 500).map((id) => [id, row(id)]))
    const none = new Set<number>()
    const ahead = rowsAhead(40, 20).after
    const lastQuiet = 500 - Math.ceil(ahead / 2)
    expect(rowsRunningLow(ids, held, { start: lastQuiet - 20, end: lastQuiet }, none, 40)).toBe(false)
    expect(rowsRunningLow(ids, held, { start: lastQuiet - 19, end: lastQuiet + 1 }, none, 40)).toBe(true)
    // Still, the same screen stepped one row at a time has plenty held.
    expect(rowsRunningLow(ids, held, { start: lastQuiet - 19, end: lastQuiet + 1 }, none, 1)).toBe(false)
  })
  it('asks only for rows neither held nor asked already', () => {
    const held = new Map([ids[0]!, ids[1]!].map((id) => [id, row(id)]))
    const asked = new Set([ids[2]!])
    expect(missingIds(ids, held, { start: 0, end: 5 }, asked)).toEqual([ids[3], ids[4]])
  })
  it('lets go of rows far from the screen once it holds too many, keeping the cursor and the open one', () => {
    let held = new Map<number, DocumentRow>()
    for (let start = 0; start < 3000; start += 500) {
      held = mergeRows(held, ids.slice(start, start + 500).map(row), ids, { start, end: start + 500 }, [ids[0]!])
    }
    expect(held.size).toBeLessThanOrEqual(2000)
    expect(held.has(ids[2999]!)).toBe(true)
    expect(held.has(ids[0]!)).toBe(true)
    expect(held.has(ids[100]!)).toBe(false)
  })
  it('never changes the map it was given', () => {
    const held = new Map([[1, row(1)]])
    mergeRows(held, [row(2)], [1, 2], { start: 0, end: 2 })
    expect([...held.keys()]).toEqual([1])
  })
})
