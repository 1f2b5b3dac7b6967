/**
 * The window of the inbox's virtual list: rows of one fixed height, so which rows must be in
 * the DOM follows from the scroll position alone (no measuring, no layout read), and a row's
 * DOM node is recycled for the row that takes its place instead of being destroyed and built
 * again (bench B3's scrolling: building about 25 rows per frame cost half the frame).
 */

/** Rows `start` (inclusive) to `end` (exclusive) of the list as shown, 0-based. */
export interface ListWindow {
  start: number
  end: number
}

/**
 * The rows to render for a viewport of `viewportHeight` px scrolled to `scrollTop` px over
 * `count` rows of `rowHeight` px: the rows at least partly in view plus `overscan` rows on each
 * side (so a one-row move of the cursor finds its row already built). An empty list, or a
 * viewport not measured yet (0), gives only the overscan rows from the top.
 */
export function listWindow(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan: number,
): ListWindow {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 }
  const top = Math.max(0, scrollTop)
  const first = Math.min(count - 1, Math.floor(top / rowHeight))
  const last = Math.max(first, Math.ceil((top + Math.max(0, viewportHeight)) / rowHeight) - 1)
  return { start: Math.max(0, first - overscan), end: Math.min(count, last + 1 + overscan) }
}

/**
 * The overscan for a list whose last scroll moved it by `rowsMoved` rows in one frame: the full
 * `overscan` while it moves by no more than that (a wheel's notch, the cursor's steps, a scroll
 * settled), none while it moves by more: rows built beyond the viewport would have scrolled past
 * before the next frame shows them, so each frame of a fast scroll builds only what it shows
 * (bench B3: 40 rows a frame; the overscan was 8 of the 19 rows built in each).
 */
export function overscanFor(rowsMoved: number, overscan: number): number {
  return Math.abs(rowsMoved) > overscan ? 0 : overscan
}

/**
 * The scroll position that brings row `index` into a viewport of `viewportHeight` px now
 * scrolled to `scrollTop` px, moving as little as possible (a row already in full view: null).
 */
export function scrollToShow(
  index: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
): number | null {
  const top = index * rowHeight
  if (top < scrollTop) return top
  if (top + rowHeight > scrollTop + viewportHeight) return Math.max(0, top + rowHeight - viewportHeight)
  return null
}

/**
 * The scroll position (px) that keeps the cursor's row `index` in view with the rows ahead of
 * it: null while the row is in full view; once a step takes it past the bottom edge, the list
 * scrolls so that the row sits a third of the way down the viewport, the two thirds below it
 * showing what comes next; past the top edge, two thirds of the way down, the rows above it in
 * view. So a reviewer stepping down sees the documents coming, and the list moves once every
 * several steps, not under every step (each scroll draws the list again: bench B4). The row is
 * always in full view (a viewport shorter than three rows shows it at its edge), and the
 * position stays within the list of `count` rows of `rowHeight` px.
 */
export function scrollToFollow(
  index: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
): number | null {
  const shown = scrollToShow(index, scrollTop, viewportHeight, rowHeight)
  if (shown === null) return null
  const top = index * rowHeight
  const above = shown > scrollTop ? Math.floor(viewportHeight / 3) : Math.floor((viewportHeight * 2) / 3)
  // In full view: from the row's bottom at the viewport's bottom to its top at the viewport's top.
  const placed = Math.min(top, Math.max(top + rowHeight - viewportHeight, top - above))
  return Math.max(0, Math.min(placed, count * rowHeight - viewportHeight))
}

/** One row of the window: its position in the list and the key of the DOM node that shows it. */
export interface WindowRow {
  index: number
  key: number
}

/**
 * Keys for the rows of successive windows (a keyed `{#each}` keeps one DOM node per key). A
 * row still in the window keeps its key, so a scroll by one row builds nothing new; rows that
 * come in take the keys the leaving rows freed, in the same order, so a jump to a window with
 * no row in common updates every node in place and moves none. New keys are made only when
 * the window grows. The answer is in list order (the DOM order, as screen readers and
 * `aria-posinset` expect).
 */
export class WindowKeys {
  /** The last window's rows, by row index. */
  private rows = new Map<number, WindowRow>()
  private nextKey = 0

  /**
   * The rows of `window` with their keys; the same window again gives the same keys. A row that
   * keeps its key is the same object as before, so a keyed `{#each}` sees nothing to update in it.
   */
  assign(window: ListWindow): WindowRow[] {
    const previous = this.rows
    // Freed keys in the order their rows had, so the nodes are reused without moving.
    const freed = [...previous.values()]
      .filter((row) => row.index < window.start || row.index >= window.end)
      .sort((a, b) => a.index - b.index)
      .map((row) => row.key)
    const next = new Map<number, WindowRow>()
    const rows: WindowRow[] = []
    let reuse = 0
    for (let index = window.start; index < window.end; index++) {
      const row = previous.get(index) ?? {
        index,
        key: reuse < freed.length ? freed[reuse++]! : this.nextKey++,
      }
      next.set(index, row)
      rows.push(row)
    }
    this.rows = next
    return rows
  }
}
