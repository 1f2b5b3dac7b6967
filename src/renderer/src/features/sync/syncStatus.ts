/**
 * The status bar's view of the sync engine, built from the `sync.status` answer and event and
 * the `outbox.changed` event. Each payload is parsed with the contract's own schema: main is
 * trusted to send it, but a payload that does not match leaves the view as it was (and is
 * logged) instead of showing half-read numbers.
 */
import { events, type ConnectionState, type StorageError } from '../../../../shared/ipc'

export interface SyncView {
  /** null while unknown (no status received yet). */
  online: boolean | null
  /** The headline state (storage_failing > signed_out > offline > service_failing > online); null while unknown. */
  connection: ConnectionState | null
  /** Outbox entries waiting to be sent. */
  pending: number
  /** Outbox entries that failed and wait for a retry or a discard. */
  failed: number
  /** UTC ISO 8601 of the last complete sync, or null. */
  lastSyncAt: string | null
  /** 0..1 (pages done / expected) while syncing, null when idle or not yet known. */
  progress: number | null
  /** Next automatic retry (UTC ISO 8601) while offline or the service fails, else null. */
  retryAt: string | null
  /** The service asked us to wait until then (UTC ISO 8601), else null. */
  waitUntil: string | null
  /** Why the local cache cannot be written, while it cannot. */
  storageError: StorageError | null
  /** Offline copies made / to make; null while there is nothing to copy. */
  offlineCopies: { done: number; total: number; running: boolean } | null
  /** Actions waiting for the user to sign in again (0 unless signed out). */
  signedOutQueued: number
  /** Agendas not pulled because their listing would never end, with why; *Sync again* (`sync.now`) lifts it. */
  heldAgendas: { agendaId: number; message: string }[]
}

export const unknownSync: SyncView = {
  online: null,
  connection: null,
  pending: 0,
  failed: 0,
  lastSyncAt: null,
  progress: null,
  retryAt: null,
  waitUntil: null,
  storageError: null,
  offlineCopies: null,
  signedOutQueued: 0,
  heldAgendas: [],
}

/** The view after a `sync.status` answer or event; `current` when the payload is malformed. */
export function readSyncStatus(payload: unknown, current: SyncView = unknownSync): SyncView {
  const parsed = events['sync.status'].payload.safeParse(payload)
  if (!parsed.success) return rejected('sync.status', parsed.error, current)
  const status = parsed.data
  const { done, expected } = status.progress
  const copies = status.offlineCopies
  return {
    online: status.online,
    connection: status.connection,
    pending: status.pending,
    failed: status.failed,
    lastSyncAt: status.lastSyncAt ?? current.lastSyncAt,
    progress: status.syncing && expected > 0 ? Math.min(1, done / expected) : null,
    retryAt: status.retryAt,
    waitUntil: status.waitUntil,
    storageError: status.storageError,
    offlineCopies:
      copies.total > 0
        ? { done: Math.min(copies.done, copies.total), total: copies.total, running: copies.running }
        : null,
    signedOutQueued: status.signedOutQueued,
    heldAgendas: (status.heldAgendas ?? []).map(({ agendaId, message }) => ({ agendaId, message })),
  }
}

/** The view after an `outbox.changed` event: new counts, the rest as it was. */
export function readOutboxChange(payload: unknown, current: SyncView = unknownSync): SyncView {
  const parsed = events['outbox.changed'].payload.safeParse(payload)
  if (!parsed.success) return rejected('outbox.changed', parsed.error, current)
  return { ...current, pending: parsed.data.pending, failed: parsed.data.failed }
}

/**
 * Whole seconds from `now` until `iso` (rounded up, never below 0); null for a missing or
 * unreadable time. Used for "next try in 25 s" and "asked us to wait 30 s".
 */
export function secondsUntil(iso: string | null, now: number): number | null {
  if (!iso) return null
  const at = Date.parse(iso)
  if (Number.isNaN(at)) return null
  return Math.max(0, Math.ceil((at - now) / 1000))
}

function rejected(event: string, error: unknown, current: SyncView): SyncView {
  console.error(`The ${event} payload does not match the IPC contract; the status bar keeps its last state.`, error)
  return current
}
