import type { RequestFailure } from './outcomes'

/** A reason shown in the sync status (`lastError`). */
export interface Reason {
  code: string
  message: string
}

/** How long to wait between tries while the service cannot be used (ms). */
export interface BackoffPolicy {
  /** The first step; each step doubles it. */
  backoffBaseMs: number
  /** The longest step. */
  backoffMaxMs: number
}

/** The ceiling of backoff step `step` (0-based): base x 2^step, at most the maximum (ms). */
export function backoffCeilingMs(step: number, policy: BackoffPolicy): number {
  return Math.min(policy.backoffMaxMs, policy.backoffBaseMs * 2 ** step)
}

/** What the owner of a {@link Connectivity} does when it changes. */
export interface ConnectivityListener {
  /** Something the sync status shows changed (online, paused, their reason). */
  changed(): void
  /** The service can be used again (back online, or resumed): send what waits. */
  usable(): void
  /** A try failed and another should follow after {@link Connectivity.nextRetryDelayMs}. */
  retryLater(): void
}

/**
 * Whether the service can be used now, and why not: online or offline (no answer), paused
 * (the account must sign in again; the outbox is kept), the last error, and the backoff
 * between tries. It only holds state and tells its listener; the engine schedules.
 *
 * Room to grow: "the service is failing" (5xx/429 with the time of the next try) and "the
 * local cache is failing" (disk full) are states of their own here once the status shows
 * them; today both are a `lastError` with a retry.
 */
export class Connectivity {
  private isOnline = true
  private isPaused = false
  private error: Reason | null = null
  private backoffStep = 0

  constructor(
    private readonly policy: BackoffPolicy,
    private readonly listener: ConnectivityListener,
    /** Jitter source in [0, 1) (tests pass a fixed one). */
    private readonly random: () => number = Math.random,
  ) {}

  get online(): boolean {
    return this.isOnline
  }

  get paused(): boolean {
    return this.isPaused
  }

  /** Online and not paused: requests may be sent. */
  get usable(): boolean {
    return this.isOnline && !this.isPaused
  }

  get lastError(): Reason | null {
    return this.error
  }

  /** The service answered (a success, or a refusal that is an answer all the same). */
  reached(): void {
    this.backoffStep = 0
    if (this.isOnline) return
    this.isOnline = true
    this.listener.changed()
    this.listener.usable()
  }

  /** No answer: offline until a request gets one; another try after a backoff. */
  unreachable(reason: Reason): void {
    this.error = reason
    if (this.isOnline) {
      this.isOnline = false
      this.listener.changed()
    }
    this.listener.retryLater()
  }

  /** The service answered with a failure worth another try after a backoff (pull, 5xx, 429). */
  failing(reason: Reason): void {
    this.error = reason
    this.listener.retryLater()
  }

  /**
   * Reacts to a failed request as every caller must: `offline` goes offline, `paused` pauses.
   * `transient` and `refused` are left to the caller (a push fails or retries its entry, a
   * pull calls {@link failing}, a read ignores them).
   */
  noteFailure(failure: RequestFailure): void {
    if (failure.kind === 'offline') this.unreachable(failure.reason)
    else if (failure.kind === 'paused') this.pause(failure.reason)
  }

  /** Stops sending (the account must sign in again); nothing is dropped. */
  pause(reason: Reason): void {
    if (this.isPaused) return
    this.isPaused = true
    this.error = reason
    this.listener.changed()
  }

  /** Resumes after {@link pause}. */
  resume(): void {
    if (!this.isPaused) return
    this.isPaused = false
    this.error = null
    this.listener.changed()
    this.listener.usable()
  }

  /** A complete sync: no error to show. */
  clearError(): void {
    this.error = null
  }

  /** "Sync now": the next try is not held back by earlier failures. */
  resetBackoff(): void {
    this.backoffStep = 0
  }

  /** The wait before the next try (ms): the current backoff step with jitter (half to all of it). */
  nextRetryDelayMs(): number {
    const ceiling = backoffCeilingMs(this.backoffStep, this.policy)
    this.backoffStep++
    return Math.round(ceiling / 2 + (ceiling / 2) * this.random())
  }
}
