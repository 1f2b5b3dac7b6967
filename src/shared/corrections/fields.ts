import type { Document } from '../api/document'
import { decimalOfAmount } from '../checks/money'

/**
 * The fields of a document a person can correct: those the data pane shows one value for
 * (header, supplier and customer, bank account, summary and tax lines). A field is named by
 * its path in the wire document: `header.invoice_no`, `supplier.vat_id`, `bank_account.iban`,
 * `summary.total`, `tax_lines.0.vat_total` (the tax line by its index in `tax_lines`).
 */

/** How a field's value is typed, checked and compared. */
export type FieldKind =
  /** An identifier (invoice no., symbols, company IDs): text on one line, at most 64 characters. */
  | 'id'
  /** Free text (a name, a reference): at most 200 characters. */
  | 'text'
  /** A calendar day, YYYY-MM-DD. */
  | 'date'
  /** An amount in the document's currency: an exact decimal string. */
  | 'amount'
  /** A number that is not money (a VAT rate in percent, an exchange rate): an exact decimal string. */
  | 'number'
  /** An ISO 4217 currency code. */
  | 'currency'
  /** An IBAN (electronic format, checksum checked). */
  | 'iban'
  /** A BIC (8 or 11 characters). */
  | 'bic'

/** The header fields that can be corrected, with their kinds. */
export const HEADER_FIELDS = {
  invoice_no: 'id',
  variable_symbol: 'id',
  specific_symbol: 'id',
  issue_date: 'date',
  tax_date: 'date',
  due_date: 'date',
  currency: 'currency',
  currency_rate: 'number',
  purchase_order_no: 'id',
  reference: 'text',
} as const satisfies Record<string, FieldKind>

/** The fields of a party (supplier, customer) that can be corrected. */
export const PARTY_FIELDS = { name: 'text', id: 'id', tax_id: 'id', vat_id: 'id' } as const satisfies Record<
  string,
  FieldKind
>

/** The bank account fields that can be corrected. */
export const BANK_FIELDS = { iban: 'iban', bic: 'bic' } as const satisfies Record<string, FieldKind>

/** The summary amounts that can be corrected. */
export const SUMMARY_FIELDS = {
  sub_total: 'amount',
  vat_total: 'amount',
  shipping: 'amount',
  total_discount: 'amount',
  rounding: 'amount',
  paid_deposits: 'amount',
  total: 'amount',
} as const satisfies Record<string, FieldKind>

/** The tax line fields that can be corrected. */
export const TAX_LINE_FIELDS = {
  percent: 'number',
  sub_total: 'amount',
  vat_total: 'amount',
  total: 'amount',
} as const satisfies Record<string, FieldKind>

/** Tax lines beyond this index cannot be corrected (no invoice has that many rates). */
export const MAX_TAX_LINE_INDEX = 49

/** A correctable field's path, parsed. */
export type FieldRef =
  | { section: 'header'; name: keyof typeof HEADER_FIELDS }
  | { section: 'supplier' | 'customer'; name: keyof typeof PARTY_FIELDS }
  | { section: 'bank_account'; name: keyof typeof BANK_FIELDS }
  | { section: 'summary'; name: keyof typeof SUMMARY_FIELDS }
  | { section: 'tax_lines'; index: number; name: keyof typeof TAX_LINE_FIELDS }

