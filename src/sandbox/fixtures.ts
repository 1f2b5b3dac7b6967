import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { vatRatesOn } from '../shared/checks/taxRate'
import { vatIdIn } from '../shared/checks/vatId'
import { emptyExtractedData, roundMoney, type ExtractedData, type Item, type Party, type TaxLine } from './model'

/**
 * One real invoice of a fixtures directory: `NAME.pdf` with the data a person extracted from it
 * (`NAME.json`, format: resources/demo/invoices/README.md) and, where present, `NAME.png`, a
 * picture of it shipped beside it (used as its preview as it is).
 */
export interface Fixture {
  /** base name shared by the files, e.g. `coolblue1` */
  name: string
  pdf: Buffer
  png: Buffer | null
  data: ExtractedData
  /**
   * The customer printed on the original, when `printed-customers.json` beside the files names
   * one: the extracted JSON of these invoices carries no customer, and a demo that made every
   * customer the agenda's own company would hide what the counterparty check is for.
   */
  printedCustomer: PrintedCustomer | null
}

/** A customer as printed on an original: name, city and ISO 3166 country code. */
export interface PrintedCustomer {
  name: string
  city: string
  country: string
}

/** The file beside the fixtures that names the customer printed on each original (base name -> customer). */
export const PRINTED_CUSTOMERS_FILE = 'printed-customers.json'

/**
 * Reads `printed-customers.json` of `dir`: `{ "<base name>": { name, city, country } }`.
 * A missing file is no customers; an entry that is not three strings is skipped (logged).
 */
export function loadPrintedCustomers(
  dir: string,
  log: (line: string) => void = () => {},
): Map<string, PrintedCustomer> {
  const customers = new Map<string, PrintedCustomer>()
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(join(dir, PRINTED_CUSTOMERS_FILE), 'utf8'))
  } catch {
    return customers
  }
  if (!isObject(raw)) return customers
  for (const [name, entry] of Object.entries(raw)) {
    if (
      isObject(entry) &&
      typeof entry['name'] === 'string' &&
      typeof entry['city'] === 'string' &&
      typeof entry['country'] === 'string'
    ) {
      customers.set(name, { name: entry['name'], city: entry['city'], country: entry['country'] })
    } else {
      log(`fixtures: skipped the printed customer of ${name}: not { name, city, country }`)
    }
  }
  return customers
}

/**
 * Loads every `NAME.json` + `NAME.pdf` pair of `dir`, sorted by name. A file that cannot be
 * read or mapped is logged through `log` and skipped; it never fails the whole import.
 * A missing directory yields no fixtures (logged).
 */
export function loadFixtures(dir: string, log: (line: string) => void = () => {}): Fixture[] {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch (error) {
    log(`fixtures: cannot read directory ${dir}: ${(error as Error).message}`)
    return []
  }
  const bases = names
    .filter((n) => n.toLowerCase().endsWith('.json'))
    .map((n) => n.slice(0, -'.json'.length))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const fixtures: Fixture[] = []
  const printed = loadPrintedCustomers(dir, log)
  for (const name of bases) {
    if (name === PRINTED_CUSTOMERS_FILE.slice(0, -'.json'.length)) continue
    const pdfPath = findSibling(dir, names, name, '.pdf')
    if (!pdfPath) {
      log(`fixtures: skipped ${name}.json: no ${name}.pdf beside it`)
      continue
    }
    try {
      const raw: unknown = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'))
      const data = mapExtractedJson(raw)
      const pngPath = findSibling(dir, names, name, '.png')
      fixtures.push({
        name,
        pdf: readFileSync(pdfPath),
        png: pngPath ? readFileSync(pngPath) : null,
        data,
        printedCustomer: printed.get(name) ?? null,
      })
    } catch (error) {
      log(`fixtures: skipped ${name}: ${(error as Error).message}`)
    }
  }
  return fixtures
}

function findSibling(dir: string, names: string[], base: string, ext: string): string | null {
  const hit = names.find((n) => n === base + ext) ?? names.find((n) => n.toLowerCase() === (base + ext).toLowerCase())
  if (!hit) return null
  const path = join(dir, hit)
  return existsSync(path) ? path : null
}

