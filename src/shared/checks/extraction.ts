import { amountOf } from './money'
import { isCreditNote, type CheckedDocument } from './context'
import type { CheckResult, RequiredField } from './result'

const blank = (value: string | null | undefined): boolean => !value || value.trim() === ''

/**
 * Required fields: the invoice number, issue date, total, VAT total (unless the tax lines
 * state it), supplier name and supplier VAT ID must have been extracted. A missing amount is
 * reported as not extracted, never read as 0. The supplier's VAT ID is not asked of a
 * supplier outside the EU (its country is known and is not an EU member), who has none.
 */
export function checkRequiredFields(doc: CheckedDocument, isEuCountry: (country: string) => boolean): CheckResult {
  const header = doc.data?.header
  const fields: RequiredField[] = []
  if (blank(header?.invoice_no)) fields.push('invoice_no')
  if (blank(header?.issue_date)) fields.push('issue_date')
  if (amountOf(doc.summary?.total) === null) fields.push('total')
  // A VAT total the extraction never found is not 0 %: it is asked for, unless nothing is
  // known of the amounts at all (then the total is what is missing).
  if (amountOf(doc.summary?.vat_total) === null && !vatKnownFromLines(doc)) fields.push('vat_total')
  if (blank(doc.supplier?.name)) fields.push('supplier_name')
  const country = doc.supplier?.country?.trim().toUpperCase()
  const foreign = !!country && !isEuCountry(country)
  if (blank(doc.supplier?.vat_id) && !foreign) fields.push('supplier_vat_id')
  return fields.length > 0
    ? { code: 'required_fields', status: 'warning', fields, params: { count: fields.length } }
    : { code: 'required_fields', status: 'ok' }
}

/** True when the tax lines state VAT for every rate: the VAT total then follows from them. */
function vatKnownFromLines(doc: CheckedDocument): boolean {
  const lines = doc.tax_lines ?? []
  return lines.length > 0 && lines.every((line) => amountOf(line.vat_total) !== null)
}

/**
 * The sign of the total: an invoice (not a credit note) whose total is zero or negative, or
 * a credit note whose total is positive, is flagged with the total it states. Skipped when
 * the total was not extracted (the required-fields check says so).
 */
export function checkTotalSign(doc: CheckedDocument): CheckResult {
  const total = amountOf(doc.summary?.total)
  if (total === null) return { code: 'total_sign', status: 'skipped' }
  if (isCreditNote(doc)) {
    return total > 0
      ? { code: 'total_sign', status: 'warning', variant: 'credit_positive', stated: total }
      : { code: 'total_sign', status: 'ok', stated: total }
  }
  if (total === 0) return { code: 'total_sign', status: 'warning', variant: 'zero', stated: total }
  if (total < 0) return { code: 'total_sign', status: 'warning', variant: 'negative', stated: total }
  return { code: 'total_sign', status: 'ok', stated: total }
}
