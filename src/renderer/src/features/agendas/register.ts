/** Registers the agenda forms (issue 7, item 1) in the shell's toolbar. */
import { registerToolbarExtension } from '../../shell/extensions'
import AgendaEditButton from './AgendaEditButton.svelte'
import AgendaNewButton from './AgendaNewButton.svelte'
import './strings'

registerToolbarExtension({ id: 'agenda-edit', order: 30, component: AgendaEditButton })
registerToolbarExtension({ id: 'agenda-new', order: 31, component: AgendaNewButton })
