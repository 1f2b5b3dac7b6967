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
 * Pure functions, no Node or Electron: main and renderer both use them.
 */

/** The tabs of the inbox, in display order (keys 1..6 in the workspace). */
export const QUEUES = ['not_ready', 'ready', 'in_repair', 'processing', 'exported', 'all'] as const
export type Queue = (typeof QUEUES)[number]

/** A working queue a state maps to (`all` holds everything, so it is never a state's queue). */
export type StateQueue = Exclude<Queue, 'all'> | 'other'

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

/** True when a document in `state` is listed under the tab `queue`. */
export function isInQueue(state: string, queue: Queue): boolean {
  return queue === 'all' || queueOfState(state) === queue
}

/** Number of documents per tab; `all` counts every document. */
export type QueueCounts = Record<Queue, number>

/** Zero counts for every tab. */
export function emptyQueueCounts(): QueueCounts {
  return { not_ready: 0, ready: 0, in_repair: 0, processing: 0, exported: 0, all: 0 }
}

/** Counts documents per tab from their states (each state once in its queue, always in `all`). */
export function countQueues(states: Iterable<string>): QueueCounts {
  const counts = emptyQueueCounts()
  for (const state of states) {
    counts.all++
    const queue = queueOfState(state)
    if (queue !== 'other') counts[queue]++
  }
  return counts
}
