import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadFixtures } from '../../sandbox/fixtures'
import { rateFor } from '../../sandbox/seed'
import type { AgendaProfile, CheckedDocument } from './context'
import { duplicateCandidateOf } from './duplicates'
import type { CheckCode, CheckResult } from './result'
import { runChecks } from './run'

/**
 * The checks on real invoices, as a bookkeeper would flag them: the demo invoices
 * (resources/demo/invoices) and the Factur-X samples (resources/test-fixtures/facturx, whose
 * JSON carries the exact figures of the invoice's embedded XML). Each document is what the
 * sandbox seeds (so the demo shows the same): the customer printed on the invoice, and the ECB
 * rate of the issue date when the currency is not the agenda's. Each invoice is checked in an
 * agenda of another company (where the counterparty check must warn) and, where the invoice
 * says whom it is addressed to, in that company's own agenda (where nothing may be flagged
 * that the invoice does not show: the false-warning test).
 */
const root = join(import.meta.dirname, '../../..')
const demo = loadFixtures(join(root, 'resources/demo/invoices'))
const facturx = loadFixtures(join(root, 'resources/test-fixtures/facturx'))

const DEMO_AGENDA: AgendaProfile = {
  name: 'Demo s.r.o.',
  companyId: '12345678',
  vatId: 'CZ12345678',
  country: 'CZ',
  homeCurrency: 'CZK',
}
const GERMAN_AGENDA: AgendaProfile = { name: 'Kunden AG Mitte', country: 'DE', homeCurrency: 'EUR' }
const TODAY = new Date(2026, 10, 24)

/** The document the sandbox seeds from a fixture, in an agenda of `home` currency. */
function documentOf(name: string, home: string, id = 1): CheckedDocument {
  const fixture = [...demo, ...facturx].find((f) => f.name === name)!
  const data = structuredClone(fixture.data)
  if (!data.customer.name && fixture.printedCustomer) data.customer = { ...data.customer, ...fixture.printedCustomer }
  data.header.currency_rate = rateFor(data, home)
  // The sandbox's model types are interfaces without the schemas' index signature: same fields.
  return {
    id,
    type: 'PurchaseInvoice',
    invoice_type: data.invoice_type,
    user_file_name: `${name}.pdf`,
    data: { header: data.header },
    supplier: data.supplier,
    customer: data.customer,
    summary: data.summary,
    tax_lines: data.tax_lines,
    items: data.items,
    bank_account: data.bank_account,
  } as CheckedDocument
}

function check(doc: CheckedDocument, company: AgendaProfile, others: CheckedDocument[] = []): CheckResult[] {
  return runChecks(doc, { today: TODAY, agenda: [doc, ...others].map(duplicateCandidateOf), company })
}

/** The warnings, overdue aside (these invoices are years old). */
const warnings = (results: CheckResult[]): CheckCode[] =>
  results.filter((r) => r.status === 'warning' && r.code !== 'overdue').map((r) => r.code)
const find = (results: CheckResult[], code: CheckCode): CheckResult => results.find((r) => r.code === code)!

