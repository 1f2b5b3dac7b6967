/**
 * The sandbox's resource shapes, as the service returns them (docs/service-interface.md,
 * "Resources"), and the extracted data a document carries before the store gives its
 * tax lines and items their ids. Money is a number in the document's currency; timestamps are
 * ISO 8601 UTC strings with milliseconds; dates are `YYYY-MM-DD` or null.
 */

/** Supplier or customer of a document. Bank fields are null when unknown. */
export interface Party {
  name: string
  id: string
  tax_id: string
  vat_id: string
  street: string
  city: string
  postal_code: string
  country: string
  iban: string | null
  bic: string | null
  bban: string | null
  bank_code: string | null
}

/** `data.header` of a document. */
export interface Header {
  locale: string
  invoice_text: string
  invoice_no: string
  sepa_reference: string
  variable_symbol: string
  specific_symbol: string
  issue_date: string | null
  tax_date: string | null
  due_date: string | null
  currency: string
  currency_rate: string
  text: string
  customer_no: string
  purchase_order_no: string
  reference: string
  delivery_note_no: string
  card_no: string
}

/** Document totals, in the document's currency. */
export interface Summary {
  shipping: number
  other_cost1: number
  other_cost2: number
  other_cost3: number
  total_discount: number
  payment_amount: number | null
  paid_deposits: number
  rounding: number
  /** null when the extraction did not find it (the service sends null, never a made-up 0). */
  sub_total: number | null
  /** null when the extraction did not find it. */
  vat_total: number | null
  /** null when the extraction did not find it. */
  total: number | null
}

export interface TaxLine {
  id: number
  percent: number
  sub_total: number
  vat_total: number
  total: number
  paid_deposits: number
}

export interface Item {
  id: number
  code: string
  name: string
  quantity: number
  unit: string
  unit_price: number
  tax_rate: number
  subtotal: number
  tax: number
  total: number
  discount_rate: number
  discount: number
}

export interface BankAccount {
  bban: string
  bank_code: string
  bic: string | null
  iban: string | null
}

/** What extraction yields for one document; tax lines and items have no ids yet. */
export interface ExtractedData {
  invoice_type: number
  header: Header
  supplier: Party
  customer: Party
  summary: Summary
  bank_account: BankAccount
  tax_lines: Omit<TaxLine, 'id'>[]
  items: Omit<Item, 'id'>[]
}

export type DocumentType = 'PurchaseInvoice' | 'SalesInvoice'

/** Every document state published clients know (docs/service-interface.md, "States"). */
export const DOCUMENT_STATES = [
  'uploaded',
  'extracting',
  'templating',
  'extracted',
  'verifying',
  'verifying_individual',
  'extracting_items',
  'repairing',
  'ready',
  'not_ready',
  'parent',
  'trash',
  'file_duplicate',
  'data_duplicate',
  'exporting',
  'auto_exporting',
  'exported',
  'auto_exported',
] as const
export type DocumentState = (typeof DOCUMENT_STATES)[number]

/** A Document exactly as GET /api/v1_2/documents returns it. */
export interface ApiDocument {
  links: { self: { href: string } }
  id: number
  type: DocumentType
  created_at: string
  last_modified_at: string
  state: DocumentState
  comments_count: number
  view_detail: string
  verificator_response: string
  parent_document_id: number | null
  preview: string
  original: string
  user_file_name: string
  invoice_type: number
  bank_account: BankAccount
  payment_options: Record<string, unknown>
  data: { header: Header }
  supplier: Party
  customer: Party
  summary: Summary
  tax_lines: TaxLine[]
  items: Item[]
}

export interface AgendaAddress {
  street: string | null
  building_no: string | null
  city: string | null
  postal_code: string | null
  country: string | null
}

/** An Agenda (folder) as the service returns it. */
export interface ApiAgenda {
  links: {
    self: { href: string }
    owner: { id: number; href: string; type: 'users' }
  }
  id: number
  name: string
  address: AgendaAddress
  company_id: string | null
  company_tax_id: string | null
  company_vat_id: string | null
  home_currency: string
  email_alias: string
  email_whitelist: string
  external_id: string | null
  default_view_detail: string
  active_addons: string[]
}

/** A Comment as the service returns it. */
export interface ApiComment {
  links: {
    self: { href: string }
    author: { id: number; href: string; name: string; surname: string; type: 'users' }
    document: { id: number; href: string; type: 'documents' }
  }
  text: string
  author_id: number
  document_id: number
  state: string
  uuid: string
  created_at: string
  last_modified_at: string
}

/** A User as the service returns it. */
export interface ApiUser {
  id: number
  email: string
  name: string
  surname: string
}

/** An empty party: every string field empty, bank fields null. */
export function emptyParty(): Party {
  return {
    name: '',
    id: '',
    tax_id: '',
    vat_id: '',
    street: '',
    city: '',
    postal_code: '',
    country: '',
    iban: null,
    bic: null,
    bban: null,
    bank_code: null,
  }
}

/** An empty header in the given currency. */
export function emptyHeader(currency = ''): Header {
  return {
    locale: 'en',
    invoice_text: '',
    invoice_no: '',
    sepa_reference: '',
    variable_symbol: '',
    specific_symbol: '',
    issue_date: null,
    tax_date: null,
    due_date: null,
    currency,
    currency_rate: '1.0',
    text: '',
    customer_no: '',
    purchase_order_no: '',
    reference: '',
    delivery_note_no: '',
    card_no: '',
  }
}

/** A summary with every amount 0. */
export function emptySummary(): Summary {
  return {
    shipping: 0,
    other_cost1: 0,
    other_cost2: 0,
    other_cost3: 0,
    total_discount: 0,
    payment_amount: 0,
    paid_deposits: 0,
    rounding: 0,
    sub_total: 0,
    vat_total: 0,
    total: 0,
  }
}

/** Extracted data with no facts: what an upload that matches no fixture ends with. */
export function emptyExtractedData(): ExtractedData {
  return {
    invoice_type: 0,
    header: emptyHeader(),
    supplier: emptyParty(),
    customer: emptyParty(),
    summary: emptySummary(),
    bank_account: { bban: '', bank_code: '', bic: null, iban: null },
    tax_lines: [],
    items: [],
  }
}

/**
 * Rounds an amount to cents, half away from zero, on the decimal value as written
 * (16.935 -> 16.94 although 16.935 is stored as 16.93499...).
 */
export function roundMoney(value: number): number {
  if (!Number.isFinite(value)) return 0
  const text = String(Math.abs(value))
  const cents = text.includes('e') ? Math.round(Math.abs(value) * 100) : Math.round(Number(`${text}e2`))
  const rounded = Number(`${cents}e-2`)
  return value < 0 ? -rounded : rounded
}
