/**
 * Puts the signed-in user and "Sign out" (AccountMenu) at the end of the toolbar, and the
 * accounts (AccountPanel) in the settings dialog.
 */
import { registerSettingsPanel, registerToolbarExtension } from '../../shell/extensions'
import AccountMenu from './AccountMenu.svelte'
import AccountPanel from './AccountPanel.svelte'

registerToolbarExtension({ id: 'account', order: 100, component: AccountMenu })
registerSettingsPanel({ id: 'account', section: 'account', component: AccountPanel })
