/** Puts "Settings…" (preferences, offline, accounts, webhook, updates and notifications in one dialog) in the toolbar. */
import { registerToolbarExtension } from '../../shell/extensions'
import SettingsButton from './SettingsButton.svelte'

registerToolbarExtension({ id: 'settings', order: 90, component: SettingsButton })
