import { describe, expect, it } from 'vitest'
import type { CheckedDocument } from './context'
import { checkTaxRate, isEuCountry, vatRatesOn } from './taxRate'

const invoice = (country: string, date: string, ...percents: number[]): CheckedDocument => ({
  id: 1,
  supplier: { name: 'S', country },
  data: { header: { issue_date: date } },
  tax_lines: percents.map((percent) => ({ percent, sub_total: 100, vat_total: percent })),
})

describe('tax rate valid in the supplier country on the issue date', () => {
  it('knows the rates in force on a day, standard first', () => {
    expect(vatRatesOn('DE', '2020-08-01')).toEqual([16, 5])
    expect(vatRatesOn('DE', '2021-01-01')).toEqual([19, 7])
    expect(vatRatesOn('CZ', '2023-12-31')).toEqual([21, 15, 10])
    expect(vatRatesOn('CZ', '2024-01-01')).toEqual([21, 12])
    expect(vatRatesOn('US', '2024-01-01')).toBeNull()
    expect(isEuCountry('EL')).toBe(true)
    expect(isEuCountry('GB')).toBe(false)
  })
  it('accepts the German temporary 16 % in 2020 and flags it in 2021, with the rates in force', () => {
    expect(checkTaxRate(invoice('DE', '2020-09-15', 16)).status).toBe('ok')
    expect(checkTaxRate(invoice('DE', '2021-03-01', 16))).toEqual({
      code: 'tax_rate',
      status: 'warning',
      params: { country: 'DE', date: '2021-03-01', rates: '19, 7', percent: 16 },
    })
  })
  it('flags the Czech 15 % after the 2024 merge into 12 %', () => {
    expect(checkTaxRate(invoice('CZ', '2023-06-01', 21, 15)).status).toBe('ok')
    expect(checkTaxRate(invoice('CZ', '2024-02-01', 21, 15))).toMatchObject({
      status: 'warning',
      params: { percent: 15 },
    })
  })
  it('never flags 0 % (exempt, reverse charge, intra-EU, export)', () => {
    expect(checkTaxRate(invoice('DE', '2018-10-03', 0)).status).toBe('skipped')
    expect(checkTaxRate(invoice('DE', '2018-10-03', 0, 19)).status).toBe('ok')
  })
  it('tolerates a rate computed from rounded amounts (20.01 % is 20 %)', () => {
    expect(checkTaxRate(invoice('FR', '2022-11-28', 20.01)).status).toBe('ok')
  })
  it("reads the items' rates too, and the country from the VAT ID when the address has none", () => {
    const doc: CheckedDocument = {
      id: 1,
      supplier: { name: 'S', vat_id: 'SK2020273893' },
      data: { header: { issue_date: '2025-03-01' } },
      items: [{ tax_rate: 20 }],
    }
    expect(checkTaxRate(doc)).toMatchObject({ status: 'warning', params: { country: 'SK', rates: '23, 19, 5' } })
  })
  it('is skipped outside the EU, without a date or without rates', () => {
    expect(checkTaxRate(invoice('US', '2023-03-20', 15)).status).toBe('skipped')
    expect(checkTaxRate(invoice('DE', '', 19)).status).toBe('skipped')
    expect(checkTaxRate(invoice('DE', '2023-03-20')).status).toBe('skipped')
  })
})
