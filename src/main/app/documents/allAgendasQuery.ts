import { compareRows, countFiltered, filterRows, isFiltered } from '../../../shared/documents/listQuery'
import type { DocumentRow, ListQuery } from '../../../shared/ipc'
import { emptyQueueCounts, QUEUES, type QueueCounts } from '../../../shared/queues'
import { listedRows, queueTotals, rowsByIds, type ListAnswer } from './rowQuery'

/** One agenda's cached rows, as the row cache keeps them (id descending, never mutated). */
export interface AgendaRowSet {
  agendaId: number
  rows: readonly DocumentRow[]
  /** The rows of the agenda's archived documents (id descending). */
  archived?: readonly DocumentRow[]
}

/** The answer of the All agendas list: {@link ListAnswer} with the agenda of every listed row. */
export interface AllAgendasAnswer extends ListAnswer {
  /** The agenda of each id of `ids`, at the same position (frozen as `ids`: see {@link ListAnswer.ids}). */
  agendaIds: number[]
  /** The agenda of each row of `rows`, at the same position. */
  rowAgendaIds: number[]
}

/**
 * Runs the inbox query over every agenda of the account at once: each agenda's rows are
 * filtered and sorted apart (the sort of an unchanged agenda is kept, as for one agenda), then
 * merged by the same comparison, so the list is in the order one sort of all the rows would
 * give, ties by id descending. A k-way merge over a heap: O(n log k) for n listed rows of k
 * agendas, no sort of the whole account per keystroke. Counts and totals are the sums of the
 * agendas' own. Document ids are the service's, unique across the account's agendas.
 */
export function queryAllAgendas(
  agendas: readonly AgendaRowSet[],
  query: ListQuery,
  window: { start: number; count: number },
): AllAgendasAnswer {
  const list = mergedList(agendas, query)
  const start = window.start
  const end = start + Math.max(0, window.count)
  return {
    ids: list.ids,
    agendaIds: list.agendaIds,
    rows: list.rows.slice(start, end),
    rowAgendaIds: list.agendaIds.slice(start, end),
    counts: { ...list.counts },
    totals: { ...list.totals },
  }
}

/** A merged list with the rows arrays and query it was worked out from. */
interface MergedList {
  sources: readonly (readonly DocumentRow[])[]
  query: string
  rows: DocumentRow[]
  /** Frozen, as {@link ListAnswer.ids}. */
  ids: number[]
  /** Frozen, as `ids`. */
  agendaIds: number[]
  counts: QueueCounts
  totals: QueueCounts
}

/**
 * The last merged list, reused while no agenda's rows changed and the query is the same: the
 * row cache hands out a new array after any change, so comparing the arrays is enough, and a
 * window scrolled or a key pressed on an unchanged account costs no merge. Never mutated.
 */
let lastMerged: MergedList | null = null

function mergedList(agendas: readonly AgendaRowSet[], query: ListQuery): MergedList {
  const sources = agendas.flatMap((agenda) => [agenda.rows, agenda.archived ?? NO_ROWS])
  const key = JSON.stringify(query)
  const kept = lastMerged
  if (
    kept &&
    kept.query === key &&
    kept.sources.length === sources.length &&
    kept.sources.every((rows, i) => rows === sources[i])
  )
    return kept
  const filter = { queue: query.queue, type: query.type, search: query.search, warnings: query.warnings }
  const counts = emptyQueueCounts()
  const totals = emptyQueueCounts()
  const lists: { agendaId: number; rows: readonly DocumentRow[] }[] = []
  for (const agenda of agendas) {
    const archived = agenda.archived ?? NO_ROWS
    const agendaTotals = queueTotals(agenda.rows, archived.length)
    addCounts(totals, agendaTotals)
    addCounts(
      counts,
      isFiltered(filter)
        ? countFiltered(agenda.rows, filter, filterRows(archived, { ...filter, queue: 'all' }).length)
        : agendaTotals,
    )
    const rows = listedRows(agenda.rows, query, archived)
    if (rows.length > 0) lists.push({ agendaId: agenda.agendaId, rows })
  }
  const merged = mergeSorted(lists, compareRows(query.sort))
  // Frozen: answered as they are while unchanged (and their token kept: listToken.ts).
  const ids = merged.rows.map((row) => row.id)
  Object.freeze(ids)
  Object.freeze(merged.agendaIds)
  lastMerged = { sources, query: key, ...merged, ids, counts, totals }
  return lastMerged
}

const NO_ROWS: readonly DocumentRow[] = Object.freeze([])

function addCounts(into: QueueCounts, counts: QueueCounts): void {
  for (const queue of QUEUES) into[queue] += counts[queue]
}

/**
 * Merges lists each sorted by `compare` into one sorted list, with the agenda of every row.
 * A binary min-heap of the lists' heads.
 */
function mergeSorted(
  lists: readonly { agendaId: number; rows: readonly DocumentRow[] }[],
  compare: (a: DocumentRow, b: DocumentRow) => number,
): { rows: DocumentRow[]; agendaIds: number[] } {
  const rows: DocumentRow[] = []
  const agendaIds: number[] = []
  if (lists.length === 1) {
    const only = lists[0]!
    return { rows: [...only.rows], agendaIds: only.rows.map(() => only.agendaId) }
  }
  /** Heap of list indexes, ordered by the list's head row. */
  const heap: number[] = []
  const at = new Array<number>(lists.length).fill(0)
  const head = (list: number): DocumentRow => lists[list]!.rows[at[list]!]!
  const less = (a: number, b: number): boolean => compare(head(a), head(b)) < 0
  const swap = (i: number, j: number): void => {
    const t = heap[i]!
    heap[i] = heap[j]!
    heap[j] = t
  }
  const down = (i: number): void => {
    for (;;) {
      const l = 2 * i + 1
      const r = l + 1
      let min = i
      if (l < heap.length && less(heap[l]!, heap[min]!)) min = l
      if (r < heap.length && less(heap[r]!, heap[min]!)) min = r
      if (min === i) return
      swap(i, min)
      i = min
    }
  }
  for (let list = 0; list < lists.length; list++) heap.push(list)
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) down(i)
  while (heap.length > 0) {
    const list = heap[0]!
    rows.push(head(list))
    agendaIds.push(lists[list]!.agendaId)
    at[list]!++
    if (at[list]! >= lists[list]!.rows.length) {
      heap[0] = heap[heap.length - 1]!
      heap.pop()
    }
    if (heap.length > 0) down(0)
  }
  return { rows, agendaIds }
}

/**
 * The rows of `ids` from any of the agendas (the All agendas list's `documents.rows`), in the
 * order asked, with the agenda of each; ids no agenda lists are left out.
 */
export function rowsAcrossAgendas(
  agendas: readonly AgendaRowSet[],
  ids: readonly number[],
): { rows: DocumentRow[]; agendaIds: number[] } {
  const rows: DocumentRow[] = []
  const agendaIds: number[] = []
  for (const id of ids) {
    for (const agenda of agendas) {
      const [row] = rowsByIds(agenda.rows, [id], agenda.archived)
      if (row) {
        rows.push(row)
        agendaIds.push(agenda.agendaId)
        break
      }
    }
  }
  return { rows, agendaIds }
}
