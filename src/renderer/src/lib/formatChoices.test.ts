import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatMoney, formatNumber } from './format'
import { splitFormatChoices, withFormatChoices } from './formatChoices'

describe('format choices carried in the locale tag', () => {
  it('appends the choices as private-use subtags and reads them back', () => {
    expect(withFormatChoices('en-US', { dates: 'dmy', decimals: 'comma' })).toBe('en-US-x-dmy-comma')
    expect(withFormatChoices('en-US-x-iso', { decimals: 'point' })).toBe('en-US-x-point')
    expect(withFormatChoices('cs-CZ', {})).toBe('cs-CZ')
    expect(splitFormatChoices('en-US-x-dmy-comma')).toEqual({ locale: 'en-US', dates: 'dmy', decimals: 'comma' })
    expect(splitFormatChoices('cs-CZ')).toEqual({ locale: 'cs-CZ' })
    expect(splitFormatChoices('en-x-bogus-mdy')).toEqual({ locale: 'en', dates: 'mdy' })
  })

  it('writes dates in the chosen layout, whatever the locale', () => {
    expect(formatDate('2026-03-01', 'en-US-x-iso')).toBe('2026-03-01')
    expect(formatDate('2026-03-01', 'en-US-x-dmy')).toBe('01.03.2026')
    expect(formatDate('2026-03-01', 'cs-CZ-x-mdy')).toBe('03/01/2026')
    expect(formatDate('2026-03-01', 'en-US')).toBe('Mar 1, 2026')
    expect(formatDate('soon', 'en-US-x-iso')).toBe('soon')
  })

  it('writes a timestamp with the chosen date layout and the locale time', () => {
    const at = new Date(2026, 2, 1, 14, 5).toISOString()
    expect(formatDateTime(at, 'en-US-x-iso')).toMatch(/^2026-03-01 2:05\s?PM$/)
    expect(formatDateTime(at, 'cs-CZ-x-dmy')).toBe('01.03.2026 14:05')
  })

  it('writes the chosen decimal mark in numbers and amounts, keeping the currency as the locale writes it', () => {
    expect(formatNumber(1234.5, 'en-US-x-comma')).toBe('1\u00a0234,50')
    expect(formatNumber(1234.5, 'cs-CZ-x-point')).toBe('1,234.50')
    expect(formatMoney(-1234.5, 'EUR', 'en-US-x-comma')).toBe('-€1\u00a0234,50')
    expect(formatMoney(1234.5, 'CZK', 'cs-CZ-x-point')).toBe('1,234.50\u00a0Kč')
    expect(formatMoney(10, null, 'en-US-x-comma')).toBe('10,00')
    expect(formatMoney(1234.5, 'EUR', 'en-US')).toBe('€1,234.50')
  })
})
