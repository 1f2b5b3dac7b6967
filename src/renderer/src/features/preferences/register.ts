/**
 * Puts the preferences into effect from the start (theme, language, formats) and follows
 * their changes. Runs once when App.svelte imports every feature's register module; the
 * panels themselves live in the settings dialog (features/settings).
 */
import { showError } from '../../lib/toasts.svelte'
import { startPreferences } from './preferences.svelte'

try {
  startPreferences()
} catch (error) {
  // no bridge to main (it failed to load): the defaults stay, and the shell says why
  showError(error)
}
