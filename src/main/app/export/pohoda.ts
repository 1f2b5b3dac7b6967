import { create } from 'xmlbuilder2'
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces'
import type { Document } from '../../../shared/api'
import { InvoiceType } from '../../../shared/api/document'
import { amountOf, roundCents } from '../../../shared/checks/money'
import { vatRatesOn } from '../../../shared/checks/taxRate'
import { bankDetailsOf } from './bankDetails'
import { correctionNote, correctionsOf } from './corrections'
import { documentCurrencies, toHome } from './currency'
import { taxDateOf, vatFactsOf } from './vatFacts'
import { xmlText } from './xmlText'

/**
 * Pohoda XML (Stormware's XML interface, version 2): one `dat:dataPack` holding an
 * `inv:invoice` per document, which Pohoda imports through *Soubor → Datová komunikace → XML
 * import*. Purchase invoices become received invoices (`receivedInvoice`, a credit note
 * `receivedCreditNotice`), sales invoices issued ones. Each carries the partner (company,
 * IČO/DIČ, address), the symbols (variable symbol; the supplier's invoice number as
 * `originalDocument` and `symPar`), the dates (issue, tax, accounting = tax date, due), the
 * VAT per Pohoda rate class and the home- and foreign-currency totals. The schemas are in
 * resources/schemas/pohoda; the tests validate every file against them. Pure, no I/O.
 */

export const POHODA_NS = {
  dat: 'http://www.stormware.cz/schema/version_2/data.xsd',
  inv: 'http://www.stormware.cz/schema/version_2/invoice.xsd',
  typ: 'http://www.stormware.cz/schema/version_2/type.xsd',
} as const

/** Pohoda's VAT rate classes: `high` the standard rate, `low` the first reduced, `third` the second reduced, `none` 0 %. */
export type PohodaRateClass = 'high' | 'low' | 'third' | 'none'

/**
 * The Pohoda class of `percent` on `date` (YYYY-MM-DD) in `country` (the agenda's: CZ or
 * SK), from the rates in force that day (Czech 21/15/10 until 2023, 21/12 from 2024; Slovak
 * 20/10/5, from 2025 23/19/5). 0 % is `none`; a rate that is not one of the country's (VAT
 * charged abroad) is null.
 */
export function pohodaRateClass(percent: number, date: string, country: string): PohodaRateClass | null {
  if (percent === 0) return 'none'
  const rates = vatRatesOn(country, date)
  if (!rates) return null
  const index = rates.findIndex((rate) => Math.abs(rate - percent) < 0.05)
  return index === 0 ? 'high' : index === 1 ? 'low' : index === 2 ? 'third' : null
}

/** Why a document cannot become a Pohoda invoice (the same gaps as ISDOC). */
export type PohodaGap = 'issue_date' | 'total' | 'currency_rate'

export function pohodaGaps(doc: Document, homeCurrency?: string | null): PohodaGap[] {
  const gaps: PohodaGap[] = []
  if (!/^\d{4}-\d{2}-\d{2}/.test(doc.data?.header?.issue_date ?? '')) gaps.push('issue_date')
  if (amountOf(doc.summary?.total) === null) gaps.push('total')
  if (homeCurrency && documentCurrencies(doc, homeCurrency).rate === null) gaps.push('currency_rate')
  return gaps
}

/** What {@link pohodaXml} needs besides the documents. */
export interface PohodaOptions {
  /** Names the data pack (`docket-<agenda>-<time>`). */
  agendaId: number
  /** The agenda's home currency (`homeCurrency` amounts). */
  homeCurrency?: string | null
  /** The agenda's country, CZ or SK: which rates are high, low and third (default CZ). */
  country?: string | null
  /** The agenda's company ID (IČO): Pohoda imports only into that company. */
  companyId?: string | null
  /** When the pack was made. */
  createdAt: Date
  /** Per document id: failed checks to state in the invoice's note ("exported marked"). */
  flaggedChecks?: ReadonlyMap<number, readonly string[]>
}

