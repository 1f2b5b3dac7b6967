/**
 * A failed outbox action in the user's words: why the service refused it (or why it could not
 * be sent), what to do next, and whether *Retry* can ever succeed. Decided from the error's
 * stable `code` (src/main/api/errors.ts, src/main/offline/outcomes.ts), the action's kind and
 * the document's state as cached now, never from the service's English text, which is shown
 * only under the explanation. Pure: no Svelte, no bridge.
 */
import type { OutboxActionKind } from '../../../../shared/outbox/actions'

/** Why an action failed, one of the `outbox.refusal.<reason>` texts (with `outbox.next.<reason>`). */
export type RefusalReason =
  | 'repair_state'
  | 'gone'
  | 'forbidden'
  | 'invalid'
  | 'conflict'
  | 'archived'
  | 'not_confirmed'
  | 'service'
  | 'storage'
  | 'dependency'
  | 'other'

export interface Refusal {
  reason: RefusalReason
  /**
   * False when sending the same again is refused the same way (a 4xx the situation does not
   * change: the document is gone, the account lacks the right, the request is invalid): the
   * panel then offers only *Discard*. A refused repair becomes retryable once the document is
   * again in a state the service repairs from.
   */
  retryable: boolean
}

/** States the service repairs from (docs/service-interface.md, "Repair"). */
const REPAIRABLE_STATES: ReadonlySet<string> = new Set(['ready', 'not_ready'])

/** Codes that say the service answered but failed, or never answered: the same request may go through later. */
const SERVICE_TROUBLE: ReadonlySet<string> = new Set([
  'server',
  'rate_limited',
  'bad_response',
  'network',
  'timeout',
  'unknown_outcome',
  'internal',
])

/**
 * The refusal of a failed action. `error.code` is the entry's error code, `kind` the action's
 * kind, `currentState` the document's state as cached now (null or absent when unknown).
 */
export function refusalOf(
  error: { code: string },
  kind?: OutboxActionKind | string,
  currentState?: string | null,
): Refusal {
  const code = error.code
  if ((code === 'validation' || code === 'bad_request') && kind === 'documents.repair') {
    return { reason: 'repair_state', retryable: currentState != null && REPAIRABLE_STATES.has(currentState) }
  }
  switch (code) {
    case 'not_found':
      return { reason: 'gone', retryable: false }
    case 'forbidden':
      return { reason: 'forbidden', retryable: false }
    case 'validation':
    case 'bad_request':
    case 'invalid_action':
      return { reason: 'invalid', retryable: false }
    case 'archived':
      return { reason: 'archived', retryable: false }
    case 'conflict':
      return { reason: 'conflict', retryable: true }
    case 'not_confirmed':
      return { reason: 'not_confirmed', retryable: true }
    case 'storage':
      return { reason: 'storage', retryable: true }
    case 'dependency_failed':
      return { reason: 'dependency', retryable: true }
    default:
      return { reason: SERVICE_TROUBLE.has(code) ? 'service' : 'other', retryable: true }
  }
}
