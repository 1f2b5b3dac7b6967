/**
 * The next run of a background job: at most one timeout at a time, cancelled by `cancel()`
 * (and so by the job's `stop()`), never left behind when the workspace closes.
 */
export class Timer {
  private handle: NodeJS.Timeout | null = null

  /** `unref`: the timer does not keep the process alive (a wake-up nobody waits for). */
  constructor(private readonly options: { unref?: boolean } = {}) {}

  /** True while a run is scheduled. */
  get pending(): boolean {
    return this.handle !== null
  }

  /** Runs `run` in `ms` (replacing a run scheduled before). */
  start(ms: number, run: () => void): void {
    this.cancel()
    this.handle = setTimeout(() => {
      this.handle = null
      run()
    }, ms)
    if (this.options.unref) this.handle.unref()
  }

  /** Drops the scheduled run, if any. */
  cancel(): void {
    if (this.handle) clearTimeout(this.handle)
    this.handle = null
  }
}

/** Waits that end early when the workspace closes (a loop that sleeps must not hold `close()`). */
export class Sleeps {
  private readonly wakers = new Set<() => void>()

  /** Resolves after `ms`, or at once on {@link wakeAll}. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.wakers.delete(done)
        resolve()
      }
      const timer = setTimeout(done, ms)
      this.wakers.add(done)
    })
  }

  /** Ends every wait now. */
  wakeAll(): void {
    for (const wake of this.wakers) wake()
  }
}
