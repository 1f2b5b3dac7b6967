import type { ConnectionState, StorageError } from '../../shared/ipc/channels/sync'
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
  /** The service can be used again (back online, resumed, the cache writable): send what waits. */
  usable(): void
  /** A try failed and another should follow after {@link Connectivity.nextRetryDelayMs}. */
  retryLater(): void
  /** The local cache cannot be written: try the write again later (`sync.retryStorage` tries at once). */
  storageFailed?(): void
}

/**
 * Whether the service can be used now, and why not, as the status bar tells it
 * ({@link connection}): the local cache failing (a full disk: `storage_failing`), signed out
 * (paused until the account signs in again; the outbox is kept), offline (no answer), the
 * service failing (5xx/429, tried again at {@link retryAt}), or online. It also holds the last
 * error, the backoff between tries and the service's own "wait until" (Retry-After). It only
 * holds state and tells its listener; the engine schedules.
 */
export class Connectivity {
  private isOnline = true
  private isPaused = false
  private serviceFailing = false
  private storage: StorageError | null = null
  private error: Reason | null = null
  private backoffStep = 0
  private retryAtMs: number | null = null
  private waitUntilMs: number | null = null
  private signIns = 0

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

  /**
   * Which sign-in requests are sent under now: a count that grows at each {@link resume}. A
   * request notes it when it leaves and hands it back with its refusal
   * ({@link pause}, {@link noteFailure}): a 401 to a sign-in since replaced says nothing of
   * the new one, whose queue must not stop for it.
   */
  get signInEpoch(): number {
    return this.signIns
  }

  /** Online, not paused, and the cache can be written: requests may be sent. */
  get usable(): boolean {
    return this.isOnline && !this.isPaused && !this.storage
  }

  get lastError(): Reason | null {
    return this.error
  }

  /** Why the local cache cannot be written, or null. */
  get storageError(): StorageError | null {
    return this.storage
  }

  /** The headline state: storage_failing > signed_out > offline > service_failing > online. */
  get connection(): ConnectionState {
    if (this.storage) return 'storage_failing'
    if (this.isPaused) return 'signed_out'
    if (!this.isOnline) return 'offline'
    if (this.serviceFailing) return 'service_failing'
    return 'online'
  }

  /** The next automatic try (epoch ms) while offline or the service fails, else null. */
  retryAt(): number | null {
    const state = this.connection
    return state === 'offline' || state === 'service_failing' ? this.retryAtMs : null
  }

  /** Until when the service asked us to wait (epoch ms), or null when that time has passed (`now`). */
  waitUntil(now: number): number | null {
    return this.waitUntilMs !== null && this.waitUntilMs > now ? this.waitUntilMs : null
  }

  /** The service asked (Retry-After) that nothing be sent before `untilMs` (epoch ms); a shorter wait changes nothing. */
  serviceAskedToWait(untilMs: number): void {
    if (this.waitUntilMs !== null && this.waitUntilMs >= untilMs) return
    this.waitUntilMs = untilMs
    this.listener.changed()
  }

  /** The person pressed *Try now*: the service's wait is no longer shown (a new 429 or 503 sets another). */
  liftWait(): void {
    if (this.waitUntilMs === null) return
    this.waitUntilMs = null
    this.listener.changed()
  }

  /** The service answered (a success, or a refusal that is an answer all the same). */
  reached(): void {
    this.backoffStep = 0
    const wasFailing = this.serviceFailing
    this.serviceFailing = false
    this.retryAtMs = null
    if (this.isOnline) {
      if (wasFailing) this.listener.changed()
      return
    }
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
    this.noteServiceFailing(reason)
    this.listener.retryLater()
  }

  /**
   * The service answered with a failure (5xx, 429) its caller retries on its own (a push
   * entry), at `retryAtMs` (epoch ms) when it says.
   */
  noteServiceFailing(reason: Reason, retryAtMs?: number): void {
    this.error = reason
    if (retryAtMs !== undefined) this.retryAtMs = retryAtMs
    if (this.serviceFailing) return
    this.serviceFailing = true
    this.listener.changed()
  }

  /**
   * Reacts to a failed request as every caller must: `offline` goes offline, `paused` pauses,
   * `storage` marks the cache failing; a Retry-After is remembered (at `now`, epoch ms).
   * `transient` and `refused` are otherwise left to the caller (a push fails or retries its
   * entry, a pull calls {@link failing}, a read ignores them). `sentUnder` is the
   * {@link signInEpoch} the request left under: a refusal from before the last sign-in pauses
   * nothing (see {@link pause}).
   */
  noteFailure(failure: RequestFailure, now: number = Date.now(), sentUnder?: number): void {
    if (failure.retryAfterMs !== undefined) this.serviceAskedToWait(now + failure.retryAfterMs)
    if (failure.kind === 'offline') this.unreachable(failure.reason)
    else if (failure.kind === 'paused') this.pause(failure.reason, sentUnder)
    else if (failure.kind === 'storage' && failure.storageError) this.storageFailing(failure.storageError)
  }

  /**
   * Stops sending (the account must sign in again); nothing is dropped. With `sentUnder` (the
   * {@link signInEpoch} a refused request left under), only when no sign-in came since: an
   * answer that was on its way while the person signed in again belongs to the old sign-in.
   * Returns whether sending is paused now.
   */
  pause(reason: Reason, sentUnder?: number): boolean {
    if (sentUnder !== undefined && sentUnder !== this.signIns) return this.isPaused
    if (this.isPaused) return true
    this.isPaused = true
    this.error = reason
    this.listener.changed()
    return true
  }

  /**
   * Resumes after {@link pause} (the account signed in again). The sign-in reached the
   * service, so it counts as online: what waits is sent at once.
   */
  resume(): void {
    if (!this.isPaused) return
    this.signIns++
    this.isPaused = false
    this.isOnline = true
    this.serviceFailing = false
    this.retryAtMs = null
    this.error = null
    this.backoffStep = 0
    this.listener.changed()
    this.listener.usable()
  }

  /** The local cache cannot be written: nothing is sent until it can (sending would lose the answer). */
  storageFailing(error: StorageError): void {
    const same = this.storage?.reason === error.reason && this.storage.folder === error.folder
    this.storage = error
    if (!same) this.listener.changed()
    this.listener.storageFailed?.()
  }

  /** A write succeeded again after {@link storageFailing}: sending resumes. */
  storageRestored(): void {
    if (!this.storage) return
    this.storage = null
    this.listener.changed()
    if (this.usable) this.listener.usable()
  }

  /** Shows `reason` as the last error (a failure no request outcome explains); nothing else changes. */
  noteError(reason: Reason): void {
    this.error = reason
    this.listener.changed()
  }

  /** A complete sync: no error to show. */
  clearError(): void {
    this.error = null
  }

  /** "Sync now": the next try is not held back by earlier failures. */
  resetBackoff(): void {
    this.backoffStep = 0
  }

  /**
   * The wait before the next try (ms): the current backoff step with jitter (half to all of
   * it). `now` (epoch ms) dates the next try for the status ({@link retryAt}).
   */
  nextRetryDelayMs(now: number = Date.now()): number {
    const ceiling = backoffCeilingMs(this.backoffStep, this.policy)
    this.backoffStep++
    const delay = Math.round(ceiling / 2 + (ceiling / 2) * this.random())
    this.retryAtMs = now + delay
    return delay
  }
}
