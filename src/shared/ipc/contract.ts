import type { z } from 'zod'
import { agendaChannels } from './channels/agendas'
import { appChannels, appEvents } from './channels/app'
import { authChannels, authEvents } from './channels/auth'
import { commentChannels } from './channels/comments'
import { documentChannels, documentEvents } from './channels/documents'
import { evidenceChannels } from './channels/evidence'
import { exportChannels } from './channels/export'
import { historyChannels } from './channels/history'
import { outboxChannels, outboxEvents } from './channels/outbox'
import { syncChannels, syncEvents } from './channels/sync'
import { uploadChannels, uploadEvents } from './channels/upload'
import { webhookChannels } from './channels/webhooks'

/**
 * The IPC contract: every channel and event, declared once. Each domain declares its own
 * group in `channels/<domain>.ts`; this file only merges them.
 */
export const channels = {
  ...appChannels,
  ...authChannels,
  ...agendaChannels,
  ...documentChannels,
  ...evidenceChannels,
  ...commentChannels,
  ...historyChannels,
  ...outboxChannels,
  ...syncChannels,
  ...exportChannels,
  ...uploadChannels,
  ...webhookChannels,
}

/** Every event main -> renderer. */
export const events = {
  ...appEvents,
  ...authEvents,
  ...documentEvents,
  ...outboxEvents,
  ...syncEvents,
  ...uploadEvents,
}

export type Channels = typeof channels
export type ChannelName = keyof Channels & string
/** What the renderer passes (before defaults and coercion). */
export type ChannelInput<C extends ChannelName> = z.input<Channels[C]['input']>
/** What the handler receives (after parsing). */
export type ChannelParsedInput<C extends ChannelName> = z.output<Channels[C]['input']>
/** What the renderer receives. */
export type ChannelOutput<C extends ChannelName> = z.output<Channels[C]['output']>
/** What the handler may return (before the output schema parses it). */
export type ChannelHandlerOutput<C extends ChannelName> = z.input<Channels[C]['output']>

export type Events = typeof events
export type EventName = keyof Events & string
export type EventPayload<E extends EventName> = z.output<Events[E]['payload']>

/** True when `name` is a channel of the contract (an own key, not a prototype name). */
export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(channels, name)
}

/** True when `name` is an event of the contract. */
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(events, name)
}
