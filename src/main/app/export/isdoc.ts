import { createHash } from 'node:crypto'
import { create } from 'xmlbuilder2'
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces'
import type { Document, Party } from '../../../shared/api'
import { InvoiceType } from '../../../shared/api/document'
import { amountOf, roundCents } from '../../../shared/checks/money'

/**
 * ISDOC 6.0.2, the Czech e-invoice format that Czech and Slovak accounting software imports
 * (isdoc.cz; the schema is in resources/test-fixtures/isdoc, every file the tests write is
 * validated against it). One `Invoice` per document, built with xmlbuilder2.
 *
 * What Docket maps: the document type, invoice number, a UUID derived from the agenda and
 * document ids (the same document always gets the same UUID, so a re-export is recognised as
 * the same invoice), issue and tax point dates, the supplier and customer (name, company ID,
 * VAT ID, address), the items (or one line for the whole invoice when none were extracted),
 * the tax lines, the totals, and the due date with the bank account and variable symbol.
 * Amounts are in the invoice's own currency (`LocalCurrencyCode` = its currency, rate 1):
 * the accounting software converts with its own rate of the day. Pure, no I/O.
 */

export const ISDOC_NAMESPACE = 'http://isdoc.cz/namespace/2013'
export const ISDOC_VERSION = '6.0.2'

/** Why a document cannot become an ISDOC file: a value the standard requires was not extracted. */
export type IsdocGap = 'issue_date' | 'total'

/** The fields ISDOC requires that `doc` lacks (empty: it can be exported). */
export function isdocGaps(doc: Document): IsdocGap[] {
  const gaps: IsdocGap[] = []
  if (!/^\d{4}-\d{2}-\d{2}/.test(doc.data?.header?.issue_date ?? '')) gaps.push('issue_date')
  if (amountOf(doc.summary?.total) === null) gaps.push('total')
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
const text = (value: string | null | undefined): string => (value ?? '').trim()
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
  unitPrice: number
  net: number
  vat: number
  percent: number
}

/** The invoice lines: the extracted items, or one line holding the whole invoice. */
function linesOf(doc: Document, total: number): Line[] {
  const items = (doc.items ?? []).filter((item) => amountOf(item.subtotal) !== null || amountOf(item.total) !== null)
  if (items.length > 0) {
    return items.map((item) => {
      const percent = amountOf(item.tax_rate) ?? 0
      const net = amountOf(item.subtotal) ?? roundCents((amountOf(item.total) ?? 0) / (1 + percent / 100))
      const vat = amountOf(item.tax) ?? roundCents((net * percent) / 100)
      const quantity = amountOf(item.quantity) ?? 1
      const unitPrice = amountOf(item.unit_price) ?? (quantity !== 0 ? roundCents(net / quantity) : net)
      return { description: text(item.name) || text(item.code), quantity, unitPrice, net, vat, percent }
    })
  }
  const net = amountOf(doc.summary?.sub_total) ?? total
  const vat = amountOf(doc.summary?.vat_total) ?? roundCents(total - net)
  const percent = net !== 0 ? roundCents((vat / net) * 100) : 0
  const description = text(doc.data?.header?.invoice_text) || text(doc.data?.header?.invoice_no)
  return [{ description, quantity: 1, unitPrice: net, net, vat, percent }]
}

/** Tax subtotals per rate: the extracted tax lines, or the lines grouped by rate. */
function taxSubtotals(doc: Document, lines: Line[]): { percent: number; net: number; vat: number }[] {
  const extracted = (doc.tax_lines ?? []).filter((line) => amountOf(line.sub_total) !== null)
  if (extracted.length > 0) {
    return extracted.map((line) => ({
      percent: amountOf(line.percent) ?? 0,
      net: amountOf(line.sub_total)!,
      vat: amountOf(line.vat_total) ?? 0,
    }))
  }
  const byRate = new Map<number, { net: number; vat: number }>()
  for (const line of lines) {
    const sum = byRate.get(line.percent) ?? { net: 0, vat: 0 }
    byRate.set(line.percent, { net: roundCents(sum.net + line.net), vat: roundCents(sum.vat + line.vat) })
  }
  return [...byRate].map(([percent, sum]) => ({ percent, ...sum }))
}

/**
 * The ISDOC XML of one document (UTF-8 text). `agendaId` feeds the UUID; `homeCurrency`
 * stands in for a currency that was not extracted. Throws an Error when {@link isdocGaps}
 * finds a required value missing (callers skip such documents and say so).
 */
