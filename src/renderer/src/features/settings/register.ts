/** Registers the settings dialog (account, webhook; issue 7, items 6 and 7) in the toolbar. */
import { registerToolbarExtension } from '../../shell/extensions'
import SettingsButton from './SettingsButton.svelte'
import './strings'

registerToolbarExtension({ id: 'settings', order: 90, component: SettingsButton })
