import { z } from 'zod'
import { defineChannels, defineEvents } from '../define'
import { noInput } from '../fields'

/** Why the local cache cannot be written: the folder, the cause in a word and a sentence for people. */
export const storageErrorSchema = z.object({
  folder: z.string(),
  reason: z.enum(['disk_full', 'read_only', 'permission', 'unknown']),
  message: z.string(),
})
export type StorageError = z.infer<typeof storageErrorSchema>

/**
 * The headline state of the status bar. When several hold, the first of this precedence
 * wins: storage_failing > signed_out > offline > service_failing > online.
 */
export const connectionStateSchema = z.enum(['online', 'offline', 'service_failing', 'signed_out', 'storage_failing'])
export type ConnectionState = z.infer<typeof connectionStateSchema>

/**
 * Why offline copies are missing while none are being made: `waiting` (for the service to be
 * reachable again, or for the next sync), `failing` (the service failed or refused some in the
 * last run; the next sync tries them again), `paused` (signed out, or the local cache cannot
 * be written), `full` (the cache cap is full of documents under review).
 */
export const offlineCopiesStoppedSchema = z.enum(['waiting', 'failing', 'paused', 'full'])
export type OfflineCopiesStopped = z.infer<typeof offlineCopiesStoppedSchema>

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
  /** The headline state (see {@link connectionStateSchema} for the precedence). */
  connection: connectionStateSchema,
  /** Next automatic retry (UTC ISO 8601) when offline or service_failing, else null. */
  retryAt: z.string().nullable(),
  /** The service asked us to wait until this time (429/503 Retry-After, UTC ISO 8601), else null. */
  waitUntil: z.string().nullable(),
  /** Set while the local cache cannot be written (connection `storage_failing`). */
  storageError: storageErrorSchema.nullable(),
  /**
   * Offline copies of previews (and originals where kept) made for the agendas available offline.
   * `stopped` says why copies are missing while none are being made (see {@link offlineCopiesStoppedSchema}),
   * null while they run or when every one is made.
   */
  offlineCopies: z.object({
    done: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
    running: z.boolean(),
    stopped: offlineCopiesStoppedSchema.nullable(),
  }),
  /** Actions waiting for the sign-in (0 unless connection is `signed_out`). */
  signedOutQueued: z.number().int().nonnegative(),
  /**
   * Agendas Docket stopped listing because their listing would never end (ids out of order,
   * the same documents again, more than 200,000 documents), with why (`bad_response`): they are
   * not pulled again until *Sync now* (`sync.now`) lifts the hold. Absent or empty: none.
   */
  heldAgendas: z.array(z.object({ agendaId: z.number().int(), code: z.string(), message: z.string() })).optional(),
})
export type SyncStatus = z.infer<typeof syncStatusSchema>

/**
 * What the offline file cache (previews and originals) holds now: `bytes` in all and the
 * number of `files`, under `capBytes` (the least recently read files leave above it).
 */
export const cacheUsageSchema = z.object({
  bytes: z.number().int().nonnegative(),
  files: z.number().int().nonnegative(),
  capBytes: z.number().int().nonnegative(),
})
export type CacheUsage = z.infer<typeof cacheUsageSchema>

/**
 * What the start of the open workspace recovered from: its store repaired or rebuilt (the
 * damaged folder moved aside to `movedTo`, kept), and the queued actions the outbox journal
 * restored or dropped (already done). Null after a normal start.
 */
export const cacheRecoverySchema = z
  .object({
    store: z
      .object({ kind: z.enum(['repaired', 'rebuilt']), cause: z.string(), movedTo: z.string().nullable() })
      .nullable(),
    restoredActions: z.number().int().nonnegative(),
    droppedActions: z.number().int().nonnegative(),
    damagedJournalRecords: z.number().int().nonnegative(),
  })
  .nullable()
export type CacheRecovery = z.infer<typeof cacheRecoverySchema>

/** Channels of the sync engine. */
export const syncChannels = defineChannels({
  'sync.recovery': {
    input: noInput,
    output: cacheRecoverySchema,
    description:
      'What opening the local cache recovered from (repaired, rebuilt with the damaged copy kept, queued actions restored), or null; error `not_signed_in`.',
  },
  'sync.status': {
    input: noInput,
    output: syncStatusSchema,
    description: 'The current sync state (online, syncing, progress, outbox counts).',
  },
  'sync.now': {
    input: noInput,
    output: syncStatusSchema,
    description:
      'Pulls changes and pushes the outbox now, listing held agendas (`heldAgendas`) again; answers the state after it.',
  },
  'sync.tryNow': {
    input: noInput,
    output: syncStatusSchema,
    description:
      "Lifts the service's wait (Retry-After, shown as `waitUntil`) and sends the queued actions now; a new 429 or 503 sets a new wait. Answers the state after it.",
  },
  'sync.retryStorage': {
    input: noInput,
    output: syncStatusSchema,
    description: 'Tries the failed cache write again and, when it succeeds, resumes sync; answers the state after it.',
  },
  'sync.cacheUsage': {
    input: noInput,
    output: cacheUsageSchema,
    description: 'What the offline file cache holds now (bytes, file count) and its cap; error `not_signed_in`.',
  },
})

/** Events of the sync engine. */
export const syncEvents = defineEvents({
  'sync.status': {
    payload: syncStatusSchema,
    description: 'The sync state changed (online, syncing, progress, counts).',
  },
})
