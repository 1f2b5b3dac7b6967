/**
 * Which inbox rows the renderer holds. The services answer a query with every id of the list
 * in order but only the rows about to be shown (`documents.query`, `documents.rows`): an
 * agenda of 100,000 documents would otherwise cost the renderer hundreds of ms and MB to take.
 * Pure functions over the ids and the rows held.
 */
import type { DocumentRow } from '../../../../shared/ipc'

/** Rows loaded beyond each edge of the rows on screen, so that scrolling finds them there. */
export const ROW_MARGIN = 60
/** Rows asked at most in one call (the channels' limit). */
export const MAX_ROWS_ASKED = 500
/** Above this many rows held, those far from the screen are let go. */
const MAX_ROWS_HELD = 2_000

/** A range of positions in the list: `start` inclusive, `end` exclusive. */
export interface RowRange {
  start: number
  end: number
}

/** The positions to hold around the rows on screen (`shown`), within a list of `length`. */
export function rangeToHold(shown: RowRange, length: number): RowRange {
  const start = Math.max(0, Math.min(shown.start, length) - ROW_MARGIN)
  const end = Math.min(length, Math.max(shown.end, shown.start) + ROW_MARGIN)
  return { start, end: Math.max(start, Math.min(end, start + MAX_ROWS_ASKED)) }
}

/**
 * Whether rows must be asked for now: some row within half a margin of the screen (`shown`)
 * is neither held nor asked. A step of one row (j / k) past a held window then asks nothing,
 * and scrolling asks a whole margin ({@link rangeToHold}) once every half margin, not one row
 * per frame: each ask is a call the frame that shows the step would wait behind.
 */
export function rowsRunningLow(
  ids: readonly number[],
  held: ReadonlyMap<number, DocumentRow>,
  shown: RowRange,
  asked: ReadonlySet<number>,
): boolean {
  const near = {
    start: Math.max(0, Math.min(shown.start, ids.length) - ROW_MARGIN / 2),
    end: Math.min(ids.length, Math.max(shown.end, shown.start) + ROW_MARGIN / 2),
  }
  return missingIds(ids, held, near, asked).length > 0
}

/**
 * The ids of `range` whose rows are not held and were not asked already (`asked`: ids
 * asked for this list; a row the services no longer have is not asked again and again).
 */
export function missingIds(
  ids: readonly number[],
  held: ReadonlyMap<number, DocumentRow>,
  range: RowRange,
  asked: ReadonlySet<number>,
): number[] {
  const missing: number[] = []
  for (let i = range.start; i < range.end && missing.length < MAX_ROWS_ASKED; i++) {
    const id = ids[i]!
    if (!held.has(id) && !asked.has(id)) missing.push(id)
  }
  return missing
}

/**
 * `held` with `rows` added; when that holds more than {@link MAX_ROWS_HELD}, only the rows of
 * `keep` (positions in `ids`) and the ids of `pinned` (the cursor's, the open document's) stay.
 * A new map: the one given is not changed.
 */
export function mergeRows(
  held: ReadonlyMap<number, DocumentRow>,
  rows: readonly DocumentRow[],
  ids: readonly number[],
  keep: RowRange,
  pinned: readonly (number | null)[] = [],
): Map<number, DocumentRow> {
  const merged = new Map(held)
  for (const row of rows) merged.set(row.id, row)
  if (merged.size <= MAX_ROWS_HELD) return merged
  const kept = new Map<number, DocumentRow>()
  for (let i = keep.start; i < keep.end; i++) {
    const row = merged.get(ids[i]!)
    if (row) kept.set(row.id, row)
  }
  for (const id of pinned) {
    const row = id === null ? undefined : merged.get(id)
    if (row) kept.set(row.id, row)
  }
  return kept
}
