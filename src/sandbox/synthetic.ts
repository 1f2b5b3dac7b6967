import { Faker, base, en } from '@faker-js/faker'
import {
  DOCUMENT_STATES,
  emptyHeader,
  emptySummary,
  type DocumentState,
  type DocumentType,
  type ExtractedData,
  type Item,
  type Party,
  type TaxLine,
} from './model'

/** One generated document, ready for the store (which assigns ids). */
export interface SyntheticDocument {
  type: DocumentType
  state: DocumentState
  /** ms since epoch */
  createdAt: number
  /** ms since epoch, >= createdAt */
  lastModifiedAt: number
  userFileName: string
  data: ExtractedData
}

export interface SyntheticOptions {
  count: number
  seed: number
  /** the agenda's own company: customer of purchase invoices, supplier of sales invoices */
  company: Party
}

const COUNTRIES: Array<{ code: string; currency: string; rates: number[] }> = [
  { code: 'DE', currency: 'EUR', rates: [19, 7] },
  { code: 'NL', currency: 'EUR', rates: [21, 9] },
  { code: 'FR', currency: 'EUR', rates: [20, 10, 5.5] },
  { code: 'AT', currency: 'EUR', rates: [20, 10] },
  { code: 'CZ', currency: 'CZK', rates: [21, 12] },
  { code: 'SK', currency: 'EUR', rates: [23, 19] },
  { code: 'GB', currency: 'GBP', rates: [20, 5, 0] },
  { code: 'IE', currency: 'EUR', rates: [23, 13.5] },
  { code: 'BE', currency: 'EUR', rates: [21, 6] },
  { code: 'ES', currency: 'EUR', rates: [21, 10] },
]

const UNITS = ['pcs', 'h', 'kg', 'm', 'month', 'licence']
const COMMON_STATES: DocumentState[] = [
  'not_ready',
  'not_ready',
  'not_ready',
  'ready',
  'ready',
  'exported',
  'extracting',
  'repairing',
]
const DAY_MS = 86_400_000
const START_MS = Date.UTC(2025, 0, 1)

/** A Faker with the locales the generated documents use (seed it before use). */
export function newFaker(): Faker {
  return new Faker({ locale: [en, base] })
}

/**
 * Generates `count` invoices, deterministic for `seed`: purchase and sales invoices, every
 * state of DOCUMENT_STATES (every tenth document cycles through all of them), valid IBANs
 * (mod-97 check digits), and consistent arithmetic computed in cents: item subtotal =
 * quantity x unit price - discount, item tax = subtotal x rate; tax lines sum the items per
 * rate; the summary sums the tax lines.
 */
export function generateSyntheticDocuments(
  options: SyntheticOptions,
  /** A Faker to reuse (making one takes milliseconds: 200 agendas share one); it is seeded here. */
  faker: Faker = newFaker(),
): SyntheticDocument[] {
  faker.seed(options.seed)
  const docs: SyntheticDocument[] = []
  // A pool of counterparties keeps generation fast and makes suppliers recur, as in real inboxes.
  const partners = Array.from({ length: Math.min(200, Math.max(1, Math.ceil(options.count / 20))) }, () =>
    makePartner(faker),
  )
  for (let i = 0; i < options.count; i++) {
    const partner = partners[faker.number.int({ max: partners.length - 1 })]!
    const type: DocumentType = faker.number.int({ max: 9 }) < 7 ? 'PurchaseInvoice' : 'SalesInvoice'
    const state: DocumentState =
      i % 10 === 0
        ? DOCUMENT_STATES[(i / 10) % DOCUMENT_STATES.length]!
        : COMMON_STATES[faker.number.int({ max: COMMON_STATES.length - 1 })]!
    const issueMs = START_MS + faker.number.int({ max: 660 }) * DAY_MS
    const createdAt =
      issueMs + DAY_MS + faker.number.int({ min: 7 * 3600, max: 18 * 3600 }) * 1000 + faker.number.int({ max: 999 })
    const lastModifiedAt = createdAt + faker.number.int({ max: 72 * 3600 }) * 1000
    const country = partner.country
    const info = COUNTRIES.find((c) => c.code === country) ?? COUNTRIES[0]!
    const { items, taxLines } = makeItems(faker, info.rates)
    const summary = emptySummary()
    summary.sub_total = cents(taxLines.reduce((s, t) => s + toCents(t.sub_total), 0))
    summary.vat_total = cents(taxLines.reduce((s, t) => s + toCents(t.vat_total), 0))
    summary.total = cents(toCents(summary.sub_total) + toCents(summary.vat_total))
    summary.total_discount = cents(items.reduce((s, it) => s + toCents(it.discount), 0))
    summary.payment_amount = summary.total

    const header = emptyHeader(info.currency)
    const year = new Date(issueMs).getUTCFullYear()
    header.invoice_no = `${year}${String(i + 1).padStart(6, '0')}`
    header.variable_symbol = header.invoice_no
    header.issue_date = isoDate(issueMs)
    header.tax_date = header.issue_date
    header.due_date = isoDate(issueMs + faker.helpers.arrayElement([14, 30, 30, 45]) * DAY_MS)
    header.invoice_text = type === 'PurchaseInvoice' ? `Invoice from ${partner.name}` : `Invoice to ${partner.name}`
    header.purchase_order_no = faker.number.int({ max: 3 }) === 0 ? `PO-${faker.string.numeric(6)}` : ''

    const supplier = type === 'PurchaseInvoice' ? { ...partner } : { ...options.company }
    const customer = type === 'PurchaseInvoice' ? { ...options.company } : { ...partner }
    docs.push({
      type,
      state,
      createdAt,
      lastModifiedAt,
      userFileName: `${type === 'PurchaseInvoice' ? 'invoice' : 'sales-invoice'}-${header.invoice_no}.pdf`,
      data: {
        invoice_type: faker.number.int({ max: 19 }) === 0 ? 1 : 0,
        header,
        supplier,
        customer,
        summary,
        bank_account: {
          iban: supplier.iban,
          bic: supplier.bic,
          bban: supplier.bban ?? '',
          bank_code: supplier.bank_code ?? '',
        },
        tax_lines: taxLines,
        items,
      },
    })
  }
  return docs
}

