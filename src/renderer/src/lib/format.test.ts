import { describe, expect, it } from 'vitest'
import { formatDate, formatMoney, parseDateOnly, todayIso } from './format'

describe('money in the document currency and the user locale', () => {
  it('formats with the currency symbol and the locale separators', () => {
    expect(formatMoney(1234.5, 'EUR', 'en-US')).toBe('€1,234.50')
    expect(formatMoney(1234.5, 'CZK', 'cs-CZ')).toBe('1\u00a0234,50\u00a0Kč')
    expect(formatMoney(-5, 'usd', 'en-US')).toBe('-$5.00')
  })
  it('shows the number with its code when the currency is unknown to Intl, and nothing without an amount', () => {
    expect(formatMoney(10, 'XYZ1', 'en-US')).toBe('10.00 XYZ1')
    expect(formatMoney(10, null, 'en-US')).toBe('10.00')
    expect(formatMoney(null, 'EUR', 'en-US')).toBe('')
    expect(formatMoney(Number.NaN, 'EUR', 'en-US')).toBe('')
  })
})

describe('header dates', () => {
  it('reads YYYY-MM-DD as a local calendar day, whatever the time zone', () => {
    const date = parseDateOnly('2026-03-01')!
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2026, 2, 1])
    expect(parseDateOnly('yesterday')).toBeNull()
  })
  it('formats in the locale, keeps text that is not a date', () => {
    expect(formatDate('2026-03-01', 'en-US')).toBe('Mar 1, 2026')
    expect(formatDate('soon', 'en-US')).toBe('soon')
    expect(formatDate(null, 'en-US')).toBe('')
  })
  it('gives today as YYYY-MM-DD', () => {
    expect(todayIso(new Date(2026, 0, 9))).toBe('2026-01-09')
  })
})