const has = <T extends object>(table: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(table, key)

/** The field a path names, or null when the path is not a correctable field. */
export function parseFieldPath(path: string): FieldRef | null {
  const parts = path.split('.')
  const [section, a, b] = parts
  if (parts.length === 2 && a !== undefined) {
    if (section === 'header' && has(HEADER_FIELDS, a)) return { section, name: a }
    if ((section === 'supplier' || section === 'customer') && has(PARTY_FIELDS, a)) return { section, name: a }
    if (section === 'bank_account' && has(BANK_FIELDS, a)) return { section, name: a }
    if (section === 'summary' && has(SUMMARY_FIELDS, a)) return { section, name: a }
  }
  if (parts.length === 3 && section === 'tax_lines' && a !== undefined && b !== undefined && /^\d{1,2}$/.test(a)) {
    const index = Number(a)
    if (index <= MAX_TAX_LINE_INDEX && has(TAX_LINE_FIELDS, b)) return { section, index, name: b }
  }
  return null
}

/** The kind of a field. */
export function kindOf(ref: FieldRef): FieldKind {
  switch (ref.section) {
    case 'header':
      return HEADER_FIELDS[ref.name]
    case 'supplier':
    case 'customer':
      return PARTY_FIELDS[ref.name]
    case 'bank_account':
      return BANK_FIELDS[ref.name]
    case 'summary':
      return SUMMARY_FIELDS[ref.name]
    case 'tax_lines':
      return TAX_LINE_FIELDS[ref.name]
  }
}

/**
 * The service's value of a field in `doc` as a string (amounts and numbers as exact decimals,
 * dates as YYYY-MM-DD), or null when it was not extracted. The bank account's IBAN and BIC
 * fall back to the supplier's, as the data pane shows them.
 */
export function fieldValueOf(doc: Document, ref: FieldRef): string | null {
  const raw = rawValueOf(doc, ref)
  if (raw === null || raw === undefined) return null
  const kind = kindOf(ref)
  if (kind === 'amount' || kind === 'number') return typeof raw === 'number' ? decimalOfAmount(raw) : textOf(raw)
  const text = textOf(raw)
  if (text === null) return null
  return kind === 'date' ? text.slice(0, 10) : text
}

function textOf(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null
  if (typeof value !== 'string') return null
  const trimmed = value.trim()
  return trimmed === '' ? null : trimmed
}

function rawValueOf(doc: Document, ref: FieldRef): unknown {
  switch (ref.section) {
    case 'header':
      return doc.data?.header?.[ref.name]
    case 'supplier':
    case 'customer':
      return doc[ref.section]?.[ref.name]
    case 'bank_account':
      return textOf(doc.bank_account?.[ref.name]) ?? doc.supplier?.[ref.name]
    case 'summary':
      return doc.summary?.[ref.name]
    case 'tax_lines':
      return doc.tax_lines?.[ref.index]?.[ref.name]
  }
}

/**
 * Writes `value` (already normalised for the field's kind) into `doc` in place: amounts and
 * numbers as JSON numbers, everything else as strings. Missing objects (a header, a summary,
 * a bank account) are created; a tax line that does not exist is left alone (false).
 */
export function writeFieldValue(doc: Document, ref: FieldRef, value: string): boolean {
  const kind = kindOf(ref)
  const wire: string | number =
    kind === 'amount' || (kind === 'number' && ref.name !== 'currency_rate') ? Number(value) : value
  switch (ref.section) {
    case 'header': {
      const data = (doc.data ??= {})
      const header = (data.header ??= {})
      ;(header as Record<string, unknown>)[ref.name] = wire
      return true
    }
    case 'supplier':
    case 'customer': {
      const party = (doc[ref.section] ??= {})
      ;(party as Record<string, unknown>)[ref.name] = wire
      return true
    }
    case 'bank_account': {
      const account = (doc.bank_account ??= {})
      ;(account as Record<string, unknown>)[ref.name] = wire
      return true
    }
    case 'summary': {
      const summary = (doc.summary ??= {})
      ;(summary as Record<string, unknown>)[ref.name] = wire
      return true
    }
    case 'tax_lines': {
      const line = doc.tax_lines?.[ref.index]
      if (!line) return false
      ;(line as Record<string, unknown>)[ref.name] = wire
      return true
    }
  }
}

/** English names of the correctable fields, as export files name them. */
const FIELD_NAMES: Record<string, string> = {
  invoice_no: 'Invoice no.',
  variable_symbol: 'Variable symbol',
  specific_symbol: 'Specific symbol',
  issue_date: 'Issue date',
  tax_date: 'Tax date',
  due_date: 'Due date',
  currency: 'Currency',
  currency_rate: 'Exchange rate',
  purchase_order_no: 'Order no.',
  reference: 'Reference',
  name: 'name',
  id: 'company ID',
  tax_id: 'tax ID',
  vat_id: 'VAT ID',
  iban: 'IBAN',
  bic: 'BIC',
  sub_total: 'Subtotal',
  vat_total: 'VAT',
  shipping: 'Shipping',
  total_discount: 'Discount',
  rounding: 'Rounding',
  paid_deposits: 'Paid deposits',
  total: 'Total',
  percent: 'rate',
}

/**
 * The English name of a field for export files and logs: `Total`, `Supplier VAT ID`,
 * `Tax line 1 VAT`. The renderer names fields through its own catalogs.
 */
export function fieldNameOf(path: string): string {
  const ref = parseFieldPath(path)
  if (!ref) return path
  const name = FIELD_NAMES[ref.name] ?? ref.name
  switch (ref.section) {
    case 'supplier':
      return `Supplier ${name}`
    case 'customer':
      return `Customer ${name}`
    case 'tax_lines':
      return `Tax line ${ref.index + 1} ${ref.name === 'percent' ? 'rate' : name === 'Subtotal' ? 'base' : name}`
    default:
      return name
  }
}
