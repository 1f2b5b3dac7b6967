import type { OutboxActionKind } from '../../shared/outbox/actions'

/**
 * Actions that wait in the outbox for the long undo window: the service cannot take an
 * archive or a delete back, and a repair starts a person's review at the service, so a slip
 * (a stray `a`) gets time to be seen and undone before anything is sent.
 */
export const LONG_HOLD_KINDS: ReadonlySet<OutboxActionKind> = new Set([
  'document.archive',
  'document.delete',
  'document.repair',
])

/** How long a new outbox entry waits before it is sent (ms), by how weighty its action is. */
export interface UndoWindows {
  /** Every action not in {@link LONG_HOLD_KINDS} (state changes, comments, agendas, uploads). */
  undoWindowMs: number
  /** Archive, delete and repair ({@link LONG_HOLD_KINDS}). */
  longUndoWindowMs: number
}

/** The undo window of an action of `kind` in ms: the long one for archive, delete and repair. */
export function undoWindowOf(kind: OutboxActionKind, windows: UndoWindows): number {
  return LONG_HOLD_KINDS.has(kind) ? windows.longUndoWindowMs : windows.undoWindowMs
}
