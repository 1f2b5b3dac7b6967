import type { OfflineWorkspace } from '../../offline'
import type { HandlersFor } from '../router'

/** The part of the offline workspace the sync handlers use. */
export type SyncPort = Pick<OfflineWorkspace, 'status' | 'syncNow' | 'tryNow' | 'retryStorage' | 'cacheUsage'>

/**
 * `sync.status`, `sync.now` and `sync.retryStorage` on top of the offline workspace of the
 * signed-in account (`getWorkspace` is called on each request; it changes with the account).
 * `sync.now` resolves after a pull and push, also when offline (the status then says so);
 * `sync.tryNow` ends the service's wait (Retry-After) and resolves after pushing the queue;
 * `sync.retryStorage` tries the failed cache write again and answers the state after it
 * (still `storage_failing` with its reason when the write fails again); `sync.cacheUsage`
 * answers what the file cache holds and its cap (for the preferences).
 */
export function createSyncHandlers(
  getWorkspace: () => SyncPort,
): HandlersFor<'sync.status' | 'sync.now' | 'sync.tryNow' | 'sync.retryStorage' | 'sync.cacheUsage'> {
  return {
    'sync.status': () => getWorkspace().status(),
    'sync.now': async () => {
      const workspace = getWorkspace()
      await workspace.syncNow()
      return workspace.status()
    },
    'sync.tryNow': async () => {
      const workspace = getWorkspace()
      await workspace.tryNow()
      return workspace.status()
    },
    'sync.retryStorage': async () => {
      const workspace = getWorkspace()
      await workspace.retryStorage()
      return workspace.status()
    },
    'sync.cacheUsage': () => getWorkspace().cacheUsage(),
  }
}
