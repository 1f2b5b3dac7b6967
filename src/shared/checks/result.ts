import { z } from 'zod'

/**
 * What the checks panel beside the invoice image shows. Each check flags without
 * blocking. Messages are not here: the renderer turns `code` (+ `variant`) and the figures
 * in `params` into text (`documents.check.<code>.<status>[.<variant>]`).
 */
export const CHECK_CODES = [
  'required_fields',
  'total_sign',
  'items_sum',
  'summary_total',
  'tax_lines',
  'tax_rate',
  'exchange_rate',
  'vat_id',
  'counterparty',
  'due_before_issue',
  'overdue',
  'iban',
  'duplicate',
  'vat_per_rate',
  'amount_due',
  'payment_terms',
  'reverse_charge',
  'exempt_reason',
  'bank_account_change',
  'einvoice',
  'total_on_invoice',
  'qr_iban',
] as const
export const checkCodeSchema = z.enum(CHECK_CODES)
export type CheckCode = z.infer<typeof checkCodeSchema>

/**
 * `ok` passed, `warning` flagged (never blocks an action), `skipped` not enough data to check,
 * `acknowledged` a warning the person answered (*Not a duplicate*, *Acknowledge* with a reason).
 */
export const checkStatusSchema = z.enum(['ok', 'warning', 'skipped', 'acknowledged'])
export type CheckStatus = z.infer<typeof checkStatusSchema>

/** The extracted fields a document cannot be booked without (shown as "not extracted", never 0). */
export const REQUIRED_FIELDS = [
  'invoice_no',
  'issue_date',
  'total',
  'vat_total',
  'supplier_name',
  'supplier_vat_id',
] as const
export const requiredFieldSchema = z.enum(REQUIRED_FIELDS)
export type RequiredField = z.infer<typeof requiredFieldSchema>

export const checkResultSchema = z.object({
  code: checkCodeSchema,
  status: checkStatusSchema,
  /**
   * The EN 16931 business rule the check applies, as a validator names it (`BR-CO-10`,
   * `BR-S-08`, `BR-AE-02`...), where one applies; the panel shows it beside the reason.
   */
  rule: z.string().max(20).optional(),
  /**
   * True when the check is about the money the books receive (sums, VAT, rates, amount due,
   * reverse charge): a warning of such a check means the figures cannot be booked as they are.
   * Set by `runChecks` from {@link MONEY_CHECK_CODES}.
   */
  money: z.boolean().optional(),
  /** Which wording of the result applies (e.g. total_sign: `zero`, `negative`, `credit_positive`). */
  variant: z.string().max(40).optional(),
  /** The amount the document states (document's currency), where the check compares money. */
  stated: z.number().optional(),
  /** The amount computed from other fields (document's currency). */
  computed: z.number().optional(),
  /** overdue: whole days past the due date. */
  days: z.number().int().optional(),
  /** overdue: how long past the due date, in calendar years, months and days. */
  duration: z.object({ years: z.number().int(), months: z.number().int(), days: z.number().int() }).optional(),
  /** iban: the IBAN checked, electronic format. */
  iban: z.string().optional(),
  /** duplicate: ids of the other documents of the account (any agenda) that look like the same invoice. */
  documentIds: z.array(z.number().int()).optional(),
  /** required_fields: the fields that were not extracted. */
  fields: z.array(requiredFieldSchema).optional(),
  /** bank_account_change: the earlier document whose account differs. */
  documentId: z.number().int().optional(),
  /** The other figures the check compared, by name (rates, percents, VAT IDs, currencies, names). */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /**
   * Status `acknowledged`: how the person answered the warning, when (UTC ISO 8601), who (user
   * id) and why (acknowledgement.ts).
   */
  acknowledged: z
    .object({
      kind: z.enum(['not_duplicate', 'acknowledged']),
      reason: z.string().nullable(),
      at: z.string(),
      userId: z.number().int(),
    })
    .optional(),
})
export type CheckResult = z.infer<typeof checkResultSchema>

/**
 * The checks about money the books receive: their warnings mean the figures (sums, VAT per
 * rate, the exchange rate, the amount due, how VAT is charged) do not hold as extracted.
 * Exports list documents failing one of these before writing them.
 */
export const MONEY_CHECK_CODES: ReadonlySet<CheckCode> = new Set<CheckCode>([
  'total_sign',
  'items_sum',
  'summary_total',
  'tax_lines',
  'tax_rate',
  'exchange_rate',
  'vat_per_rate',
  'amount_due',
  'reverse_charge',
  'exempt_reason',
])

/** True for a check about money ({@link MONEY_CHECK_CODES}). */
export function isMoneyCheck(code: CheckCode): boolean {
  return MONEY_CHECK_CODES.has(code)
}

/**
 * True when a warning is about the money the books receive ({@link isMoneyCheck}): a sum, VAT
 * per rate, the rate, the amount due, how VAT is charged, or a total or VAT total that was not
 * extracted. A reverse charge that the invoice notes properly is a question, not a money fault.
 */
export function isMoneyFailure(result: CheckResult): boolean {
  if (result.status !== 'warning') return false
  if (result.code === 'required_fields') {
    return !!result.fields?.some((field) => field === 'total' || field === 'vat_total')
  }
  if (result.code === 'reverse_charge') return result.variant !== 'noted'
  return isMoneyCheck(result.code)
}
