import { countFiltered, filterRows, isFiltered, sortRows } from '../../../shared/documents/listQuery'
import type { DocumentRow, ListQuery } from '../../../shared/ipc'
import { countQueues, type QueueCounts } from '../../../shared/queues'

/** One answer of `documents.query`: the list's ids in order, the rows of a window of it and the tab counts. */
export interface ListAnswer {
  /**
   * Frozen (changing it throws): the same array while the list is unchanged, so its token is
   * worked out once (listToken.ts). Copy it to sort or change it.
   */
  ids: number[]
  rows: DocumentRow[]
  counts: QueueCounts
  totals: QueueCounts
}

/**
 * Sorted copies of each agenda's rows by sort order, kept while the rows array lives: the row
 * cache hands out a new array after any change, so a kept order is never stale, and sorting
 * 100,000 rows (about 100 ms with the collator) happens once per change, not per keystroke.
 */
const sortedOrders = new WeakMap<readonly DocumentRow[], Map<string, readonly DocumentRow[]>>()
/**
 * The last lists worked out of each rows array, by query: a key press that states the same
 * query again (the open document moved on) slices the kept list instead of filtering and
 * mapping every row of the agenda. Kept while the array lives, as the sorted orders are.
 */
const listedOrders = new WeakMap<
  readonly DocumentRow[],
  Map<string, { archived: readonly DocumentRow[]; list: Listed }>
>()
/** No archived rows: one array, so the lists kept for an agenda without any are found again. */
const NO_ROWS: readonly DocumentRow[] = Object.freeze([])

/** Lists kept per rows array at most (a person types a search one letter at a time). */
const MAX_LISTED = 8

interface Listed {
  shown: readonly DocumentRow[]
  /** Frozen, though typed as the contract's array (see {@link ListAnswer.ids}). */
  ids: number[]
  counts: QueueCounts
}

/** The tab counts of each rows array, filters aside. */
const agendaTotals = new WeakMap<readonly DocumentRow[], QueueCounts>()

function sorted(rows: readonly DocumentRow[], sort: ListQuery['sort']): readonly DocumentRow[] {
  // The rows come id descending, which is the service's order ("received", newest first).
  if (sort.key === 'received' && sort.direction === 'desc') return rows
  let orders = sortedOrders.get(rows)
  if (!orders) sortedOrders.set(rows, (orders = new Map()))
  const key = `${sort.key}:${sort.direction}`
  let order = orders.get(key)
  if (!order) orders.set(key, (order = sortRows(rows, sort)))
  return order
}

/**
 * The tab counts of an agenda's rows, filters aside, counted once per rows array (the row
 * cache hands out a new one after any change). Do not change the object answered.
 */
export function queueTotals(rows: readonly DocumentRow[], archivedCount = 0): QueueCounts {
  let totals = agendaTotals.get(rows)
  if (!totals) agendaTotals.set(rows, (totals = countQueues(rows.map((row) => row.state))))
  return { ...totals, archived: archivedCount }
}

/**
 * Runs the inbox query over an agenda's rows (id descending, never mutated): the tab, type,
 * checks and search filters and the sort of src/shared/documents/listQuery.ts, the ids in that
 * order, the rows of `window` (positions `start` to `start + count - 1` of the list), the tab
 * counts under the filters and the agenda's totals. `archived` holds the rows of the agenda's
 * archived documents (id descending): the `archived` tab lists them, whatever their state,
 * and counts them; no other tab does.
 */
export function queryList(
  rows: readonly DocumentRow[],
  query: ListQuery,
  window: { start: number; count: number },
  archived: readonly DocumentRow[] = NO_ROWS,
): ListAnswer {
  const totals = queueTotals(rows, archived.length)
  const { shown, ids, counts } = listed(rows, query, archived)
  return {
    ids,
    rows: shown.slice(window.start, window.start + Math.max(0, window.count)),
    counts: { ...counts },
    totals: { ...totals },
  }
}

/** The list of `query` over `rows` and `archived`, worked out once per pair of arrays and query. */
function listed(rows: readonly DocumentRow[], query: ListQuery, archived: readonly DocumentRow[]): Listed {
  let kept = listedOrders.get(rows)
  if (!kept) listedOrders.set(rows, (kept = new Map()))
  const key = JSON.stringify([query.queue, query.type, query.search, query.warnings, query.sort])
  const held = kept.get(key)
  // Archived rows come as their own array: a change there makes another list.
  if (held && held.archived === archived) return held.list
  const filter = { queue: query.queue, type: query.type, search: query.search, warnings: query.warnings }
  const shown = listedRows(rows, query, archived)
  const counts = isFiltered(filter)
    ? countFiltered(rows, filter, filterRows(archived, { ...filter, queue: 'all' }).length)
    : queueTotals(rows, archived.length)
  const ids = shown.map((row) => row.id)
  Object.freeze(ids)
  const list = { shown, ids, counts }
  kept.delete(key)
  kept.set(key, { archived, list })
  while (kept.size > MAX_LISTED) kept.delete(kept.keys().next().value!)
  return list
}

/**
 * The rows of an agenda's list (id descending `rows`, `archived` for the archived tab) under
 * the query's tab and filters, in its sort order: what {@link queryList} lists, as rows.
 * The sort of each rows array is kept while the array lives.
 */
export function listedRows(
  rows: readonly DocumentRow[],
  query: ListQuery,
  archived: readonly DocumentRow[] = NO_ROWS,
): readonly DocumentRow[] {
  const filter = { queue: query.queue, type: query.type, search: query.search, warnings: query.warnings }
  return query.queue === 'archived'
    ? filterRows(sorted(archived, query.sort), { ...filter, queue: 'all' })
    : filterRows(sorted(rows, query.sort), filter)
}

/**
 * The rows of `ids` among an agenda's rows (id descending), then among its archived rows
 * (`archived`, id descending), in the order asked; ids in neither are left out. A binary search per id: no index to keep for the whole agenda.
 */
export function rowsByIds(
  rows: readonly DocumentRow[],
  ids: readonly number[],
  archived: readonly DocumentRow[] = NO_ROWS,
): DocumentRow[] {
  const found: DocumentRow[] = []
  for (const id of ids) {
    const row = rowById(rows, id) ?? rowById(archived, id)
    if (row) found.push(row)
  }
  return found
}

/** The row of `id` among `rows` (id descending) by binary search, or undefined. */
function rowById(rows: readonly DocumentRow[], id: number): DocumentRow | undefined {
  let low = 0
  let high = rows.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (rows[mid]!.id > id) low = mid + 1
    else high = mid
  }
  const row = rows[low]
  return row && row.id === id ? row : undefined
}
