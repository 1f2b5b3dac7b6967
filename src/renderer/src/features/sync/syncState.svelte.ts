/**
 * The sync view shared by everything that shows it (the status bar, the sign-in banner, the
 * offline settings): one subscription to `sync.status` and `outbox.changed`, started by the
 * first component that needs it and stopped with the last, so the parts never disagree.
 */
import { docket } from '../../lib/docket'
import { errorMessage } from '../../lib/toasts.svelte'
import { readOutboxChange, readSyncStatus, unknownSync, type SyncView } from './syncStatus'

/** The latest view; replaced whole on every payload. */
export const syncState = $state<{ view: SyncView }>({ view: unknownSync })

let users = 0
let stop: (() => void) | null = null

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
    bridge.on('sync.status', (payload) => (syncState.view = readSyncStatus(payload, syncState.view))),
    bridge.on('outbox.changed', (payload) => (syncState.view = readOutboxChange(payload, syncState.view))),
  ]
  bridge.invoke('sync.status', {}).then(
    (status) => (syncState.view = readSyncStatus(status, syncState.view)),
    // No workspace yet (nobody signed in) or no answer: the bar says "Connecting…" until the
    // engine's first `sync.status` event, which is the state a reader would get anyway.
    () => undefined,
  )
  return () => offs.forEach((off) => off())
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
