import { describe, expect, it } from 'vitest'
import type { CheckedDocument } from '../shared/checks/context'
import { duplicateCandidateOf } from '../shared/checks/duplicates'
import type { CheckCode } from '../shared/checks/result'
import { runChecks } from '../shared/checks/run'
import { DOCUMENT_STATES, emptyParty, type ExtractedData } from './model'
import { generateSyntheticDocuments, isValidIban, type SyntheticFault } from './synthetic'

const company = { ...emptyParty(), name: 'Demo Scale Ltd.', country: 'GB', vat_id: 'GB987654321', id: '09876543' }
const cents = (n: number) => Math.round(n * 100)

describe('generateSyntheticDocuments', () => {
  const docs = generateSyntheticDocuments({ count: 400, seed: 7, company })

  it('is deterministic for a seed and differs between seeds', () => {
    const again = generateSyntheticDocuments({ count: 400, seed: 7, company })
    expect(again).toEqual(docs)
    const other = generateSyntheticDocuments({ count: 400, seed: 8, company })
    expect(other.map((d) => d.data.summary.total)).not.toEqual(docs.map((d) => d.data.summary.total))
  })

  it('has consistent arithmetic: items -> tax lines -> summary, to the cent', () => {
    // Invoices without a fault; credit notes are the same figures negated.
    for (const doc of docs.filter((d) => d.fault === null && d.data.invoice_type === 0)) {
      const { items, tax_lines, summary } = doc.data
      expect(items.length).toBeGreaterThan(0)
      for (const item of items) {
        const gross = Math.round(item.quantity * cents(item.unit_price))
        expect(cents(item.discount)).toBe(Math.round((gross * item.discount_rate) / 100))
        expect(cents(item.subtotal)).toBe(gross - cents(item.discount))
        expect(cents(item.tax)).toBe(Math.round((cents(item.subtotal) * item.tax_rate) / 100))
        expect(cents(item.total)).toBe(cents(item.subtotal) + cents(item.tax))
      }
      const rates = [...new Set(items.map((i) => i.tax_rate))].sort((a, b) => b - a)
      expect(tax_lines.map((t) => t.percent)).toEqual(rates)
      for (const line of tax_lines) {
        const of = items.filter((i) => i.tax_rate === line.percent)
        expect(cents(line.sub_total)).toBe(of.reduce((s, i) => s + cents(i.subtotal), 0))
        expect(cents(line.vat_total)).toBe(of.reduce((s, i) => s + cents(i.tax), 0))
        expect(cents(line.total)).toBe(cents(line.sub_total) + cents(line.vat_total))
      }
      expect(cents(summary.sub_total!)).toBe(tax_lines.reduce((s, t) => s + cents(t.sub_total), 0))
      expect(cents(summary.vat_total!)).toBe(tax_lines.reduce((s, t) => s + cents(t.vat_total), 0))
      expect(cents(summary.total!)).toBe(cents(summary.sub_total!) + cents(summary.vat_total!))
      expect(summary.payment_amount).toBe(summary.total)
    }
  })

  it('states credit notes with negative amounts', () => {
    const credits = docs.filter((d) => d.data.invoice_type === 1 && d.fault !== 'total_wrong')
    expect(credits.length).toBeGreaterThan(5)
    for (const doc of credits) expect(doc.data.summary.total!).toBeLessThan(0)
  })

  it('gives every supplier a valid IBAN (mod 97) with matching bank account fields', () => {
    for (const doc of docs) {
      const supplier = doc.data.supplier
      if (doc.type === 'SalesInvoice' || doc.fault === 'iban_typo') continue
      expect(isValidIban(supplier.iban!)).toBe(true)
      expect(doc.data.bank_account.iban).toBe(supplier.iban)
      expect(supplier.bban).toBe(supplier.iban!.slice(4))
    }
  })

  it('holds purchase and sales invoices, every state, and the agenda company on the right side', () => {
    expect(new Set(docs.map((d) => d.type))).toEqual(new Set(['PurchaseInvoice', 'SalesInvoice']))
    expect(new Set(docs.map((d) => d.state))).toEqual(new Set(DOCUMENT_STATES))
    // invoice_type: 0 invoice, 1 credit note (the values published clients use)
    expect(new Set(docs.map((d) => d.data.invoice_type))).toEqual(new Set([0, 1]))
    for (const d of docs.filter((doc) => doc.fault === null)) {
      const own = d.type === 'PurchaseInvoice' ? d.data.customer : d.data.supplier
      expect(own.name).toBe('Demo Scale Ltd.')
      expect(d.lastModifiedAt).toBeGreaterThanOrEqual(d.createdAt)
      expect(d.data.header.issue_date! <= d.data.header.due_date!).toBe(true)
    }
  })
})