const text = (value: string | null | undefined, max: number): string => xmlText(value, max)
const day = (value: string | null | undefined): string | null => /^(\d{4}-\d{2}-\d{2})/.exec(value ?? '')?.[1] ?? null
const money = (value: number): string => roundCents(value).toFixed(2)

function invoiceType(doc: Document): string {
  const received = doc.type !== 'SalesInvoice'
  if (doc.invoice_type === InvoiceType.creditNote) return received ? 'receivedCreditNotice' : 'issuedCreditNotice'
  if (doc.invoice_type === InvoiceType.proforma) return received ? 'receivedProformaInvoice' : 'issuedProformaInvoice'
  return received ? 'receivedInvoice' : 'issuedInvoice'
}

/** Adds `<typ:name>value</typ:name>` when the value is not empty. */
function put(parent: XMLBuilder, name: string, value: string): void {
  if (value !== '') parent.ele(POHODA_NS.typ, `typ:${name}`).txt(value)
}

function invoice(item: XMLBuilder, doc: Document, options: PohodaOptions): void {
  const inv = (parent: XMLBuilder, name: string) => parent.ele(POHODA_NS.inv, `inv:${name}`)
  const header = doc.data?.header
  const node = inv(item, 'invoice').att('version', '2.0')
  const head = inv(node, 'invoiceHeader')
  inv(head, 'invoiceType').txt(invoiceType(doc))
  const invoiceNo = text(header?.invoice_no, 32)
  const symbol = text(header?.variable_symbol, 20)
  if (/^\d{1,20}$/.test(symbol)) inv(head, 'symVar').txt(symbol)
  if (invoiceNo) inv(head, 'originalDocument').txt(invoiceNo)
  const pairing = /^\d{1,20}$/.test(symbol) ? symbol : invoiceNo.slice(0, 20)
  if (pairing) inv(head, 'symPar').txt(pairing)
  const issued = day(header?.issue_date)!
  const taxDate = taxDateOf(doc) ?? issued
  inv(head, 'date').txt(issued)
  inv(head, 'dateTax').txt(taxDate)
  inv(head, 'dateAccounting').txt(taxDate)
  const due = day(header?.due_date)
  if (due) inv(head, 'dateDue').txt(due)

  const partner = doc.type === 'SalesInvoice' ? doc.customer : doc.supplier
  const address = inv(head, 'partnerIdentity').ele(POHODA_NS.typ, 'typ:address')
  put(address, 'company', text(partner?.name, 255))
  put(address, 'city', text(partner?.city, 45))
  put(address, 'street', text(partner?.street, 64))
  put(address, 'zip', text(partner?.postal_code, 15))
  put(address, 'ico', text(partner?.id, 15))
  put(address, 'dic', text(partner?.vat_id, 18))
  const country = text(partner?.country, 2).toUpperCase()
  if (/^[A-Z]{2}$/.test(country)) address.ele(POHODA_NS.typ, 'typ:country').ele(POHODA_NS.typ, 'typ:ids').txt(country)

  inv(head, 'paymentType').ele(POHODA_NS.typ, 'typ:paymentType').txt('draft')
  const bank = bankDetailsOf(doc)
  const accountNo = bank.accountNo ?? bank.iban
  if (accountNo) {
    const account = inv(head, 'account')
    put(account, 'accountNo', accountNo.slice(0, 34))
    if (bank.accountNo && bank.bankCode) put(account, 'bankCode', bank.bankCode)
  }

  const currencies = documentCurrencies(doc, options.homeCurrency)
  const homeCountry = (options.country ?? 'CZ').toUpperCase() === 'SK' ? 'SK' : 'CZ'
  const facts = vatFactsOf(doc)
  const sums: Record<PohodaRateClass, { net: number; vat: number }> = {
    high: { net: 0, vat: 0 },
    low: { net: 0, vat: 0 },
    third: { net: 0, vat: 0 },
    none: { net: 0, vat: 0 },
  }
  const notes: string[] = []
  let foreignVat = false
  for (const line of facts.taxLines) {
    const rateClass = pohodaRateClass(line.percent, taxDate, homeCountry)
    if (rateClass === null) {
      // VAT charged in another country is no input VAT here: the whole gross is a cost.
      foreignVat = true
      sums.none.net += line.net + line.vat
    } else {
      sums[rateClass].net += line.net
      sums[rateClass].vat += line.vat
    }
  }
  if (facts.taxLines.length === 0) sums.none.net = amountOf(doc.summary?.total)!
  if (foreignVat) notes.push('VAT charged at a rate of another country is booked without VAT (priceNone).')
  if (facts.fromItems) notes.push('No tax lines were extracted; the VAT per rate is summed from the items.')
  if (facts.zeroRate === 'intra_eu_reverse_charge')
    notes.push('Intra-EU supply at 0 %: reverse charge, VAT is due from the customer.')
  else if (facts.zeroRate === 'local_reverse_charge') notes.push('Domestic reverse charge at 0 %.')
  const flagged = options.flaggedChecks?.get(doc.id)
  if (flagged && flagged.length > 0)
    notes.push(`Exported although Docket's checks failed: ${flagged.join('; ')}. Check before booking.`)
  const supplierName = text(doc.supplier?.name, 120)
  inv(head, 'text').txt(text(header?.invoice_text, 240) || text(`${supplierName} ${invoiceNo}`, 240))
  if (notes.length > 0) inv(head, 'note').txt(`Docket: ${notes.join(' ')}`)
  // Corrections in the internal note (intNote): what the accountant sees beside the booking.
  const corrected = correctionNote(correctionsOf(doc))
  if (corrected) inv(head, 'intNote').txt(text(`Docket: ${corrected}`, 2000))

  const summary = inv(node, 'invoiceSummary')
  inv(summary, 'roundingDocument').txt('none')
  const home = inv(summary, 'homeCurrency')
  const toHomeMoney = (value: number) => money(toHome(roundCents(value), currencies)!)
  if (sums.none.net !== 0 || facts.taxLines.length === 0) put(home, 'priceNone', toHomeMoney(sums.none.net))
  const classes: [PohodaRateClass, string][] = [
    ['low', 'priceLow'],
    ['high', 'priceHigh'],
    ['third', 'price3'],
  ]
  for (const [rateClass, name] of classes) {
    const sum = sums[rateClass]
    if (sum.net === 0 && sum.vat === 0) continue
    put(home, name, toHomeMoney(sum.net))
    put(home, `${name}VAT`, toHomeMoney(sum.vat))
  }
  if (currencies.foreign) {
    const foreign = inv(summary, 'foreignCurrency')
    foreign.ele(POHODA_NS.typ, 'typ:currency').ele(POHODA_NS.typ, 'typ:ids').txt(currencies.currency)
    put(foreign, 'rate', String(currencies.rate))
    put(foreign, 'amount', String(currencies.per))
    put(foreign, 'priceSum', money(amountOf(doc.summary?.total)!))
  }
}