describe('the demo invoices in the Czech demo agenda (home currency CZK)', () => {
  // Every one is addressed to someone else: the counterparty check warns on all of them.
  const expected: Record<string, CheckCode[]> = {
    // Addressed to YourCompany; "US1234567890" is a US account number, not an IBAN.
    AzureInterior: ['counterparty', 'iban'],
    // Total only: no VAT total, no VAT ID (the Indian VAT/TIN is not an EU VAT ID), no due date.
    FlipkartInvoice: ['required_fields', 'counterparty', 'payment_terms'],
    // The SIREN is there, the VAT ID is not; no due date or terms.
    NetpresseInvoice: ['required_fields', 'counterparty', 'payment_terms'],
    // To a company in Hong Kong at 0 %, which is right (a supply outside the EU); no due date.
    QualityHosting: ['counterparty', 'payment_terms'],
    // Only the items' names were extracted.
    SammyMaystoneLinesTest: ['required_fields', 'counterparty'],
    // VAT-inclusive item prices and the "Incl. Thuiskopieheffing" note are no warning; paid by iDEAL.
    coolblue1: ['counterparty'],
    coolblue2: ['counterparty'],
    // A hotel receipt: the VAT total was not extracted (the GSTIN is no EU VAT ID).
    oyo: ['required_fields', 'counterparty'],
  }
  it.each(Object.entries(expected))('%s gets the warnings a bookkeeper expects', (name, codes) => {
    expect(warnings(check(documentOf(name, 'CZK'), DEMO_AGENDA))).toEqual(codes)
  })

  it('carry the ECB rate of the issue date, which the exchange-rate check accepts', () => {
    const coolblue = documentOf('coolblue1', 'CZK')
    expect(coolblue.data?.header?.currency_rate).toBe('27.502')
    expect(find(check(coolblue, DEMO_AGENDA), 'exchange_rate').status).toBe('ok')
  })

  it('flag an EUR invoice booked at rate 1 in a CZK agenda, with the ECB rate of the issue date', () => {
    const doc = documentOf('coolblue1', 'CZK')
    doc.data!.header!.currency_rate = '1.0'
    expect(find(check(doc, DEMO_AGENDA), 'exchange_rate')).toMatchObject({
      status: 'warning',
      variant: 'one',
      money: true,
      params: { currency: 'EUR', home: 'CZK', rate: 1, reference: 27.502 },
    })
  })

  it('say the VAT total was not extracted, never VAT 0.00 (Flipkart, oyo)', () => {
    for (const name of ['FlipkartInvoice', 'oyo']) {
      const results = check(documentOf(name, 'CZK'), DEMO_AGENDA)
      expect(find(results, 'required_fields').fields, name).toContain('vat_total')
      expect(find(results, 'required_fields').money, name).toBe(true)
    }
    expect(documentOf('FlipkartInvoice', 'CZK').summary?.vat_total).toBeNull()
  })

  it('flag the total of Sammy Maystone as not extracted, never as 0.00', () => {
    const results = check(documentOf('SammyMaystoneLinesTest', 'CZK'), DEMO_AGENDA)
    expect(find(results, 'required_fields').fields).toEqual(['total', 'vat_total', 'supplier_vat_id'])
    expect(find(results, 'total_sign').status).toBe('skipped')
  })

  it('recognise the VAT-inclusive item prices of Coolblue instead of flagging them', () => {
    const results = check(documentOf('coolblue1', 'CZK'), DEMO_AGENDA)
    expect(find(results, 'items_sum')).toMatchObject({ status: 'ok', variant: 'gross', stated: 717.97 })
    expect(find(results, 'tax_lines').status).toBe('ok')
    expect(find(results, 'vat_per_rate').status).toBe('ok')
  })

  it('flag Coolblue addressed to Pino Bluebird when the agenda is Demo s.r.o., by name', () => {
    expect(find(check(documentOf('coolblue1', 'CZK'), DEMO_AGENDA), 'counterparty')).toMatchObject({
      status: 'warning',
      params: { side: 'customer', by: 'name', found: 'Pino Bluebird', expected: 'Demo s.r.o.' },
    })
  })

  it('accept the Dutch 21 % of Coolblue in 2014 and the VAT IDs of Coolblue and QualityHosting', () => {
    const coolblue = check(documentOf('coolblue2', 'CZK'), DEMO_AGENDA)
    expect(find(coolblue, 'tax_rate')).toMatchObject({ status: 'ok', params: { country: 'NL' } })
    expect(find(coolblue, 'vat_id')).toMatchObject({ status: 'ok', params: { vatId: 'NL810433941B01' } })
    const hosting = check(documentOf('QualityHosting', 'CZK'), DEMO_AGENDA)
    expect(find(hosting, 'vat_id')).toMatchObject({ status: 'ok', params: { vatId: 'DE232446240' } })
  })

  it('state the French 20 % of Netpresse exactly, not the 20.01 % its totals divide to', () => {
    expect(documentOf('NetpresseInvoice', 'CZK').tax_lines).toEqual([
      { percent: 20, sub_total: 46.68, vat_total: 9.34, total: 56.02, paid_deposits: 0 },
    ])
  })

  it('say how long the Azure Interior invoice is overdue, in years and months', () => {
    expect(find(check(documentOf('AzureInterior', 'CZK'), DEMO_AGENDA), 'overdue').duration).toEqual({
      years: 3,
      months: 7,
      days: 20,
    })
  })

  it('flag nothing on Coolblue in the agenda it is addressed to, in its currency', () => {
    const pino: AgendaProfile = { name: 'Pino Bluebird', country: 'NL', homeCurrency: 'EUR' }
    expect(warnings(check(documentOf('coolblue1', 'EUR'), pino))).toEqual([])
    expect(warnings(check(documentOf('coolblue2', 'EUR'), pino))).toEqual([])
  })
})

