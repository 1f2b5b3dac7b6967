/** Puts "Agenda…" (edit the current agenda) and "New agenda…" in the toolbar. */
import { registerToolbarExtension } from '../../shell/extensions'
import AgendaEditButton from './AgendaEditButton.svelte'
import AgendaNewButton from './AgendaNewButton.svelte'

registerToolbarExtension({ id: 'agenda-edit', order: 30, component: AgendaEditButton })
registerToolbarExtension({ id: 'agenda-new', order: 31, component: AgendaNewButton })
