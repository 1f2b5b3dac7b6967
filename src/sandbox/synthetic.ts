import { Faker, base, en } from '@faker-js/faker'
import { isValidIBAN } from 'ibantools'
import { referenceRate } from '../shared/checks/exchangeRate'
import { verifyVatId } from '../shared/checks/vatId'
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
  /**
   * What is wrong on the invoice, for the third of documents that have something wrong (null
   * for a clean one): each is something a bookkeeper sees on the invoice itself.
   */
  fault: SyntheticFault | null
}

/**
 * The faults a generated invoice may carry, each visible on the invoice: a supplier VAT ID
 * with a wrong check digit or none at all, an IBAN with a wrong digit, a total that is not net
 * + VAT, a due date before the issue date, a rate the supplier's country does not have, an
 * invoice addressed to another company, the same invoice (supplier and number) twice.
 */
export const SYNTHETIC_FAULTS = [
  'vat_id_typo',
  'no_vat_id',
  'iban_typo',
  'total_wrong',
  'due_before_issue',
  'wrong_rate',
  'addressed_elsewhere',
  'duplicate',
] as const
export type SyntheticFault = (typeof SYNTHETIC_FAULTS)[number]

export interface SyntheticOptions {
  count: number
  seed: number
  /** the agenda's own company: customer of purchase invoices, supplier of sales invoices */
  company: Party
  /**
   * The agenda's home currency (ISO 4217): documents in another currency carry the ECB rate of
   * their issue date (the newest the shipped table has, after its end). Default: GBP.
   */
  homeCurrency?: string
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

/** The IBAN registry's example account of each country (SWIFT IBAN Registry), all valid. */
const EXAMPLE_IBANS: Record<string, string> = {
  DE: 'DE89370400440532013000',
  NL: 'NL91ABNA0417164300',
  FR: 'FR1420041010050500013M02606',
  AT: 'AT611904300234573201',
  CZ: 'CZ6508000000192000145399',
  SK: 'SK3112000000198742637541',
  GB: 'GB29NWBK60161331926819',
  IE: 'IE29AIBK93115212345678',
  BE: 'BE68539007547034',
  ES: 'ES9121000418450200051332',
}

/** How each country's VAT ID is written: the letters around the digits to generate. */
const VAT_ID_FORMS: Record<string, { prefix: string; digits: number; suffix?: string; letter?: boolean }> = {
  DE: { prefix: 'DE', digits: 9 },
  NL: { prefix: 'NL', digits: 9, suffix: 'B01' },
  FR: { prefix: 'FR', digits: 11 },
  AT: { prefix: 'ATU', digits: 8 },
  CZ: { prefix: 'CZ', digits: 8 },
  SK: { prefix: 'SK', digits: 10 },
  GB: { prefix: 'GB', digits: 9 },
  IE: { prefix: 'IE', digits: 7, letter: true },
  BE: { prefix: 'BE0', digits: 9 },
  ES: { prefix: 'ESB', digits: 8 },
}

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
  const home = (options.homeCurrency ?? 'GBP').toUpperCase()
  /** The last clean document of each supplier, type and kind so far: the one a duplicate copies. */
  const lastOf = new Map<string, ExtractedData>()
  for (let i = 0; i < options.count; i++) {
    const partner = partners[faker.number.int({ max: partners.length - 1 })]!
    // Three documents in ten carry one fault (a duplicate flags its original too): about two
    // thirds are clean.
    const faulty = faker.number.int({ max: 9 }) < 3
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

    header.currency_rate = rateOf(info.currency, home, header.issue_date)

    const supplier = type === 'PurchaseInvoice' ? { ...partner } : { ...options.company }
    const customer = type === 'PurchaseInvoice' ? { ...options.company } : { ...partner }
    const data: ExtractedData = {
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
    }
    // A credit note states its amounts negative, as printed.
    if (data.invoice_type === 1) negate(data)
    // A copy is of the same kind: a credit note is never a duplicate of an invoice.
    const key = `${type}\u0000${data.invoice_type}\u0000${supplier.name}`
    const previous = lastOf.get(key) ?? null
    const fault = faulty
      ? faker.helpers.arrayElement(SYNTHETIC_FAULTS.filter((f) => faultApplies(f, type, supplier.country, previous)))
      : null
    const applied = fault ? applyFault(fault, data, type, previous, faker) : null
    if (applied === null) lastOf.set(key, data)
    docs.push({
      type,
      state,
      createdAt,
      lastModifiedAt,
      userFileName: `${type === 'PurchaseInvoice' ? 'invoice' : 'sales-invoice'}-${header.invoice_no}.pdf`,
      data,
      fault: applied,
    })
  }
  return docs
}

