/**
 * The status bar's view of the sync engine, built from the `sync.status` answer and event and
 * the `outbox.changed` event. Each payload is parsed with the contract's own schema: main is
 * trusted to send it, but a payload that does not match leaves the view as it was (and is
 * logged) instead of showing half-read numbers.
 */
import { events } from '../../../../shared/ipc'

export interface SyncView {
  /** null while unknown (no status received yet). */
  online: boolean | null
  /** Outbox entries waiting to be sent. */
  pending: number
  /** Outbox entries that failed and wait for a retry or a discard. */
  failed: number
  /** UTC ISO 8601 of the last complete sync, or null. */
  lastSyncAt: string | null
  /** 0..1 (pages done / expected) while syncing, null when idle or not yet known. */
  progress: number | null
}

export const unknownSync: SyncView = { online: null, pending: 0, failed: 0, lastSyncAt: null, progress: null }

/** The view after a `sync.status` answer or event; `current` when the payload is malformed. */
export function readSyncStatus(payload: unknown, current: SyncView = unknownSync): SyncView {
  const parsed = events['sync.status'].payload.safeParse(payload)
  if (!parsed.success) return rejected('sync.status', parsed.error, current)
  const status = parsed.data
  const { done, expected } = status.progress
  return {
    online: status.online,
    pending: status.pending,
    failed: status.failed,
    lastSyncAt: status.lastSyncAt ?? current.lastSyncAt,
    progress: status.syncing && expected > 0 ? Math.min(1, done / expected) : null,
  }
}

/** The view after an `outbox.changed` event: new counts, the rest as it was. */
export function readOutboxChange(payload: unknown, current: SyncView = unknownSync): SyncView {
  const parsed = events['outbox.changed'].payload.safeParse(payload)
  if (!parsed.success) return rejected('outbox.changed', parsed.error, current)
  return { ...current, pending: parsed.data.pending, failed: parsed.data.failed }
}

function rejected(event: string, error: unknown, current: SyncView): SyncView {
  console.error(`The ${event} payload does not match the IPC contract; the status bar keeps its last state.`, error)
  return current
}
