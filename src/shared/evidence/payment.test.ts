import { describe, expect, it } from 'vitest'
import { parsePaymentCode } from './payment'

describe('payment QR codes', () => {
  it('reads a QR Platba (SPAYD) code: IBAN, amount, currency, variable symbol', () => {
    expect(
      parsePaymentCode('SPD*1.0*ACC:CZ6508000000192000145399+GIBACZPX*AM:480.50*CC:CZK*X-VS:2024001*MSG:Faktura 1'),
    ).toEqual({
      kind: 'spayd',
      iban: 'CZ6508000000192000145399',
      amount: 480.5,
      currency: 'CZK',
      variable_symbol: '2024001',
      due_date: null,
    })
  })

  it('reads an EPC (GiroCode) code', () => {
    const text = [
      'BCD',
      '002',
      '1',
      'SCT',
      'COBADEFFXXX',
      'Lieferant GmbH',
      'DE89 3704 0044 0532 0130 00',
      'EUR529.87',
      '',
      'RE 471102',
    ].join('\n')
    expect(parsePaymentCode(text)).toEqual({
      kind: 'epc',
      iban: 'DE89370400440532013000',
      amount: 529.87,
      currency: 'EUR',
      variable_symbol: null,
      due_date: null,
    })
  })

  it('reads the due date of a QR Platba code (DT:YYYYMMDD) as an ISO date', () => {
    expect(parsePaymentCode('SPD*1.0*ACC:CZ6508000000192000145399*AM:10*DT:20240315')?.due_date).toBe('2024-03-15')
    expect(parsePaymentCode('SPD*1.0*ACC:CZ6508000000192000145399*AM:10*DT:20240231')?.due_date).toBeNull()
  })

  it('leaves out what does not hold what it should, and takes other codes for no payment', () => {
    expect(parsePaymentCode('SPD*1.0*ACC:not-an-iban*AM:12,5*X-VS:abc')).toMatchObject({
      iban: null,
      amount: null,
      variable_symbol: null,
    })
    expect(parsePaymentCode('https://example.com/pay')).toBeNull()
  })
})
