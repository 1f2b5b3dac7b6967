import type { Queue } from '../../../shared/queues'

/**
 * What the shell shares with extensions (src/renderer/src/shell/extensions.ts): the current
 * agenda and selection, kept up to date by the triage workspace, and a way to ask it to reload.
 */
export const shellContext = $state<{
  /** The agenda shown in the inbox, or null before one is chosen. */
  agendaId: number | null
  /** The documents an action would apply to (selection, else the open document). */
  selectedIds: number[]
  /** The document open in the pane. */
  openDocumentId: number | null
  /**
   * What the inbox shows: its tab (queue), type and search filter and how many documents
   * they show (an export defaults to exactly these), or null before the inbox is shown.
   */
  view: { queue: Queue; type: 'all' | 'PurchaseInvoice' | 'SalesInvoice'; search: string; count: number } | null
}>({ agendaId: null, selectedIds: [], openDocumentId: null, view: null })

let refresher: () => void = () => {}

/** Asks the workspace to reload agendas and documents (e.g. after an upload or an agenda edit). */
export function refreshWorkspace(): void {
  refresher()
}

/** Set by the workspace: what {@link refreshWorkspace} runs. */
export function setWorkspaceRefresher(run: () => void): void {
  refresher = run
}
