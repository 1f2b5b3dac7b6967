import { XMLParser } from 'fast-xml-parser'
import type { EInvoiceFields } from '../../../shared/evidence/types'

/**
 * The fields of an e-invoice's XML that the extraction also has: UN/CEFACT Cross Industry
 * Invoice (Factur-X / ZUGFeRD / XRechnung CII, EN 16931) or ISDOC 6. Parsed with
 * fast-xml-parser (no entity expansion, no DTDs), namespaces dropped, everything read as text
 * and checked before use. Only facts that mean the same in the extraction are taken: the
 * supplier's company id only from its legal registration (CII's own party ID is often the
 * buyer's customer number for it), the variable symbol only when the payment reference is
 * digits, no tax date from CII (its delivery date is not the tax point).
 */

/** XML larger than this (bytes) is not read. */
export const MAX_EINVOICE_XML_BYTES = 5 * 1024 * 1024

/** Why an XML was not taken as an e-invoice. */
export class EInvoiceError extends Error {
  constructor(
    readonly code: 'too_large' | 'not_xml' | 'not_einvoice',
    message: string,
  ) {
    super(message)
    this.name = 'EInvoiceError'
  }
}

type Node = Record<string, unknown>

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  trimValues: true,
})

/**
 * The e-invoice fields of `xml`. Throws {@link EInvoiceError}: `too_large`, `not_xml` (it does
 * not parse), `not_einvoice` (neither a CII nor an ISDOC invoice).
 */
export function readEInvoiceXml(xml: Uint8Array): EInvoiceFields {
  if (xml.byteLength > MAX_EINVOICE_XML_BYTES) throw new EInvoiceError('too_large', 'The embedded XML is too large.')
  let root: Node
  try {
    root = parser.parse(Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength).toString('utf8')) as Node
  } catch (error) {
    throw new EInvoiceError('not_xml', `The embedded file is not XML: ${(error as Error).message.slice(0, 200)}`)
  }
  const cii = node(root['CrossIndustryInvoice'])
  if (cii) return fromCii(cii)
  const isdoc = node(root['Invoice'])
  if (isdoc && (node(isdoc['LegalMonetaryTotal']) || node(isdoc['AccountingSupplierParty']))) return fromIsdoc(isdoc)
  throw new EInvoiceError('not_einvoice', 'The embedded XML is neither a CII (Factur-X/ZUGFeRD) nor an ISDOC invoice.')
}

function node(value: unknown): Node | null {
  if (Array.isArray(value)) return node(value[0])
  return typeof value === 'object' && value !== null ? (value as Node) : null
}

function list(value: unknown): Node[] {
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value]
  return values.filter((v): v is Node => typeof v === 'object' && v !== null)
}

/** The text of a leaf (`<a>x</a>` or `<a attr="...">x</a>`), trimmed and capped; null when empty. */
function textOf(value: unknown): string | null {
  if (Array.isArray(value)) return textOf(value[0])
  if (typeof value === 'string' || typeof value === 'number') {
    const text = String(value).trim().slice(0, 500)
    return text === '' ? null : text
  }
  if (typeof value === 'object' && value !== null) return textOf((value as Node)['#text'])
  return null
}

function at(start: unknown, ...path: string[]): unknown {
  let current: unknown = start
  for (const key of path) {
    const here = node(current)
    if (!here) return undefined
    current = here[key]
  }
  return current
}

function amountOf(value: unknown): number | null {
  const text = textOf(value)
  if (text === null || !/^-?\d{1,15}(\.\d{1,6})?$/u.test(text)) return null
  return Math.round(Number(text) * 100) / 100
}

/** CII date: `<udt:DateTimeString format="102">20180305</udt:DateTimeString>` -> 2018-03-05. */
function ciiDate(value: unknown): string | null {
  const text = textOf(at(value, 'DateTimeString'))
  const match = text ? /^(\d{4})(\d{2})(\d{2})$/u.exec(text) : null
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null
}

function isoDate(value: unknown): string | null {
  const text = textOf(value)
  return text && /^\d{4}-\d{2}-\d{2}/u.test(text) ? text.slice(0, 10) : null
}

function digitsOnly(value: string | null): string | null {
  return value && /^\d{1,10}$/u.test(value) ? value : null
}

/** The VAT registration of a CII party (`SpecifiedTaxRegistration/ID[@schemeID="VA"]`). */
function ciiVatId(party: unknown): string | null {
  for (const registration of list(at(party, 'SpecifiedTaxRegistration'))) {
    const id = node(registration['ID'])
    if (id && id['@schemeID'] === 'VA') return textOf(id)
  }
  return null
}

