import { describe, expect, it } from 'vitest'
import { documentCounterparty } from './documentTitle'

const parties = { supplier: { name: 'Demo s.r.o.' }, customer: { name: 'Coolblue B.V.' } }

describe('the name in the document header', () => {
  it('is the customer on a sales invoice, not the agenda’s own company (its supplier)', () => {
    expect(documentCounterparty({ type: 'SalesInvoice', ...parties })).toBe('Coolblue B.V.')
  })
  it('is the supplier on a purchase invoice and any other document', () => {
    expect(documentCounterparty({ type: 'PurchaseInvoice', ...parties })).toBe('Demo s.r.o.')
    expect(documentCounterparty({ type: 'Receipt', ...parties })).toBe('Demo s.r.o.')
  })
  it('is none while the party is not extracted', () => {
    expect(documentCounterparty({ type: 'SalesInvoice', supplier: { name: 'Demo s.r.o.' }, customer: null })).toBeNull()
    expect(documentCounterparty({ type: 'PurchaseInvoice', supplier: { name: '  ' } })).toBeNull()
  })
})
