import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks'

/**
 * The garbage collections of this process's main JavaScript heap while a piece of code ran,
 * from Node's `gc` performance entries: how many of each kind, and the time the main thread
 * stood still in them (ms). Marking done by V8's helper threads meanwhile is not in `pauseMs`;
 * it shows as CPU time of the process.
 */
export interface GcCounts {
  /** Full (mark-compact) collections. */
  major: number
  /** Young-generation collections (scavenges). */
  minor: number
  /** Main-thread time of all collections, in ms. */
  pauseMs: number
}

/**
 * Runs `fn` and counts the collections that happened meanwhile ({@link GcCounts}). The entries
 * arrive after the fact, so the count waits one turn of the event loop once `fn` settled.
 * Rejects with `fn`'s error.
 */
export async function watchGc<T>(fn: () => Promise<T>): Promise<{ value: T; gc: GcCounts }> {
  const entries: PerformanceEntry[] = []
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()))
  observer.observe({ entryTypes: ['gc'] })
  try {
    const value = await fn()
    await new Promise((resolve) => setImmediate(resolve))
    entries.push(...observer.takeRecords())
    const kind = (entry: PerformanceEntry) => (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind
    return {
      value,
      gc: {
        major: entries.filter((e) => kind(e) === constants.NODE_PERFORMANCE_GC_MAJOR).length,
        minor: entries.filter((e) => kind(e) === constants.NODE_PERFORMANCE_GC_MINOR).length,
        pauseMs: entries.reduce((total, e) => total + e.duration, 0),
      },
    }
  } finally {
    observer.disconnect()
  }
}