/**
 * The rate a document in `currency` is booked at in an agenda of `home` currency: 1 at home,
 * else the ECB reference rate of `date` or, after the shipped table's last day, its newest
 * rate (4 decimals).
 */
function rateOf(currency: string, home: string, date: string | null): string {
  if (currency === home || !date) return '1.0'
  const rate = referenceRate(currency, home, date) ?? referenceRate(currency, home, LAST_TABLE_DAY)
  return rate === null ? '1.0' : String(Math.round(rate * 10_000) / 10_000)
}
/** A working day the shipped ECB table has a rate for (its newest days may be past it). */
const LAST_TABLE_DAY = '2025-05-09'

function negate(data: ExtractedData): void {
  const minus = (value: number) => (value === 0 ? 0 : -value)
  for (const item of data.items) {
    item.quantity = minus(item.quantity)
    Object.assign(item, { subtotal: minus(item.subtotal), tax: minus(item.tax), total: minus(item.total) })
    item.discount = minus(item.discount)
  }
  for (const line of data.tax_lines) {
    Object.assign(line, {
      sub_total: minus(line.sub_total),
      vat_total: minus(line.vat_total),
      total: minus(line.total),
    })
  }
  const s = data.summary
  Object.assign(s, {
    sub_total: minus(s.sub_total ?? 0),
    vat_total: minus(s.vat_total ?? 0),
    total: minus(s.total ?? 0),
    payment_amount: minus(s.payment_amount ?? 0),
    total_discount: minus(s.total_discount),
  })
}

/**
 * True when `fault` can be on an invoice of `type` from a supplier in `country`: the
 * supplier's own faults (VAT ID, IBAN, rate, addressee) are on purchase invoices only (a sales
 * invoice's supplier is the agenda's company), those of the VAT ID and rate on an EU supplier's
 * only (the UK has been outside EU VAT since 2021), a duplicate needs an earlier invoice.
 */
function faultApplies(
  fault: SyntheticFault,
  type: DocumentType,
  country: string,
  previous: ExtractedData | null,
): boolean {
  if (fault === 'duplicate') return previous !== null
  if (fault === 'total_wrong' || fault === 'due_before_issue') return true
  if (type !== 'PurchaseInvoice') return false
  if (fault === 'iban_typo' || fault === 'addressed_elsewhere') return true
  return country !== 'GB'
}

/**
 * Puts `fault` on the invoice, as a supplier would have printed it. Returns the fault, or null
 * when it does not apply to this invoice (a supplier's fault on a sales invoice, whose supplier
 * is the agenda's company; a duplicate without an earlier invoice of the supplier): the
 * invoice stays clean.
 */