describe('the Factur-X samples (exact figures of the embedded XML)', () => {
  /** Each sample in the agenda of the customer it is addressed to. */
  const own: Record<string, [AgendaProfile, CheckCode[]]> = {
    // DE123456789 is the samples' placeholder VAT ID: its check digit is wrong.
    EN16931_Einfach: [GERMAN_AGENDA, ['vat_id']],
    EN16931_Elektron: [{ name: 'ConsultingService GmbH', country: 'DE', homeCurrency: 'EUR' }, []],
    // 0 % with its exemption clause (§ 4 Nr. 14 UStG): correct, not flagged.
    EN16931_Physiotherapeut: [{ name: 'Liselotte Müller', country: 'DE', homeCurrency: 'EUR' }, []],
    EN16931_Reisekostenabrechnung: [GERMAN_AGENDA, ['vat_id']],
  }
  it.each(Object.entries(own))('%s: no false warning in its customer’s agenda', (name, [agenda, codes]) => {
    expect(warnings(check(documentOf(name, 'EUR'), agenda))).toEqual(codes)
  })

  it('pass every EN 16931 sum on each sample, each named by its rule', () => {
    for (const name of Object.keys(own)) {
      const results = check(documentOf(name, 'EUR'), own[name]![0])
      expect(find(results, 'items_sum'), name).toMatchObject({ status: 'ok', rule: 'BR-CO-10' })
      expect(find(results, 'summary_total'), name).toMatchObject({ status: 'ok', rule: 'BR-CO-15' })
      expect(find(results, 'tax_lines'), name).toMatchObject({ status: 'ok', rule: 'BR-CO-14' })
      expect(find(results, 'vat_per_rate'), name).toMatchObject({ status: 'ok', rule: 'BR-CO-17' })
      expect(find(results, 'payment_terms').status, name).toBe('ok')
    }
  })

  it('take the VAT breakdown per rate as the invoice states it', () => {
    expect(documentOf('EN16931_Reisekostenabrechnung', 'EUR').tax_lines).toEqual([
      { percent: 7, sub_total: 202.33, vat_total: 14.16, total: 216.49, paid_deposits: 0 },
      { percent: 19, sub_total: 11.76, vat_total: 2.23, total: 13.99, paid_deposits: 0 },
    ])
  })

  it('flag the samples addressed to others in Kunden AG Mitte’s agenda', () => {
    for (const name of ['EN16931_Elektron', 'EN16931_Physiotherapeut']) {
      expect(find(check(documentOf(name, 'EUR'), GERMAN_AGENDA), 'counterparty').status, name).toBe('warning')
    }
  })

  it('flag every EUR sample in a CZK agenda booked at rate 1.0', () => {
    for (const name of Object.keys(own)) {
      const doc = documentOf(name, 'EUR')
      expect(find(check(doc, DEMO_AGENDA), 'exchange_rate').variant, name).toBe('one')
    }
  })

  it('find the travel-expense invoice and the plain invoice are not duplicates (same supplier, other numbers)', () => {
    const plain = documentOf('EN16931_Einfach', 'EUR', 1)
    const travel = documentOf('EN16931_Reisekostenabrechnung', 'EUR', 2)
    expect(find(check(plain, GERMAN_AGENDA, [travel]), 'duplicate').status).toBe('ok')
  })
})

