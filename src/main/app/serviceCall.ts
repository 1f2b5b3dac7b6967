import { flattenFieldErrors } from '../../shared/agendaRules'
import { isApiError } from '../api/errors'
import { AppError } from './errors'

/**
 * Calls that go to the service at once instead of through the outbox (agenda editing,
 * webhook settings): the service's field errors and refusals must reach the form while the
 * user is still on it, so these need a connection.
 */

/** Message shown when a call that needs the service cannot reach it; `what` names the action. */
export function needsConnection(what: string): string {
  return `${what} needs a connection to the service, and Docket cannot reach it now. Nothing was changed; try again when you are online.`
}

/**
 * Turns a service error into the error the renderer branches on: 422 -> `validation` with
 * `details.fields` (dotted field paths, e.g. `address.country`, `auth_credentials.password`);
 * 403 -> `forbidden` with the service's message; connection problems -> `offline`; a lost
 * answer -> `unknown_outcome`. Other errors are returned as they are (they carry their own code).
 */
export function toServiceCallError(error: unknown, what: string): unknown {
  if (!isApiError(error)) return error
  switch (error.code) {
    case 'validation':
      return new AppError('validation', error.message, { fields: flattenFieldErrors(error.errors ?? {}) })
    case 'forbidden':
      return new AppError('forbidden', error.message)
    case 'network':
    case 'timeout':
      return new AppError('offline', needsConnection(what))
    case 'unknown_outcome':
      return new AppError(
        'unknown_outcome',
        `The connection was lost while ${what.toLowerCase()} was sent; check whether it was applied before trying again.`,
      )
    default:
      return error
  }
}

/** Runs one call to the service, rethrowing its error through {@link toServiceCallError}. */
export async function callService<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw toServiceCallError(error, what)
  }
}
