/**
 * Reads the sync engine's status (issue 5: `sync.status` channel/event, `outbox.changed`)
 * tolerantly: the status bar shows what it finds and never breaks on a missing field.
 */
export interface SyncView {
  /** null when unknown (no status received yet). */
  online: boolean | null
  pending: number
  failed: number
  /** ISO 8601 UTC of the last successful sync, or null. */
  lastSyncAt: string | null
  /** 0..1 while syncing, null when idle. */
  progress: number | null
}

export const unknownSync: SyncView = { online: null, pending: 0, failed: 0, lastSyncAt: null, progress: null }

type Loose = Record<string, unknown>
const obj = (v: unknown): Loose | null => (typeof v === 'object' && v !== null ? (v as Loose) : null)
const num = (...values: unknown[]): number | undefined =>
  values.find((v): v is number => typeof v === 'number' && Number.isFinite(v))
const str = (...values: unknown[]): string | undefined =>
  values.find((v): v is string => typeof v === 'string' && v !== '')

/** Merges a `sync.status` or `outbox.changed` payload into the current view. */
export function readSyncStatus(payload: unknown, current: SyncView = unknownSync): SyncView {
  const p = obj(payload)
  if (!p) return current
  const outbox = obj(p.outbox) ?? obj(p.counts) ?? {}
  const progressObj = obj(p.progress)
  let online = current.online
  if (typeof p.online === 'boolean') online = p.online
  else if (typeof p.connection === 'string') online = p.connection === 'online'
  else if (typeof p.state === 'string' && ['online', 'offline'].includes(p.state)) online = p.state === 'online'
  let progress: number | null = current.progress
  if (p.syncing === false) progress = null
  else if (progressObj) {
    const done = num(progressObj.done, progressObj.pagesDone, progressObj.completed) ?? 0
    const total = num(progressObj.expected, progressObj.pagesExpected, progressObj.total)
    progress = total && total > 0 ? Math.min(1, done / total) : null
  } else if (typeof p.progress === 'number') progress = p.progress > 1 ? p.progress / 100 : p.progress
  else if (p.progress === null) progress = null
  const failedValue = Array.isArray(p.failed) ? p.failed.length : num(p.failed, outbox.failed, p.failedActions)
  return {
    online,
    pending: num(p.pending, outbox.pending, p.pendingActions) ?? current.pending,
    failed: failedValue ?? current.failed,
    lastSyncAt: str(p.lastSyncAt, p.lastSyncedAt, p.lastSync, p.lastPullAt) ?? current.lastSyncAt,
    progress,
  }
}
