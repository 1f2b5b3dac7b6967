/**
 * The actions `u` can take back while their outbox entries are not sent: newest last, at most
 * {@link UNDO_DEPTH}; older ones are forgotten (their entries are usually sent by then anyway).
 */

/** An action that can still be undone while its outbox entries are not sent. */
export interface UndoableAction {
  /** The outbox entries the action wrote, for `documents.undo`. */
  entryIds: string[]
  /** What the toast said ("Marked ready."), repeated by "Undone: …". */
  label: string
  /** The document that was open when acting (reopened on undo). */
  anchor: number | null
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

  /** Removes and answers the newest action (undefined when none). */
  pop(): UndoableAction | undefined {
    const last = this.items.at(-1)
    if (last) this.items = this.items.slice(0, -1)
    return last
  }
}
