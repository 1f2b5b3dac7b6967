import { z } from 'zod'
import { outboxEntrySchema } from '../../outbox/entry'
import { defineChannels, defineEvents } from '../define'
import { noInput } from '../fields'

/** An outbox entry as the outbox panel shows it: the entry plus a one-line description. */
export const outboxItemSchema = outboxEntrySchema.extend({ description: z.string() })
export type OutboxItem = z.infer<typeof outboxItemSchema>

/** The outbox entries an action wrote (ids, in write order); pass them to `documents.undo`. */
export const actionResultSchema = z.object({ entryIds: z.array(z.string()) })
export type ActionResult = z.infer<typeof actionResultSchema>

const entryIdInput = z.object({ entryId: z.string().min(1).max(100) }).strict()
const done = z.object({ ok: z.literal(true) })

/** Channels of the outbox: the actions waiting to reach the service. */
export const outboxChannels = defineChannels({
  'outbox.list': {
    input: noInput,
    output: z.object({ entries: z.array(outboxItemSchema) }),
    description: 'Entries not yet done (pending, in flight, failed), oldest first.',
  },
  'outbox.retry': {
    input: entryIdInput,
    output: done,
    description: 'Sends a failed entry again (failed -> pending).',
  },
  'outbox.discard': {
    input: entryIdInput,
    output: done,
    description: 'Drops a failed entry (its optimistic effect is already rolled back).',
  },
  'outbox.undo': {
    input: entryIdInput,
    output: done,
    description: 'Removes an entry not yet sent and reverts its effect; error `too_late` once sent.',
  },
})

/** Payload of `outbox.changed`. */
export const outboxChangedSchema = z.object({
  pending: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** Entries whose status changed (ids). */
  entryIds: z.array(z.string()),
})
export type OutboxChanged = z.infer<typeof outboxChangedSchema>

/** Events of the outbox. */
export const outboxEvents = defineEvents({
  'outbox.changed': {
    payload: outboxChangedSchema,
    description: 'Outbox entries were added, sent, failed, retried or removed.',
  },
})