function fromCii(invoice: Node): EInvoiceFields {
  const transaction = at(invoice, 'SupplyChainTradeTransaction')
  const agreement = at(transaction, 'ApplicableHeaderTradeAgreement')
  const settlement = at(transaction, 'ApplicableHeaderTradeSettlement')
  const seller = at(agreement, 'SellerTradeParty')
  const buyer = at(agreement, 'BuyerTradeParty')
  const sums = at(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation')
  const currency = textOf(at(settlement, 'InvoiceCurrencyCode'))
  // Two TaxTotalAmount elements when the VAT is also stated in the accounting currency: take the invoice's.
  const raw = at(sums, 'TaxTotalAmount')
  const taxTotals: unknown[] = Array.isArray(raw) ? raw : [raw]
  const vatTotal =
    amountOf(taxTotals.find((total) => [undefined, currency].includes(node(total)?.['@currencyID'] as string))) ??
    amountOf(taxTotals[0])
  let iban: string | null = null
  for (const means of list(at(settlement, 'SpecifiedTradeSettlementPaymentMeans'))) {
    iban ??= textOf(at(means, 'PayeePartyCreditorFinancialAccount', 'IBANID'))
  }
  let dueDate: string | null = null
  for (const terms of list(at(settlement, 'SpecifiedTradePaymentTerms'))) {
    dueDate ??= ciiDate(terms['DueDateDateTime'])
  }
  return {
    format: 'cii',
    invoice_no: textOf(at(invoice, 'ExchangedDocument', 'ID')),
    issue_date: ciiDate(at(invoice, 'ExchangedDocument', 'IssueDateTime')),
    tax_date: null,
    due_date: dueDate,
    currency,
    variable_symbol: digitsOnly(textOf(at(settlement, 'PaymentReference'))),
    supplier_name: textOf(at(seller, 'Name')),
    supplier_vat_id: ciiVatId(seller),
    supplier_id: textOf(at(seller, 'SpecifiedLegalOrganization', 'ID')),
    supplier_iban: iban ? iban.replace(/\s+/gu, '').toUpperCase() : null,
    customer_name: textOf(at(buyer, 'Name')),
    customer_vat_id: ciiVatId(buyer),
    sub_total: amountOf(at(sums, 'TaxBasisTotalAmount')),
    vat_total: vatTotal,
    total: amountOf(at(sums, 'GrandTotalAmount')),
    payment_amount: amountOf(at(sums, 'DuePayableAmount')),
    tax_lines: list(at(settlement, 'ApplicableTradeTax'))
      .slice(0, 50)
      .flatMap((tax) => {
        const percent = amountOf(tax['RateApplicablePercent']) ?? (textOf(tax['CategoryCode']) === 'S' ? null : 0)
        if (percent === null) return []
        return [{ percent, sub_total: amountOf(tax['BasisAmount']), vat_total: amountOf(tax['CalculatedAmount']) }]
      }),
  }
}

function fromIsdoc(invoice: Node): EInvoiceFields {
  const foreign = textOf(invoice['ForeignCurrencyCode'])
  // Amounts of a foreign-currency invoice are in the ...Curr elements.
  const money = (parent: unknown, name: string) =>
    foreign ? (amountOf(at(parent, `${name}Curr`)) ?? amountOf(at(parent, name))) : amountOf(at(parent, name))
  const supplier = at(invoice, 'AccountingSupplierParty', 'Party')
  const customer = at(invoice, 'AccountingCustomerParty', 'Party')
  const totals = at(invoice, 'LegalMonetaryTotal')
  const vatId = (party: unknown) => {
    for (const scheme of list(at(party, 'PartyTaxScheme'))) {
      const kind = textOf(at(scheme, 'TaxScheme'))
      if (!kind || kind === 'VAT') return textOf(scheme['CompanyID'])
    }
    return null
  }
  const details = list(at(invoice, 'PaymentMeans', 'Payment'))
    .map((payment) => at(payment, 'Details'))
    .find((d) => node(d))
  const iban = textOf(at(details, 'IBAN'))
  return {
    format: 'isdoc',
    invoice_no: textOf(invoice['ID']),
    issue_date: isoDate(invoice['IssueDate']),
    tax_date: isoDate(invoice['TaxPointDate']),
    due_date: isoDate(at(details, 'PaymentDueDate')),
    currency: foreign ?? textOf(invoice['LocalCurrencyCode']),
    variable_symbol: digitsOnly(textOf(at(details, 'VariableSymbol'))),
    supplier_name: textOf(at(supplier, 'PartyName', 'Name')),
    supplier_vat_id: vatId(supplier),
    supplier_id: textOf(at(supplier, 'PartyIdentification', 'ID')),
    supplier_iban: iban ? iban.replace(/\s+/gu, '').toUpperCase() : null,
    customer_name: textOf(at(customer, 'PartyName', 'Name')),
    customer_vat_id: vatId(customer),
    sub_total: money(totals, 'TaxExclusiveAmount'),
    vat_total: money(at(invoice, 'TaxTotal'), 'TaxAmount'),
    total: money(totals, 'TaxInclusiveAmount'),
    payment_amount: money(totals, 'PayableAmount'),
    tax_lines: list(at(invoice, 'TaxTotal', 'TaxSubTotal'))
      .slice(0, 50)
      .flatMap((sub) => {
        const percent = amountOf(at(sub, 'TaxCategory', 'Percent'))
        if (percent === null) return []
        return [{ percent, sub_total: money(sub, 'TaxableAmount'), vat_total: money(sub, 'TaxAmount') }]
      }),
  }
}
