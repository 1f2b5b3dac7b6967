import { z } from 'zod'
import { outboxActionSchema } from './actions'

/**
 * An outbox entry: one action waiting to reach the service, stored with its
 * optimistic effect in one atomic write. Times are UTC ISO 8601.
 *
 * Status: `pending` (not yet sent, or to be sent again), `in_flight` (being sent; an entry
 * found in flight when the store opens has an unknown outcome), `done` (applied by the
 * service), `failed` (refused; `error` says why; its optimistic effect is rolled back).
 */
export const outboxStatusSchema = z.enum(['pending', 'in_flight', 'done', 'failed'])
export type OutboxStatus = z.infer<typeof outboxStatusSchema>

export const outboxErrorSchema = z.object({ code: z.string(), message: z.string() })
export type OutboxError = z.infer<typeof outboxErrorSchema>

export const outboxEntrySchema = z.object({
  /** The idempotency key: a uuid. */
  id: z.string(),
  /** Order of writing (per store); entries on one document are sent in this order. */
  seq: z.number().int().nonnegative(),
  action: outboxActionSchema,
  createdAt: z.string(),
  /** The document's `last_modified_at` the action was made on (null when not about one document). */
  baseLastModifiedAt: z.string().nullable(),
  /** Requests sent for this entry so far. */
  attempts: z.number().int().nonnegative(),
  status: outboxStatusSchema,
  error: outboxErrorSchema.optional(),
  /** Ids of entries that must be done first (e.g. the create of a comment edited offline). */
  dependsOn: z.array(z.string()),
  /** When the last request was sent (UTC ISO 8601). */
  lastAttemptAt: z.string().optional(),
  /** Not before this time (backoff after a transient failure). */
  nextAttemptAt: z.string().optional(),
  /** A request may have reached the service without an answer: check before sending again. */
  uncertain: z.boolean().optional(),
  /** agendas.create: the negative id the agenda has locally until the service assigns one. */
  localAgendaId: z.number().int().negative().optional(),
  /** agendas.create: ids of same-named agendas that existed when the action was written. */
  preexistingIds: z.array(z.number().int()).optional(),
})
export type OutboxEntry = z.infer<typeof outboxEntrySchema>
