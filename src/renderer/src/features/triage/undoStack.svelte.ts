/**
 * The actions `u` can take back while their outbox entries are not sent: newest last, at most
 * {@link UNDO_DEPTH}; older ones are forgotten (their entries are usually sent by then anyway).
 */

/** What an action did, for what an undo says once it was already sent (and what it offers instead). */
export type UndoKind = 'ready' | 'exported' | 'repair' | 'archive' | 'delete' | 'comment'

/** An action that can still be undone while its outbox entries are not sent. */
export interface UndoableAction {
  /** The outbox entries the action wrote, for `documents.undo`. */
  entryIds: string[]
  /** What the toast said ("Marked ready: ACME · 2024-17."), repeated by "Undone: …". */
  label: string
  /** The document that was open when acting (reopened on undo). */
  anchor: number | null
  /** What it did (absent: nothing more to say than the label). */
  kind?: UndoKind
  /** The documents it acted on. */
  ids?: number[]
  /** The one document it acted on by supplier and invoice number ("ACME · 2024-17"), when one. */
  documentName?: string
}

/** How many actions `u` can take back. */
export const UNDO_DEPTH = 50

export class UndoStack {
  private items = $state.raw<UndoableAction[]>([])
  /** The action `u` takes back next, or null. */
  readonly top = $derived(this.items.at(-1) ?? null)
  /** How many actions are left to undo. */
  readonly size = $derived(this.items.length)

  push(action: UndoableAction): void {
    this.items = [...this.items.slice(-(UNDO_DEPTH - 1)), action]
  }

  /** Keeps only the actions `keep` accepts (e.g. those with an entry still unsent), in order. */
  retain(keep: (action: UndoableAction) => boolean): void {
    const kept = this.items.filter(keep)
    if (kept.length !== this.items.length) this.items = kept
  }

  /** Removes and answers the newest action (undefined when none). */
  pop(): UndoableAction | undefined {
    const last = this.items.at(-1)
    if (last) this.items = this.items.slice(0, -1)
    return last
  }
}
