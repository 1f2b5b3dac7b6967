import PQueue from 'p-queue'

/**
 * The request budget of one service: every request to it takes one of a few slots while it is
 * on the wire (6, as browsers allow per host), user-facing requests ahead of background ones,
 * and nothing is sent while the service asked us to wait (Retry-After on 429 or 503).
 */

/**
 * Who is waiting for a request, most urgent first:
 * - `user`: a person waits for it (an action, the open document, its preview, sign-in);
 * - `background`: nobody waits right now (background pulls, repair polls, comments of a pull).
 */
export type RequestPriority = 'user' | 'background'

/** p-queue runs higher numbers first; equal priorities keep their order (first in, first out). */
const QUEUE_PRIORITY: Readonly<Record<RequestPriority, number>> = { user: 1, background: 0 }

/** Requests in flight to one service at once (browsers open 6 connections per host). */
export const DEFAULT_MAX_IN_FLIGHT = 6

/**
 * The rejection of a request that was no longer wanted when its turn came: it was never sent.
 * Named `AbortError` like any other cancellation, so callers that ignore cancellations ignore it.
 */
export class NotWantedError extends Error {
  override readonly name = 'AbortError'
  readonly code = 'not_wanted'
  constructor() {
    super('The request was no longer needed when its turn came; it was not sent.')
  }
}

/** How a request waits for its turn. */
export interface TurnOptions {
  priority?: RequestPriority
  /** Checked when the turn comes: false -> the task does not run and the call rejects with {@link NotWantedError}. */
  stillWanted?: () => boolean
  /** Aborting it while the request waits for a slot removes it from the queue (rejects with the signal's reason). */
  signal?: AbortSignal
}

/** A service-wide wait the service asked for. */
export interface HoldOff {
  /** Epoch ms before which nothing is sent. */
  untilMs: number
  /** How long the service asked for, in ms (the Retry-After as received; more than the wait when capped). */
  requestedMs: number
}

/**
 * Longest wait one answer can impose on the whole service: 10 minutes. A Retry-After asking
 * for more (a day, 11 days) is a service gone wrong or one that means harm, and would stop
 * every request, the person's own included, for that long: it is held for 10 minutes, and the
 * service asked again after them.
 */
export const MAX_HOLD_OFF_MS = 10 * 60_000

/** Clock and sleep of a budget (tests pass fakes). */
export interface BudgetOptions {
  /** Slots (default {@link DEFAULT_MAX_IN_FLIGHT}). */
  maxInFlight?: number
  /** Epoch ms. */
  now?: () => number
}

/**
 * One budget per service: {@link run} gives a task one of `maxInFlight` slots, in priority
 * order, first come first served within a priority. {@link holdOff} records a Retry-After for
 * the whole service: {@link holdOffFor} tells a request how long to wait before it may be
 * sent, and listeners learn of each new wait (the sync status says "The service asked us to
 * wait 30 s"). The budget never sleeps itself: the HTTP layer waits with its own (injectable)
 * sleep, outside any slot, so a waiting request holds no slot.
 */
export class ServiceBudget {
  readonly maxInFlight: number
  private readonly queue: PQueue
  private readonly now: () => number
  private notBefore: HoldOff | null = null
  private readonly listeners = new Set<(holdOff: HoldOff) => void>()
  private peak = 0

  constructor(options: BudgetOptions = {}) {
    this.maxInFlight = Math.max(1, Math.floor(options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT))
    this.queue = new PQueue({ concurrency: this.maxInFlight })
    this.now = options.now ?? Date.now
  }

  /**
   * Runs `task` once a slot is free (by priority, then arrival) and holds the slot until it
   * settles. Rejects with the task's error, with {@link NotWantedError} when `stillWanted`
   * says no at its turn, or with the signal's reason when aborted while it waited.
   */
  async run<T>(task: () => Promise<T>, options: TurnOptions = {}): Promise<T> {
    const { priority = 'user', stillWanted, signal } = options
    return (await this.queue.add(
      async () => {
        if (stillWanted && !stillWanted()) throw new NotWantedError()
        this.peak = Math.max(this.peak, this.queue.pending)
        return task()
      },
      { priority: QUEUE_PRIORITY[priority], ...(signal ? { signal } : {}) },
    )) as T
  }

  /** Requests on the wire now. */
  get inFlight(): number {
    return this.queue.pending
  }

  /** Requests waiting for a slot now. */
  get waiting(): number {
    return this.queue.size
  }

  /** Most requests on the wire at once since the budget was made. */
  get peakInFlight(): number {
    return this.peak
  }

  /**
   * The service asked (Retry-After on 429 or 503) that nothing be sent for `ms`: from now on
   * every request waits until then, at most {@link MAX_HOLD_OFF_MS}. A shorter wait than one
   * already running changes nothing. `at` is when the answer asking for it arrived (epoch ms,
   * default now). Returns the wait now in force.
   */
  holdOff(ms: number, at: number = this.now()): HoldOff {
    const untilMs = at + Math.min(MAX_HOLD_OFF_MS, Math.max(0, ms))
    if (!this.notBefore || untilMs > this.notBefore.untilMs) {
      this.notBefore = { untilMs, requestedMs: ms }
      for (const listener of this.listeners) listener(this.notBefore)
    }
    return this.notBefore
  }

  /**
   * Ends the wait in force now (the person pressed *Try now*): requests are sent at once; the
   * service's next 429 or 503 sets a new wait. Returns whether there was one.
   */
  liftHoldOff(): boolean {
    const had = this.currentHoldOff() !== null
    this.notBefore = null
    return had
  }

  /** The wait in force now, or null when requests may be sent. */
  currentHoldOff(): HoldOff | null {
    if (this.notBefore && this.notBefore.untilMs <= this.now()) this.notBefore = null
    return this.notBefore
  }

  /** How long a request must still wait before it may be sent, in ms (0: now). */
  holdOffFor(): number {
    const current = this.currentHoldOff()
    return current ? Math.max(0, current.untilMs - this.now()) : 0
  }

  /** Calls `listener` for every new service-wide wait; returns a function that stops it. */
  onHoldOff(listener: (holdOff: HoldOff) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
