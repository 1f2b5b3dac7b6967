import { describe, expect, it } from 'vitest'
import { checkCounterparty, normalizeCompanyName } from './counterparty'

const AGENDA = { name: 'Demo s.r.o.', companyId: '12345678', vatId: 'CZ12345678' }

describe("the agenda's company on the invoice", () => {
  it('compares names without legal form, accents, case or punctuation', () => {
    expect(normalizeCompanyName('Demo, s.r.o.')).toBe('demo')
    expect(normalizeCompanyName('DEMO spol. s r.o.')).toBe('demo')
    expect(normalizeCompanyName('Müller GmbH')).toBe('muller')
  })
  it('flags a purchase invoice addressed to someone else, naming both', () => {
    expect(checkCounterparty({ id: 1, supplier: null, customer: { name: 'Pino Bluebird' } }, AGENDA)).toEqual({
      code: 'counterparty',
      status: 'warning',
      params: { side: 'customer', by: 'name', found: 'Pino Bluebird', expected: 'Demo s.r.o.', name: 'Pino Bluebird' },
    })
  })
  it('decides by VAT ID first, then company ID, then name', () => {
    const byVat = { id: 1, supplier: null, customer: { name: 'Other name', vat_id: 'cz 12345678' } }
    expect(checkCounterparty(byVat, AGENDA)).toMatchObject({ status: 'ok', params: { by: 'vat_id' } })
    const wrongVat = { id: 1, supplier: null, customer: { name: 'Demo s.r.o.', vat_id: 'CZ87654321' } }
    expect(checkCounterparty(wrongVat, AGENDA)).toMatchObject({ status: 'warning', params: { by: 'vat_id' } })
    const byId = { id: 1, supplier: null, customer: { name: 'X', id: '123 45 678' } }
    expect(checkCounterparty(byId, AGENDA)).toMatchObject({ status: 'ok', params: { by: 'company_id' } })
  })
  it('checks the supplier of a sales invoice', () => {
    const sale = { id: 1, type: 'SalesInvoice', supplier: { name: 'DEMO sro' }, customer: { name: 'Buyer a.s.' } }
    expect(checkCounterparty(sale, AGENDA)).toMatchObject({ status: 'ok', params: { side: 'supplier' } })
  })
  it('is skipped when there is nothing to compare', () => {
    expect(checkCounterparty({ id: 1, supplier: null, customer: null }, AGENDA).status).toBe('skipped')
    expect(checkCounterparty({ id: 1, supplier: null, customer: { name: 'X' } }, null).status).toBe('skipped')
    expect(checkCounterparty({ id: 1, supplier: null, customer: { name: ' ' } }, AGENDA).status).toBe('skipped')
  })
})
