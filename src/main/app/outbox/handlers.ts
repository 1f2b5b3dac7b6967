import { describeAction } from '../../../shared/outbox'
import type { OfflineWorkspace } from '../../offline'
import type { HandlersFor } from '../router'

/** The part of the offline workspace the outbox handlers use. */
export type OutboxPort = Pick<OfflineWorkspace, 'listOutbox' | 'retry' | 'discard' | 'undo'>

/**
 * The outbox panel's handlers: list the entries not yet done, retry or discard a failed one,
 * undo one not yet sent. `getWorkspace` is called on each request (it changes with the account).
 * Errors pass through with their code: `too_late` (undo of a sent entry), `not_failed`
 * (retry/discard of an entry that did not fail), `not_found` (no such entry).
 */
export function createOutboxHandlers(
  getWorkspace: () => OutboxPort,
): HandlersFor<'outbox.list' | 'outbox.retry' | 'outbox.discard' | 'outbox.undo'> {
  return {
    'outbox.list': async () => ({
      entries: (await getWorkspace().listOutbox()).map((entry) => ({
        ...entry,
        description: describeAction(entry.action),
      })),
    }),
    'outbox.retry': async ({ entryId }) => {
      await getWorkspace().retry(entryId)
      return { ok: true as const }
    },
    'outbox.discard': async ({ entryId }) => {
      await getWorkspace().discard(entryId)
      return { ok: true as const }
    },
    'outbox.undo': async ({ entryId }) => {
      await getWorkspace().undo(entryId)
      return { ok: true as const }
    },
  }
}
