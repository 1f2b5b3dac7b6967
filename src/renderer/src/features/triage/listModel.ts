/**
 * The renderer's side of the inbox list: which document to open after an action, and how
 * the rows look once an action is done (before the services answer the next query). The
 * filters and sort themselves run in the services (src/shared/documents/listQuery.ts).
 */
import type { DocumentRow } from '../../../../shared/ipc'
import { isInQueue, queueOfState, type Queue, type QueueCounts } from '../../../../shared/queues'

/**
 * The document to open after acting on `currentId`: the next one in the list as it was
 * shown before the action, else the previous one, else null. Ids in `skip` (the other
 * documents acted on) are passed over.
 */
export function nextAfter(
  visibleIds: readonly number[],
  currentId: number,
  skip: ReadonlySet<number> = new Set(),
): number | null {
  const index = visibleIds.indexOf(currentId)
  if (index < 0) return visibleIds.find((id) => !skip.has(id)) ?? null
  for (let i = index + 1; i < visibleIds.length; i++)
    if (!skip.has(visibleIds[i]!) && visibleIds[i] !== currentId) return visibleIds[i]!
  for (let i = index - 1; i >= 0; i--) if (!skip.has(visibleIds[i]!)) return visibleIds[i]!
  return null
}

/** A triage action of the workspace (the outbox action it writes decides the new state). */
export type TriageActionKind = 'ready' | 'exported' | 'repair' | 'archive'

/**
 * What the inbox shows of one query: the tab, the ids in order, the rows loaded so far (those
 * on screen and near it), the tab counts under the filters and the agenda's totals.
 */
export interface ShownList {
  queue: Queue
  ids: readonly number[]
  rows: ReadonlyMap<number, DocumentRow>
  counts: QueueCounts
  totals: QueueCounts
}

/**
 * The list as it looks once `kind` is done to `acted`: the new state (repair: `repairing`)
 * with one more pending action, or gone when archived (counted under *Archived*); a document whose new state leaves the
 * tab leaves `ids`, and the counts move with the rows whose state is known. Rows not acted on
 * are kept as they were (same objects). Nothing given is changed.
 */
export function applyAction(list: ShownList, acted: readonly number[], kind: TriageActionKind): ShownList {
  const state = kind === 'repair' ? 'repairing' : kind
  const actedSet = new Set(acted)
  const rows = new Map(list.rows)
  const counts = { ...list.counts }
  const totals = { ...list.totals }
  const leaves = new Set<number>()
  for (const id of acted) {
    const before = rows.get(id)
    if (kind === 'archive') {
      rows.delete(id)
      leaves.add(id)
    } else if (before) {
      rows.set(id, { ...before, state, pending: before.pending + 1 })
      if (!isInQueue(state, list.queue)) leaves.add(id)
    } else if (!isInQueue(state, list.queue)) leaves.add(id)
    if (!before) continue
    for (const tally of [counts, totals]) {
      moveCount(tally, before.state, -1)
      if (kind !== 'archive') moveCount(tally, state, +1)
      else tally.archived++
    }
  }
  const ids = leaves.size === 0 ? list.ids : list.ids.filter((id) => !(actedSet.has(id) && leaves.has(id)))
  return { queue: list.queue, ids, rows, counts, totals }
}

/** Adds `delta` to the tab of `state` and to `all` (never below zero). */
function moveCount(counts: QueueCounts, state: string, delta: number): void {
  const queue = queueOfState(state)
  if (queue !== 'other') counts[queue] = Math.max(0, counts[queue] + delta)
  counts.all = Math.max(0, counts.all + delta)
}
