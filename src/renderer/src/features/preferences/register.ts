/**
 * Puts the preferences into effect from the start (theme, language, formats) and follows
 * their changes. Runs once when App.svelte imports every feature's register module; puts the
 * preferences and the file cache's panels in the settings dialog (features/settings).
 */
import { showError } from '../../lib/toasts.svelte'
import { registerSettingsPanel } from '../../shell/extensions'
import CacheSettings from './CacheSettings.svelte'
import PreferencesPanel from './PreferencesPanel.svelte'
import { startPreferences } from './preferences.svelte'

registerSettingsPanel({ id: 'preferences', section: 'preferences', component: PreferencesPanel })
registerSettingsPanel({ id: 'cache', section: 'offline', order: 0, component: CacheSettings })

try {
  startPreferences()
} catch (error) {
  // no bridge to main (it failed to load): the defaults stay, and the shell says why
  showError(error)
}
