import { describe, expect, it } from 'vitest'
import type { CheckedDocument } from './context'
import { checkExchangeRate, ECB_REFERENCE_RATES, newestReferenceDay, referenceRate } from './exchangeRate'

const CZK_AGENDA = { name: 'Demo s.r.o.', homeCurrency: 'CZK' }
const doc = (currency: string, rate: string | number | null, date = '2023-03-20'): CheckedDocument => ({
  id: 1,
  data: { header: { currency, currency_rate: rate, issue_date: date } },
})

describe('ECB reference rates shipped with Docket', () => {
  it('name their source and cross two currencies through the euro (USD in CZK on 2023-03-20)', () => {
    expect(ECB_REFERENCE_RATES.source).toMatch(/European Central Bank/)
    expect(referenceRate('USD', 'CZK', '2023-03-20')).toBeCloseTo(23.988 / 1.0717, 6)
    expect(referenceRate('EUR', 'CZK', '2023-03-20')).toBe(23.988)
    expect(referenceRate('CZK', 'EUR', '2023-03-20')).toBeCloseTo(1 / 23.988, 9)
  })
  it('end on their newest day, after which only a longer table handed to the check knows a rate', () => {
    expect(newestReferenceDay(ECB_REFERENCE_RATES)).toBe('2025-05-09')
    expect(newestReferenceDay({ source: 'none', currencies: [], days: [] })).toBeNull()
    expect(referenceRate('USD', 'CZK', '2025-05-20')).toBeNull()
    const longer = {
      ...ECB_REFERENCE_RATES,
      days: [
        ...ECB_REFERENCE_RATES.days,
        ['2025-05-20', ...ECB_REFERENCE_RATES.currencies.map((c) => (c === 'USD' ? 1.12 : c === 'CZK' ? 24.9 : null))],
      ],
    }
    expect(referenceRate('USD', 'CZK', '2025-05-20', longer)).toBeCloseTo(24.9 / 1.12, 9)
  })
  it("use Friday's rate on a weekend, and know nothing outside the table", () => {
    expect(referenceRate('EUR', 'CZK', '2022-06-05')).toBe(24.708)
    expect(referenceRate('EUR', 'CZK', '2009-06-01')).toBeNull()
    expect(referenceRate('XAU', 'CZK', '2023-03-20')).toBeNull()
  })
})

describe('exchange rate of a foreign-currency document', () => {
  it('flags rate 1.0 on a foreign currency, with the reference rate of the issue date', () => {
    expect(checkExchangeRate(doc('USD', '1.0'), CZK_AGENDA)).toEqual({
      code: 'exchange_rate',
      status: 'warning',
      variant: 'one',
      params: { currency: 'USD', home: 'CZK', rate: 1, reference: 22.3831 },
    })
  })
  it('flags a missing rate', () => {
    expect(checkExchangeRate(doc('EUR', null), CZK_AGENDA)).toMatchObject({ status: 'warning', variant: 'missing' })
    expect(checkExchangeRate(doc('EUR', ''), CZK_AGENDA)).toMatchObject({ status: 'warning', variant: 'missing' })
  })
  it('flags a rate more than 5 % off the reference, with the difference', () => {
    expect(checkExchangeRate(doc('USD', '24.0'), CZK_AGENDA)).toMatchObject({
      status: 'warning',
      variant: 'off',
      params: { rate: 24, reference: 22.3831, difference: 7.2 },
    })
  })
  it('accepts a rate within 5 %, written with a decimal comma, or quoted per 100 units', () => {
    expect(checkExchangeRate(doc('USD', '22,90'), CZK_AGENDA).status).toBe('ok')
    expect(checkExchangeRate(doc('HUF', '6.01'), CZK_AGENDA).status).toBe('ok')
  })
  it('accepts a rate when the table does not know the day, unless it is 1.0', () => {
    expect(checkExchangeRate(doc('USD', '21.5', '2009-01-05'), CZK_AGENDA).status).toBe('ok')
    expect(checkExchangeRate(doc('USD', '1', '2009-01-05'), CZK_AGENDA).variant).toBe('one_unknown')
  })
  it("is fine in the agenda's home currency, and skipped without a currency or an agenda", () => {
    expect(checkExchangeRate(doc('CZK', '1.0'), CZK_AGENDA).status).toBe('ok')
    expect(checkExchangeRate(doc('EUR', '1.0'), { homeCurrency: null }).status).toBe('ok')
    expect(checkExchangeRate(doc('', '1.0'), CZK_AGENDA).status).toBe('skipped')
    expect(checkExchangeRate(doc('USD', '1.0'), null).status).toBe('skipped')
  })
})
