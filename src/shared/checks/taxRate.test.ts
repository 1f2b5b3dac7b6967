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

describe('VAT rates of the spot-checked periods (data/vatRates.ts)', () => {
  it('Estonia: 5 % for the press from 1 August 2022 to the end of 2024, 22 % in 2024, 24 % from July 2025', () => {
    expect(vatRatesOn('EE', '2022-07-31')).toEqual([20, 9])
    expect(vatRatesOn('EE', '2022-08-01')).toEqual([20, 9, 5])
    expect(vatRatesOn('EE', '2024-12-31')).toEqual([22, 9, 5])
    expect(vatRatesOn('EE', '2025-01-01')).toEqual([22, 13, 9])
    expect(vatRatesOn('EE', '2025-07-01')).toEqual([24, 13, 9])
    expect(checkTaxRate(invoice('EE', '2025-03-01', 5))).toMatchObject({ status: 'warning', params: { percent: 5 } })
  })
  it('Finland: food at 12 % until June 2010, 25.5 % from September 2024, 13.5 % only from 2026', () => {
    expect(vatRatesOn('FI', '2010-03-01')).toEqual([22, 12, 8])
    expect(checkTaxRate(invoice('FI', '2010-03-01', 17)).status).toBe('warning')
    expect(vatRatesOn('FI', '2010-07-01')).toEqual([23, 13, 9])
    expect(vatRatesOn('FI', '2024-08-31')).toEqual([24, 14, 10])
    expect(vatRatesOn('FI', '2024-09-01')).toEqual([25.5, 14, 10])
    expect(checkTaxRate(invoice('FI', '2025-06-01', 13.5)).status).toBe('warning')
    expect(vatRatesOn('FI', '2026-01-01')).toEqual([25.5, 13.5, 10])
  })
  it('Greece: 19 %, then 21 % from 15 March 2010 and 23 % from July 2010; islands 16/9/5 from 2011', () => {
    expect(vatRatesOn('GR', '2010-03-14')![0]).toBe(19)
    expect(vatRatesOn('EL', '2010-03-15')![0]).toBe(21)
    expect(vatRatesOn('GR', '2010-07-01')).toEqual([23, 16, 11, 8, 5.5, 4])
    expect(vatRatesOn('GR', '2011-01-01')).toEqual([23, 16, 13, 9, 6.5, 5])
    expect(checkTaxRate(invoice('GR', '2012-05-01', 4.5)).status).toBe('warning')
    expect(vatRatesOn('GR', '2016-06-01')![0]).toBe(24)
  })
  it('Romania: 21 % and 11 % from 1 August 2025, 9 % only for housing until 31 July 2026', () => {
    expect(vatRatesOn('RO', '2025-07-31')).toEqual([19, 9, 5])
    expect(vatRatesOn('RO', '2025-08-01')).toEqual([21, 11, 9])
    expect(checkTaxRate(invoice('RO', '2025-09-01', 5)).status).toBe('warning')
    expect(vatRatesOn('RO', '2026-08-01')).toEqual([21, 11])
  })
  it('the changes confirmed as they were: Czech 2013 and 2024, Slovak 2025, German 2020, Irish 2020, Luxembourg 2023', () => {
    expect(vatRatesOn('CZ', '2013-01-01')).toEqual([21, 15])
    expect(vatRatesOn('CZ', '2024-01-01')).toEqual([21, 12])
    expect(vatRatesOn('SK', '2010-06-01')).toEqual([19, 10, 6])
    expect(vatRatesOn('SK', '2025-01-01')).toEqual([23, 19, 5])
    expect(vatRatesOn('DE', '2020-12-31')).toEqual([16, 5])
    expect(vatRatesOn('IE', '2021-02-28')![0]).toBe(21)
    expect(vatRatesOn('IE', '2021-03-01')![0]).toBe(23)
    expect(vatRatesOn('LU', '2023-06-01')).toEqual([16, 13, 7, 3])
    expect(vatRatesOn('LU', '2024-01-01')).toEqual([17, 14, 8, 3])
  })
})
