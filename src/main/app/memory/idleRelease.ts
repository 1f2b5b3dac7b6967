import { Timer } from '../../offline/timers'
import type { ReleasableHeap } from './v8Heap'

/** How long the services must be quiet before memory is given back, in ms. */
export const DEFAULT_QUIET_MS = 2_000
/** How much the heap must have grown since the last release for another one, in bytes. */
export const DEFAULT_GROWTH_BYTES = 16 * 1024 * 1024
/**
 * The largest share of the time releases may take: after one that stopped the process for
 * d ms, the next waits at least d / share (1 %: 100 x d, 4 s after a 40 ms release).
 */
export const DEFAULT_MAX_TIME_SHARE = 0.01

export interface IdleMemoryReleaseOptions {
  /** The heap to release (`v8Heap()`); null: nothing is ever released. */
  heap: ReleasableHeap | null
  /** Quiet time before a release, in ms (default {@link DEFAULT_QUIET_MS}). */
  quietMs?: number
  /** Heap growth since the last release (or the start) that makes one worth it, in bytes (default {@link DEFAULT_GROWTH_BYTES}). */
  growthBytes?: number
  /** Largest share of the time releases may take (default {@link DEFAULT_MAX_TIME_SHARE}). */
  maxTimeShare?: number
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
 * time. The rule: quiet + grown + not too often; an activity restarts the quiet time.
 *
 * One timer, started with {@link start} and dropped with {@link stop}; it never keeps the
 * process alive.
 */
export class IdleMemoryRelease {
  private readonly timer = new Timer({ unref: true })
  private readonly quietMs: number
  private readonly growthBytes: number
  private readonly maxTimeShare: number
  private readonly now: () => number
  private running = false
  /** The heap's size right after the last release (or at the start). */
  private baseline = 0
  /** When the next release may run at the earliest (ms on `now`'s clock). */
  private nextAllowedAt = Number.NEGATIVE_INFINITY

  constructor(private readonly options: IdleMemoryReleaseOptions) {
    this.quietMs = options.quietMs ?? DEFAULT_QUIET_MS
    this.growthBytes = options.growthBytes ?? DEFAULT_GROWTH_BYTES
    this.maxTimeShare = options.maxTimeShare ?? DEFAULT_MAX_TIME_SHARE
    this.now = options.now ?? (() => performance.now())
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
    const wait = this.nextAllowedAt - this.now()
    if (wait > 0) {
      this.timer.start(wait, () => this.onQuiet())
      return
    }
    const startedAt = this.now()
    let failure: unknown = null
    try {
      heap.release()
    } catch (error) {
      failure = error
    }
    const after = heap.committedBytes()
    const endedAt = this.now()
    // A failed release counts too: it is not tried again before the heap grows once more.
    this.nextAllowedAt = endedAt + (endedAt - startedAt) / this.maxTimeShare
    this.baseline = after
    const mb = (bytes: number) => (bytes / 1048576).toFixed(1)
    this.options.log?.(
      failure === null
        ? `Gave memory back while idle: JavaScript heap ${mb(before)} MB -> ${mb(after)} MB in ${Math.round(endedAt - startedAt)} ms`
        : `Could not give memory back: ${failure instanceof Error ? failure.message : String(failure)}`,
    )
  }
}
