import { createHash } from 'node:crypto'
import { create } from 'xmlbuilder2'
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces'
import type { Document, Party } from '../../../shared/api'
import { InvoiceType } from '../../../shared/api/document'
import { amountOf, roundCents } from '../../../shared/checks/money'
import type { Correction } from '../../../shared/corrections'
import { bankDetailsOf } from './bankDetails'
import { correctionNote } from './corrections'
import { documentCurrencies, toHome } from './currency'
import { xmlText } from './xmlText'
import { exactRate, vatFactsOf, type TaxLineFact, type ZeroRateKind } from './vatFacts'

/**
 * ISDOC 6.0.2, the Czech e-invoice format that Czech and Slovak accounting software imports
 * (isdoc.cz; the schema is in resources/test-fixtures/isdoc, every file the tests write is
 * validated against it). One `Invoice` per document, built with xmlbuilder2.
 *
 * What Docket maps: the document type, invoice number, a UUID derived from the agenda and
 * document ids (the same document always gets the same UUID, so a re-export is recognised as
 * the same invoice), issue and tax point dates, the supplier and customer (name, company ID,
 * VAT ID, address), the items (or one line for the whole invoice when none were extracted),
 * the tax lines per rate, the totals, and the due date with the bank account and variable
 * symbol. Amounts are in the agenda's home currency, with the invoice's own currency and
 * rate beside them when it differs (see {@link isdocXml}). Pure, no I/O.
 */

export const ISDOC_NAMESPACE = 'http://isdoc.cz/namespace/2013'
export const ISDOC_VERSION = '6.0.2'

/** Why a document cannot become an ISDOC file: a value the standard requires was not extracted (or, in a foreign currency, the rate to the home currency). */
export type IsdocGap = 'issue_date' | 'total' | 'currency_rate'

/** The fields ISDOC requires that `doc` lacks (empty: it can be exported); `homeCurrency` is the agenda's. */
export function isdocGaps(doc: Document, homeCurrency?: string | null): IsdocGap[] {
  const gaps: IsdocGap[] = []
  if (!/^\d{4}-\d{2}-\d{2}/.test(doc.data?.header?.issue_date ?? '')) gaps.push('issue_date')
  if (amountOf(doc.summary?.total) === null) gaps.push('total')
  if (homeCurrency && documentCurrencies(doc, homeCurrency).rate === null) gaps.push('currency_rate')
  return gaps
}

/** ISDOC DocumentType: 1 invoice, 2 credit note, 4 advance (proforma) invoice, 7 simplified tax document. */
function documentType(doc: Document): string {
  switch (doc.invoice_type) {
    case InvoiceType.creditNote:
      return '2'
    case InvoiceType.proforma:
      return '4'
    case InvoiceType.receipt:
      return '7'
    default:
      return '1'
  }
}

/** A stable UUID for the document (name-based, SHA-1 as UUID version 5 does). */
export function isdocUuid(agendaId: number, documentId: number): string {
  const hex = createHash('sha1').update(`docket:${agendaId}:${documentId}`).digest('hex').slice(0, 32).split('')
  hex[12] = '5'
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)
  const h = hex.join('').toUpperCase()
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

const money = (value: number): string => roundCents(value).toFixed(2)
/** A price at full precision (no rounding to cents, no exponent, no binary noise past 10 decimals). */
const price = (value: number): string => {
  const clean = Math.round(value * 1e10) / 1e10
  return clean.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 10 })
}
const text = (value: string | null | undefined): string => xmlText(value)
const day = (value: string | null | undefined): string | null => {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value ?? '')
  return match ? match[1]! : null
}

/** A party as ISDOC's `Party`: identification, name, postal address and VAT ID. */
function party(parent: XMLBuilder, p: Party | null | undefined): void {
  const node = parent.ele('Party')
  node.ele('PartyIdentification').ele('ID').txt(text(p?.id))
  node.ele('PartyName').ele('Name').txt(text(p?.name))
  const address = node.ele('PostalAddress')
  address.ele('StreetName').txt(text(p?.street))
  address.ele('BuildingNumber').txt('')
  address.ele('CityName').txt(text(p?.city))
  address.ele('PostalZone').txt(text(p?.postal_code))
  const country = address.ele('Country')
  country.ele('IdentificationCode').txt(text(p?.country).toUpperCase())
  country.ele('Name').txt('')
  const vatId = text(p?.vat_id)
  if (vatId) node.ele('PartyTaxScheme').ele('CompanyID').txt(vatId).up().ele('TaxScheme').txt('VAT')
}