function makePartner(faker: Faker): Party {
  const info = faker.helpers.arrayElement(COUNTRIES)
  const iban = faker.finance.iban({ countryCode: info.code })
  return {
    name: faker.company.name(),
    id: faker.string.numeric(8),
    tax_id: faker.string.numeric(10),
    vat_id: `${info.code}${faker.string.numeric(9)}`,
    street: faker.location.streetAddress(),
    city: faker.location.city(),
    postal_code: faker.location.zipCode(),
    country: info.code,
    iban,
    bic: faker.finance.bic({ includeBranchCode: false }),
    bban: iban.slice(4),
    bank_code: iban.slice(4, 8),
  }
}

function makeItems(faker: Faker, rates: number[]): { items: Omit<Item, 'id'>[]; taxLines: Omit<TaxLine, 'id'>[] } {
  const items: Omit<Item, 'id'>[] = []
  const count = faker.number.int({ min: 1, max: 6 })
  for (let n = 0; n < count; n++) {
    const quantity =
      faker.number.int({ max: 4 }) === 0
        ? faker.number.int({ min: 1, max: 40 }) / 4
        : faker.number.int({ min: 1, max: 20 })
    const unitPriceCents = faker.number.int({ min: 50, max: 250_000 })
    const taxRate = faker.helpers.arrayElement(rates)
    const discountRate = faker.number.int({ max: 5 }) === 0 ? faker.helpers.arrayElement([5, 10, 15]) : 0
    const grossCents = Math.round(quantity * unitPriceCents)
    const discountCents = Math.round((grossCents * discountRate) / 100)
    const subtotalCents = grossCents - discountCents
    const taxCents = Math.round((subtotalCents * taxRate) / 100)
    items.push({
      code: faker.string.alphanumeric({ length: 6, casing: 'upper' }),
      name: faker.commerce.productName(),
      quantity,
      unit: faker.helpers.arrayElement(UNITS),
      unit_price: cents(unitPriceCents),
      tax_rate: taxRate,
      subtotal: cents(subtotalCents),
      tax: cents(taxCents),
      total: cents(subtotalCents + taxCents),
      discount_rate: discountRate,
      discount: cents(discountCents),
    })
  }
  const byRate = new Map<number, { sub: number; vat: number }>()
  for (const item of items) {
    const entry = byRate.get(item.tax_rate) ?? { sub: 0, vat: 0 }
    entry.sub += toCents(item.subtotal)
    entry.vat += toCents(item.tax)
    byRate.set(item.tax_rate, entry)
  }
  const taxLines = [...byRate.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([percent, { sub, vat }]) => ({
      percent,
      sub_total: cents(sub),
      vat_total: cents(vat),
      total: cents(sub + vat),
      paid_deposits: 0,
    }))
  return { items, taxLines }
}

function toCents(amount: number): number {
  return Math.round(amount * 100)
}

function cents(value: number): number {
  return value / 100
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** True when `iban` has valid ISO 13616 mod-97 check digits. */
export function isValidIban(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '').toUpperCase()
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(compact)) return false
  const rearranged = compact.slice(4) + compact.slice(0, 4)
  let remainder = 0
  for (const ch of rearranged) {
    const digits = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97
  }
  return remainder === 1
}
