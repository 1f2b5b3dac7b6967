/** Registers export (issue 7, item 2) and the document file actions (items 4, 5) in the toolbar. */
import { registerToolbarExtension } from '../../shell/extensions'
import DocumentFileActions from './DocumentFileActions.svelte'
import ExportButton from './ExportButton.svelte'
import './strings'

registerToolbarExtension({ id: 'export', order: 20, component: ExportButton })
registerToolbarExtension({ id: 'document-file', order: 21, component: DocumentFileActions })
