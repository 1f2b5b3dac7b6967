import type { z } from 'zod'
import type { syncChannels } from '../../../shared/ipc/channels/sync'
import { describeAction } from '../../../shared/outbox/actions'
import type { OfflineWorkspace } from '../../offline'
import type { CallContext } from '../router'

/** The channel names of the sync group (src/shared/ipc/channels/sync.ts). */
export type SyncChannelName = keyof typeof syncChannels

type Spec<C extends SyncChannelName> = (typeof syncChannels)[C]

/**
 * One handler per sync channel; the same shape as the router's `Handler<C>` once the group is
 * merged into the contract (declared from the group so it compiles before the merge).
 */
export type SyncHandlers = {
  [C in SyncChannelName]: (
    input: z.output<Spec<C>['input']>,
    context: CallContext,
  ) => Promise<z.input<Spec<C>['output']>> | z.input<Spec<C>['output']>
}

/**
 * Handlers of the sync and outbox channels (issue 5, item 4) on top of the offline workspace.
 * `getWorkspace` is called on each request (the workspace changes with the account).
 * Errors pass through with their code: `too_late` (undo of a sent entry), `not_failed`
 * (retry/discard of an entry that did not fail), `not_found` (no such entry).
 */
export function createSyncHandlers(getWorkspace: () => OfflineWorkspace): SyncHandlers {
  return {
    'sync.status': () => getWorkspace().status(),
    'sync.now': async () => {
      const workspace = getWorkspace()
      await workspace.syncNow()
      return workspace.status()
    },
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
