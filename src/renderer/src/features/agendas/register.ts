/**
 * Puts "Agenda…" (edit the current agenda) and "New agenda…" in the toolbar, and the offline
 * options per agenda (OfflineSettings) in the settings dialog, after the file cache.
 */
import { registerSettingsPanel, registerToolbarExtension } from '../../shell/extensions'
import OfflineSettings from './OfflineSettings.svelte'
import AgendaEditButton from './AgendaEditButton.svelte'
import AgendaNewButton from './AgendaNewButton.svelte'

registerToolbarExtension({ id: 'agenda-edit', order: 30, component: AgendaEditButton })
registerToolbarExtension({ id: 'agenda-new', order: 31, component: AgendaNewButton })
registerSettingsPanel({ id: 'agenda-offline', section: 'offline', order: 10, component: OfflineSettings })
