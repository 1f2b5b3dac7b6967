/** Puts the signed-in user and "Sign out" (AccountMenu) at the end of the toolbar. */
import { registerToolbarExtension } from '../../shell/extensions'
import AccountMenu from './AccountMenu.svelte'

registerToolbarExtension({ id: 'account', order: 100, component: AccountMenu })
