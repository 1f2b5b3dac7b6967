/** Settings of the sync engine (durations in ms). */
export interface EngineOptions {
  /** Documents (resource lanes) pushed in parallel (default 4). */
  pushConcurrency: number
  /**
   * Pages (and comment lists) fetched in parallel during a pull (default 5: with pages decoded
   * off the main thread, five in flight come within 1.3x of their lower bound and more than 4x
   * faster than one at a time, bench B1; six crowd the two cores of the bench machine).
   */
  pullConcurrency: number
  /**
   * Pages in flight per agenda in a delta pull (`modified_since`; default 3): a delta is
   * usually one short page, and three still bring up to 100 changes (two full pages and the
   * empty one that ends the listing) in one round trip, with fewer requests for the service to
   * answer first (bench B2).
   */
  deltaPullConcurrency: number
  /** Between polls of documents in repair (default 30 000). */
  repairPollMs: number
  /** How long a batch state update is re-read before it counts as failed (default 60 000). */
  batchConfirmTimeoutMs: number
  /** Between re-reads of a batch update (default 1 000). */
  batchConfirmPollMs: number
  /** Between background pulls while online (default 60 000). */
  pullIntervalMs: number
  /** First backoff step while offline (default 1 000), doubled up to `backoffMaxMs` (default 60 000). */
  backoffBaseMs: number
  backoffMaxMs: number
  /** Subtracted from the last pull time for `modified_since` (default 5 000). */
  overlapMs: number
  /** A full pull (not a delta) at least this often (default 6 h), to notice removed documents. */
  fullPullIntervalMs: number
  /** Exported and archived documents untouched for longer leave the cache (default 30 days). */
  retentionDays: number
  /** Tolerated clock difference with the service when matching a create of unknown outcome (default 120 000). */
  clockSkewMs: number
  /** Attempts after which a server error (5xx, 429, bad response) fails the entry (default 8). */
  maxTransientAttempts: number
  /** A new entry waits this long before it is sent, so the person can still undo it (default 3 000). */
  undoWindowMs: number
}

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  pushConcurrency: 4,
  pullConcurrency: 5,
  deltaPullConcurrency: 3,
  repairPollMs: 30_000,
  batchConfirmTimeoutMs: 60_000,
  batchConfirmPollMs: 1_000,
  pullIntervalMs: 60_000,
  backoffBaseMs: 1_000,
  backoffMaxMs: 60_000,
  overlapMs: 5_000,
  fullPullIntervalMs: 6 * 3_600_000,
  retentionDays: 30,
  clockSkewMs: 120_000,
  maxTransientAttempts: 8,
  undoWindowMs: 3_000,
}

/** The clock the workspace was given (default: the system clock): the time now, per call. */
export type Clock = () => Date
