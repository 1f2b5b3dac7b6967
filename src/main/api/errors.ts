import type { z } from 'zod'
import type { ApiErrorCode, ValidationErrors } from '../../shared/api/errors'
import { redact } from '../../shared/api/redact'

export type { ApiErrorCode } from '../../shared/api/errors'

/** Fields of an {@link ApiError} besides its code and message. */
export interface ApiErrorInit {
  /** HTTP status when the service answered. */
  status?: number
  /** The 422 body's `errors`: keyed by field, arrays of messages or nested objects. */
  errors?: ValidationErrors
  /** How long the service asked us to wait (429/503 Retry-After), in ms. */
  retryAfterMs?: number
  /** Extra, non-secret facts for programs (e.g. `createdIds` of a partly done upload). */
  details?: Record<string, unknown>
  cause?: unknown
}

/**
 * An error from the service client, with a stable `code` a program branches on:
 * - `network`: no connection (refused, reset, DNS) — safe to retry later;
 * - `timeout`: connect, header or body timeout;
 * - `unauthorized` (401 after one refresh), `forbidden` (403), `not_found` (404),
 *   `validation` (422, see `errors`), `bad_request` (400 and other 4xx), `conflict` (409),
 *   `rate_limited` (429, see `retryAfterMs`), `server` (5xx);
 * - `bad_response`: the answer is not what the service interface promises (not JSON, an HTML page, a
 *   missing or mistyped field — the message names the field path);
 * - `unknown_outcome`: the connection was lost after a non-idempotent request (POST) was
 *   sent; the caller must check the service before sending it again.
 * `message` is for people and never holds a token (it passes through {@link redact}).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly code: ApiErrorCode
  readonly status?: number
  readonly errors?: ValidationErrors
  readonly retryAfterMs?: number
  readonly details?: Record<string, unknown>

  constructor(code: ApiErrorCode, message: string, init: ApiErrorInit = {}) {
    super(readable(redact(message)), init.cause === undefined ? undefined : { cause: init.cause })
    this.code = code
    if (init.status !== undefined) this.status = init.status
    if (init.errors !== undefined) this.errors = init.errors
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs
    if (init.details !== undefined) this.details = init.details
  }
}

/** Longest error message kept, in characters: a service's 100 kB error page is no message. */
export const MAX_ERROR_MESSAGE_LENGTH = 1000

function readable(message: string): string {
  return message.length <= MAX_ERROR_MESSAGE_LENGTH ? message : `${message.slice(0, MAX_ERROR_MESSAGE_LENGTH - 1)}…`
}

/** True when `error` is an {@link ApiError} (works across module copies via `name`). */
export function isApiError(error: unknown): error is ApiError {
  return (
    error instanceof ApiError ||
    (error instanceof Error && error.name === 'ApiError' && typeof (error as ApiError).code === 'string')
  )
}

/** The error code for an HTTP error status (>= 400). */
export function codeForStatus(status: number): ApiErrorCode {
  if (status === 400) return 'bad_request'
  if (status === 401) return 'unauthorized'
  if (status === 403) return 'forbidden'
  if (status === 404 || status === 410) return 'not_found'
  if (status === 409) return 'conflict'
  if (status === 422) return 'validation'
  if (status === 429) return 'rate_limited'
  if (status >= 500) return 'server'
  if (status >= 400) return 'bad_request'
  return 'bad_response'
}

/** A readable default message per code, used when the body holds none. */
export function defaultMessage(code: ApiErrorCode, status?: number): string {
  switch (code) {
    case 'unauthorized':
      return 'The service did not accept the sign-in; sign in again.'
    case 'forbidden':
      return 'Not authorized to perform this action.'
    case 'not_found':
      return 'Not found.'
    case 'validation':
      return 'The service refused the data (validation failed).'
    case 'conflict':
      return 'The item was changed by someone else.'
    case 'rate_limited':
      return 'The service is busy (too many requests); try again shortly.'
    case 'server':
      return `The service had an internal problem (HTTP ${status ?? '5xx'}).`
    case 'bad_request':
      return `The service refused the request (HTTP ${status ?? '4xx'}).`
    default:
      return `Unexpected answer from the service (HTTP ${status ?? '?'}).`
  }
}

/** Formats zod issues as `documents[1].summary.total: expected number, received string`. */
export function describeIssues(error: z.ZodError, max = 3): string {
  const parts = error.issues.slice(0, max).map((issue) => `${formatPath(issue.path)}: ${issue.message}`)
  const more = error.issues.length > max ? ` (+${error.issues.length - max} more)` : ''
  return parts.join('; ') + more
}

/** `['documents', 1, 'summary']` -> `documents[1].summary` (root -> `(root)`). */
export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)'
  let out = ''
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else out += out === '' ? String(key) : `.${String(key)}`
  }
  return out
}
