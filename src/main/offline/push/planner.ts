import { documentIdsOf } from '../../../shared/outbox/actions'
import type { OutboxEntry } from '../../../shared/outbox/entry'

/**
 * Resource lanes of an entry: entries sharing a lane are sent one after the other, in write
 * order (`d:<doc id>` per document, `a:<agenda id>` per agenda; an agenda created offline has
 * its local id, or its entry id, as lane).
 */
export function lanesOf(entry: OutboxEntry): string[] {
  const action = entry.action
  const lanes = documentIdsOf(action).map((id) => `d:${id}`)
  if (action.kind === 'agendas.update' || action.kind === 'upload.files') lanes.push(`a:${action.agendaId}`)
  if (action.kind === 'agendas.create') lanes.push(`a:${entry.localAgendaId ?? entry.id}`)
  return lanes
}

/**
 * Which pending entries may be sent now (`now` in epoch ms; `running`: ids being sent): in
 * write order per lane, after their dependencies, not before `nextAttemptAt`.
 * `dependencyFailed` lists pending entries whose dependency failed; `wakeAt` (epoch ms, or
 * +Infinity) is the earliest `nextAttemptAt` that held an entry back. Entries in
 * `waitLifted` are not held back by their `nextAttemptAt` (the person pressed *Try now*).
 */
export function planPush(
  entries: readonly OutboxEntry[],
  running: ReadonlySet<string>,
  now: number,
  waitLifted: ReadonlySet<string> = new Set(),
): { runnable: OutboxEntry[]; dependencyFailed: OutboxEntry[]; wakeAt: number } {
  const blocked = new Set<string>()
  const live = new Set(entries.filter((e) => e.status === 'pending' || e.status === 'in_flight').map((e) => e.id))
  const failed = new Set(entries.filter((e) => e.status === 'failed').map((e) => e.id))
  const runnable: OutboxEntry[] = []
  const dependencyFailed: OutboxEntry[] = []
  let wakeAt = Number.POSITIVE_INFINITY
  for (const entry of entries) {
    if (entry.status === 'failed' || entry.status === 'done') continue
    const lanes = lanesOf(entry)
    const block = () => lanes.forEach((lane) => blocked.add(lane))
    if (running.has(entry.id) || entry.status === 'in_flight') {
      block()
      continue
    }
    if (lanes.some((lane) => blocked.has(lane))) {
      block()
      continue
    }
    if (entry.dependsOn.some((id) => failed.has(id))) {
      dependencyFailed.push(entry)
      continue
    }
    if (entry.dependsOn.some((id) => live.has(id))) {
      block()
      continue
    }
    if (entry.nextAttemptAt && Date.parse(entry.nextAttemptAt) > now && !waitLifted.has(entry.id)) {
      wakeAt = Math.min(wakeAt, Date.parse(entry.nextAttemptAt))
      block()
      continue
    }
    runnable.push(entry)
    block()
  }
  return { runnable, dependencyFailed, wakeAt }
}