/** The demo's scale agenda as the checks see it: Demo Scale Ltd., London, home currency GBP. */
const AGENDA = {
  name: 'Demo Scale Ltd.',
  companyId: '09876543',
  vatId: 'GB987654321',
  country: 'GB',
  homeCurrency: 'GBP',
}

/** The check a bookkeeper sees flag each fault, read off the invoice. */
const FLAG_OF: Record<SyntheticFault, CheckCode> = {
  vat_id_typo: 'vat_id',
  no_vat_id: 'required_fields',
  iban_typo: 'iban',
  total_wrong: 'summary_total',
  due_before_issue: 'due_before_issue',
  wrong_rate: 'tax_rate',
  addressed_elsewhere: 'counterparty',
  duplicate: 'duplicate',
}

function asDocument(data: ExtractedData, id: number, type: string): CheckedDocument {
  return { id, type, ...data, data: { header: data.header } } as unknown as CheckedDocument
}

describe('the demo scale agenda teaches trust in the flags', () => {
  const docs = generateSyntheticDocuments({ count: 600, seed: 11, company, homeCurrency: 'GBP' })
  const checked = docs.map((doc, index) => asDocument(doc.data, index + 1, doc.type))
  const agenda = checked.map(duplicateCandidateOf)
  const flagsOf = (doc: CheckedDocument) =>
    runChecks(doc, { today: new Date(2026, 10, 24), agenda, company: AGENDA })
      .filter((r) => r.status === 'warning' && r.code !== 'overdue')
      .map((r) => r.code)
  const flags = checked.map(flagsOf)
  /** Documents another one copies (supplier and invoice number): flagged as its duplicate too. */
  const copied = new Set(
    docs.flatMap((doc, index) =>
      doc.fault === 'duplicate'
        ? checked
            .slice(0, index)
            .filter((other) => other.data?.header?.invoice_no === doc.data.header.invoice_no)
            .map((other) => other.id)
        : [],
    ),
  )

  it('is about two thirds clean', () => {
    const clean = flags.filter((codes) => codes.length === 0).length / docs.length
    expect(clean).toBeGreaterThan(0.6)
    expect(clean).toBeLessThan(0.75)
  })

  it('flags each document for the fault printed on it, and nothing else', () => {
    docs.forEach((doc, index) => {
      const expected = doc.fault ? [FLAG_OF[doc.fault]] : []
      if (copied.has(index + 1) && !expected.includes('duplicate')) expected.push('duplicate')
      expect(new Set(flags[index]), `${index + 1} ${doc.fault ?? 'clean'} ${doc.data.supplier.country}`).toEqual(
        new Set(expected),
      )
    })
  })

  it('carries the ECB rate of the issue date on documents in another currency', () => {
    const euro = docs.find((doc) => doc.data.header.currency === 'EUR' && doc.data.header.issue_date! < '2025-05-01')!
    expect(Number(euro.data.header.currency_rate)).toBeGreaterThan(0.8)
    expect(Number(euro.data.header.currency_rate)).toBeLessThan(0.9)
    const pounds = docs.filter((doc) => doc.data.header.currency === 'GBP')
    expect(pounds.length).toBeGreaterThan(0)
    expect(pounds.every((d) => d.data.header.currency_rate === '1.0')).toBe(true)
  })
})

describe('isValidIban', () => {
  it('accepts real IBANs and rejects a changed digit', () => {
    expect(isValidIban('NL50INGB0683251309')).toBe(true)
    expect(isValidIban('GB82 WEST 1234 5698 7654 32')).toBe(true)
    expect(isValidIban('NL51INGB0683251309')).toBe(false)
    expect(isValidIban('US1234567890')).toBe(false)
  })
})
