import { describe, expect, it } from 'vitest'
import type { CheckedDocument } from './context'
import { checkAmountDue, checkExemptReason, checkPaymentTerms, checkReverseCharge, checkVatPerRate } from './en16931'
import { roundHalfAway, vatOf } from './money'
import { isMoneyFailure, MONEY_CHECK_CODES } from './result'
import { moneyFailuresOf, runChecks } from './run'

/** A German supplier's invoice to a German customer: 100.00 at 19 %, due in 30 days. */
function invoice(overrides: Partial<CheckedDocument> = {}): CheckedDocument {
  return {
    id: 1,
    type: 'PurchaseInvoice',
    supplier: { name: 'Lieferant GmbH', vat_id: 'DE136695976', country: 'DE' },
    customer: { name: 'Kunden AG', country: 'DE' },
    bank_account: null,
    data: { header: { invoice_no: '1', issue_date: '2018-03-05', due_date: '2018-04-04', currency: 'EUR' } },
    summary: { sub_total: 100, vat_total: 19, total: 119, payment_amount: 119 },
    tax_lines: [{ percent: 19, sub_total: 100, vat_total: 19 }],
    items: [{ name: 'Service', subtotal: 100, tax_rate: 19 }],
    ...overrides,
  }
}
/** The same supply at 0 % from Germany to a Czech company. */
const intraEu = (text = '') =>
  invoice({
    customer: { name: 'Demo s.r.o.', vat_id: 'CZ12345678', country: 'CZ' },
    data: { header: { issue_date: '2018-03-05', due_date: '2018-04-04', text } },
    summary: { sub_total: 100, vat_total: 0, total: 100 },
    tax_lines: [{ percent: 0, sub_total: 100, vat_total: 0 }],
    items: [{ subtotal: 100, tax_rate: 0 }],
  })

describe('EN 16931 rounding', () => {
  it.each([
    [2.345, 2.35],
    [-2.345, -2.35],
    [1.005, 1.01],
    [0.125, 0.13],
    [37.62, 37.62],
  ])('rounds %d half away from zero to %d', (value, rounded) => {
    expect(roundHalfAway(value)).toBe(rounded)
  })
  it('computes VAT per rate as base × rate, rounded (Factur-X: 11.76 at 19 % is 2.23, 202.33 at 7 % is 14.16)', () => {
    expect(vatOf(11.76, 19)).toBe(2.23)
    expect(vatOf(202.33, 7)).toBe(14.16)
    expect(vatOf(112.9, 15)).toBe(16.94)
  })
})

describe('VAT per rate (BR-CO-17, BR-S-08)', () => {
  it('passes VAT that is its base times its rate, to a cent per item', () => {
    expect(checkVatPerRate(invoice())).toMatchObject({ status: 'ok', rule: 'BR-CO-17' })
    const perLine = invoice({ tax_lines: [{ percent: 19, sub_total: 100, vat_total: 19.01 }] })
    expect(checkVatPerRate(perLine).status).toBe('ok')
  })
  it('flags VAT that is not base × rate (8.68, the VAT inside 49.99, stated on a 49.99 base at 21 %)', () => {
    const doc = invoice({ tax_lines: [{ percent: 21, sub_total: 49.99, vat_total: 8.68 }], items: [] })
    expect(checkVatPerRate(doc)).toMatchObject({ status: 'warning', variant: 'vat', stated: 8.68, computed: 10.5 })
  })
  it('flags VAT on a 0 % line', () => {
    const doc = invoice({ tax_lines: [{ percent: 0, sub_total: 100, vat_total: 19 }], items: [] })
    expect(checkVatPerRate(doc)).toMatchObject({ status: 'warning', rule: 'BR-E-09' })
  })
  it('does not share document-level allowances between rates: bases are then not compared with items', () => {
    const doc = invoice({
      summary: { sub_total: 90, vat_total: 13.3, total: 103.3, total_discount: 10 },
      tax_lines: [
        { percent: 19, sub_total: 45, vat_total: 8.55 },
        { percent: 7, sub_total: 45, vat_total: 3.15 },
      ],
      items: [
        { subtotal: 50, tax_rate: 19 },
        { subtotal: 50, tax_rate: 7 },
      ],
    })
    expect(checkVatPerRate(doc).status).toBe('ok')
  })
  it('is skipped without tax lines', () => {
    expect(checkVatPerRate(invoice({ tax_lines: [] })).status).toBe('skipped')
  })
})

describe('amount due (BR-CO-16)', () => {
  it('is the total minus what was paid, plus rounding', () => {
    expect(checkAmountDue(invoice()).status).toBe('ok')
    const paid = invoice({ summary: { total: 119, paid_deposits: 19, payment_amount: 100 } })
    expect(checkAmountDue(paid).status).toBe('ok')
    const rounded = invoice({ summary: { total: 119.4, rounding: -0.4, payment_amount: 119 } })
    expect(checkAmountDue(rounded).status).toBe('ok')
  })
  it('accepts nothing due on a paid invoice and flags another figure', () => {
    expect(checkAmountDue(invoice({ summary: { total: 119, payment_amount: 0 } }))).toMatchObject({ variant: 'paid' })
    expect(checkAmountDue(invoice({ summary: { total: 119, payment_amount: 90 } }))).toMatchObject({
      status: 'warning',
      stated: 90,
      computed: 119,
    })
  })
})