interface Line {
  description: string
  quantity: number
  unit: string
  unitPrice: number
  net: number
  vat: number
  percent: number
}

/** The invoice lines: the extracted items, or one line per tax rate when none was extracted. */
function linesOf(doc: Document, taxLines: TaxLineFact[]): Line[] {
  const items = (doc.items ?? []).filter((item) => amountOf(item.subtotal) !== null || amountOf(item.total) !== null)
  if (items.length > 0) {
    return items.map((item) => {
      const percent = exactRate(amountOf(item.tax_rate) ?? 0, doc)
      const net = amountOf(item.subtotal) ?? roundCents((amountOf(item.total) ?? 0) / (1 + percent / 100))
      const vat = amountOf(item.tax) ?? roundCents((net * percent) / 100)
      const quantity = amountOf(item.quantity) ?? 1
      const unitPrice = amountOf(item.unit_price) ?? (quantity !== 0 ? net / quantity : net)
      const unit = item.unit === null || item.unit === undefined ? '' : text(String(item.unit))
      return { description: text(item.name) || text(item.code), quantity, unit, unitPrice, net, vat, percent }
    })
  }
  const description = text(doc.data?.header?.invoice_text) || text(doc.data?.header?.invoice_no)
  return taxLines.map((t) => ({ description, quantity: 1, unit: '', unitPrice: t.net, ...t }))
}

/** Where a corrective document (credit note) points: the invoice it corrects. */
export interface OriginalDocument {
  /** The corrected invoice's number. */
  id: string
  issueDate?: string | null
  /** Its ISDOC UUID, when Docket knows the document. */
  uuid?: string | null
}

/** What {@link isdocXml} needs besides the document. */
export interface IsdocOptions {
  /** Feeds the UUID. */
  agendaId: number
  /** The agenda's home currency: `LocalCurrencyCode`; the invoice's own becomes `ForeignCurrencyCode`. */
  homeCurrency?: string | null
  /** For a credit note: the invoice it corrects (`OriginalDocumentReference`). */
  original?: OriginalDocument | null
  /** Failed checks to state in the file's note ("exported marked"). */
  flaggedChecks?: readonly string[]
  /** The person's corrections of the document (its values already corrected), stated in the note. */
  corrections?: readonly Correction[]
}

const VAT_NOTES: Record<ZeroRateKind, string> = {
  intra_eu_reverse_charge:
    'Intra-EU supply, reverse charge: VAT is due from the customer (Directive 2006/112/EC, Articles 138 and 196).',
  local_reverse_charge: 'Domestic reverse charge: VAT is due from the customer.',
  exempt: 'Exempt from VAT or outside its scope (0 % on the invoice).',
}

/**
 * The ISDOC XML of one document (UTF-8 text). Amounts without the `Curr` suffix are in the
 * agenda's home currency (`LocalCurrencyCode`); for an invoice in another currency those
 * are converted with the document's stated rate (`CurrRate` per `RefCurrRate` units) and the
 * invoice's own amounts go in the `…Curr` elements. Tax subtotals are the extracted tax lines
 * (built from the items only when none was extracted, which the note says). 0 % lines are
 * marked: intra-EU reverse charge and exempt supplies with a `VATNote`, a domestic reverse
 * charge with `LocalReverseChargeFlag`. Bank details are written only when they pass their
 * checksum. Throws an Error when {@link isdocGaps} finds a required value missing (callers skip
 * such documents and say so).
 */
