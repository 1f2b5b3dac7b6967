import { z } from 'zod'
import { agendaCreateRulesSchema, agendaUpdateRulesSchema } from '../../agendaRules'
import { agendaSchema } from '../../api/agenda'
import { agendaRefSchema } from '../../outbox/actions'
import { defineChannels } from '../define'
import { noInput, recordIdSchema } from '../fields'

/** Counts per inbox tab (src/shared/queues.ts). */
export const queueCountsSchema = z.object({
  not_ready: z.number().int(),
  ready: z.number().int(),
  in_repair: z.number().int(),
  processing: z.number().int(),
  exported: z.number().int(),
  all: z.number().int(),
  /** Archived documents the local cache still holds (shown read-only under *Archived*). */
  archived: z.number().int(),
})

/** An agenda in the sidebar with its queue counts; a negative id is one created offline, not yet sent. */
export const agendaSummarySchema = z.object({
  id: agendaRefSchema,
  name: z.string(),
  /** ISO 4217, the agenda's home currency (null when the service sends none). */
  homeCurrency: z.string().nullable(),
  counts: queueCountsSchema,
  /** Previews of its review queues are copied for offline use (default: opened in the last 30 days). */
  availableOffline: z.boolean(),
  /** Originals of its review queues are copied too (off by default). */
  keepOriginalsOffline: z.boolean(),
})
export type AgendaSummary = z.infer<typeof agendaSummarySchema>

/** An agenda as the agenda form shows it. */
export const agendaViewSchema = z.object({
  agenda: agendaSchema,
  /** False for agendas the user does not own: the form is read-only. */
  editable: z.boolean(),
  /** Why it is read-only (the service's 403 message or "only the owner ..."). */
  readOnlyReason: z.string().nullable(),
})
export type AgendaView = z.infer<typeof agendaViewSchema>

/**
 * Channels of agendas (the service's folders of documents). `agendas.list` reads the local
 * store; creating and editing call the service directly and need a connection. Errors that
 * reach the renderer besides the IPC's own:
 * - `validation`: `details` is `FieldErrorDetails` (src/shared/ipc/fields.ts) (local rules or the service's 422);
 * - `forbidden`: not the agenda's owner (403), message from the service;
 * - `offline`: the service cannot be reached (nothing was changed).
 */
export const agendaChannels = defineChannels({
  'agendas.list': {
    input: noInput,
    output: z.object({ agendas: z.array(agendaSummarySchema) }),
    description: 'Cached agendas with their document counts per inbox queue, for the sidebar.',
  },
  'agendas.details': {
    input: z.object({ agendaId: recordIdSchema }).strict(),
    output: agendaViewSchema,
    description: 'Fetches an agenda from the service with whether the user may edit it (owner only).',
  },
  'agendas.create': {
    input: z.object({ attributes: agendaCreateRulesSchema }).strict(),
    output: z.object({ id: recordIdSchema }),
    description: 'Creates an agenda on the service (needs a connection); 422 -> validation with details.fields.',
  },
  'agendas.update': {
    input: z.object({ agendaId: recordIdSchema, attributes: agendaUpdateRulesSchema }).strict(),
    output: agendaViewSchema,
    description: 'Updates the given agenda attributes on the service (owner only; 403 -> forbidden).',
  },
  'agendas.setOffline': {
    input: z
      .object({
        agendaId: recordIdSchema,
        availableOffline: z.boolean().optional(),
        keepOriginalsOffline: z.boolean().optional(),
      })
      .strict(),
    output: z.object({ ok: z.literal(true) }),
    description: 'Sets whether an agenda is available offline and whether its originals are kept offline (local only).',
  },
})
