/**
 * The per-agenda offline options (`agendas.setOffline`), shared by the sidebar's agenda menu
 * and the settings panel: *Available offline* (its review queues' previews are copied after
 * each sync) and *Keep originals offline* (their original files too).
 */
import { docket } from '../../lib/docket'
import { showError } from '../../lib/toasts.svelte'
import { refreshWorkspace } from '../../shell/context.svelte'

/** The options to change; the ones left out stay as they are. */
export interface AgendaOfflinePatch {
  availableOffline?: boolean
  keepOriginalsOffline?: boolean
}

/**
 * Sets offline options of an agenda and asks the workspace to re-read the agendas; resolves
 * with true when main took them, false after showing why it did not (an error toast).
 * An agenda created offline (negative id) has none yet: it is refused here without a call.
 */
export async function setAgendaOffline(agendaId: number, patch: AgendaOfflinePatch): Promise<boolean> {
  if (agendaId <= 0) return false
  try {
    await docket().invoke('agendas.setOffline', { agendaId, ...patch })
    refreshWorkspace()
    return true
  } catch (error) {
    showError(error)
    return false
  }
}