type Json = Record<string, unknown>

/**
 * Maps one extracted-data JSON (an array holding one object, or the object itself) onto the
 * Document fields. Unknown keys are ignored; a field holding an array counts as its first
 * value; numbers may be JSON numbers or decimal strings. Throws an Error when the value holds
 * no object at all.
 */
export function mapExtractedJson(raw: unknown): ExtractedData {
  const record = first(raw)
  if (!isObject(record)) throw new Error('the JSON holds no invoice object')
  const data = emptyExtractedData()
  const h = data.header

  h.invoice_no = text(record, 'invoice_number')
  h.issue_date = date(record, 'date')
  // The date of the taxable supply where the invoice states one, else the issue date.
  h.tax_date = date(record, 'tax_date') ?? date(record, 'date_supply') ?? h.issue_date
  h.due_date = date(record, 'date_due')
  h.currency = text(record, 'currency').toUpperCase()
  h.invoice_text = text(record, 'desc')
  // The invoice's notes a bookkeeper reads for VAT and payment: the exemption or reverse-charge
  // clause, the payment terms, how it was paid.
  const paidBy = text(record, 'payment_method')
  h.text = [
    text(record, 'narration') || text(record, 'note'),
    text(record, 'exemption_reason'),
    text(record, 'payment_terms'),
    paidBy ? `Payment: ${paidBy}` : '',
  ]
    .filter((note) => note !== '')
    .join('\n')
  if (text(record, 'document_type_code') === '381') data.invoice_type = 1
  h.reference = text(record, 'payment_reference')
  h.variable_symbol = text(record, 'payment_reference').replace(/\D/g, '').slice(0, 10)
  h.purchase_order_no = text(record, 'purchase_order_id') || text(record, 'customer_order_number')
  h.customer_no = text(record, 'customer_order_free_ref')

  const supplier: Party = data.supplier
  supplier.name = text(record, 'issuer') || text(record, 'partner_name')
  supplier.street = text(record, 'partner_street')
  supplier.city = text(record, 'partner_city')
  supplier.postal_code = text(record, 'partner_zip')
  supplier.country = text(record, 'country_code').toUpperCase()
  // `static_vat` holds the supplier's VAT ID on some invoices and a rate on others.
  supplier.vat_id = text(record, 'vat') || vatIdIn(text(record, 'static_vat')) || text(record, 'gstin')
  supplier.id = text(record, 'partner_coc') || text(record, 'siren') || text(record, 'cin')
  const iban = text(record, 'iban').replace(/\s+/g, '').toUpperCase()
  const bic = text(record, 'bic')
  supplier.iban = iban || null
  supplier.bic = bic || null
  supplier.bban = iban.length > 4 ? iban.slice(4) : null
  data.bank_account = {
    iban: iban || null,
    bic: bic || null,
    bban: iban.length > 4 ? iban.slice(4) : '',
    bank_code: '',
  }

  const customerName = text(record, 'customer_name')
  if (customerName) {
    data.customer = {
      ...data.customer,
      name: customerName,
      street: text(record, 'customer_street'),
      city: text(record, 'customer_city'),
      postal_code: text(record, 'customer_zip'),
      country: text(record, 'customer_country_code').toUpperCase(),
      vat_id: text(record, 'customer_vat'),
    }
  }

  const lines = arrayOf(record['lines'] ?? record['line_items'])
  for (const line of lines) {
    const item = mapLine(line)
    if (item) data.items.push(item)
  }

  const total = num(record, 'amount')
  const subTotal = num(record, 'amount_untaxed')
  let vatTotal = num(record, 'amount_tax')
  if (vatTotal === null && total !== null && subTotal !== null) vatTotal = roundMoney(total - subTotal)
  // An amount the extraction did not find stays null, as the service sends it: a 0 here would
  // read as a real zero to the checks, the data pane and every export.
  data.summary.total = total ?? (subTotal !== null && vatTotal !== null ? roundMoney(subTotal + vatTotal) : null)
  data.summary.sub_total = subTotal ?? (total !== null && vatTotal !== null ? roundMoney(total - vatTotal) : null)
  data.summary.vat_total = vatTotal
  data.summary.payment_amount = data.summary.total

  markGrossItems(data)
  data.tax_lines = statedTaxLines(record) ?? taxLines(record, data)
  return data
}

