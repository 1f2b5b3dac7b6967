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
/**
 * A scroll is held this many of its frames ahead, in the direction it goes ({@link rowsAhead}):
 * rows asked when half of them are left arrive before they show, even when the services' answer
 * takes a few frames.
 */
export const FRAMES_AHEAD = 12
/** Above this many rows held, those far from the screen are let go. */
const MAX_ROWS_HELD = 2_000

/** A range of positions in the list: `start` inclusive, `end` exclusive. */
export interface RowRange {
  start: number
  end: number
}

/**
 * The rows to hold before and after the rows on screen for a list moving by `velocity` rows
 * per update of the screen (positive: down, negative: up, 0: still): {@link ROW_MARGIN} on each
 * side, and on the side it moves to, {@link FRAMES_AHEAD} updates of its travel, as far as one
 * call of at most {@link MAX_ROWS_ASKED} rows holds them with the rest (`shownCount` rows on
 * screen). A step of one row (j / k) holds the plain margin; a fast scroll (bench B3: 40 rows
 * per frame) holds hundreds ahead, so its rows are there when they show instead of being asked
 * one margin at a time, behind the screen, and drawn as placeholders.
 */
export function rowsAhead(velocity: number, shownCount: number): { before: number; after: number } {
  const room = Math.max(ROW_MARGIN, MAX_ROWS_ASKED - ROW_MARGIN - Math.max(0, shownCount))
  const ahead = Math.min(room, Math.max(ROW_MARGIN, Math.ceil(Math.abs(velocity) * FRAMES_AHEAD)))
  if (velocity > 0) return { before: ROW_MARGIN, after: ahead }
  if (velocity < 0) return { before: ahead, after: ROW_MARGIN }
  return { before: ROW_MARGIN, after: ROW_MARGIN }
}

/**
 * The positions to hold around the rows on screen (`shown`), within a list of `length`, for a
 * list moving by `velocity` rows per update ({@link rowsAhead}); at most {@link MAX_ROWS_ASKED},
 * the side it moves to kept first.
 */
export function rangeToHold(shown: RowRange, length: number, velocity = 0): RowRange {
  const { before, after } = rowsAhead(velocity, shown.end - shown.start)
  const start = Math.max(0, Math.min(shown.start, length) - before)
  const end = Math.min(length, Math.max(shown.end, shown.start) + after)
  if (end - start <= MAX_ROWS_ASKED) return { start, end: Math.max(start, end) }
  return velocity > 0 ? { start: end - MAX_ROWS_ASKED, end } : { start, end: start + MAX_ROWS_ASKED }
}

/**
 * Whether rows must be asked for now: some row within half of what is held beyond the screen
 * (`shown`; {@link rowsAhead} of `velocity`) is neither held nor asked. A step of one row
 * (j / k) past a held window then asks nothing, and scrolling asks a whole margin
 * ({@link rangeToHold}) once every half margin, not one row per frame: each ask is a call the
 * frame that shows the step would wait behind.
 */
export function rowsRunningLow(
  ids: readonly number[],
  held: ReadonlyMap<number, DocumentRow>,
  shown: RowRange,
  asked: ReadonlySet<number>,
  velocity = 0,
): boolean {
  const { before, after } = rowsAhead(velocity, shown.end - shown.start)
  const near = {
    start: Math.max(0, Math.min(shown.start, ids.length) - Math.ceil(before / 2)),
    end: Math.min(ids.length, Math.max(shown.end, shown.start) + Math.ceil(after / 2)),
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
