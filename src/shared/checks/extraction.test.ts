import { describe, expect, it } from 'vitest'
import { checkRequiredFields, checkTotalSign } from './extraction'
import { isEuCountry } from './taxRate'

const complete = {
  id: 1,
  supplier: { name: 'ACME s.r.o.', vat_id: 'CZ25596641' },
  data: { header: { invoice_no: 'F-1', issue_date: '2026-01-01' } },
  summary: { total: 121, vat_total: 21 },
}

describe('required fields', () => {
  it('pass when invoice no., issue date, total, VAT total, supplier name and VAT ID were extracted', () => {
    expect(checkRequiredFields(complete, isEuCountry)).toEqual({ code: 'required_fields', status: 'ok' })
  })
  it('name each field not extracted; a missing total or VAT total is not read as 0', () => {
    const doc = { ...complete, summary: { total: null }, data: { header: { invoice_no: ' ', issue_date: null } } }
    expect(checkRequiredFields(doc, isEuCountry)).toEqual({
      code: 'required_fields',
      status: 'warning',
      fields: ['invoice_no', 'issue_date', 'total', 'vat_total'],
      params: { count: 4 },
    })
  })
  it('take the VAT total from the tax lines when each states its VAT', () => {
    const doc = { ...complete, summary: { total: 121 }, tax_lines: [{ percent: 21, sub_total: 100, vat_total: 21 }] }
    expect(checkRequiredFields(doc, isEuCountry).status).toBe('ok')
    expect(checkRequiredFields({ ...doc, tax_lines: [{ percent: 21 }] }, isEuCountry).fields).toEqual(['vat_total'])
  })
  it('do not ask a VAT ID of a supplier outside the EU', () => {
    const doc = { ...complete, supplier: { name: 'Azure Interior', country: 'US' } }
    expect(checkRequiredFields(doc, isEuCountry).status).toBe('ok')
    expect(checkRequiredFields({ ...doc, supplier: { name: 'X', country: 'DE' } }, isEuCountry).fields).toEqual([
      'supplier_vat_id',
    ])
  })
})

describe('the sign of the total', () => {
  it('flags a zero or negative invoice total', () => {
    expect(checkTotalSign({ ...complete, summary: { total: 0 } })).toMatchObject({ variant: 'zero', stated: 0 })
    expect(checkTotalSign({ ...complete, summary: { total: -5 } })).toMatchObject({ variant: 'negative', stated: -5 })
    expect(checkTotalSign(complete).status).toBe('ok')
  })
  it('flags a credit note with a positive total, and accepts a negative one', () => {
    expect(checkTotalSign({ ...complete, invoice_type: 1 })).toMatchObject({
      status: 'warning',
      variant: 'credit_positive',
      stated: 121,
    })
    expect(checkTotalSign({ ...complete, invoice_type: 1, summary: { total: -121 } }).status).toBe('ok')
  })
  it('is skipped when the total was not extracted', () => {
    expect(checkTotalSign({ ...complete, summary: null }).status).toBe('skipped')
  })
})