/**
 * Each required flag, on a real sample changed the way the accountant's invoices were: the
 * check must catch it (a miss test per flag), named by its EN 16931 rule.
 */
describe('the flags a bookkeeper needs, on the real samples', () => {
  const plain = () => documentOf('EN16931_Einfach', 'EUR')
  const physio = () => documentOf('EN16931_Physiotherapeut', 'EUR')
  const physioAgenda: AgendaProfile = { name: 'Liselotte Müller', country: 'DE', homeCurrency: 'EUR' }

  const cases: [string, () => CheckedDocument, AgendaProfile, Partial<CheckResult>][] = [
    [
      'BR-CO-10: items that do not add up to the net total',
      () => ({ ...plain(), items: [...plain().items!, { name: 'Extra', subtotal: 10 }] }),
      GERMAN_AGENDA,
      { code: 'items_sum', status: 'warning', rule: 'BR-CO-10', stated: 473, computed: 483 },
    ],
    [
      'BR-CO-17: VAT at 19 % that is not 19 % of its base',
      () => ({
        ...plain(),
        tax_lines: [
          { percent: 19, sub_total: 198, vat_total: 37.99 },
          { percent: 7, sub_total: 275, vat_total: 19.25 },
        ],
      }),
      GERMAN_AGENDA,
      { code: 'vat_per_rate', status: 'warning', variant: 'vat', rule: 'BR-CO-17', stated: 37.99, computed: 37.62 },
    ],
    [
      'BR-S-08: a 7 % base that is not its items',
      () => ({
        ...plain(),
        tax_lines: [
          { percent: 19, sub_total: 208, vat_total: 39.52 },
          { percent: 7, sub_total: 265, vat_total: 18.55 },
        ],
      }),
      GERMAN_AGENDA,
      { code: 'vat_per_rate', status: 'warning', variant: 'base', rule: 'BR-S-08', stated: 208, computed: 198 },
    ],
    [
      'BR-CO-14: a VAT total that is not the sum of the VAT breakdown',
      () => ({ ...plain(), summary: { ...plain().summary, vat_total: 57.87, total: 530.87 } }),
      GERMAN_AGENDA,
      { code: 'tax_lines', status: 'warning', variant: 'vat', rule: 'BR-CO-14', stated: 57.87, computed: 56.87 },
    ],
    [
      'BR-CO-15: a total that is not net total + VAT',
      () => ({ ...plain(), summary: { ...plain().summary, total: 539.87 } }),
      GERMAN_AGENDA,
      { code: 'summary_total', status: 'warning', rule: 'BR-CO-15', stated: 539.87, computed: 529.87 },
    ],
    [
      'BR-CO-16: an amount due that is not the total minus what was paid',
      () => ({ ...plain(), summary: { ...plain().summary, payment_amount: 500, paid_deposits: 0 } }),
      GERMAN_AGENDA,
      { code: 'amount_due', status: 'warning', rule: 'BR-CO-16', stated: 500, computed: 529.87 },
    ],
    [
      'BR-CO-25: an amount due without a due date or payment terms',
      () => ({ ...plain(), data: { header: { ...plain().data!.header, text: '' } } }),
      GERMAN_AGENDA,
      { code: 'payment_terms', status: 'warning', rule: 'BR-CO-25', stated: 529.87 },
    ],
    [
      'BR-E-10: an exempt supply without its exemption reason',
      () => ({ ...physio(), data: { header: { ...physio().data!.header, text: '' } } }),
      physioAgenda,
      { code: 'exempt_reason', status: 'warning', rule: 'BR-E-10', params: { country: 'DE' } },
    ],
    [
      'BR-AE: a 0 % supply from Germany to a Czech company, with no reverse-charge note',
      () => ({
        ...physio(),
        customer: { name: 'Demo s.r.o.', vat_id: 'CZ12345678', country: 'CZ' },
        supplier: { ...physio().supplier, vat_id: 'DE136695976' },
        data: { header: { ...physio().data!.header, text: '' } },
      }),
      DEMO_AGENDA,
      { code: 'reverse_charge', status: 'warning', variant: 'no_note', rule: 'BR-AE-10', money: true },
    ],
    [
      'BR-AE-02: a 0 % supply to another member state without the customer’s VAT ID',
      () => ({ ...physio(), customer: { name: 'Demo s.r.o.', country: 'CZ' } }),
      { name: 'Demo s.r.o.', country: 'CZ', homeCurrency: 'EUR' },
      { code: 'reverse_charge', status: 'warning', variant: 'customer_vat_id_missing', rule: 'BR-AE-02' },
    ],
    [
      'a UK VAT ID with a wrong check digit on a 2018 invoice, when the UK was in the EU',
      () => ({ ...plain(), supplier: { ...plain().supplier, vat_id: 'GB123456789', country: 'GB' } }),
      GERMAN_AGENDA,
      { code: 'vat_id', status: 'warning', variant: 'checksum', params: { vatId: 'GB123456789', country: 'GB' } },
    ],
    [
      'a VAT ID of the wrong length, said as such',
      () => ({ ...plain(), supplier: { ...plain().supplier, vat_id: 'DE1234567890123456' } }),
      GERMAN_AGENDA,
      {
        code: 'vat_id',
        status: 'warning',
        variant: 'length',
        params: { vatId: 'DE1234567890123456', country: 'DE', length: 18, lengths: '11' },
      },
    ],
    [
      'an IBAN of the wrong length, said as such',
      () => ({ ...documentOf('EN16931_Elektron', 'EUR'), bank_account: { iban: 'DE9110000000012345678' } }),
      { name: 'ConsultingService GmbH', country: 'DE', homeCurrency: 'EUR' },
      { code: 'iban', status: 'warning', variant: 'length', params: { country: 'DE', length: 21, expected: 22 } },
    ],
  ]
  it.each(cases)('%s', (_name, make, agenda, expected) => {
    expect(find(check(make(), agenda), expected.code!)).toMatchObject(expected)
  })

  it('still ask when the reverse-charge note is there (the customer accounts for the VAT), not as a money fault', () => {
    const doc = {
      ...physio(),
      customer: { name: 'Demo s.r.o.', vat_id: 'CZ12345678', country: 'CZ' },
      data: {
        header: { ...physio().data!.header, text: 'Reverse charge: Steuerschuldnerschaft des Leistungsempfängers' },
      },
    }
    expect(find(check(doc, DEMO_AGENDA), 'reverse_charge')).toMatchObject({
      status: 'warning',
      variant: 'noted',
      money: false,
    })
  })

  it('check a valid UK VAT ID on a 2018 invoice and skip it from 2021', () => {
    const uk = (date: string) => ({
      ...plain(),
      supplier: { ...plain().supplier, vat_id: 'GB980780684', country: 'GB' },
      data: { header: { ...plain().data!.header, issue_date: date } },
    })
    expect(find(check(uk('2018-03-05'), GERMAN_AGENDA), 'vat_id')).toMatchObject({ status: 'ok' })
    expect(find(check(uk('2022-03-05'), GERMAN_AGENDA), 'vat_id')).toMatchObject({ variant: 'not_eu' })
  })

  it('accept document-level allowances and charges (BR-CO-13) without a false warning', () => {
    const doc = {
      ...plain(),
      summary: {
        ...plain().summary,
        shipping: 5,
        total_discount: 10,
        sub_total: 468,
        vat_total: 56.18,
        total: 524.18,
        payment_amount: 524.18,
      },
      tax_lines: [
        { percent: 19, sub_total: 195.15, vat_total: 37.08 },
        { percent: 7, sub_total: 272.85, vat_total: 19.1 },
      ],
    }
    const results = check(doc, GERMAN_AGENDA)
    expect(find(results, 'items_sum')).toMatchObject({ status: 'ok', rule: 'BR-CO-13' })
    expect(find(results, 'vat_per_rate').status).toBe('ok')
    expect(warnings(results)).toEqual(['vat_id'])
  })
})
