import { Timer } from '../../offline/timers'
import type { TrimmableNativeHeap } from './nativeHeap'
import type { ReleasableHeap } from './v8Heap'

/** How long the services must be quiet before memory is given back, in ms. */
export const DEFAULT_QUIET_MS = 2_000
/** How much the heap must have grown since the last release for another one, in bytes. */
export const DEFAULT_GROWTH_BYTES = 16 * 1024 * 1024
/**
 * The largest share of the time releases may take: their time is paid from a budget that
 * grows by this share of the time passing (1 %: 10 ms a second), so once the budget is spent,
 * a release that stopped the process for d ms makes the next wait d / share (100 x d).
 */
export const DEFAULT_MAX_TIME_SHARE = 0.01
/**
 * The most release time the budget saves up, in ms (2 s: 200 s of time at 1 %), and what it
 * starts with. Work that grows the heap comes in bursts (a sync, then the reading of the
 * synced agenda's rows, then the offline copies): the saved budget lets each burst be followed
 * by its release, where a fixed wait of 100 x the last release (80-180 s after a 100,000-row
 * sync on a loaded machine) left the heap of the next burst unreleased (bench B9).
 */
export const DEFAULT_BURST_MS = 2_000

export interface IdleMemoryReleaseOptions {
  /** The heap to release (`v8Heap()`); null: nothing is ever released. */
  heap: ReleasableHeap | null
  /**
   * The C allocator, trimmed right after each release of the JavaScript heap (`glibcHeap()`);
   * null or absent: only the JavaScript heap is released.
   */
  nativeHeap?: TrimmableNativeHeap | null
  /** Quiet time before a release, in ms (default {@link DEFAULT_QUIET_MS}). */
  quietMs?: number
  /** Heap growth since the last release (or the start) that makes one worth it, in bytes (default {@link DEFAULT_GROWTH_BYTES}). */
  growthBytes?: number
  /** Largest share of the time releases may take (default {@link DEFAULT_MAX_TIME_SHARE}). */
  maxTimeShare?: number
  /** Most release time saved up for a burst of releases, in ms (default {@link DEFAULT_BURST_MS}). */
  burstMs?: number
  /** Milliseconds on a monotonic clock (default `performance.now`). */
  now?: () => number
  log?: (line: string) => void
}

/**
 * Gives the JavaScript heap's unused room back to the OS once the services have been quiet
 * for a while after work that made it grow: a sync, the offline copies, the reading of an
 * agenda's rows.
 *
 * Why: such work makes V8 commit room it keeps afterwards (a young generation grown to 32 MB,
 * freed pages kept for reuse) until it is told memory matters, and neither Node nor Electron's
 * main process tells it (Chromium does, for background tabs). After 10,000 documents that is
 * 35-40 MB of the process's resident memory, 50-70 MB after 100,000 (bench/README.md, B6 and
 * B9). The release stops the process for tens of milliseconds, so it waits for quiet: no call
 * and no event for `quietMs` (the host reports both with {@link noteActivity}), a heap grown by
 * `growthBytes` since the last release, and releases taking at most `maxTimeShare` of the
 * time, with up to `burstMs` of it saved for releases in a row. The rule: quiet + grown + not
 * too often; an activity restarts the quiet time. Each release is followed by a trim of the C
 * allocator (`nativeHeap`), which gives back what the collection's frees left in its arenas.
 *
 * One timer, started with {@link start} and dropped with {@link stop}; it never keeps the
 * process alive.
 */
export class IdleMemoryRelease {
  private readonly timer = new Timer({ unref: true })
  private readonly quietMs: number
  private readonly growthBytes: number
  private readonly maxTimeShare: number
  private readonly burstMs: number
  private readonly now: () => number
  private running = false
  /** The heap's size right after the last release (or at the start). */
  private baseline = 0
  /** Release time (ms) the budget holds at `budgetAt`; negative after a release that overspent it. */
  private budgetMs: number
  /** When `budgetMs` was last brought up to date (ms on `now`'s clock); null before the first use. */
  private budgetAt: number | null = null

  constructor(private readonly options: IdleMemoryReleaseOptions) {
    this.quietMs = options.quietMs ?? DEFAULT_QUIET_MS
    this.growthBytes = options.growthBytes ?? DEFAULT_GROWTH_BYTES
    this.maxTimeShare = options.maxTimeShare ?? DEFAULT_MAX_TIME_SHARE
    this.burstMs = Math.max(0, options.burstMs ?? DEFAULT_BURST_MS)
    this.budgetMs = this.burstMs
    this.now = options.now ?? (() => performance.now())
  }

  /** The release time the budget holds now (ms), after adding the share of the time passed since it was last counted. */
  private budgetNow(): number {
    const now = this.now()
    if (this.budgetAt !== null)
      this.budgetMs = Math.min(this.burstMs, this.budgetMs + (now - this.budgetAt) * this.maxTimeShare)
    this.budgetAt = now
    return this.budgetMs
  }

  /** Starts watching: the heap's size now is the baseline, and a first quiet period begins. */
  start(): void {
    if (this.running || !this.options.heap) return
    this.running = true
    this.baseline = this.options.heap.committedBytes()
    this.timer.start(this.quietMs, () => this.onQuiet())
  }

  /** Stops watching; no release runs after it. */
  stop(): void {
    this.running = false
    this.timer.cancel()
  }

  /** Something happened (a call, an event): the quiet period starts again. Cheap; call it freely. */
  noteActivity(): void {
    if (this.running) this.timer.start(this.quietMs, () => this.onQuiet())
  }

  private onQuiet(): void {
    const heap = this.options.heap
    if (!this.running || !heap) return
    const before = heap.committedBytes()
    // The heap may also shrink by itself: measure growth from its lowest point.
    if (before < this.baseline) this.baseline = before
    if (before < this.baseline + this.growthBytes) return
    const budget = this.budgetNow()
    if (budget < 0) {
      // Until the share of the time passing has paid the overspent budget back.
      this.timer.start(Math.max(1, Math.ceil(-budget / this.maxTimeShare)), () => this.onQuiet())
      return
    }
    const startedAt = this.now()
    let failure: unknown = null
    try {
      heap.release()
      // The collection has just freed the dead buffers, strings' backing stores and their
      // copies: this is when the C allocator holds the most free memory that will not be
      // reused soon.
      this.options.nativeHeap?.trim()
    } catch (error) {
      failure = error
    }
    const after = heap.committedBytes()
    const endedAt = this.now()
    // A failed release counts too: it is not tried again before the heap grows once more.
    this.budgetNow()
    this.budgetMs -= endedAt - startedAt
    this.baseline = after
    const mb = (bytes: number) => (bytes / 1048576).toFixed(1)
    this.options.log?.(
      failure === null
        ? `Gave memory back while idle: JavaScript heap ${mb(before)} MB -> ${mb(after)} MB${this.options.nativeHeap ? ', C allocator trimmed,' : ''} in ${Math.round(endedAt - startedAt)} ms`
        : `Could not give memory back: ${failure instanceof Error ? failure.message : String(failure)}`,
    )
  }
}