/**
 * The Pohoda XML data pack of `documents` (UTF-8 text). Throws an Error when a document
 * lacks what Pohoda needs ({@link pohodaGaps}; callers leave such documents out and say so).
 */
export function pohodaXml(documents: readonly Document[], options: PohodaOptions): string {
  const stamp = options.createdAt.toISOString().replace(/\D/g, '').slice(0, 14)
  const pack = create({ version: '1.0', encoding: 'UTF-8' }).ele(POHODA_NS.dat, 'dat:dataPack', {
    'xmlns:inv': POHODA_NS.inv,
    'xmlns:typ': POHODA_NS.typ,
    version: '2.0',
    id: `docket-${options.agendaId}-${stamp}`,
    application: 'Docket',
    note: `Docket export of ${documents.length} invoice(s)`,
  })
  const ico = text(options.companyId, 15)
  if (ico) pack.att('ico', ico)
  for (const doc of documents) {
    const gaps = pohodaGaps(doc, options.homeCurrency)
    if (gaps.length > 0) throw new Error(`Document ${doc.id} lacks ${gaps.join(' and ')}, which Pohoda requires.`)
    const item = pack.ele(POHODA_NS.dat, 'dat:dataPackItem', { version: '2.0', id: `doc-${doc.id}` })
    invoice(item, doc, options)
  }
  return pack.end({ prettyPrint: true })
}
