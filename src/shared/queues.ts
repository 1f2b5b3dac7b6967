/**
 * Queues of the triage workspace (the inbox tabs): every document state belongs to
 * exactly one working queue, and every document to the `all` queue. The working queues
 * shrink as a bookkeeper works: `r` moves a document from `not_ready` to `ready`, `e` from
 * either to `exported`.
 *
 * - `not_ready`: not_ready (needs a person's check)
 * - `ready`: ready (checked, waiting to be exported)
 * - `in_repair`: repairing (human review at the service, docs/service-interface.md, "Document states")
 * - `processing`: the service is still working on it (uploaded, extracting, templating,
 *   extracted, verifying, verifying_individual, extracting_items, exporting, auto_exporting)
 * - `exported`: exported, auto_exported
 * - `other`: parent, trash, file_duplicate, data_duplicate and unknown states; only in `all`
 *
 * Archived documents are in no working queue and not in `all`: they leave the service's
 * listings, and the `archived` tab shows the ones the local cache still holds, read-only,
 * whatever their state (its rows come from a list of their own: `isInQueue` never places a
 * state there).
 *
 * Pure functions, no Node or Electron: main and renderer both use them.
 */

/** The tabs of documents the service still lists (an export can take any of them). */
export const LIVE_QUEUES = ['not_ready', 'ready', 'in_repair', 'processing', 'exported', 'all'] as const
export type LiveQueue = (typeof LIVE_QUEUES)[number]

/** The tabs of the inbox, in display order (keys 1..7 in the workspace): the live ones, then `archived`. */
export const QUEUES = [...LIVE_QUEUES, 'archived'] as const
export type Queue = (typeof QUEUES)[number]

/**
 * A working queue a state maps to (`all` holds everything, so it is never a state's queue;
 * `archived` depends on the archive, not on the state).
 */
export type StateQueue = Exclude<Queue, 'all' | 'archived'> | 'other'

const STATE_QUEUE: Readonly<Record<string, StateQueue>> = {
  not_ready: 'not_ready',
  ready: 'ready',
  repairing: 'in_repair',
  uploaded: 'processing',
  extracting: 'processing',
  templating: 'processing',
  extracted: 'processing',
  verifying: 'processing',
  verifying_individual: 'processing',
  extracting_items: 'processing',
  exporting: 'processing',
  auto_exporting: 'processing',
  exported: 'exported',
  auto_exported: 'exported',
}

/**
 * The working queue of a document state. Unknown and side states (parent, trash,
 * duplicates, anything new) answer `other`: they show only under `all`.
 */
export function queueOfState(state: string): StateQueue {
  return Object.prototype.hasOwnProperty.call(STATE_QUEUE, state) ? STATE_QUEUE[state]! : 'other'
}

/**
 * True when a document in `state`, not archived, is listed under the tab `queue` (never under
 * `archived`, which lists archived documents only).
 */
export function isInQueue(state: string, queue: Queue): boolean {
  if (queue === 'archived') return false
  return queue === 'all' || queueOfState(state) === queue
}

/** Number of documents per tab; `all` counts every document not archived, `archived` the archived ones. */
export type QueueCounts = Record<Queue, number>

/** Zero counts for every tab. */
export function emptyQueueCounts(): QueueCounts {
  return { not_ready: 0, ready: 0, in_repair: 0, processing: 0, exported: 0, all: 0, archived: 0 }
}

/**
 * Counts documents not archived per tab from their states (each state once in its queue,
 * always in `all`); `archived` is left at `archivedCount`.
 */
export function countQueues(states: Iterable<string>, archivedCount = 0): QueueCounts {
  const counts = emptyQueueCounts()
  counts.archived = archivedCount
  for (const state of states) {
    counts.all++
    const queue = queueOfState(state)
    if (queue !== 'other') counts[queue]++
  }
  return counts
}
