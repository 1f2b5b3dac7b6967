/*
 * NOTE FOR THE LEAD: merge into src/shared/ipc/contract.ts with `...syncChannels` and
 * `...syncEvents`. Handlers: `createSyncHandlers(() => offlineWorkspace)` from src/main/app/sync;
 * events: pass `emit: (event, payload) => bus.emit(event, payload)` to `openWorkspace`.
 */
import { z } from 'zod'
import { outboxEntrySchema } from '../../outbox/entry'
import { defineChannels, defineEvents } from '../define'

/**
 * The sync state the status bar shows (issue 5, item 4). `online` comes from request outcomes
 * (a network error or timeout -> false); `progress` counts pages of the current pull (done /
 * expected; expected grows as pages arrive); `lastSyncAt` is UTC ISO 8601 or null;
 * `paused` is true while the account needs signing in again (the outbox is kept).
 */
export const syncStatusSchema = z.object({
  online: z.boolean(),
  syncing: z.boolean(),
  paused: z.boolean(),
  lastSyncAt: z.string().nullable(),
  pending: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  progress: z.object({ done: z.number().int().nonnegative(), expected: z.number().int().nonnegative() }),
  /** Why the last sync did not complete (e.g. `offline`), null after a good one. */
  lastError: z.object({ code: z.string(), message: z.string() }).nullable(),
})
export type SyncStatus = z.infer<typeof syncStatusSchema>

/** An outbox entry as the outbox panel shows it: the entry plus a one-line description. */
export const outboxItemSchema = outboxEntrySchema.extend({ description: z.string() })
export type OutboxItem = z.infer<typeof outboxItemSchema>

const entryIdInput = z.object({ entryId: z.string().min(1).max(100) }).strict()

/** Channels of the sync engine and the outbox. */
export const syncChannels = defineChannels({
  'sync.status': {
    input: z.object({}).strict(),
    output: syncStatusSchema,
    description: 'The current sync state (online, syncing, progress, outbox counts).',
  },
  'sync.now': {
    input: z.object({}).strict(),
    output: syncStatusSchema,
    description: 'Pulls changes and pushes the outbox now; answers the state after it.',
  },
  'outbox.list': {
    input: z.object({}).strict(),
    output: z.object({ entries: z.array(outboxItemSchema) }),
    description: 'Entries not yet done (pending, in flight, failed), oldest first.',
  },
  'outbox.retry': {
    input: entryIdInput,
    output: z.object({ ok: z.literal(true) }),
    description: 'Sends a failed entry again (failed -> pending).',
  },
  'outbox.discard': {
    input: entryIdInput,
    output: z.object({ ok: z.literal(true) }),
    description: 'Drops a failed entry (its optimistic effect is already rolled back).',
  },
  'outbox.undo': {
    input: entryIdInput,
    output: z.object({ ok: z.literal(true) }),
    description: 'Removes an entry not yet sent and reverts its effect; error `too_late` once sent.',
  },
})

/** Events of the sync engine. */
export const syncEvents = defineEvents({
  'sync.status': {
    payload: syncStatusSchema,
    description: 'The sync state changed (online, syncing, progress, counts).',
  },
  'outbox.changed': {
    payload: z.object({
      pending: z.number().int().nonnegative(),
      failed: z.number().int().nonnegative(),
      /** Entries whose status changed (ids). */
      entryIds: z.array(z.string()),
    }),
    description: 'Outbox entries were added, sent, failed, retried or removed.',
  },
  'documents.changed': {
    payload: z.object({ documentIds: z.array(z.number().int()), agendaIds: z.array(z.number().int()) }),
    description:
      'Cached documents or agendas changed (pull, action, rollback): re-read the documents named; re-read the agendas named whole (listed in full, record changed, documents removed); both empty: everything. A pull that changed nothing says nothing.',
  },
  'documents.repairFinished': {
    payload: z.object({ documentId: z.number().int(), agendaId: z.number().int(), state: z.string() }),
    description: 'The service finished the human review of a document sent for repair.',
  },
})
