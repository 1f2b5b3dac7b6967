/**
 * *Discard* with undo: the discard is held back for a few seconds, during which *Undo* simply
 * cancels it, and only then sent to main (`outbox.discard`). Holding it back, rather than
 * discarding at once and writing the action again on undo, keeps the entry's place and
 * identity in the queue: an undone discard changes nothing at all.
 */

/** How long a discard can be undone, in ms. */
export const DISCARD_UNDO_MS = 5_000

export interface DelayedDiscardOptions {
  /** Sends the discard to main; its rejection is passed to `onError`. */
  discard: (entryId: string) => Promise<unknown>
  onError: (entryId: string, error: unknown) => void
  /** Called whenever the set of held-back discards changes. */
  onChange?: (held: ReadonlySet<string>) => void
  delayMs?: number
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

export interface DelayedDiscard {
  /** Holds back a discard of `entryId` (again from the start when already held). */
  schedule(entryId: string): void
  /** Cancels the held-back discard of `entryId`; false when there was none (already sent). */
  undo(entryId: string): boolean
  /** Sends every held-back discard now (e.g. when the window closes). */
  flush(): void
  /** Entry ids whose discard is held back. */
  held(): ReadonlySet<string>
}

/** A holder of discards waiting out their undo time (see the module comment). */
export function createDelayedDiscard(options: DelayedDiscardOptions): DelayedDiscard {
  const delay = options.delayMs ?? DISCARD_UNDO_MS
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms))
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>))
  const timers = new Map<string, unknown>()
  const changed = () => options.onChange?.(new Set(timers.keys()))

  const send = (entryId: string) => {
    timers.delete(entryId)
    changed()
    options.discard(entryId).catch((error: unknown) => options.onError(entryId, error))
  }

  return {
    schedule(entryId) {
      if (timers.has(entryId)) clearTimer(timers.get(entryId))
      timers.set(
        entryId,
        setTimer(() => send(entryId), delay),
      )
      changed()
    },
    undo(entryId) {
      if (!timers.has(entryId)) return false
      clearTimer(timers.get(entryId))
      timers.delete(entryId)
      changed()
      return true
    },
    flush() {
      for (const [entryId, timer] of [...timers]) {
        clearTimer(timer)
        send(entryId)
      }
    },
    held: () => new Set(timers.keys()),
  }
}
