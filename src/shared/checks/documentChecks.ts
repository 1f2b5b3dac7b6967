import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays'
import { intervalToDuration } from 'date-fns/intervalToDuration'
import { startOfDay } from 'date-fns/startOfDay'
import { electronicFormatIBAN, getCountrySpecifications, validateIBAN, ValidationErrorsIBAN } from 'ibantools'
import type { CheckedDocument } from './context'
import { parseHeaderDate } from './dates'
import { amountOf, roundCents, sameAmount, sumDefined } from './money'
import type { CheckResult } from './result'

/**
 * The checks of the document pane's checks panel. Each function is pure, looks at one
 * document (and for duplicates at its agenda) and answers a {@link CheckResult}: `warning`
 * flags a problem without blocking any action, `skipped` means the document lacks the data.
 * Money is in the document's currency; dates are YYYY-MM-DD (header dates: docs/service-interface.md, "Document fields").
 */

export type { CheckedDocument } from './context'
export { parseHeaderDate } from './dates'

const skipped = (code: CheckResult['code']): CheckResult => ({ code, status: 'skipped' })

/**
 * Items that restate what another item's price already includes ("Incl. Thuiskopieheffing
 * €3.50", "inkl. Pfand", "včetně recyklačního poplatku"): printed for information, not added.
 */
const INCLUDED_NOTE = /^\s*(incl\.?|inkl\.?|including|inclusief|včetně|vč\.|dont)\s/i

/**
 * Line sum (EN 16931 BR-CO-10) and document-level allowances and charges (BR-CO-13): the
 * items' net amounts, plus charges (`shipping`, `other_cost1..3`) and minus allowances
 * (`total_discount`), make `summary.sub_total`; a sum that matches without them is accepted
 * too (the allowance was taken off the items). Items whose prices include VAT are recognised,
 * not flagged: when they add up to the gross `summary.total` the result is `ok` with
 * `variant: gross`. Items that only say what another price includes ({@link INCLUDED_NOTE})
 * are left out when the sum matches without them. One cent of rounding per item (up to 5).
 * Skipped without items or without a subtotal.
 */
export function checkItemsSum(doc: CheckedDocument): CheckResult {
  const items = doc.items ?? []
  const all = items.map((item) => amountOf(item.subtotal))
  const itemsSum = sumDefined(all)
  const s = doc.summary ?? {}
  const subTotal = amountOf(s.sub_total)
  if (itemsSum === null || subTotal === null) return skipped('items_sum')
  const withoutNotes = sumDefined(items.map((item, i) => (INCLUDED_NOTE.test(item.name ?? '') ? null : all[i])))
  const charges = sumDefined([s.shipping, s.other_cost1, s.other_cost2, s.other_cost3].map(amountOf)) ?? 0
  const allowances = amountOf(s.total_discount) ?? 0
  const adjusted = (sum: number) => roundCents(sum + charges - allowances)
  const terms = Math.min(Math.max(items.length, 1), 5)
  const sums = withoutNotes !== null && withoutNotes !== itemsSum ? [itemsSum, withoutNotes] : [itemsSum]
  const rule = charges !== 0 || allowances !== 0 ? 'BR-CO-13' : 'BR-CO-10'
  const figures = charges !== 0 || allowances !== 0 ? { params: { charges, allowances } } : {}
  for (const sum of sums) {
    if (sameAmount(sum, subTotal, terms) || sameAmount(adjusted(sum), subTotal, terms)) {
      return { code: 'items_sum', status: 'ok', rule, stated: subTotal, computed: sum }
    }
  }
  const total = amountOf(s.total)
  if (total !== null && total !== subTotal) {
    for (const sum of sums) {
      if (sameAmount(sum, total, terms) || sameAmount(adjusted(sum), total, terms)) {
        return { code: 'items_sum', status: 'ok', variant: 'gross', rule, stated: total, computed: sum }
      }
    }
  }
  return { code: 'items_sum', status: 'warning', rule, stated: subTotal, computed: adjusted(itemsSum), ...figures }
}

/**
 * Invoice total with VAT (EN 16931 BR-CO-15): `sub_total + vat_total` equals `summary.total`
 * (the rounding amount, BT-114, belongs to the amount due, but a total printed with it is
 * accepted). Skipped when the total or the subtotal is missing; a VAT total that was never
 * extracted is `skipped` with `variant: vat_missing` (not read as 0: the required-fields
 * check names it).
 */
export function checkSummaryTotal(doc: CheckedDocument): CheckResult {
  const s = doc.summary
  const subTotal = amountOf(s?.sub_total)
  const vatTotal = amountOf(s?.vat_total)
  const total = amountOf(s?.total)
  if (subTotal === null || total === null) return skipped('summary_total')
  if (vatTotal === null) return { code: 'summary_total', status: 'skipped', variant: 'vat_missing' }
  const computed = roundCents(subTotal + vatTotal)
  const rounding = amountOf(s?.rounding) ?? 0
  const ok = sameAmount(computed, total, 2) || sameAmount(roundCents(computed + rounding), total, 2)
  return { code: 'summary_total', status: ok ? 'ok' : 'warning', rule: 'BR-CO-15', stated: total, computed }
}

/**
 * VAT breakdown vs totals: the tax lines' taxable amounts add up to `summary.sub_total` (the
 * sum of EN 16931 BR-S-08 over the rates: `variant: base`) and their VAT to
 * `summary.vat_total` (BR-CO-14: `variant: vat`). Reports the first mismatch. Skipped without
 * tax lines or summary amounts.
 */