/**
 * Items printed with prices that include VAT (their amounts add up to the total, not the
 * subtotal, as on Coolblue's invoices) keep those amounts; their VAT is the part of the price
 * the rate stands for and their total is the price, never VAT added on top again.
 */
function markGrossItems(data: ExtractedData): void {
  const { sub_total, total } = data.summary
  if (sub_total === null || total === null || sub_total === total || data.items.length === 0) return
  const counted = data.items.filter((item) => !/^\s*(incl\.?|inkl\.?|including)\s/i.test(item.name))
  const sum = roundMoney(counted.reduce((acc, item) => acc + item.subtotal, 0))
  if (Math.abs(sum - total) > 0.01 * Math.max(1, counted.length)) return
  for (const item of data.items) {
    item.tax = roundMoney(item.subtotal - item.subtotal / (1 + item.tax_rate / 100))
    item.total = item.subtotal
  }
}

/**
 * The VAT breakdown as the invoice states it (`tax_lines`: `[{ percent, base, amount }]`, e.g.
 * from a Factur-X invoice's embedded XML), or null when the fixture states none or one entry is
 * not three numbers.
 */
function statedTaxLines(record: Json): Omit<TaxLine, 'id'>[] | null {
  const stated = record['tax_lines']
  if (!Array.isArray(stated) || stated.length === 0) return null
  const lines: Omit<TaxLine, 'id'>[] = []
  for (const entry of stated) {
    if (!isObject(entry)) return null
    const percent = num(entry, 'percent')
    const base = num(entry, 'base')
    const amount = num(entry, 'amount')
    if (percent === null || base === null || amount === null) return null
    lines.push({ percent, sub_total: base, vat_total: amount, total: roundMoney(base + amount), paid_deposits: 0 })
  }
  return lines
}

function mapLine(line: unknown): Omit<Item, 'id'> | null {
  if (!isObject(line)) return null
  const keys = Object.keys(line).filter((k) => line[k] !== undefined && line[k] !== null && line[k] !== '')
  if (keys.every((k) => k === 'sectionheader' || k === 'line_note')) return null
  const name = text(line, 'name') || text(line, 'desc') || text(line, 'description')
  const code = text(line, 'code') || text(line, 'item')
  const quantity = num(line, 'qty') ?? num(line, 'quantity') ?? 1
  const taxRate = num(line, 'line_tax_percent') ?? num(line, 'taxpercent') ?? num(line, 'tax_percent') ?? 0
  const discountRate = num(line, 'discount') ?? 0
  let subtotal = num(line, 'price_subtotal')
  let unitPrice = num(line, 'price_unit') ?? num(line, 'price')
  if (unitPrice === null) unitPrice = subtotal !== null && quantity !== 0 ? roundMoney(subtotal / quantity) : 0
  if (subtotal === null) subtotal = roundMoney(quantity * unitPrice * (1 - discountRate / 100))
  const tax = roundMoney((subtotal * taxRate) / 100)
  return {
    code,
    name,
    quantity,
    unit: text(line, 'uom') || text(line, 'unit'),
    unit_price: unitPrice,
    tax_rate: taxRate,
    subtotal,
    tax,
    total: roundMoney(subtotal + tax),
    discount_rate: discountRate,
    discount: Math.max(0, roundMoney(quantity * unitPrice - subtotal)),
  }
}

/**
 * Tax lines: one per item tax rate, when the items are net amounts that add up to the subtotal
 * (or nothing says otherwise); otherwise one line from the totals, at the rate the invoice
 * states or the exact rate the totals show ({@link exactRate}). Items whose prices include VAT
 * (they add up to the total, not the subtotal) give no bases: the totals do.
 */
