/**
 * The sync view shared by everything that shows it (the status bar, the sign-in banner, the
 * offline settings): one subscription to `sync.status` and `outbox.changed`, started by the
 * first component that needs it and stopped with the last, so the parts never disagree.
 */
import { isDocketError } from '../../../../shared/ipc'
import { docket } from '../../lib/docket'
import { errorMessage } from '../../lib/toasts.svelte'
import { readOutboxChange, readSyncStatus, unknownSync, type SyncView } from './syncStatus'

/**
 * The latest view, replaced whole on every payload; `askedAt` (epoch ms) when the state was
 * last asked for and `problem` the coded error that answer brought (`not_signed_in` while
 * nobody is signed in), which the status bar turns into its headline (`waitingHeadline`).
 */
export const syncState = $state<{ view: SyncView; askedAt: number; problem: { code: string; message: string } | null }>(
  { view: unknownSync, askedAt: Date.now(), problem: null },
)

let users = 0
let stop: (() => void) | null = null
/** Set by a sign-out: the closing workspace's last events are not the state any more. */
let signedOut = false

/**
 * Starts following the sync state (a no-op for the second and later callers); returns the
 * function that stops it once every caller has. Without a bridge the view stays unknown:
 * App.svelte shows why in the status bar.
 */
export function followSyncState(): () => void {
  users++
  if (users === 1) stop = subscribe()
  let stopped = false
  return () => {
    if (stopped) return
    stopped = true
    users--
    if (users === 0) {
      stop?.()
      stop = null
    }
  }
}

function subscribe(): () => void {
  let bridge
  try {
    bridge = docket()
  } catch {
    return () => {}
  }
  const offs = [
    bridge.on('sync.status', (payload) => {
      if (signedOut) return
      syncState.view = readSyncStatus(payload, syncState.view)
      syncState.problem = null
    }),
    bridge.on('outbox.changed', (payload) => (syncState.view = readOutboxChange(payload, syncState.view))),
    // Another account's workspace, or none: the old state must not stay on screen ("Online"
    // after a sign-out); the new one is asked for at once.
    bridge.on('auth.changed', (change) => {
      syncState.view = unknownSync
      // Signed out: the workspace is closing and may still answer for a moment.
      signedOut = change.reason === 'signed_out' && !change.signedIn
      if (signedOut) {
        syncState.askedAt = Date.now()
        syncState.problem = { code: 'not_signed_in', message: '' }
      } else askSyncStatus()
    }),
  ]
  askSyncStatus()
  return () => offs.forEach((off) => off())
}

/**
 * Asks main for the sync state now (also the status bar's *Try again*). An error answer
 * (`not_signed_in` while nobody is signed in, or another) is kept in `syncState.problem` for
 * the bar to say; the engine's next `sync.status` event clears it.
 */
export function askSyncStatus(): void {
  syncState.askedAt = Date.now()
  syncState.problem = null
  let bridge
  try {
    bridge = docket()
  } catch (error) {
    syncState.problem = { code: 'no_bridge', message: errorMessage(error) }
    return
  }
  bridge.invoke('sync.status', {}).then(
    (status) => {
      syncState.view = readSyncStatus(status, syncState.view)
      syncState.problem = null
    },
    (error: unknown) => {
      syncState.problem = {
        code: isDocketError(error) ? error.code : 'unknown',
        message: errorMessage(error),
      }
    },
  )
}

/**
 * Asks main to sync now (`sync.now`: pull, push, and another try at the offline copies still
 * missing); resolves with null when it answered, else with the readable reason it failed.
 */
export async function syncNow(): Promise<string | null> {
  try {
    syncState.view = readSyncStatus(await docket().invoke('sync.now', {}), syncState.view)
    return null
  } catch (error) {
    return errorMessage(error)
  }
}

/**
 * Asks main to try the failed cache write again (`sync.retryStorage`); resolves with null
 * when it worked, else with the readable reason it still fails.
 */
export async function retryStorage(): Promise<string | null> {
  try {
    syncState.view = readSyncStatus(await docket().invoke('sync.retryStorage', {}), syncState.view)
    return null
  } catch (error) {
    return errorMessage(error)
  }
}

/**
 * Sends to main one of the person's sync actions and takes the status it answers: `sync.tryNow`
 * (end the service's wait, send the queued actions now) or `sync.now` (sync every agenda now,
 * those held included). Resolves with null, or the readable reason it failed.
 */
export async function syncAction(channel: 'sync.tryNow' | 'sync.now'): Promise<string | null> {
  try {
    syncState.view = readSyncStatus(await docket().invoke(channel, {}), syncState.view)
    return null
  } catch (error) {
    return errorMessage(error)
  }
}
