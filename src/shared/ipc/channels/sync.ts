import { z } from 'zod'
import { defineChannels, defineEvents } from '../define'
import { noInput } from '../fields'

/**
 * The sync state the status bar shows. `online` comes from request outcomes (a network error
 * or timeout -> false); `progress` counts pages of the current pull (done / expected;
 * expected grows as pages arrive); `lastSyncAt` is UTC ISO 8601 or null; `paused` is true
 * while the account needs signing in again (the outbox is kept).
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

/** Channels of the sync engine. */
export const syncChannels = defineChannels({
  'sync.status': {
    input: noInput,
    output: syncStatusSchema,
    description: 'The current sync state (online, syncing, progress, outbox counts).',
  },
  'sync.now': {
    input: noInput,
    output: syncStatusSchema,
    description: 'Pulls changes and pushes the outbox now; answers the state after it.',
  },
})

/** Events of the sync engine. */
export const syncEvents = defineEvents({
  'sync.status': {
    payload: syncStatusSchema,
    description: 'The sync state changed (online, syncing, progress, counts).',
  },
})
