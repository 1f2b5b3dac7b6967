/** Retry policy of the service client: exponential backoff with jitter, Retry-After. */

export interface RetryOptions {
  /** Retries after the first attempt (default 4). */
  maxRetries?: number
  /** First backoff step in ms (default 300). */
  baseDelayMs?: number
  /** Upper bound of one backoff delay in ms (default 10 000). */
  maxDelayMs?: number
  /**
   * Longest Retry-After the client waits for itself, in ms (default 60 000); a longer one
   * surfaces as `rate_limited`/`server` with `retryAfterMs` for the caller to schedule.
   */
  maxRetryAfterMs?: number
}

export type ResolvedRetryOptions = Required<RetryOptions>

export function resolveRetryOptions(options: RetryOptions = {}): ResolvedRetryOptions {
  return {
    maxRetries: options.maxRetries ?? 4,
    baseDelayMs: options.baseDelayMs ?? 300,
    maxDelayMs: options.maxDelayMs ?? 10_000,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
  }
}

/**
 * Delay before retry number `retry` (0-based), in ms: `base * 2^retry` capped at `maxDelayMs`,
 * with "equal jitter" (half fixed, half random) so clients do not retry in lockstep.
 * `random` returns [0, 1).
 */
export function backoffDelay(retry: number, options: ResolvedRetryOptions, random: () => number): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retry)
  return Math.round(ceiling / 2 + (ceiling / 2) * random())
}

/**
 * Parses a Retry-After header (RFC 9110 §10.2.3): delay-seconds or an HTTP date.
 * Returns ms to wait (>= 0), or undefined when absent or unreadable. `now` is epoch ms.
 */
export function parseRetryAfter(value: string | string[] | undefined, now: number): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value
  if (raw === undefined) return undefined
  const trimmed = raw.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const at = Date.parse(trimmed)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - now)
}

/** Statuses retried for idempotent requests. */
export const RETRYABLE_STATUSES = new Set([429, 502, 503, 504])
