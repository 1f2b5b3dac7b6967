import { describe, expect, it } from 'vitest'
import { checkVatId, normalizeVatId, verifyVatId, vatIdIn } from './vatId'

describe('VAT ID format and check digit per EU country', () => {
  it.each([
    ['CZ', 'CZ25596641', 'CZ25596642'],
    ['SK', 'SK2020273893', 'SK2020273894'],
    ['DE', 'DE136695976', 'DE136695977'],
    ['AT', 'ATU10223006', 'ATU10223007'],
    ['PL', 'PL5272525995', 'PL5272525996'],
    ['FR', 'FR40303265045', 'FR41303265045'],
    ['IT', 'IT00743110157', 'IT00743110158'],
    ['ES', 'ESA28015865', 'ESA28015866'],
  ])('%s: accepts a valid number and refuses a wrong check digit', (_country, valid, wrong) => {
    expect(verifyVatId(valid)).toBe('valid')
    expect(verifyVatId(wrong)).toBe('checksum')
  })
  it('accepts the Dutch number (mod 11), the Czech birth-number form and a Spanish NIF with letters', () => {
    expect(verifyVatId('NL810433941B01')).toBe('valid')
    expect(verifyVatId('CZ7103192745')).toBe('valid')
    expect(verifyVatId('ESX2482300W')).toBe('valid')
  })
  it('says a number has the wrong length for its country, and a wrong character is the format', () => {
    expect(verifyVatId('CZ1234')).toBe('length')
    expect(verifyVatId('DE12345678')).toBe('length')
    expect(verifyVatId('DE1234567890123456')).toBe('length')
    expect(verifyVatId('DE12345678X')).toBe('format')
  })
  it('applies the UK rule to GB numbers on invoices dated before 2021 only', () => {
    expect(verifyVatId('GB980780684', '2018-06-01')).toBe('valid')
    expect(verifyVatId('GB123456789', '2020-12-31')).toBe('checksum')
    expect(verifyVatId('GB123456789', '2021-01-01')).toBe('not_eu')
    expect(verifyVatId('GB123456789')).toBe('not_eu')
  })
  it('recognises a VAT ID in a field that may hold a rate (static_vat)', () => {
    expect(vatIdIn('DE 136 695 976')).toBe('DE136695976')
    expect(vatIdIn('21')).toBeNull()
    expect(vatIdIn('5.00')).toBeNull()
    expect(vatIdIn('ABCDEF')).toBeNull()
  })
  it('reads spaces, dots and dashes as written on invoices, and GR as EL', () => {
    expect(normalizeVatId('de 136.695-976')).toBe('DE136695976')
    expect(verifyVatId('DE 136 695 976')).toBe('valid')
    expect(verifyVatId('EL094259216')).toBe('valid')
    expect(verifyVatId('GR094259216')).toBe('valid')
  })
  it('applies no rule to a number outside the EU', () => {
    expect(verifyVatId('GB987654321')).toBe('not_eu')
    expect(verifyVatId('06AABCO6063D1ZQ')).toBe('not_eu')
  })
})

describe('the VAT ID check of a document', () => {
  const doc = (supplierVat: string | null, type = 'PurchaseInvoice', customerVat: string | null = null) => ({
    id: 1,
    type,
    supplier: { name: 'S', vat_id: supplierVat },
    customer: { name: 'C', vat_id: customerVat },
  })
  it("checks the supplier's of a purchase invoice, naming the number and the country", () => {
    expect(checkVatId(doc('CZ25596642'))).toEqual({
      code: 'vat_id',
      status: 'warning',
      variant: 'checksum',
      params: { vatId: 'CZ25596642', country: 'CZ' },
    })
    expect(checkVatId(doc('CZ 25596641')).status).toBe('ok')
  })
  it("checks the customer's of a sales invoice (the supplier is the agenda's company)", () => {
    expect(checkVatId(doc('CZ25596642', 'SalesInvoice', 'DE136695976')).status).toBe('ok')
    expect(checkVatId(doc('CZ25596641', 'SalesInvoice', 'DE136695977')).status).toBe('warning')
  })
  it('is skipped without a VAT ID or for a non-EU one', () => {
    expect(checkVatId(doc(null)).status).toBe('skipped')
    expect(checkVatId(doc('GB987654321'))).toMatchObject({ status: 'skipped', variant: 'not_eu' })
  })
})