export function isdocXml(doc: Document, options: IsdocOptions): string {
  const gaps = isdocGaps(doc, options.homeCurrency)
  if (gaps.length > 0) throw new Error(`Document ${doc.id} lacks ${gaps.join(' and ')}, which ISDOC requires.`)
  const header = doc.data?.header
  const total = amountOf(doc.summary?.total)!
  const facts = vatFactsOf(doc)
  const lines = linesOf(doc, facts.taxLines)
  const subtotals = facts.taxLines.length > 0 ? facts.taxLines : [{ percent: 0, net: total, vat: 0 }]
  const netTotal = amountOf(doc.summary?.sub_total) ?? roundCents(subtotals.reduce((s, t) => s + t.net, 0))
  const vatTotal = amountOf(doc.summary?.vat_total) ?? roundCents(subtotals.reduce((s, t) => s + t.vat, 0))
  const rounding = amountOf(doc.summary?.rounding) ?? 0
  const paidDeposits = amountOf(doc.summary?.paid_deposits) ?? 0
  const currencies = documentCurrencies(doc, options.homeCurrency)
  const foreign = currencies.foreign
  const home = (amount: number): number => toHome(amount, currencies)!
  const homePrice = (amount: number): number => (foreign ? (amount * currencies.rate!) / currencies.per : amount)
  const zero = facts.zeroRate
  /** Subject to VAT: any non-zero rate, or a reverse charge (VAT due from the customer). */
  const subjectToVat = (percent: number) => percent !== 0 || (zero !== null && zero !== 'exempt')
  const vatApplicable = subtotals.some((t) => subjectToVat(t.percent))

  const notes: string[] = []
  const invoiceText = text(header?.invoice_text)
  if (invoiceText) notes.push(invoiceText)
  if (facts.fromItems) notes.push('Docket: no tax lines were extracted; the VAT per rate is summed from the items.')
  if (zero) notes.push(VAT_NOTES[zero])
  const bank = bankDetailsOf(doc)
  const rawIban = text(doc.bank_account?.iban || doc.supplier?.iban)
  if (rawIban && !bank.iban) notes.push('Docket: the IBAN on the invoice fails its checksum and was left out.')
  if (options.flaggedChecks && options.flaggedChecks.length > 0)
    notes.push(
      `Docket: exported although its checks failed: ${options.flaggedChecks.join('; ')}. Check before booking.`,
    )
  const corrected = correctionNote(options.corrections ?? [])
  if (corrected) notes.push(xmlText(`Docket: ${corrected}`, 2000))

  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(ISDOC_NAMESPACE, 'Invoice', { version: ISDOC_VERSION })
  const type = documentType(doc)
  root.ele('DocumentType').txt(type)
  root.ele('ID').txt(text(header?.invoice_no) || `DOCKET-${doc.id}`)
  root.ele('UUID').txt(isdocUuid(options.agendaId, doc.id))
  root.ele('IssuingSystem').txt('Docket')
  root.ele('IssueDate').txt(day(header?.issue_date)!)
  const taxPoint = day(header?.tax_date)
  if (taxPoint) root.ele('TaxPointDate').txt(taxPoint)
  root.ele('VATApplicable').txt(String(vatApplicable))
  root.ele('ElectronicPossibilityAgreementReference').txt('')
  if (notes.length > 0) root.ele('Note').txt(notes.join('\n'))
  root.ele('LocalCurrencyCode').txt(currencies.home)
  if (foreign) root.ele('ForeignCurrencyCode').txt(currencies.currency)
  root.ele('CurrRate').txt(foreign ? price(currencies.rate!) : '1')
  root.ele('RefCurrRate').txt(foreign ? String(currencies.per) : '1')
  party(root.ele('AccountingSupplierParty'), doc.supplier)
  party(root.ele('AccountingCustomerParty'), doc.customer)
  if (type === '2' && options.original && text(options.original.id)) {
    const reference = root.ele('OriginalDocumentReferences').ele('OriginalDocumentReference', { id: 'original' })
    reference.ele('ID').txt(text(options.original.id))
    const issued = day(options.original.issueDate)
    if (issued) reference.ele('IssueDate').txt(issued)
    if (options.original.uuid) reference.ele('UUID').txt(options.original.uuid)
  }

  const invoiceLines = root.ele('InvoiceLines')
  lines.forEach((line, index) => {
    const node = invoiceLines.ele('InvoiceLine')
    node.ele('ID').txt(String(index + 1))
    node.ele('InvoicedQuantity', line.unit ? { unitCode: line.unit } : {}).txt(price(line.quantity))
    if (foreign) node.ele('LineExtensionAmountCurr').txt(money(line.net))
    node.ele('LineExtensionAmount').txt(money(home(line.net)))
    if (foreign) node.ele('LineExtensionAmountTaxInclusiveCurr').txt(money(line.net + line.vat))
    node.ele('LineExtensionAmountTaxInclusive').txt(money(home(line.net + line.vat)))
    node.ele('LineExtensionTaxAmount').txt(money(home(line.vat)))
    node.ele('UnitPrice').txt(price(homePrice(line.unitPrice)))
    node.ele('UnitPriceTaxInclusive').txt(price(homePrice(line.unitPrice) * (1 + line.percent / 100)))
    const category = node.ele('ClassifiedTaxCategory')
    category.ele('Percent').txt(String(line.percent))
    category.ele('VATCalculationMethod').txt('0')
    category.ele('VATApplicable').txt(String(subjectToVat(line.percent)))
    if (line.percent === 0 && zero) node.ele('VATNote').txt(VAT_NOTES[zero])
    if (line.description) node.ele('Item').ele('Description').txt(line.description)
  })

  const taxTotal = root.ele('TaxTotal')
  for (const t of subtotals) {
    const sub = taxTotal.ele('TaxSubTotal')
    const amounts: [string, number][] = [
      ['TaxableAmount', t.net],
      ['TaxAmount', t.vat],
      ['TaxInclusiveAmount', t.net + t.vat],
    ]
    for (const [name, value] of amounts) {
      if (foreign) sub.ele(`${name}Curr`).txt(money(value))
      sub.ele(name).txt(money(home(value)))
    }
    for (const [name] of amounts) {
      if (foreign) sub.ele(`AlreadyClaimed${name}Curr`).txt('0')
      sub.ele(`AlreadyClaimed${name}`).txt('0')
    }
    for (const [name, value] of amounts) {
      if (foreign) sub.ele(`Difference${name}Curr`).txt(money(value))
      sub.ele(`Difference${name}`).txt(money(home(value)))
    }
    const category = sub.ele('TaxCategory')
    category.ele('Percent').txt(String(t.percent))
    category.ele('VATApplicable').txt(String(subjectToVat(t.percent)))
    if (t.percent === 0 && zero === 'local_reverse_charge') category.ele('LocalReverseChargeFlag').txt('true')
  }
  if (foreign) taxTotal.ele('TaxAmountCurr').txt(money(vatTotal))
  taxTotal.ele('TaxAmount').txt(money(home(vatTotal)))

  const legal = root.ele('LegalMonetaryTotal')
  const totals: [string, number][] = [
    ['TaxExclusiveAmount', netTotal],
    ['TaxInclusiveAmount', total],
    ['AlreadyClaimedTaxExclusiveAmount', 0],
    ['AlreadyClaimedTaxInclusiveAmount', 0],
    ['DifferenceTaxExclusiveAmount', netTotal],
    ['DifferenceTaxInclusiveAmount', total],
    ['PayableRoundingAmount', rounding],
    ['PaidDepositsAmount', paidDeposits],
    ['PayableAmount', total - paidDeposits],
  ]
  for (const [name, value] of totals) {
    legal.ele(name).txt(money(home(value)))
    if (foreign) legal.ele(`${name}Curr`).txt(money(value))
  }

  const due = day(header?.due_date)
  if (due) {
    const payment = root.ele('PaymentMeans').ele('Payment')
    payment.ele('PaidAmount').txt(money(home(total - paidDeposits)))
    payment.ele('PaymentMeansCode').txt('42')
    const details = payment.ele('Details')
    details.ele('PaymentDueDate').txt(due)
    details.ele('ID').txt(bank.accountNo ?? '')
    details.ele('BankCode').txt(bank.bankCode ?? '')
    details.ele('Name').txt('')
    details.ele('IBAN').txt(bank.iban ?? '')
    details.ele('BIC').txt(bank.bic ?? '')
    const symbol = text(header?.variable_symbol)
    if (/^\d{1,10}$/.test(symbol)) details.ele('VariableSymbol').txt(symbol)
  }
  return root.end({ prettyPrint: true })
}

/** The file name of a document's ISDOC file: `<invoice no. or id>.isdoc`, safe on every system. */
export function isdocFileName(doc: Document): string {
  const base = text(doc.data?.header?.invoice_no) || `document-${doc.id}`
  return `${base.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 80)}.isdoc`
}