export function checkTaxLines(doc: CheckedDocument): CheckResult {
  const lines = doc.tax_lines ?? []
  const linesSub = sumDefined(lines.map((line) => amountOf(line.sub_total)))
  const linesVat = sumDefined(lines.map((line) => amountOf(line.vat_total)))
  const subTotal = amountOf(doc.summary?.sub_total)
  const vatTotal = amountOf(doc.summary?.vat_total)
  if (lines.length === 0 || (linesSub === null && linesVat === null)) return skipped('tax_lines')
  if (subTotal === null && vatTotal === null) return skipped('tax_lines')
  const terms = Math.min(Math.max(lines.length, 1), 5)
  if (linesSub !== null && subTotal !== null && !sameAmount(linesSub, subTotal, terms)) {
    return {
      code: 'tax_lines',
      status: 'warning',
      variant: 'base',
      rule: 'BR-S-08',
      stated: subTotal,
      computed: linesSub,
    }
  }
  if (linesVat !== null && vatTotal !== null && !sameAmount(linesVat, vatTotal, terms)) {
    return {
      code: 'tax_lines',
      status: 'warning',
      variant: 'vat',
      rule: 'BR-CO-14',
      stated: vatTotal,
      computed: linesVat,
    }
  }
  return { code: 'tax_lines', status: 'ok', rule: 'BR-CO-14' }
}

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/

/**
 * Due date before issue date. Skipped when either date is missing or not a date, saying which
 * (`variant: no_issue_date` or `no_due_date`).
 */
export function checkDueBeforeIssue(doc: CheckedDocument): CheckResult {
  const issueText = doc.data?.header?.issue_date
  const dueText = doc.data?.header?.due_date
  // Plain YYYY-MM-DD dates compare as strings: parsing is most of the cost of an inbox row.
  if (issueText && dueText && PLAIN_DATE.test(issueText) && PLAIN_DATE.test(dueText) && dueText >= issueText) {
    return { code: 'due_before_issue', status: 'ok' }
  }
  const issue = parseHeaderDate(issueText)
  const due = parseHeaderDate(dueText)
  if (!issue) return { code: 'due_before_issue', status: 'skipped', variant: 'no_issue_date' }
  if (!due) return { code: 'due_before_issue', status: 'skipped', variant: 'no_due_date' }
  const days = differenceInCalendarDays(issue, due)
  const params = { issue: (issueText ?? '').slice(0, 10), due: (dueText ?? '').slice(0, 10) }
  return days > 0
    ? { code: 'due_before_issue', status: 'warning', days, params }
    : { code: 'due_before_issue', status: 'ok' }
}

/**
 * Overdue: the due date is before `today` (the user's calendar day). `days` says by how
 * many days, `duration` the same in calendar years, months and days, for the words
 * ("overdue by 3 years 8 months"). Skipped without a due date.
 */
export function checkOverdue(doc: CheckedDocument, today: Date): CheckResult {
  const due = parseHeaderDate(doc.data?.header?.due_date)
  if (!due) return skipped('overdue')
  const days = differenceInCalendarDays(today, due)
  const params = { date: (doc.data?.header?.due_date ?? '').slice(0, 10) }
  if (days <= 0) return { code: 'overdue', status: 'ok', params }
  const span = intervalToDuration({ start: startOfDay(due), end: startOfDay(today) })
  const duration = { years: span.years ?? 0, months: span.months ?? 0, days: span.days ?? 0 }
  return { code: 'overdue', status: 'warning', days, duration, params }
}

/** True when a due date (YYYY-MM-DD) is before `today`; false when absent or invalid. */
export function isOverdue(dueDate: string | null | undefined, today: Date): boolean {
  const due = parseHeaderDate(dueDate)
  return due !== null && differenceInCalendarDays(today, due) > 0
}

/**
 * IBAN (ISO 13616: the country's length and format, and the mod-97 check digits, via
 * ibantools) of the bank account's IBAN, or the supplier's when the bank account has none.
 * A failure says what is wrong (`variant`): `country` (no IBAN country, e.g. "US…"),
 * `length` (with `params.length` and the country's `expected`), `format`, or `checksum`.
 * Skipped without an IBAN.
 */
export function checkIban(doc: CheckedDocument): CheckResult {
  const raw = doc.bank_account?.iban || doc.supplier?.iban
  if (!raw || !raw.trim()) return skipped('iban')
  const iban = electronicFormatIBAN(raw) ?? raw.replace(/\s+/g, '').toUpperCase()
  const { valid, errorCodes } = validateIBAN(iban)
  if (valid) return { code: 'iban', status: 'ok', iban }
  const country = iban.slice(0, 2)
  const has = (code: ValidationErrorsIBAN) => errorCodes.includes(code)
  if (has(ValidationErrorsIBAN.NoIBANCountry)) {
    return { code: 'iban', status: 'warning', variant: 'country', iban, params: { country } }
  }
  const expected = getCountrySpecifications()[country]?.chars
  if (has(ValidationErrorsIBAN.WrongBBANLength) && expected && expected !== iban.length) {
    return {
      code: 'iban',
      status: 'warning',
      variant: 'length',
      iban,
      params: { country, length: iban.length, expected },
    }
  }
  const variant = has(ValidationErrorsIBAN.WrongBBANFormat) ? 'format' : 'checksum'
  return { code: 'iban', status: 'warning', variant, iban, params: { country } }
}
