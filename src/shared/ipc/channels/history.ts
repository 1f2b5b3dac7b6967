import { z } from 'zod'
import { historyItemSchema, legacyHistoryEventSchema, MAX_LEGACY_HISTORY_EVENTS } from '../../history/events'
import { documentIdSchema } from '../../outbox/actions'
import { defineChannels } from '../define'

/** Channels of a document's history, kept in the signed-in account's local store. */
export const historyChannels = defineChannels({
  'history.list': {
    input: z.object({ documentId: documentIdSchema }).strict(),
    output: z.object({ items: z.array(historyItemSchema) }),
    description:
      "A document's history in this account (actions with who, when and where they are now, returns from repair, answers to warnings), oldest first.",
  },
  'history.import': {
    input: z.object({ events: z.array(legacyHistoryEventSchema).max(MAX_LEGACY_HISTORY_EVENTS) }).strict(),
    output: z.object({
      /** Events written into this account's history. */
      imported: z.number().int().nonnegative(),
      /** Events left out: their document is not in this account's store. */
      dropped: z.number().int().nonnegative(),
      /** True when this account had imported a history before: nothing was written. */
      alreadyDone: z.boolean(),
    }),
    description:
      "Moves the history an earlier Docket kept in the window's storage into this account's store, once per account.",
  },
})
