import type { StorageError } from '../../shared/ipc/channels/sync'
import { codeOf, messageOf } from './errors'
import { isStorageFailure } from './storageFailure'

/**
 * What a failed request says about the connection, decided once here for every caller (push,
 * pull, repair polls, batch confirmation, preview and original reads):
 * - `offline`: no answer (`network`, `timeout`, `unknown_outcome`): try again after a backoff;
 * - `paused`: the account must sign in again (`unauthorized`, `reauth_required`,
 *   `signed_out`, `no_account`): stop sending, keep the outbox;
 * - `transient`: the service answered but failed (`server`, `rate_limited`, `bad_response`):
 *   try again later, after its Retry-After when it gave one;
 * - `storage`: the local cache could not be written (`StorageFailure`: a full disk, a
 *   read-only folder): nothing is wrong with the request; sync pauses until a write succeeds;
 * - `refused`: anything else (4xx such as `bad_request`, `validation`, `conflict`,
 *   `not_found`, and our own errors): sending the same again would fail the same way.
 * Errors come from the service client (`ApiError`), the token source (`AuthError`) or the
 * workspace itself (`OfflineError`); only their `code`, `message`, `retryAfterMs` and
 * `details.createdIds` are read, so any error-like value is classified.
 */
export type FailureKind = 'offline' | 'paused' | 'transient' | 'storage' | 'refused'

/** A classified request error. */
export interface RequestFailure {
  kind: FailureKind
  /** `code` of the error (`internal` when it has none) and a readable `message`. */
  reason: { code: string; message: string }
  /** The request was sent and its answer lost (`unknown_outcome`): it may have been applied. */
  answerLost: boolean
  /** The service's answer could not be read (`bad_response`): a create may have been applied. */
  answerUnreadable: boolean
  /** A multi-request call failed after some requests were applied (`details.createdIds`). */
  partlyDone: boolean
  /** How long the service asked us to wait (Retry-After), in ms. */
  retryAfterMs?: number
  /** For `storage`: the folder and reason the status shows. */
  storageError?: StorageError
}

const KIND_OF_CODE: Readonly<Record<string, FailureKind>> = {
  network: 'offline',
  timeout: 'offline',
  unknown_outcome: 'offline',
  unauthorized: 'paused',
  reauth_required: 'paused',
  signed_out: 'paused',
  no_account: 'paused',
  server: 'transient',
  rate_limited: 'transient',
  bad_response: 'transient',
}

/** Classifies any thrown value (see {@link FailureKind}). */
export function classifyRequestError(error: unknown): RequestFailure {
  if (isStorageFailure(error)) {
    return {
      kind: 'storage',
      reason: { code: 'storage', message: error.message },
      answerLost: false,
      answerUnreadable: false,
      partlyDone: false,
      storageError: error.storageError,
    }
  }
  const code = codeOf(error) ?? 'internal'
  const failure: RequestFailure = {
    kind: Object.hasOwn(KIND_OF_CODE, code) ? KIND_OF_CODE[code]! : 'refused',
    reason: { code, message: messageOf(error) },
    answerLost: code === 'unknown_outcome',
    answerUnreadable: code === 'bad_response',
    partlyDone: false,
  }
  const facts = error as { retryAfterMs?: unknown; details?: { createdIds?: unknown } } | null
  const createdIds = facts?.details?.createdIds
  if (Array.isArray(createdIds) && createdIds.length > 0) failure.partlyDone = true
  if (typeof facts?.retryAfterMs === 'number') failure.retryAfterMs = facts.retryAfterMs
  return failure
}
