import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { mapExtractedJson } from '../../sandbox/fixtures'
import type { AgendaProfile, CheckedDocument } from './context'
import { duplicateCandidateOf } from './duplicates'
import type { CheckCode, CheckResult } from './result'
import { runChecks } from './run'

/**
 * The checks on real invoices, as a bookkeeper would flag them: the demo invoices
 * (resources/demo/invoices) booked in the demo's Czech agenda, and the Factur-X samples
 * (resources/test-fixtures/facturx) booked in the German customer's agenda. Each document is
 * what the sandbox's extraction makes of the JSON (so the demo shows the same), with the
 * customer the original is addressed to.
 */
const root = join(import.meta.dirname, '../../..')
const demoDir = join(root, 'resources/demo/invoices')
const facturxDir = join(root, 'resources/test-fixtures/facturx')

/** Whom each demo original is addressed to, read off the PDF (the JSON does not say). */
const PRINTED_CUSTOMERS: Record<string, { name: string; city: string; country: string }> = {
  coolblue1: { name: 'Pino Bluebird', city: 'Amsterdam', country: 'NL' },
  coolblue2: { name: 'Pino Bluebird', city: 'Amsterdam', country: 'NL' },
  QualityHosting: { name: 'iViveLabs Ltd.', city: 'Yuen Long', country: 'HK' },
  NetpresseInvoice: { name: 'ALEXINUX', city: 'Villeurbanne', country: 'FR' },
}

const DEMO_AGENDA: AgendaProfile = {
  name: 'Demo s.r.o.',
  companyId: '12345678',
  vatId: 'CZ12345678',
  country: 'CZ',
  homeCurrency: 'CZK',
}
const GERMAN_AGENDA: AgendaProfile = { name: 'Kunden AG Mitte', country: 'DE', homeCurrency: 'EUR' }
const TODAY = new Date(2026, 10, 24)

function documentOf(dir: string, name: string, id: number): CheckedDocument {
  const raw = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as Record<string, string>[]
  const data = mapExtractedJson(raw)
  const record = raw[0]!
  const printed = PRINTED_CUSTOMERS[name]
  // An amount the JSON lacks was not extracted: null, as the service sends it (never 0).
  const extracted = (key: string, value: number | null | undefined) => (key in record ? value : null)
  const summary = {
    ...data.summary,
    total: extracted('amount', data.summary.total),
    sub_total: 'amount_untaxed' in record ? data.summary.sub_total : null,
    vat_total: 'amount_tax' in record || 'amount_untaxed' in record ? data.summary.vat_total : null,
  }
  const customer = record['customer_name']
    ? { name: record['customer_name'], city: record['customer_city'], country: record['customer_country_code'] }
    : printed
  // The sandbox's model types are interfaces without the schemas' index signature: same fields.
  return {
    id,
    type: 'PurchaseInvoice',
    invoice_type: record['document_type_code'] === '381' ? 1 : data.invoice_type,
    user_file_name: `${name}.pdf`,
    data: { header: data.header },
    supplier: data.supplier,
    customer: customer ?? null,
    summary,
    tax_lines: data.tax_lines,
    items: data.items,
    bank_account: data.bank_account,
  } as CheckedDocument
}

function checked(dir: string, names: string[], company: AgendaProfile) {
  const docs = names.map((name, index) => documentOf(dir, name, index + 1))
  const agenda = docs.map(duplicateCandidateOf)
  return Object.fromEntries(
    docs.map((doc, index) => [names[index]!, runChecks(doc, { today: TODAY, agenda, company })]),
  )
}

const warnings = (results: CheckResult[]): CheckCode[] =>
  results.filter((r) => r.status === 'warning' && r.code !== 'overdue').map((r) => r.code)
const find = (results: CheckResult[], code: CheckCode): CheckResult => results.find((r) => r.code === code)!

const DEMO = [
  'AzureInterior',
  'FlipkartInvoice',
  'NetpresseInvoice',
  'QualityHosting',
  'SammyMaystoneLinesTest',
  'coolblue1',
  'coolblue2',
  'oyo',
]

