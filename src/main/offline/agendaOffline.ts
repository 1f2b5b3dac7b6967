import { isAvailableOffline } from './offlineCopies'
import type { AgendaOffline, Store } from './store'

/** An agenda's offline settings as `agendas.list` shows them (the defaults applied). */
export interface AgendaOfflineView {
  availableOffline: boolean
  keepOriginalsOffline: boolean
}

/** A change of an agenda's offline settings (`agendas.setOffline`); absent fields stay as they are. */
export interface AgendaOfflineChange {
  availableOffline?: boolean
  keepOriginalsOffline?: boolean
}

/** An agenda opened again within this long is not written again (listing an agenda must not cost a write each time). */
export const OPENED_AT_PRECISION_MS = 3_600_000

/**
 * The offline settings of every agenda that has some (`stored`: the store's
 * `agendaOfflineSettings()`), defaults applied for the time `now` (epoch ms): available offline
 * when the person chose so, else when opened in the last 30 days; originals kept only when
 * chosen. Agendas without settings are absent (not available).
 */
export function agendaOfflineViews(
  stored: ReadonlyMap<number, AgendaOffline>,
  now: number,
): Map<number, AgendaOfflineView> {
  const views = new Map<number, AgendaOfflineView>()
  for (const [id, settings] of stored) {
    views.set(id, {
      availableOffline: isAvailableOffline(settings, now),
      keepOriginalsOffline: settings.keepOriginalsOffline === true,
    })
  }
  return views
}

/** Writes the person's choice for an agenda (what is not given stays). Rejects with a `StorageFailure` on a failed write. */
export async function setAgendaOffline(store: Store, agendaId: number, change: AgendaOfflineChange): Promise<void> {
  const next: AgendaOffline = { ...(await store.agendaOffline(agendaId)) }
  if (change.availableOffline !== undefined) next.availableOffline = change.availableOffline
  if (change.keepOriginalsOffline !== undefined) next.keepOriginalsOffline = change.keepOriginalsOffline
  await store.batch([store.putAgendaOfflineOp(agendaId, next)])
}

/**
 * Records that the person opened an agenda at `at` (epoch ms), which makes it available
 * offline by default for 30 days. Written at most once an hour per agenda; true when written.
 */
export async function noteAgendaOpened(store: Store, agendaId: number, at: number): Promise<boolean> {
  const current = await store.agendaOffline(agendaId)
  if (current.openedAt !== undefined && at - Date.parse(current.openedAt) < OPENED_AT_PRECISION_MS) return false
  await store.batch([store.putAgendaOfflineOp(agendaId, { ...current, openedAt: new Date(at).toISOString() })])
  return true
}
