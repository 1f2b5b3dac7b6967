import type { z } from 'zod'
import {
  channels as contractChannels,
  isChannelName,
  type ChannelHandlerOutput,
  type ChannelName,
  type ChannelParsedInput,
  IpcErrorCode,
  type IpcError,
  type IpcResult,
} from '../../shared/ipc'
import { redact } from '../../shared/api/redact'

/** Who is calling: the URL of the frame that sent the call (Electron) or the page (harness). */
export interface CallContext {
  senderUrl: string
  /**
   * Which renderer sent it, as its host names it (Electron: `webContents:<id>`); absent when the
   * host does not tell them apart. What a renderer stated (watched screens) is let go with it.
   */
  sender?: string
}

/** A handler gets the parsed input and returns the channel's output (validated afterwards). */
export type Handler<C extends ChannelName> = (
  input: ChannelParsedInput<C>,
  context: CallContext,
) => Promise<ChannelHandlerOutput<C>> | ChannelHandlerOutput<C>

/**
 * One handler for every channel of the contract: what a host hands the router. A channel
 * without a handler does not compile (handlerTable.test.ts).
 */
export type HandlerTable = { [C in ChannelName]: Handler<C> }

/** Some channels' handlers (part of a {@link HandlerTable}, or a test's few). */
export type Handlers = Partial<HandlerTable>

/** Exactly one handler for each of the channels `C` (what a domain's factory returns). */
export type HandlersFor<C extends ChannelName> = { [K in C]: Handler<K> }

export interface RouterOptions {
  /** Complete; a channel missing at run time anyway (a test's cast) answers `not_implemented`. */
  handlers: HandlerTable
  /** Decides whether a sender may call at all (the app's own pages only). */
  isTrustedSender: (senderUrl: string) => boolean
  /** Where unexpected errors go, with their stack; never sent to the renderer. */
  log?: (line: string) => void
  /** The contract to route (defaults to the app's; tests pass a small one). */
  channels?: Record<string, { input: z.ZodType; output: z.ZodType }>
}

/** Routes one call: `dispatch(channel, input, context)` always resolves, never throws. */
export interface Router {
  dispatch(channel: string, input: unknown, context: CallContext): Promise<IpcResult<unknown>>
}

/** An error a handler throws on purpose: its `code` and `message` reach the renderer. */
export interface ExposedError {
  code: string
  message: string
  details?: unknown
}

const exposedCode = /^[a-z][a-z0-9_]*$/

/**
 * True for errors meant for the renderer: an Error with a lower_snake_case `code` (ApiError,
 * AuthError, AppError...). Node system errors (`ENOENT`) and anything else are `internal`.
 */
export function isExposedError(error: unknown): error is Error & ExposedError {
  return (
    error instanceof Error &&
    typeof (error as { code?: unknown }).code === 'string' &&
    exposedCode.test((error as unknown as { code: string }).code)
  )
}

function failure(code: string, message: string, details?: unknown): IpcResult<never> {
  const error: IpcError = { code, message: redact(message) }
  if (details !== undefined) error.details = details
  return { ok: false, error }
}

function issuesOf(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }))
}

/**
 * Builds the main-side router of the IPC contract (docs/architecture.md, "The IPC contract"): refuses
 * unknown channels and untrusted senders, validates input before the handler and output
 * after it, and turns every outcome into `{ ok: true, value } | { ok: false, error }`.
 * Unexpected errors become `internal` with a generic message; their stack goes to `log` only.
 */
export function createRouter(options: RouterOptions): Router {
  const table = options.channels ?? contractChannels
  const log = options.log ?? ((line: string) => console.error(line))
  const isKnown = options.channels ? (name: string) => Object.prototype.hasOwnProperty.call(table, name) : isChannelName

  return {
    async dispatch(channel, input, context) {
      if (typeof channel !== 'string' || !isKnown(channel)) {
        return failure(IpcErrorCode.unknownChannel, `Unknown channel: ${String(channel).slice(0, 80)}`)
      }
      if (!options.isTrustedSender(context.senderUrl)) {
        log(`Refused ${channel} from untrusted sender ${context.senderUrl.slice(0, 200)}`)
        return failure(IpcErrorCode.forbiddenSender, 'This page may not talk to Docket.')
      }
      const spec = (table as Record<string, { input: z.ZodType; output: z.ZodType }>)[channel]!
      const handler = (options.handlers as Record<string, Handler<ChannelName> | undefined>)[channel]
      if (!handler) {
        return failure(IpcErrorCode.notImplemented, `${channel} is not available here.`)
      }
      const parsedInput = spec.input.safeParse(input)
      if (!parsedInput.success) {
        const issues = issuesOf(parsedInput.error)
        const where = issues[0]?.path ? ` at ${issues[0].path}` : ''
        return failure(
          IpcErrorCode.validation,
          `Invalid input for ${channel}${where}: ${issues[0]?.message ?? 'invalid'}`,
          { issues },
        )
      }
      let value: unknown
      try {
        value = await handler(parsedInput.data as never, context)
      } catch (error) {
        if (isExposedError(error)) {
          return failure(error.code, error.message, (error as ExposedError).details)
        }
        log(
          redact(
            `Handler of ${channel} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
          ),
        )
        return failure(IpcErrorCode.internal, 'Something went wrong in Docket. The details are in its log.')
      }
      const parsedOutput = spec.output.safeParse(value)
      if (!parsedOutput.success) {
        log(`Handler of ${channel} returned an invalid value: ${JSON.stringify(issuesOf(parsedOutput.error))}`)
        return failure(IpcErrorCode.invalidOutput, `Docket produced an invalid answer for ${channel}.`)
      }
      return { ok: true, value: parsedOutput.data }
    },
  }
}