export function isdocXml(doc: Document, options: { agendaId: number; homeCurrency?: string | null }): string {
  const gaps = isdocGaps(doc)
  if (gaps.length > 0) throw new Error(`Document ${doc.id} lacks ${gaps.join(' and ')}, which ISDOC requires.`)
  const header = doc.data?.header
  const total = amountOf(doc.summary?.total)!
  const lines = linesOf(doc, total)
  const subtotals = taxSubtotals(doc, lines)
  const netTotal = amountOf(doc.summary?.sub_total) ?? roundCents(subtotals.reduce((s, t) => s + t.net, 0))
  const vatTotal = amountOf(doc.summary?.vat_total) ?? roundCents(subtotals.reduce((s, t) => s + t.vat, 0))
  const rounding = amountOf(doc.summary?.rounding) ?? 0
  const paidDeposits = amountOf(doc.summary?.paid_deposits) ?? 0
  const currency = (text(header?.currency) || text(options.homeCurrency) || 'CZK').toUpperCase()
  const vatApplicable = vatTotal !== 0 || subtotals.some((t) => t.percent !== 0)

  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(ISDOC_NAMESPACE, 'Invoice', { version: ISDOC_VERSION })
  root.ele('DocumentType').txt(documentType(doc))
  root.ele('ID').txt(text(header?.invoice_no) || `DOCKET-${doc.id}`)
  root.ele('UUID').txt(isdocUuid(options.agendaId, doc.id))
  root.ele('IssuingSystem').txt('Docket')
  root.ele('IssueDate').txt(day(header?.issue_date)!)
  const taxPoint = day(header?.tax_date)
  if (taxPoint) root.ele('TaxPointDate').txt(taxPoint)
  root.ele('VATApplicable').txt(String(vatApplicable))
  root.ele('ElectronicPossibilityAgreementReference').txt('')
  const note = text(header?.invoice_text)
  if (note) root.ele('Note').txt(note)
  root.ele('LocalCurrencyCode').txt(currency)
  root.ele('CurrRate').txt('1')
  root.ele('RefCurrRate').txt('1')
  party(root.ele('AccountingSupplierParty'), doc.supplier)
  party(root.ele('AccountingCustomerParty'), doc.customer)

  const invoiceLines = root.ele('InvoiceLines')
  lines.forEach((line, index) => {
    const node = invoiceLines.ele('InvoiceLine')
    node.ele('ID').txt(String(index + 1))
    node.ele('InvoicedQuantity').txt(String(line.quantity))
    node.ele('LineExtensionAmount').txt(money(line.net))
    node.ele('LineExtensionAmountTaxInclusive').txt(money(line.net + line.vat))
    node.ele('LineExtensionTaxAmount').txt(money(line.vat))
    node.ele('UnitPrice').txt(money(line.unitPrice))
    node.ele('UnitPriceTaxInclusive').txt(money(line.unitPrice * (1 + line.percent / 100)))
    const category = node.ele('ClassifiedTaxCategory')
    category.ele('Percent').txt(String(line.percent))
    category.ele('VATCalculationMethod').txt('0')
    category.ele('VATApplicable').txt(String(line.percent !== 0 || vatApplicable))
    if (line.description) node.ele('Item').ele('Description').txt(line.description)
  })

  const taxTotal = root.ele('TaxTotal')
  for (const t of subtotals.length > 0 ? subtotals : [{ percent: 0, net: netTotal, vat: vatTotal }]) {
    const sub = taxTotal.ele('TaxSubTotal')
    sub.ele('TaxableAmount').txt(money(t.net))
    sub.ele('TaxAmount').txt(money(t.vat))
    sub.ele('TaxInclusiveAmount').txt(money(t.net + t.vat))
    sub.ele('AlreadyClaimedTaxableAmount').txt('0')
    sub.ele('AlreadyClaimedTaxAmount').txt('0')
    sub.ele('AlreadyClaimedTaxInclusiveAmount').txt('0')
    sub.ele('DifferenceTaxableAmount').txt(money(t.net))
    sub.ele('DifferenceTaxAmount').txt(money(t.vat))
    sub.ele('DifferenceTaxInclusiveAmount').txt(money(t.net + t.vat))
    const category = sub.ele('TaxCategory')
    category.ele('Percent').txt(String(t.percent))
    category.ele('VATApplicable').txt(String(t.percent !== 0 || vatApplicable))
  }
  taxTotal.ele('TaxAmount').txt(money(vatTotal))

  const legal = root.ele('LegalMonetaryTotal')
  legal.ele('TaxExclusiveAmount').txt(money(netTotal))
  legal.ele('TaxInclusiveAmount').txt(money(total))
  legal.ele('AlreadyClaimedTaxExclusiveAmount').txt('0')
  legal.ele('AlreadyClaimedTaxInclusiveAmount').txt('0')
  legal.ele('DifferenceTaxExclusiveAmount').txt(money(netTotal))
  legal.ele('DifferenceTaxInclusiveAmount').txt(money(total))
  legal.ele('PayableRoundingAmount').txt(money(rounding))
  legal.ele('PaidDepositsAmount').txt(money(paidDeposits))
  legal.ele('PayableAmount').txt(money(total - paidDeposits))

  const due = day(header?.due_date)
  if (due) {
    const payment = root.ele('PaymentMeans').ele('Payment')
    payment.ele('PaidAmount').txt(money(total - paidDeposits))
    payment.ele('PaymentMeansCode').txt('42')
    const details = payment.ele('Details')
    details.ele('PaymentDueDate').txt(due)
    const account = doc.bank_account
    details.ele('ID').txt(text(account?.bban))
    details.ele('BankCode').txt(text(account?.bank_code))
    details.ele('Name').txt('')
    details.ele('IBAN').txt(
      text(account?.iban || doc.supplier?.iban)
        .replace(/\s+/g, '')
        .toUpperCase(),
    )
    details.ele('BIC').txt(text(account?.bic || doc.supplier?.bic))
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
