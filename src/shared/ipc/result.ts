import { z } from 'zod'

/**
 * Error codes every layer may return. Domains may add their own (a code is any
 * lower_snake_case string); these are the ones the IPC layer itself produces or that the
 * renderer branches on.
 */
export const IpcErrorCode = {
  /** The input failed the channel's schema; `details.issues` holds `{ path, message }[]`. */
  validation: 'validation',
  /** The channel is not in the contract. */
  unknownChannel: 'unknown_channel',
  /** The call came from a frame that is not one of the app's pages. */
  forbiddenSender: 'forbidden_sender',
  /** A channel in the contract with no handler yet in this host. */
  notImplemented: 'not_implemented',
  /** An unexpected failure in main; the message is generic, the stack stays in main's log. */
  internal: 'internal',
  /** The handler returned a value that does not match the channel's output schema. */
  invalidOutput: 'invalid_output',
  /** The transport itself failed or answered something that is not a result. */
  transport: 'transport',
  offline: 'offline',
  unauthorized: 'unauthorized',
  reauthRequired: 'reauth_required',
  notFound: 'not_found',
  conflict: 'conflict',
  server: 'server',
  /** The local cache cannot be written (disk full, read-only, permission); the message names the folder. */
  storage: 'storage',
} as const

/** `{ code, message, details? }`: `code` is stable for programs, `message` is for people. */
export const ipcErrorSchema = z.object({
  code: z.string().regex(/^[a-z][a-z0-9_]*$/),
  message: z.string(),
  details: z.unknown().optional(),
})
export type IpcError = z.infer<typeof ipcErrorSchema>

/** What every channel answers: `{ ok: true, value } | { ok: false, error }`. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError }

export const ipcResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: ipcErrorSchema }),
])

/**
 * The typed exception the bridge throws in the renderer when a channel answers
 * `{ ok: false }`. `code` is one of {@link IpcErrorCode} or a domain code.
 */
export class DocketError extends Error {
  override readonly name = 'DocketError'
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
  }
}

/** True when `value` is a {@link DocketError} (also across realms, by shape). */
export function isDocketError(value: unknown): value is DocketError {
  return (
    value instanceof DocketError ||
    (typeof value === 'object' &&
      value !== null &&
      (value as { name?: unknown }).name === 'DocketError' &&
      typeof (value as { code?: unknown }).code === 'string')
  )
}
