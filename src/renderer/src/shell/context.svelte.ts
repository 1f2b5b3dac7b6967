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

/**
 * An action done outside the triage workspace (the document pane's *Delete*) that `u` and the
 * toast's *Undo* may take back while its outbox entries wait unsent.
 */
export interface UndoOffer {
  entryIds: string[]
  /** What the toast says ("Deleted: ACME · 2024-17."). */
  label: string
  kind: 'delete'
  ids: number[]
  /** The document by supplier and invoice number. */
  documentName?: string
}

let undoOfferer: ((offer: UndoOffer) => void) | null = null

/** Puts `offer` on the workspace's undo stack and shows its toast; false when no workspace is shown. */
export function offerUndo(offer: UndoOffer): boolean {
  if (!undoOfferer) return false
  undoOfferer(offer)
  return true
}

/** Set by the workspace while it is shown: what {@link offerUndo} runs. Returns the function that unsets it. */
export function setUndoOfferer(run: (offer: UndoOffer) => void): () => void {
  undoOfferer = run
  return () => {
    if (undoOfferer === run) undoOfferer = null
  }
}
