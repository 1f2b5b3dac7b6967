import type { OfflineWorkspace } from '../../offline'
import type { HandlersFor } from '../router'

/** The part of the offline workspace the offline toggle uses. */
export type AgendaOfflinePort = Pick<OfflineWorkspace, 'setAgendaOffline'>

/**
 * `agendas.setOffline`: the per-agenda toggles *Available offline* (previews of its review
 * queues are copied to this device) and *Keep originals offline*, kept in the local store
 * (no request to the service). A field left out stays as it is. Errors: `storage` when the
 * cache cannot be written.
 */
export function createAgendaOfflineHandlers(getWorkspace: () => AgendaOfflinePort): HandlersFor<'agendas.setOffline'> {
  return {
    'agendas.setOffline': async ({ agendaId, availableOffline, keepOriginalsOffline }) => {
      const change: { availableOffline?: boolean; keepOriginalsOffline?: boolean } = {}
      if (availableOffline !== undefined) change.availableOffline = availableOffline
      if (keepOriginalsOffline !== undefined) change.keepOriginalsOffline = keepOriginalsOffline
      await getWorkspace().setAgendaOffline(agendaId, change)
      return { ok: true as const }
    },
  }
}
