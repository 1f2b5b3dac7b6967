import { z } from 'zod'
import { checkCodeSchema } from '../checks/result'

/**
 * What happened to a document, as its history lists it:
 * - an action through the outbox: `ready`, `exported` (a state change), `repair`, `archive`,
 *   `delete`, `commentCreate`, `commentUpdate`, `commentDelete`;
 * - what the service did: `returned` (its review of a repair ended, leaving `state`);
 * - the person's answers to a warning: `notDuplicate`, `acknowledged` (with a reason in `text`),
 *   `acknowledgementWithdrawn` (*Undo acknowledgement*);
 * - the person's corrections of extracted fields (kept in their own log, shared/corrections):
 *   `corrected`, `correctionWithdrawn`, `correctionSettled` (dropped because the service's own
 *   data came to say the corrected value).
 */
export const historyEventKindSchema = z.enum([
  'ready',
  'exported',
  'repair',
  'archive',
  'delete',
  'commentCreate',
  'commentUpdate',
  'commentDelete',
  'returned',
  'notDuplicate',
  'acknowledged',
  'acknowledgementWithdrawn',
  'corrected',
  'correctionWithdrawn',
  'correctionSettled',
])
export type HistoryEventKind = z.infer<typeof historyEventKindSchema>

/**
 * How an action through the outbox ended, once it left the queue or the service answered:
 * `sent` (the service has it), `refused` (the service said no; `error` says why), `undone`
 * (taken back before it was sent), `discarded` (a failed action the person dropped).
 */
export const historyOutcomeSchema = z.enum(['sent', 'refused', 'undone', 'discarded'])
export type HistoryOutcome = z.infer<typeof historyOutcomeSchema>

/** The longest text an event keeps (a comment, a repair description, a reason). */
export const MAX_HISTORY_TEXT = 10_000

/**
 * One event of a document's history as the account's local store keeps it. `at` is UTC ISO
 * 8601. `by` is the display name of the signed-in user who acted (absent for what the service
 * did, or when the name was not known), `userId` their id. `entryId` is the outbox entry an
 * action wrote (several documents may share one: a bulk action).
 */
export const historyEventSchema = z.object({
  documentId: z.number().int().positive(),
  kind: historyEventKindSchema,
  at: z.string().max(40),
  by: z.string().max(200).optional(),
  userId: z.number().int().optional(),
  /** repair: the description; commentCreate/Update: the text; acknowledged: the reason. */
  text: z.string().max(MAX_HISTORY_TEXT).optional(),
  /** returned: the state the document came back in. */
  state: z.string().max(40).optional(),
  /** notDuplicate, acknowledged, acknowledgementWithdrawn: the check answered. */
  check: checkCodeSchema.optional(),
  entryId: z.string().max(100).optional(),
  /** corrected, correctionWithdrawn, correctionSettled: the field path (shared/corrections/fields.ts). */
  field: z.string().max(200).optional(),
  /** corrected, correctionWithdrawn, correctionSettled: the corrected value. */
  value: z.string().max(MAX_HISTORY_TEXT).optional(),
  /** corrected, correctionWithdrawn, correctionSettled: what was extracted (null: nothing). */
  extracted: z.string().max(MAX_HISTORY_TEXT).nullable().optional(),
  outcome: historyOutcomeSchema.optional(),
  /** refused: the service's reason. */
  error: z.string().max(MAX_HISTORY_TEXT).optional(),
})
export type HistoryEvent = z.infer<typeof historyEventSchema>

/**
 * Where an action is now: waiting in the outbox (`pending`), refused and still in the outbox
 * or refused for good (`failed`, with `error`), with the service (`sent`), taken back
 * (`undone`), or dropped after failing (`discarded`). Absent for facts (returns, answers).
 */
export const historyStatusSchema = z.enum(['pending', 'sent', 'failed', 'undone', 'discarded'])
export type HistoryStatus = z.infer<typeof historyStatusSchema>

/** One line of a document's history as main answers it: the event, its status now, a stable key. */
export const historyItemSchema = historyEventSchema.extend({
  /** Stable and unique within the document's history (for lists). */
  key: z.string(),
  status: historyStatusSchema.optional(),
})
export type HistoryItem = z.infer<typeof historyItemSchema>

/**
 * An event of the history an earlier Docket kept in the renderer's storage (per device, not per
 * account), as `history.import` takes it. Unknown kinds and extra fields are refused.
 */
export const legacyHistoryEventSchema = z.object({
  documentId: z.number().int().positive(),
  kind: z.enum([
    'ready',
    'exported',
    'repair',
    'archive',
    'commentCreate',
    'commentUpdate',
    'commentDelete',
    'returned',
  ]),
  at: z.iso.datetime({ offset: true }),
  by: z.string().max(200).optional(),
  text: z.string().max(MAX_HISTORY_TEXT).optional(),
  state: z.string().max(40).optional(),
  entryIds: z.array(z.string().max(100)).max(100),
  undone: z.boolean().optional(),
})
export type LegacyHistoryEvent = z.infer<typeof legacyHistoryEventSchema>

/** The most events an earlier Docket kept (its cap); `history.import` takes no more. */
export const MAX_LEGACY_HISTORY_EVENTS = 3000