function taxLines(record: Json, data: ExtractedData): Omit<TaxLine, 'id'>[] {
  const byRate = new Map<number, number>()
  for (const item of data.items) {
    if (item.subtotal === 0 && item.tax_rate === 0) continue
    byRate.set(item.tax_rate, roundMoney((byRate.get(item.tax_rate) ?? 0) + item.subtotal))
  }
  const itemsNet = roundMoney([...byRate.values()].reduce((sum, value) => sum + value, 0))
  const { sub_total: stated } = data.summary
  const netItems = stated === null || Math.abs(itemsNet - stated) <= 0.01 * Math.max(1, data.items.length)
  const withRates = [...byRate.keys()].some((rate) => rate !== 0)
  if (withRates && netItems) {
    return [...byRate.entries()]
      .sort((a, b) => b[0] - a[0])
      .map(([percent, sub]) => {
        const vat = roundMoney((sub * percent) / 100)
        return { percent, sub_total: sub, vat_total: vat, total: roundMoney(sub + vat), paid_deposits: 0 }
      })
  }
  const { sub_total, vat_total, total } = data.summary
  // Without both a subtotal and a VAT total there is no tax line to state.
  if (sub_total === null || vat_total === null || total === null) return []
  if (sub_total === 0 && vat_total === 0) return []
  const statedRate = num(record, 'taxpercent') ?? num(record, 'static_vat') ?? num(record, 'tax_percent')
  const itemRates = [...byRate.keys()].filter((rate) => rate !== 0)
  const percent =
    statedRate ??
    (itemRates.length === 1
      ? itemRates[0]!
      : exactRate(vat_total, sub_total, data.supplier.country, data.header.issue_date))
  return [{ percent, sub_total, vat_total, total, paid_deposits: 0 }]
}

/**
 * The rate a VAT total and its base stand for, as the invoice would state it: the supplier
 * country's VAT rate on the issue date that the VAT total is (the base times that rate, to a
 * cent per 100 of base), else a whole or half percent within 0.1 points, else the quotient to
 * two decimals. 9.34 on 46.68 in France is 20 %, not 20.01 %.
 */
function exactRate(vat: number, base: number, country: string, date: string | null): number {
  if (base === 0) return 0
  const quotient = (vat / base) * 100
  const tolerance = 0.01 * Math.max(1, Math.abs(base) / 100)
  const rates = country && date ? (vatRatesOn(country, date) ?? []) : []
  const listed = rates.find((rate) => Math.abs(roundMoney((base * rate) / 100) - vat) <= tolerance)
  if (listed !== undefined) return listed
  const half = Math.round(quotient * 2) / 2
  return Math.abs(half - quotient) <= 0.1 ? half : roundMoney(quotient)
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value
}

function arrayOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value
  return isObject(value) ? [value] : []
}

/** A string field (arrays -> first value, numbers -> their decimal text); '' when absent. */
function text(record: Json, key: string): string {
  const value = first(record[key])
  if (typeof value === 'string') return value.trim()
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return ''
}

/** A number field (JSON number or decimal string, arrays -> first); null when absent or odd. */
function num(record: Json, key: string): number | null {
  const value = first(record[key])
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string') {
    const cleaned = value
      .trim()
      .replace(/\s+/g, '')
      .replace(/,(\d{1,2})$/, '.$1')
      .replace(/,/g, '')
    if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null
    return Number(cleaned)
  }
  return null
}

/** A `YYYY-MM-DD` date field; null when absent or not a real date. */
function date(record: Json, key: string): string | null {
  const value = text(record, key)
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value)
  if (!match) return null
  const iso = `${match[1]}-${match[2]}-${match[3]}`
  const parsed = new Date(`${iso}T00:00:00Z`)
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(iso) ? iso : null
}

/** Finds the fixture an uploaded file name refers to: same base name, case-insensitive. */
export function fixtureForFileName(fixtures: Fixture[], fileName: string): Fixture | undefined {
  const base = fileName.split(/[\\/]/).pop() ?? fileName
  const stem = base.replace(/\.[^.]*$/, '').toLowerCase()
  return fixtures.find((f) => f.name.toLowerCase() === stem)
}
