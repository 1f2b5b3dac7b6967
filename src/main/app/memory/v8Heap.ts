import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/** What {@link IdleMemoryRelease} needs of the JavaScript heap. */
export interface ReleasableHeap {
  /** Bytes the heap holds from the OS now (V8's `total_heap_size`: used, free and the young generation's room). */
  committedBytes(): number
  /** Collects everything collectable and hands the heap's unused room back to the OS. Synchronous: it stops the thread. */
  release(): void
}

/** The options of V8's `gc()` function (its built-in extension) that a release uses. */
type GcFunction = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void

/**
 * This process's V8 heap as a {@link ReleasableHeap}, or null when V8 does not give its `gc`
 * function (the release is then skipped, never an error).
 *
 * The release is V8's "last resort" collection (`CollectAllAvailableGarbage`): full
 * collections until nothing more is freed, with the flag that makes V8 shrink the young
 * generation back to its minimum and unmap the pages it keeps for reuse. A plain full
 * collection (`global.gc()`) keeps both. It stops the thread: about 30 ms for a 40 MB heap,
 * 160 ms for 90 MB on a 2-core machine.
 *
 * Node and Electron start without `gc`; it is taken from a fresh context created while
 * `--expose-gc` is set, and the flag is reset at once, so no other context gets it (the usual
 * way to reach it at run time; the main context is never changed). Changing a flag at run
 * time needs V8's flags unfrozen: Node and Electron's main process both start V8 with
 * `--no-freeze-flags-after-init` for `v8.setFlagsFromString` (a renderer does not: never
 * call this there).
 */
export function v8Heap(): ReleasableHeap | null {
  const gc = exposedGc()
  if (!gc) return null
  return {
    committedBytes: () => getHeapStatistics().total_heap_size,
    release: () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }),
  }
}

function exposedGc(): GcFunction | null {
  const own = (globalThis as { gc?: unknown }).gc
  if (typeof own === 'function') return own as GcFunction
  try {
    setFlagsFromString('--expose-gc')
    const gc: unknown = runInNewContext('gc')
    return typeof gc === 'function' ? (gc as GcFunction) : null
  } catch {
    return null
  } finally {
    setFlagsFromString('--no-expose-gc')
  }
}
