import { channels, type ChannelName } from '../../../shared/ipc'
import { createRouter, type HandlerTable, type Handlers } from '../router'

/**
 * Calls `handlers` the way the renderer does: through the real router, so input is validated
 * by the channel's schema and the output by its output schema. Resolves with the value;
 * rejects with an Error carrying the result's `code`, `message` and `details`.
 */
/**
 * A table of only `handlers`, for tests that route a few channels: the others answer
 * `not_implemented`. Production wiring builds a complete {@link HandlerTable} instead.
 */
export function fewHandlers(handlers: Handlers): HandlerTable {
  return handlers as HandlerTable
}

export function routerCall(handlers: Handlers): (channel: string, input: unknown) => Promise<unknown> {
  const router = createRouter({ handlers: fewHandlers(handlers), isTrustedSender: () => true, log: () => {} })
  return async (channel, input) => {
    const result = await router.dispatch(channel, input, { senderUrl: 'app://test' })
    if (!result.ok) throw Object.assign(new Error(result.error.message), result.error)
    return result.value
  }
}

/**
 * Calls one of `handlers` directly with its input parsed by the channel's schema, as the
 * router does, but without checking the output (for tests whose fakes answer partial
 * records). Rejects with whatever the handler throws.
 */
export function parsedCall(handlers: Handlers): (channel: ChannelName, input: unknown) => Promise<unknown> {
  return async (channel, input) => {
    const handler = handlers[channel] as ((input: unknown, context: { senderUrl: string }) => unknown) | undefined
    if (!handler) throw new Error(`No handler for ${channel}`)
    return handler(channels[channel].input.parse(input), { senderUrl: 'app://test' })
  }
}
