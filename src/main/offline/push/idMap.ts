import { isLocalCommentUuid } from '../../../shared/outbox/actions'
import { OfflineError } from '../errors'
import type { Store } from '../store'

/**
 * Ids of things created offline, resolved when their entry is sent. An action on a comment
 * created offline names it `local-<entry id>`; one on an agenda created offline names its
 * negative local id. The create's entry writes the real id into the store's map with its own
 * answer, and its dependents are sent after it (push/planner.ts), so the map has it by then.
 * Error `dependency_failed` when the create never happened.
 */
export async function realCommentUuid(store: Store, uuid: string): Promise<string> {
  if (!isLocalCommentUuid(uuid)) return uuid
  const real = await store.realCommentUuid(uuid)
  if (!real) throw new OfflineError('dependency_failed', 'The comment was never created on the service.')
  return real
}

/** The real id of agenda `id` (itself when positive); see {@link realCommentUuid}. */
export async function realAgendaId(store: Store, id: number): Promise<number> {
  if (id > 0) return id
  const real = await store.realAgendaId(id)
  if (real === undefined) throw new OfflineError('dependency_failed', 'The agenda was never created on the service.')
  return real
}
