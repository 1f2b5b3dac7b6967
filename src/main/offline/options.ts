import { LONG_UNDO_WINDOW_MS, UNDO_WINDOW_MS } from '../../shared/outbox/undoWindow'

/** Settings of the sync engine (durations in ms). */
export interface EngineOptions {
  /** Documents (resource lanes) pushed in parallel (default 4). */
  pushConcurrency: number
  /**
   * Most pages in flight for one agenda's listing, and comment lists fetched in parallel, during
   * a pull (default 6, the service's whole request budget). A listing asks page 1 alone and
   * opens more pages only while they come back full (src/main/api `PageWalk`), so a small
   * agenda or a quiet delta costs one request whatever this says; every request of the pull
   * shares the 6 slots of the service's budget with everything else, behind what a person waits for.
   */
  pullConcurrency: number
  /**
   * Full pages after which one agenda's listing stops with `bad_response` and the agenda is
   * held until "sync now" (default 4,000: 200,000 documents, src/main/api
   * `MAX_PAGES_PER_LISTING`, twice the largest agenda Docket is measured with): a listing that never ends.
   */
  maxPagesPerListing: number
  /**
   * Longest a pull's listings may run, in ms (default 30 min: the cap's 4,000 pages, six at a
   * time at 2.5 s a page); past it they are stopped and the pull ends with `timeout`. Each
   * request has its own deadline too (src/main/api `requestDeadlineMs`); this one bounds a
   * service that answers every page slowly, each within its own.
   */
  pullDeadlineMs: number
  /** Between polls of documents in repair (default 30 000). */
  repairPollMs: number
  /** How long a batch state update is re-read before it counts as failed (default 60 000). */
  batchConfirmTimeoutMs: number
  /** Between re-reads of a batch update (default 1 000). */
  batchConfirmPollMs: number
  /**
   * Between background pulls of the agenda the person has open (default 60 000): the shortest
   * interval. Other agendas wait longer, the more agendas and the more quiet pulls in a row
   * (see `pull/pollSchedule.ts`), up to `maxPullIntervalMs`.
   */
  pullIntervalMs: number
  /**
   * The longest wait between background pulls of an agenda: agendas not opened today (default
   * 10 x `pullIntervalMs`, 600 000).
   */
  maxPullIntervalMs: number
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
  /**
   * A new entry waits this long before it is sent, so the person can still undo it (default
   * 3 000); archive, delete and repair wait `longUndoWindowMs` instead (src/shared/outbox/undoWindow.ts).
   */
  undoWindowMs: number
  /**
   * The undo window of archive, delete and repair (default 10 000): the service cannot take
   * the first two back, and a repair starts a person's review at the service.
   */
  longUndoWindowMs: number
}

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  pushConcurrency: 4,
  pullConcurrency: 6,
  maxPagesPerListing: 4_000,
  pullDeadlineMs: 30 * 60_000,
  repairPollMs: 30_000,
  batchConfirmTimeoutMs: 60_000,
  batchConfirmPollMs: 1_000,
  pullIntervalMs: 60_000,
  maxPullIntervalMs: 600_000,
  backoffBaseMs: 1_000,
  backoffMaxMs: 60_000,
  overlapMs: 5_000,
  fullPullIntervalMs: 6 * 3_600_000,
  retentionDays: 30,
  clockSkewMs: 120_000,
  maxTransientAttempts: 8,
  undoWindowMs: UNDO_WINDOW_MS,
  longUndoWindowMs: LONG_UNDO_WINDOW_MS,
}

/** The clock the workspace was given (default: the system clock): the time now, per call. */
export type Clock = () => Date
