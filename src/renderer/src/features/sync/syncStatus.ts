/**
 * The status bar's view of the sync engine, built from the `sync.status` answer and event and
 * the `outbox.changed` event. Each payload is parsed with the contract's own schema: main is
 * trusted to send it, but a payload that does not match leaves the view as it was (and is
 * logged) instead of showing half-read numbers.
 */
import { events, type ConnectionState, type OfflineCopiesStopped, type StorageError } from '../../../../shared/ipc'

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
  offlineCopies: { done: number; total: number; running: boolean; stopped: OfflineCopiesStopped | null } | null
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
        ? {
            done: Math.min(copies.done, copies.total),
            total: copies.total,
            running: copies.running,
            stopped: copies.stopped,
          }
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

/**
 * How long the status bar may say "Connecting…" before it gives a reason and *Try again*:
 * the service's request timeout (the dispatcher's 30 s headers timeout, src/main/api/dispatcher.ts).
 */
export const CONNECTING_TIMEOUT_MS = 30_000

/**
 * What the status bar's headline says while no sync state has arrived: `connecting` (asked,
 * within {@link CONNECTING_TIMEOUT_MS}), `signed_out` (main answered that nobody is signed in:
 * `not_signed_in`), `no_answer` (main answered with another error, or nothing arrived in time;
 * the bar then gives the reason and *Try again*). Null once a state has arrived.
 *
 * @param askedAt epoch ms when the state was last asked for
 * @param problem the coded error `sync.status` answered, or null
 */
export function waitingHeadline(
  view: SyncView,
  problem: { code: string } | null,
  askedAt: number,
  now: number,
): 'connecting' | 'signed_out' | 'no_answer' | null {
  if (view.connection !== null) return null
  if (problem?.code === 'not_signed_in') return 'signed_out'
  if (problem || now - askedAt >= CONNECTING_TIMEOUT_MS) return 'no_answer'
  return 'connecting'
}

/** The unit and signed value of a sync's age for `Intl.RelativeTimeFormat`. */
export interface SyncAge {
  value: number
  unit: 'second' | 'minute' | 'hour' | 'day'
}

/**
 * The age of the last sync, rounded down to the largest whole unit, as a negative value for
 * "… ago" (`{ value: -3, unit: 'minute' }`); under a minute it is `{ value: 0, unit: 'second' }`
 * ("now"). Null when there was none or the time is unreadable; a time in the future counts as now.
 */
export function syncAge(lastSyncAt: string | null, now: number): SyncAge | null {
  if (!lastSyncAt) return null
  const at = Date.parse(lastSyncAt)
  if (Number.isNaN(at)) return null
  const seconds = Math.max(0, Math.floor((now - at) / 1000))
  if (seconds < 60) return { value: 0, unit: 'second' }
  if (seconds < 3600) return { value: -Math.floor(seconds / 60), unit: 'minute' }
  if (seconds < 86_400) return { value: -Math.floor(seconds / 3600), unit: 'hour' }
  return { value: -Math.floor(seconds / 86_400), unit: 'day' }
}

/** True when the last sync is older than `staleMs` (default 10 min) or there was none: the bar marks it. */
export function syncIsStale(lastSyncAt: string | null, now: number, staleMs = 10 * 60_000): boolean {
  const at = lastSyncAt ? Date.parse(lastSyncAt) : NaN
  return Number.isNaN(at) || now - at > staleMs
}

function rejected(event: string, error: unknown, current: SyncView): SyncView {
  console.error(`The ${event} payload does not match the IPC contract; the status bar keeps its last state.`, error)
  return current
}
