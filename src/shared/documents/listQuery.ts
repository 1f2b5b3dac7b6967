/**
 * The inbox list's query: filter by queue, type, checks and search, count the tabs under the
 * same filters, and sort. Pure functions over the compact inbox rows (`DocumentRow`): the
 * services run them over a whole agenda (`documents.query`), so the renderer receives only
 * the ids in order and the rows it shows; no Node or Electron here.
 */
import type { DocumentRow, ListQuery } from '../ipc'
import { countQueues, isInQueue, type Queue, type QueueCounts } from '../queues'

/** The document types the list can be narrowed to (`documents.query`'s schema holds the values). */
export type TypeFilter = ListQuery['type']
/**
 * Rows with failed checks or possible duplicates (`warnings`), rows without (`clean`), or both.
 * A warning the person answered (the row's `acknowledged`) no longer counts: a row whose only
 * warnings are answered is clean.
 */
export type WarningFilter = ListQuery['warnings']
/** What the list is sorted by, and which way. */
export type SortOrder = ListQuery['sort']
export type SortKey = SortOrder['key']
export interface ListFilter {
  queue: Queue
  type: TypeFilter
  search: string
  /** Absent: both. */
  warnings?: WarningFilter
}

const searchText = new WeakMap<DocumentRow, string>()

function textOf(row: DocumentRow): string {
  let text = searchText.get(row)
  if (text === undefined) {
    text = [row.counterpartyName, row.supplierName, row.invoiceNo, row.variableSymbol]
      .filter(Boolean)
      .join('\u0001')
      .toLowerCase()
    searchText.set(row, text)
  }
  return text
}

/** A search for an amount: "1 234,50", "1234.5", "121" -> number; null when not a number. */
export function parseAmountQuery(query: string): number | null {
  let s = query.replace(/[\s\u00a0\u202f]/g, '').replace(/[^\d.,-]/g, '')
  if (!/\d/.test(s)) return null
  // The last separator is the decimal one when followed by 1-2 digits; others group thousands.
  const m = /^(.*?)([.,])(\d{1,2})$/.exec(s)
  s = m ? `${m[1]!.replace(/[.,]/g, '')}.${m[3]}` : s.replace(/[.,]/g, '')
  const value = Number(s)
  return Number.isFinite(value) ? value : null
}

/**
 * True when `row` matches the search: a case-insensitive substring of the counterparty or
 * supplier name, invoice number or variable symbol, or an amount equal to the total (to the cent).
 */
export function matchesSearch(row: DocumentRow, query: string): boolean {
  const q = query.trim().toLowerCase()
  if (!q) return true
  if (textOf(row).includes(q)) return true
  const amount = parseAmountQuery(q)
  return amount !== null && row.total !== null && Math.abs(Math.abs(row.total) - Math.abs(amount)) < 0.005
}

/** True when `row` passes the type, checks and search filters (the tab aside). */
function matchesFilters(row: DocumentRow, filter: Omit<ListFilter, 'queue'>, query: string): boolean {
  const warnings = filter.warnings ?? 'all'
  return (
    (filter.type === 'all' || row.type === filter.type) &&
    (warnings === 'all' || row.warnings.length > 0 === (warnings === 'warnings')) &&
    (query === '' || matchesSearch(row, query))
  )
}

/** The rows of the tab, type, checks and search, in their original order. */
export function filterRows(rows: readonly DocumentRow[], filter: ListFilter): DocumentRow[] {
  const q = filter.search.trim()
  return rows.filter((row) => isInQueue(row.state, filter.queue) && matchesFilters(row, filter, q))
}

/** True when any filter but the tab narrows the list (the tab counts then say "n of m"). */
export function isFiltered(filter: Omit<ListFilter, 'queue'>): boolean {
  return filter.type !== 'all' || (filter.warnings ?? 'all') !== 'all' || filter.search.trim() !== ''
}

/**
 * The tab counts of the rows that pass the type, checks and search filters; `archivedCount`
 * is the count of the archived rows that pass them (they are listed apart).
 */
export function countFiltered(
  rows: readonly DocumentRow[],
  filter: Omit<ListFilter, 'queue'>,
  archivedCount = 0,
): QueueCounts {
  const q = filter.search.trim()
  if (!isFiltered(filter))
    return countQueues(
      rows.map((row) => row.state),
      archivedCount,
    )
  return countQueues(
    rows.filter((row) => matchesFilters(row, filter, q)).map((row) => row.state),
    archivedCount,
  )
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })

/**
 * Sorted copy of `rows`. `received` is the service's order (id, newest first for desc).
 * `total` groups by currency first (ISO code, A to Z in either direction; a row without one
 * after them) and orders amounts within each currency: amounts in different currencies are
 * never compared as if they were one ("CZK 4,836.82" between two euro amounts). The inbox
 * header says so ("Total by currency").
 * Rows without the sort value go last in either direction; ties keep id descending.
 */
export function sortRows(rows: readonly DocumentRow[], order: SortOrder): DocumentRow[] {
  return [...rows].sort(compareRows(order))
}

/**
 * The comparison {@link sortRows} sorts by (negative when `a` comes first): lists sorted apart
 * (one per agenda) merge into the order one sort of all their rows would give.
 */
export function compareRows(order: SortOrder): (a: DocumentRow, b: DocumentRow) => number {
  const sign = order.direction === 'asc' ? 1 : -1
  const value = (row: DocumentRow): string | number | null => {
    switch (order.key) {
      case 'received':
        return row.id
      case 'issueDate':
        return row.issueDate
      case 'dueDate':
        return row.dueDate
      case 'total':
        return row.total
      case 'supplier':
        return row.counterpartyName
    }
  }
  return (a, b) => {
    if (order.key === 'total' && a.total !== null && b.total !== null && a.currency !== b.currency) {
      if (a.currency === null) return 1
      if (b.currency === null) return -1
      return a.currency < b.currency ? -1 : 1
    }
    const va = value(a)
    const vb = value(b)
    if (va === null && vb === null) return b.id - a.id
    if (va === null) return 1
    if (vb === null) return -1
    const cmp = typeof va === 'number' && typeof vb === 'number' ? va - vb : collator.compare(String(va), String(vb))
    return cmp !== 0 ? sign * cmp : b.id - a.id
  }
}
