/** Puts "Export…" (the selected documents, or those the inbox filter shows) in the toolbar. */
import { registerToolbarExtension } from '../../shell/extensions'
import ExportButton from './ExportButton.svelte'

registerToolbarExtension({ id: 'export', order: 20, component: ExportButton })
