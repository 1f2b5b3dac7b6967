import { describe, expect, it } from 'vitest'
import { checkBankAccountChange, supplierAccountRecordOf, type SupplierAccountRecord } from './bankAccount'
import type { CheckedDocument } from './context'

/** Elektron's invoice (Factur-X sample) with the account it prints. */
const elektron = (overrides: Partial<CheckedDocument> = {}): CheckedDocument => ({
  id: 10,
  type: 'PurchaseInvoice',
  supplier: { name: 'ELEKTRON Industrieservice GmbH', vat_id: 'DE136695976' },
  bank_account: { iban: 'DE91 1000 0000 0123 4567 89' },
  data: { header: { invoice_no: '181301674', issue_date: '2018-04-25' } },
  summary: { total: 300 },
  ...overrides,
})
const earlier: SupplierAccountRecord = {
  id: 3,
  supplierName: 'Elektron Industrieservice',
  supplierVatId: 'DE 136 695 976',
  account: 'DE91100000000123456789',
  invoiceNo: '181301500',
  issueDate: '2018-03-20',
}

describe('a supplier bank account that changed', () => {
  it('passes the account of the supplier’s earlier invoices', () => {
    expect(checkBankAccountChange(elektron(), [earlier])).toMatchObject({ status: 'ok' })
  })
  it('warns with both accounts and the earlier invoice when the account is new', () => {
    const redirected = elektron({ bank_account: { iban: 'DE02120300000000202051' } })
    expect(checkBankAccountChange(redirected, [earlier])).toEqual({
      code: 'bank_account_change',
      status: 'warning',
      iban: 'DE02120300000000202051',
      documentId: 3,
      params: { earlier: 'DE91100000000123456789', invoiceNo: '181301500', date: '2018-03-20' },
    })
  })
  it('compares only the same supplier (VAT ID first) and only earlier invoices', () => {
    const redirected = elektron({ bank_account: { iban: 'DE02120300000000202051' } })
    const namesake = { ...earlier, supplierVatId: 'DE123456789' }
    expect(checkBankAccountChange(redirected, [namesake]).status).toBe('skipped')
    expect(checkBankAccountChange(redirected, [{ ...earlier, issueDate: '2018-05-01' }]).status).toBe('skipped')
    const byName = { ...earlier, supplierVatId: null }
    expect(
      checkBankAccountChange(
        elektron({
          supplier: { name: 'ELEKTRON Industrieservice GmbH' },
          bank_account: { iban: 'DE02120300000000202051' },
        }),
        [byName],
      ).status,
    ).toBe('warning')
  })
  it('is skipped for sales invoices and documents without an account', () => {
    expect(supplierAccountRecordOf(elektron({ type: 'SalesInvoice' }))).toBeNull()
    expect(checkBankAccountChange(elektron({ bank_account: null }), [earlier]).status).toBe('skipped')
  })
})
