import type { OutboxActionKind } from './actions'

/**
 * How long a new outbox entry waits before the sync engine sends it, so the person can still
 * undo it: main holds entries this long (src/main/offline, `EngineOptions`), and the renderer's
 * undo toast says so. Pure, no Node or Electron.
 */

/** The undo window of state changes, comments, agendas and uploads by default (ms). */
export const UNDO_WINDOW_MS = 3_000
/** The undo window of archive, delete and repair by default (ms). */
export const LONG_UNDO_WINDOW_MS = 10_000

/**
 * Actions that wait in the outbox for the long undo window: the service cannot take an
 * archive or a delete back, and a repair starts a person's review at the service, so a slip
 * (a stray `a`) gets time to be seen and undone before anything is sent.
 */
export const LONG_HOLD_KINDS: ReadonlySet<OutboxActionKind> = new Set([
  'documents.archive',
  'documents.delete',
  'documents.repair',
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
