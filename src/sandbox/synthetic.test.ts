import { describe, expect, it } from 'vitest'
import { DOCUMENT_STATES, emptyParty } from './model'
import { generateSyntheticDocuments, isValidIban } from './synthetic'

const company = { ...emptyParty(), name: 'Demo Scale Ltd.', country: 'GB' }
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
    for (const doc of docs) {
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

  it('gives every supplier a valid IBAN (mod 97) with matching bank account fields', () => {
    for (const doc of docs) {
      const supplier = doc.data.supplier
      if (doc.type === 'SalesInvoice') continue
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
    for (const d of docs) {
      const own = d.type === 'PurchaseInvoice' ? d.data.customer : d.data.supplier
      expect(own.name).toBe('Demo Scale Ltd.')
      expect(d.lastModifiedAt).toBeGreaterThanOrEqual(d.createdAt)
      expect(d.data.header.issue_date! <= d.data.header.due_date!).toBe(true)
    }
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