function applyFault(
  fault: SyntheticFault,
  data: ExtractedData,
  type: DocumentType,
  previous: ExtractedData | null,
  faker: Faker,
): SyntheticFault | null {
  const purchase = type === 'PurchaseInvoice'
  const s = data.summary
  switch (fault) {
    case 'vat_id_typo': {
      const vatId = data.supplier.vat_id
      if (!purchase || !/\d$/.test(vatId) || verifyVatId(vatId, data.header.issue_date) !== 'valid') return null
      for (let step = 1; step <= 9; step++) {
        const typo = vatId.slice(0, -1) + String((Number(vatId.slice(-1)) + step) % 10)
        if (verifyVatId(typo, data.header.issue_date) === 'checksum') {
          data.supplier.vat_id = typo
          return fault
        }
      }
      return null
    }
    case 'no_vat_id':
      if (!purchase || data.supplier.country === 'GB') return null
      data.supplier.vat_id = ''
      return fault
    case 'iban_typo': {
      const iban = data.supplier.iban
      if (!purchase || !iban) return null
      const last = Number(iban.slice(-1))
      const typo = iban.slice(0, -1) + String((last + 1) % 10)
      data.supplier.iban = typo
      data.bank_account.iban = typo
      return fault
    }
    case 'total_wrong':
      s.total = Math.round(((s.total ?? 0) + 10) * 100) / 100
      s.payment_amount = s.total
      return fault
    case 'due_before_issue': {
      const issued = Date.parse(`${data.header.issue_date}T00:00:00Z`)
      data.header.due_date = isoDate(issued - faker.number.int({ min: 1, max: 20 }) * DAY_MS)
      return fault
    }
    case 'wrong_rate': {
      if (!purchase || data.supplier.country === 'GB') return null
      // 16 % is no VAT rate of these countries; the arithmetic stays right.
      let base = 0
      let vat = 0
      for (const item of data.items) {
        const tax = Math.round(item.subtotal * 16) / 100
        Object.assign(item, { tax_rate: 16, tax, total: Math.round((item.subtotal + tax) * 100) / 100 })
        base += Math.round(item.subtotal * 100)
        vat += Math.round(tax * 100)
      }
      const total = (base + vat) / 100
      data.tax_lines = [{ percent: 16, sub_total: base / 100, vat_total: vat / 100, total, paid_deposits: 0 }]
      Object.assign(s, { sub_total: base / 100, vat_total: vat / 100, total, payment_amount: total })
      return fault
    }
    case 'addressed_elsewhere':
      if (!purchase) return null
      data.customer = { ...data.customer, name: faker.company.name(), id: '', vat_id: '' }
      return fault
    case 'duplicate':
      if (!previous) return null
      // The same invoice again: its number and the supplier as printed on it.
      data.header.invoice_no = previous.header.invoice_no
      data.header.variable_symbol = previous.header.variable_symbol
      data.supplier = { ...previous.supplier }
      return fault
  }
}

function makePartner(faker: Faker): Party {
  const info = faker.helpers.arrayElement(COUNTRIES)
  // faker's IBANs have right mod-97 digits but not always the country's own account check
  // digits (Czech, Slovak, French, Belgian, Spanish): after a few tries, the registry's example.
  let iban = faker.finance.iban({ countryCode: info.code })
  for (let attempt = 0; attempt < 30 && !isValidIBAN(iban); attempt++) {
    iban = faker.finance.iban({ countryCode: info.code })
  }
  if (!isValidIBAN(iban)) iban = EXAMPLE_IBANS[info.code] ?? iban
  return {
    name: faker.company.name(),
    id: faker.string.numeric(8),
    tax_id: faker.string.numeric(10),
    vat_id: makeVatId(faker, info.code),
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

/**
 * A VAT ID of `country` in its own form with a valid check digit (tried until the country's
 * rule accepts it: a few dozen tries at most), as a real supplier prints it.
 */
function makeVatId(faker: Faker, country: string): string {
  const form = VAT_ID_FORMS[country]
  if (!form) return `${country}${faker.string.numeric(9)}`
  let id = ''
  for (let attempt = 0; attempt < 2000; attempt++) {
    id = `${form.prefix}${faker.string.numeric(form.digits)}${form.suffix ?? ''}`
    if (form.letter) id += faker.string.alpha({ length: 1, casing: 'upper' })
    // The UK's rule is the one of its membership; its numbers are checked no more after 2020.
    if (verifyVatId(id, '2020-01-01') === 'valid') return id
  }
  return id
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
