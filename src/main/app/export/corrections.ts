import type { Document } from '../../../shared/api'
import { fieldNameOf, type Correction } from '../../../shared/corrections'

/**
 * How exports carry the person's corrections. The documents an export reads from the
 * workspace already hold the corrected values (offline/corrections.ts `correctedView`); this
 * says which values those are, so every file marks them as corrected and keeps what the
 * service extracted.
 */

/** The corrections in force on an exported document ([] when none). */
export function correctionsOf(doc: Document): readonly Correction[] {
  const local = (doc as { local?: { corrections?: Correction[] } }).local
  return local?.corrections ?? []
}

/** The corrections of each exported document that has some, by document id. */
export function correctionsById(documents: readonly Document[]): Map<number, readonly Correction[]> {
  const byId = new Map<number, readonly Correction[]>()
  for (const doc of documents) {
    const corrections = correctionsOf(doc)
    if (corrections.length > 0) byId.set(doc.id, corrections)
  }
  return byId
}

/**
 * One correction in words: `Total 592.87 (extracted 529.87; Jana Nováková, 2026-11-28)`;
 * `not extracted` when the service had no value.
 */
export function describeCorrection(correction: Correction): string {
  const who = [correction.by, correction.at.slice(0, 10)].filter(Boolean).join(', ')
  const extracted = correction.extracted === null ? 'not extracted' : `extracted ${correction.extracted}`
  return `${fieldNameOf(correction.field)} ${correction.value} (${extracted}; ${who})`
}

/** The note an export file gives a corrected document; null without corrections. */
export function correctionNote(corrections: readonly Correction[]): string | null {
  if (corrections.length === 0) return null
  return `Corrected in Docket against the invoice (not as the service extracted): ${corrections.map(describeCorrection).join('; ')}.`
}

/** The field each documents-file column shows, for the columns a correction can change. */
export const COLUMN_FIELDS: Readonly<Record<string, string>> = {
  invoice_no: 'header.invoice_no',
  variable_symbol: 'header.variable_symbol',
  issue_date: 'header.issue_date',
  tax_date: 'header.tax_date',
  due_date: 'header.due_date',
  currency: 'header.currency',
  currency_rate: 'header.currency_rate',
  supplier_name: 'supplier.name',
  supplier_id: 'supplier.id',
  supplier_vat_id: 'supplier.vat_id',
  customer_name: 'customer.name',
  customer_id: 'customer.id',
  customer_vat_id: 'customer.vat_id',
  iban: 'bank_account.iban',
  bic: 'bank_account.bic',
  sub_total: 'summary.sub_total',
  vat_total: 'summary.vat_total',
  total: 'summary.total',
  home_sub_total: 'summary.sub_total',
  home_vat_total: 'summary.vat_total',
  home_total: 'summary.total',
}
