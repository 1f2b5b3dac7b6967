import { CREATE_KINDS } from '../../../shared/outbox/actions'
import type { OutboxEntry } from '../../../shared/outbox/entry'
import { backoffCeilingMs, type BackoffPolicy, type Reason } from '../connectivity'
import type { RepairFinished } from '../events'
import type { Changes } from '../outbox'
import { classifyRequestError } from '../outcomes'
import type { BatchOp } from '../store'

/** A sent entry the service applied: the writes of its answer, made with the entry's removal. */
export interface Done {
  type: 'done'
  /** Server-state writes, in the batch that removes the entry. */
  ops: BatchOp[]
  /** Documents and agendas the answer changed (besides those the entry names). */
  changes: Omit<Changes, 'entryIds'>
  /** Clean-up once the batch is written (files of a deleted document, upload bytes). */
  after?: () => Promise<void>
  /** Documents whose human review had ended meanwhile. */
  repaired?: RepairFinished[]
}

/**
 * What sending an entry came to: `done`; `failed` (effect rolled back, dependents fail too);
 * `retry` (pending again; `offline` when no answer came, `uncertain` when it may have been
 * applied, not before `delayMs`); `pause` (the account must sign in again; the try is not
 * counted).
 */
export type EntryOutcome =
  | Done
  | { type: 'failed'; error: Reason }
  | {
      type: 'retry'
      error: Reason
      offline: boolean
      uncertain: boolean
      delayMs?: number
      /** The service answered with a failure (5xx, 429, an unreadable answer): the status says it is failing. */
      serviceFailing?: boolean
    }
  | { type: 'pause'; error: Reason }

/** A {@link Done} outcome. */
export function done(
  ops: BatchOp[],
  changes: Partial<Omit<Changes, 'entryIds'>> = {},
  repaired?: RepairFinished[],
): Done {
  const outcome: Done = {
    type: 'done',
    ops,
    changes: { documentIds: changes.documentIds ?? [], agendaIds: changes.agendaIds ?? [] },
  }
  if (repaired) outcome.repaired = repaired
  return outcome
}

/** The push's policy: backoff steps, and attempts before a failing service fails an entry. */
export interface RetryPolicy extends BackoffPolicy {
  maxTransientAttempts: number
}

/**
 * What a failed send means for its entry (the error classified by outcomes.ts):
 * - offline: retry when back online; uncertain when the answer was lost, part was done, or it
 *   already was;
 * - paused: pause, nothing dropped;
 * - transient: retry after Retry-After or the backoff of its attempt, failed after
 *   `maxTransientAttempts`; uncertain when part was done, or a create's answer was unreadable;
 * - storage: the local cache could not be written while it was sent: retry, uncertain (the
 *   service may have applied it), once the cache can be written again;
 * - refused: failed with the service's message, unless part was done (then it is checked
 *   before anything is sent again).
 */
export function outcomeOfError(entry: OutboxEntry, error: unknown, policy: RetryPolicy): EntryOutcome {
  const failure = classifyRequestError(error)
  const reason = failure.reason
  const wasUncertain = entry.uncertain === true
  switch (failure.kind) {
    case 'offline':
      return {
        type: 'retry',
        error: reason,
        offline: true,
        uncertain: failure.answerLost || failure.partlyDone || wasUncertain,
      }
    case 'paused':
      return { type: 'pause', error: reason }
    case 'transient': {
      if (entry.attempts >= policy.maxTransientAttempts) return { type: 'failed', error: reason }
      const create = CREATE_KINDS.has(entry.action.kind) || entry.action.kind === 'documents.repair'
      return {
        type: 'retry',
        error: reason,
        offline: false,
        uncertain: wasUncertain || failure.partlyDone || (create && failure.answerUnreadable),
        delayMs: failure.retryAfterMs ?? backoffCeilingMs(entry.attempts - 1, policy),
        serviceFailing: true,
      }
    }
    case 'storage':
      return { type: 'retry', error: reason, offline: false, uncertain: true, delayMs: policy.backoffBaseMs }
    case 'refused':
      if (failure.partlyDone)
        return { type: 'retry', error: reason, offline: false, uncertain: true, delayMs: policy.backoffBaseMs }
      return { type: 'failed', error: reason }
  }
}