describe('the demo invoices in the Czech demo agenda (home currency CZK)', () => {
  const results = checked(demoDir, DEMO, DEMO_AGENDA)

  it('each get the warnings a bookkeeper expects', () => {
    expect(Object.fromEntries(DEMO.map((name) => [name, warnings(results[name]!)]))).toEqual({
      AzureInterior: ['exchange_rate', 'iban'],
      FlipkartInvoice: ['required_fields', 'exchange_rate'],
      // Total only; no supplier VAT ID (an Indian GSTIN would be the supplier's tax number).
      NetpresseInvoice: ['required_fields', 'exchange_rate', 'counterparty'],
      QualityHosting: ['exchange_rate', 'counterparty'],
      SammyMaystoneLinesTest: ['required_fields', 'exchange_rate'],
      // The item prices include VAT and the extraction counts the "Incl. Thuiskopieheffing"
      // note as an item, so items and tax lines do not add up to the net subtotal.
      coolblue1: ['items_sum', 'tax_lines', 'exchange_rate', 'counterparty'],
      coolblue2: ['items_sum', 'tax_lines', 'exchange_rate', 'counterparty'],
      // The GSTIN is its tax number; not an EU VAT ID, so no format rule applies.
      oyo: ['exchange_rate'],
    })
  })

  it('flag the total of Sammy Maystone as not extracted, never as 0.00, and a 0.00 total as zero', () => {
    expect(find(results['SammyMaystoneLinesTest']!, 'required_fields').fields).toContain('total')
    expect(find(results['SammyMaystoneLinesTest']!, 'total_sign').status).toBe('skipped')
    const zero = { ...documentOf(demoDir, 'SammyMaystoneLinesTest', 1), summary: { total: 0 } }
    expect(runChecks(zero, { today: TODAY, agenda: [] }).find((r) => r.code === 'total_sign')).toMatchObject({
      status: 'warning',
      variant: 'zero',
      stated: 0,
    })
  })

  it('flag EUR, INR and USD invoices carrying rate 1.0, with the ECB rate of the issue date', () => {
    expect(find(results['coolblue1']!, 'exchange_rate')).toEqual({
      code: 'exchange_rate',
      status: 'warning',
      variant: 'one',
      params: { currency: 'EUR', home: 'CZK', rate: 1, reference: 27.502 },
    })
    expect(find(results['oyo']!, 'exchange_rate').params).toMatchObject({ currency: 'INR', rate: 1 })
    expect(find(results['AzureInterior']!, 'exchange_rate').params).toMatchObject({ currency: 'USD', rate: 1 })
  })

  it('flag Coolblue addressed to Pino Bluebird when the agenda is Demo s.r.o.', () => {
    expect(find(results['coolblue1']!, 'counterparty')).toMatchObject({
      status: 'warning',
      params: { side: 'customer', by: 'name', found: 'Pino Bluebird', expected: 'Demo s.r.o.' },
    })
  })

  it('accept the Dutch 21 % of Coolblue in 2014 and its VAT ID', () => {
    expect(find(results['coolblue2']!, 'tax_rate')).toMatchObject({ status: 'ok', params: { country: 'NL' } })
    expect(find(results['coolblue2']!, 'vat_id')).toMatchObject({ status: 'ok', params: { vatId: 'NL810433941B01' } })
    expect(find(results['QualityHosting']!, 'vat_id')).toMatchObject({ status: 'ok', params: { vatId: 'DE232446240' } })
  })

  it('name what was not extracted', () => {
    expect(find(results['FlipkartInvoice']!, 'required_fields').fields).toEqual(['supplier_vat_id'])
    expect(find(results['SammyMaystoneLinesTest']!, 'required_fields').fields).toEqual(['total', 'supplier_vat_id'])
  })

  it('say how long the Azure Interior invoice is overdue, in years and months', () => {
    expect(find(results['AzureInterior']!, 'overdue').duration).toEqual({ years: 3, months: 7, days: 20 })
  })

  it('pass in the agenda the invoices are addressed to, in its currency', () => {
    const coolblue = checked(demoDir, ['coolblue1'], { name: 'Pino Bluebird', homeCurrency: 'EUR' })['coolblue1']!
    expect(warnings(coolblue)).toEqual(['items_sum', 'tax_lines'])
  })
})

const FACTURX = ['EN16931_Einfach', 'EN16931_Elektron', 'EN16931_Physiotherapeut', 'EN16931_Reisekostenabrechnung']

describe("the Factur-X samples in the German customer's agenda (EUR)", () => {
  const results = checked(facturxDir, FACTURX, GERMAN_AGENDA)

  it('each get the warnings a bookkeeper expects', () => {
    expect(Object.fromEntries(FACTURX.map((name) => [name, warnings(results[name]!)]))).toEqual({
      // DE123456789 is the samples' placeholder: its check digit is wrong.
      EN16931_Einfach: ['vat_id'],
      // Addressed to ConsultingService GmbH and to a private patient, not to Kunden AG Mitte.
      EN16931_Elektron: ['counterparty'],
      EN16931_Physiotherapeut: ['counterparty'],
      EN16931_Reisekostenabrechnung: ['vat_id'],
    })
  })

  it('accept 19 % and 7 % in Germany in 2018, and the exempt 0 % of the physiotherapist', () => {
    expect(find(results['EN16931_Einfach']!, 'tax_rate')).toMatchObject({
      status: 'ok',
      params: { country: 'DE', date: '2018-03-05', rates: '19, 7' },
    })
    expect(find(results['EN16931_Physiotherapeut']!, 'tax_rate').status).not.toBe('warning')
  })

  it('name the failing VAT ID and why', () => {
    expect(find(results['EN16931_Einfach']!, 'vat_id')).toMatchObject({
      variant: 'checksum',
      params: { vatId: 'DE123456789', country: 'DE' },
    })
  })

  it('find the travel-expense invoice and the plain invoice are not duplicates (same supplier, other numbers)', () => {
    expect(find(results['EN16931_Einfach']!, 'duplicate').status).toBe('ok')
  })

  it('flag every EUR sample in a CZK agenda, whose rate says 1.0', () => {
    const czech = checked(facturxDir, FACTURX, DEMO_AGENDA)
    for (const name of FACTURX) expect(find(czech[name]!, 'exchange_rate').variant, name).toBe('one')
  })
})
