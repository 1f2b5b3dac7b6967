/**
 * An error of the offline workspace with a stable `code` a program branches on and a
 * `message` a person reads: `not_found` (no such entry or document in the cache), `too_late`
 * (undo of an entry already sent), `not_failed` (retry/discard of an entry that did not fail),
 * `offline` (a file not cached and the service unreachable), `invalid_action`, `closed`.
 */
export class OfflineError extends Error {
  override readonly name = 'OfflineError'
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
  }
}

/** The `code` of an error-like value, if it has a string one. */
export function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

/** A readable message of any thrown value. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
