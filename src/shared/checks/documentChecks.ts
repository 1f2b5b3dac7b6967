import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays'
import { intervalToDuration } from 'date-fns/intervalToDuration'
import { startOfDay } from 'date-fns/startOfDay'
import { electronicFormatIBAN, isValidIBAN } from 'ibantools'
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
 * Items vs subtotal: the items' subtotals add up to `summary.sub_total`, either alone or
 * together with shipping and other costs minus the total discount. Skipped without items
 * or without a subtotal.
 */
export function checkItemsSum(doc: CheckedDocument): CheckResult {
  const items = doc.items ?? []
  const itemsSum = sumDefined(items.map((item) => amountOf(item.subtotal)))
  const subTotal = amountOf(doc.summary?.sub_total)
  if (itemsSum === null || subTotal === null) return skipped('items_sum')
  const s = doc.summary ?? {}
  const extras = sumDefined([s.shipping, s.other_cost1, s.other_cost2, s.other_cost3].map(amountOf)) ?? 0
  const discount = amountOf(s.total_discount) ?? 0
  const terms = Math.min(Math.max(items.length, 1), 5)
  const ok =
    sameAmount(itemsSum, subTotal, terms) || sameAmount(roundCents(itemsSum + extras - discount), subTotal, terms)
  return { code: 'items_sum', status: ok ? 'ok' : 'warning', stated: subTotal, computed: itemsSum }
}

/**
 * Subtotal + VAT vs total: `sub_total + vat_total` (plus `rounding` where given) equals
 * `summary.total`. Skipped when any of the three is missing.
 */
export function checkSummaryTotal(doc: CheckedDocument): CheckResult {
  const s = doc.summary
  const subTotal = amountOf(s?.sub_total)
  const vatTotal = amountOf(s?.vat_total)
  const total = amountOf(s?.total)
  if (subTotal === null || vatTotal === null || total === null) return skipped('summary_total')
  const computed = roundCents(subTotal + vatTotal)
  const rounding = amountOf(s?.rounding) ?? 0
  const ok = sameAmount(computed, total, 2) || sameAmount(roundCents(computed + rounding), total, 2)
  return { code: 'summary_total', status: ok ? 'ok' : 'warning', stated: total, computed }
}

/**
 * Tax lines vs summary: the tax lines' bases add up to `summary.sub_total` and their VAT to
 * `summary.vat_total`. Reports the first mismatch (subtotal, then VAT). Skipped without tax
 * lines or summary amounts.
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
    return { code: 'tax_lines', status: 'warning', stated: subTotal, computed: linesSub }
  }
  if (linesVat !== null && vatTotal !== null && !sameAmount(linesVat, vatTotal, terms)) {
    return { code: 'tax_lines', status: 'warning', stated: vatTotal, computed: linesVat }
  }
  return { code: 'tax_lines', status: 'ok' }
}

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/

/** Due date before issue date. Skipped when either date is missing or not a date. */
export function checkDueBeforeIssue(doc: CheckedDocument): CheckResult {
  const issueText = doc.data?.header?.issue_date
  const dueText = doc.data?.header?.due_date
  // Plain YYYY-MM-DD dates compare as strings: parsing is most of the cost of an inbox row.
  if (issueText && dueText && PLAIN_DATE.test(issueText) && PLAIN_DATE.test(dueText) && dueText >= issueText) {
    return { code: 'due_before_issue', status: 'ok' }
  }
  const issue = parseHeaderDate(issueText)
  const due = parseHeaderDate(dueText)
  if (!issue || !due) return skipped('due_before_issue')
  const days = differenceInCalendarDays(issue, due)
  return days > 0 ? { code: 'due_before_issue', status: 'warning', days } : { code: 'due_before_issue', status: 'ok' }
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
  if (days <= 0) return { code: 'overdue', status: 'ok' }
  const span = intervalToDuration({ start: startOfDay(due), end: startOfDay(today) })
  const duration = { years: span.years ?? 0, months: span.months ?? 0, days: span.days ?? 0 }
  return { code: 'overdue', status: 'warning', days, duration }
}

/** True when a due date (YYYY-MM-DD) is before `today`; false when absent or invalid. */
export function isOverdue(dueDate: string | null | undefined, today: Date): boolean {
  const due = parseHeaderDate(dueDate)
  return due !== null && differenceInCalendarDays(today, due) > 0
}

/**
 * IBAN checksum (ISO 13616 mod-97 and country format, via ibantools) of the bank account's
 * IBAN, or the supplier's when the bank account has none. Skipped without an IBAN.
 */
export function checkIban(doc: CheckedDocument): CheckResult {
  const raw = doc.bank_account?.iban || doc.supplier?.iban
  if (!raw || !raw.trim()) return skipped('iban')
  const iban = electronicFormatIBAN(raw) ?? raw.replace(/\s+/g, '').toUpperCase()
  return { code: 'iban', status: isValidIBAN(iban) ? 'ok' : 'warning', iban }
}
