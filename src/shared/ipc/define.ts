import type { z } from 'zod'

/**
 * One request/response channel of the IPC contract (docs/architecture.md, "The IPC contract").
 * `input` is validated in main before the handler runs (the renderer is untrusted);
 * `output` is validated in main after the handler returns.
 */
export interface ChannelSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly input: I
  readonly output: O
  /** One sentence for people reading the contract. */
  readonly description: string
}

/** One event main -> renderer (sync progress, outbox changes, auth state...). */
export interface EventSpec<P extends z.ZodType = z.ZodType> {
  readonly payload: P
  readonly description: string
}

/** Declares a group of channels, keeping the literal names and schema types. */
export function defineChannels<const T extends Record<string, ChannelSpec>>(channels: T): T {
  return channels
}

/** Declares a group of events, keeping the literal names and schema types. */
export function defineEvents<const T extends Record<string, EventSpec>>(events: T): T {
  return events
}
