import { z } from 'zod'

/**
 * What the checks panel beside the invoice image shows. Each check flags without
 * blocking. Messages are not here: the renderer turns `code` + the values into text.
 */
export const CHECK_CODES = [
  'items_sum',
  'summary_total',
  'tax_lines',
  'due_before_issue',
  'overdue',
  'iban',
  'duplicate',
] as const
export const checkCodeSchema = z.enum(CHECK_CODES)
export type CheckCode = z.infer<typeof checkCodeSchema>

/** `ok` passed, `warning` flagged (never blocks an action), `skipped` not enough data to check. */
export const checkStatusSchema = z.enum(['ok', 'warning', 'skipped'])
export type CheckStatus = z.infer<typeof checkStatusSchema>

export const checkResultSchema = z.object({
  code: checkCodeSchema,
  status: checkStatusSchema,
  /** The amount the document states (document's currency), where the check compares money. */
  stated: z.number().optional(),
  /** The amount computed from other fields (document's currency). */
  computed: z.number().optional(),
  /** overdue: whole days past the due date. */
  days: z.number().int().optional(),
  /** iban: the IBAN checked, electronic format. */
  iban: z.string().optional(),
  /** duplicate: ids of the other documents of the agenda with the same supplier + invoice number. */
  documentIds: z.array(z.number().int()).optional(),
})
export type CheckResult = z.infer<typeof checkResultSchema>