describe('due date or payment terms (BR-CO-25)', () => {
  const noDue = (text: string, overrides: Partial<CheckedDocument> = {}) =>
    invoice({ data: { header: { issue_date: '2018-03-05', text } }, ...overrides })
  it.each(['Zahlbar innerhalb 30 Tagen netto', 'Splatné do 14 dnů', 'Payment: iDEAL', 'Net 30'])(
    'accepts terms in the notes: %s',
    (text) => expect(checkPaymentTerms(noDue(text))).toMatchObject({ status: 'ok', variant: 'terms' }),
  )
  it('flags an amount due without either, and passes nothing due, credit notes and receipts', () => {
    expect(checkPaymentTerms(noDue(''))).toMatchObject({ status: 'warning', stated: 119 })
    expect(checkPaymentTerms(noDue('', { summary: { total: 119, payment_amount: 0 } })).status).toBe('ok')
    expect(checkPaymentTerms(noDue('', { invoice_type: 1, summary: { total: -119 } })).status).toBe('ok')
    expect(checkPaymentTerms(noDue('', { invoice_type: 3 })).status).toBe('skipped')
  })
})

describe('reverse charge within the EU (BR-AE, BR-IC)', () => {
  it('asks about 0 % between two member states, naming both countries', () => {
    expect(checkReverseCharge(intraEu(), null)).toMatchObject({
      status: 'warning',
      variant: 'no_note',
      params: { supplierCountry: 'DE', customerCountry: 'CZ', customerVatId: 'CZ12345678' },
    })
    expect(checkReverseCharge(intraEu('Steuerschuldnerschaft des Leistungsempfängers'), null).variant).toBe('noted')
    expect(checkReverseCharge(intraEu('Daň odvede zákazník (přenesená daňová povinnost)'), null).variant).toBe('noted')
  })
  it('takes the agenda for the customer the invoice does not describe', () => {
    const doc = { ...intraEu(), customer: null }
    expect(checkReverseCharge(doc, { vatId: 'CZ12345678', country: 'CZ' }).status).toBe('warning')
    expect(checkReverseCharge(doc, null).status).toBe('skipped')
  })
  it('counts the UK as a member state before 2021 only', () => {
    const uk = (date: string) =>
      invoice({
        ...intraEu(),
        customer: { name: 'UK Ltd', vat_id: 'GB980780684', country: 'GB' },
        data: { header: { issue_date: date } },
      })
    expect(checkReverseCharge(uk('2019-05-01'), null).status).toBe('warning')
    expect(checkReverseCharge(uk('2021-05-01'), null).status).toBe('skipped')
  })
  it('is skipped with VAT charged, within one country, or to a customer outside the EU', () => {
    expect(checkReverseCharge(invoice(), null).status).toBe('skipped')
    expect(checkReverseCharge({ ...intraEu(), customer: { name: 'K', country: 'DE' } }, null).status).toBe('skipped')
    expect(checkReverseCharge({ ...intraEu(), customer: { name: 'iViveLabs', country: 'HK' } }, null).status).toBe(
      'skipped',
    )
  })
})

describe('a reason for exempt supplies (BR-E-10)', () => {
  const exempt = (text: string) => ({ ...intraEu(text), customer: { name: 'Patient', country: 'DE' } })
  it('flags 0 % within one country without a reason, and passes one with it', () => {
    expect(checkExemptReason(exempt(''), null)).toMatchObject({ status: 'warning', params: { country: 'DE' } })
    expect(checkExemptReason(exempt('Steuerfreie Leistungen nach §4 Nr. 14 UStG'), null).status).toBe('ok')
    expect(checkExemptReason(exempt('Osvobozeno od daně'), null).status).toBe('ok')
  })
  it('is skipped for a supplier outside the EU (a US invoice with 0 % lines)', () => {
    const us = { ...exempt(''), supplier: { name: 'Azure Interior', country: 'US' }, customer: { country: 'US' } }
    expect(checkExemptReason(us, null).status).toBe('skipped')
  })
})

describe('money flags for exports', () => {
  it('mark every result, and say which warnings are about money', () => {
    const results = runChecks(intraEu(), { today: new Date(2018, 3, 1), agenda: [] })
    expect(results.every((r) => typeof r.money === 'boolean')).toBe(true)
    expect(results.filter(isMoneyFailure).map((r) => r.code)).toEqual(['reverse_charge'])
    expect(MONEY_CHECK_CODES.has('iban')).toBe(false)
  })
  it('list the documents failing a money check, with those warnings only', () => {
    const wrongTotal = invoice({ id: 2, summary: { sub_total: 100, vat_total: 19, total: 129, payment_amount: 129 } })
    const failing = moneyFailuresOf([invoice(), wrongTotal], { today: new Date(2018, 3, 1), agenda: [] })
    expect(failing.map(({ document, failures }) => [document.id, failures.map((f) => f.code)])).toEqual([
      [2, ['summary_total']],
    ])
  })
})
