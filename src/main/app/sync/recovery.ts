import type { OfflineWorkspace } from '../../offline'
import type { HandlersFor } from '../router'

/**
 * `sync.recovery`: what the open workspace's start recovered from (OfflineWorkspace.recovery:
 * a repaired or rebuilt store, the damaged folder kept aside, queued actions restored from the
 * outbox journal), for the renderer's banner. `getWorkspace` is called on each request.
 */
export function createCacheRecoveryHandlers(
  getWorkspace: () => Pick<OfflineWorkspace, 'recovery'>,
): HandlersFor<'sync.recovery'> {
  return { 'sync.recovery': () => getWorkspace().recovery() }
}
