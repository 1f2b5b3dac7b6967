import { join } from 'node:path'
import { isValidIBAN } from 'ibantools'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CheckedDocument } from '../../../shared/checks/context'
import { evidenceChecks } from '../../../shared/evidence/checks'
import { documentProvenance } from '../../../shared/evidence/provenance'
import type { DocumentEvidence } from '../../../shared/evidence/types'
import { loadFixtures, type Fixture } from '../../../sandbox/fixtures'
import { readPdf } from './fileReading'

/**
 * The evidence on real invoices: the demo invoices (resources/demo/invoices, born-digital
 * PDFs, one with an embedded Factur-X) and the Factur-X samples (resources/test-fixtures/facturx).
 * With the data a person extracted, nothing may be flagged; with an error planted in a copy
 * of that data (a total, a date, an IBAN changed), the error must be flagged with the
 * invoice's own value.
 */
const root = join(import.meta.dirname, '../../../..')
const fixtures = [
  ...loadFixtures(join(root, 'resources/demo/invoices')),
  ...loadFixtures(join(root, 'resources/test-fixtures/facturx')),
]
const evidence = new Map<string, DocumentEvidence>()

/** A PDF's reading as the evidence the checks read (no QR codes: these invoices print none). */
function evidenceOf(reading: Awaited<ReturnType<typeof readPdf>>, problems = reading.problems): DocumentEvidence {
  return {
    version: '1',
    source: 'original',
    pages: reading.pages,
    words: reading.words,
    einvoice: reading.einvoice,
    payments: [],
    problems,
    elapsedMs: 0,
  }
}

beforeAll(async () => {
  for (const fixture of fixtures) evidence.set(fixture.name, evidenceOf(await readPdf(fixture.pdf)))
}, 60_000)

function documentOf(fixture: Fixture): CheckedDocument {
  const data = structuredClone(fixture.data)
  return {
    id: 1,
    data: { header: data.header },
    supplier: data.supplier,
    customer: data.customer,
    summary: data.summary,
    tax_lines: data.tax_lines,
    items: data.items,
    bank_account: data.bank_account,
  } as CheckedDocument
}

const WITH_EINVOICE = [
  'AzureInterior',
  'EN16931_Einfach',
  'EN16931_Elektron',
  'EN16931_Physiotherapeut',
  'EN16931_Reisekostenabrechnung',
]

describe('evidence of the real invoices', () => {
  it('reads every invoice: a text layer, and the embedded e-invoice where there is one', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(12)
    for (const fixture of fixtures) {
      const read = evidence.get(fixture.name)!
      expect(read.problems, fixture.name).toEqual([])
      expect(read.words.length, fixture.name).toBeGreaterThan(20)
      expect(read.einvoice !== null, fixture.name).toBe(WITH_EINVOICE.includes(fixture.name))
    }
  })

  it.each(fixtures.map((f) => [f.name, f] as const))('flags no correct value of %s', (name, fixture) => {
    const doc = documentOf(fixture)
    const provenance = documentProvenance(doc, evidence.get(name)!)
    expect(provenance.filter((item) => item.status === 'differs')).toEqual([])
    // The money a bookkeeper books is backed by the file: the e-invoice or the printed page.
    const total = provenance.find((item) => item.field === 'summary.total')
    if (total) expect(['matches_einvoice', 'on_invoice']).toContain(total.status)
    expect(evidenceChecks(doc, evidence.get(name)!).filter((check) => check.status === 'warning')).toEqual([])
  })

  it.each(fixtures.filter((f) => f.data.summary.total).map((f) => [f.name, f] as const))(
    'flags a planted total on %s with the invoice’s own total',
    (name, fixture) => {
      const doc = documentOf(fixture)
      const total = fixture.data.summary.total!
      // Two digits swapped, as a misread does: 529.87 -> 592.87.
      doc.summary!.total = total + 63
      const checks = evidenceChecks(doc, evidence.get(name)!)
      const flagged = checks.find((check) => check.status === 'warning')!
      expect(flagged.code).toBe(WITH_EINVOICE.includes(name) ? 'einvoice' : 'total_on_invoice')
      expect(flagged.stated).toBeCloseTo(total + 63, 2)
      expect(flagged.computed).toBeCloseTo(total, 2)
      const provenance = documentProvenance(doc, evidence.get(name)!)
      const field = provenance.find((item) => item.field === 'summary.total')!
      expect(field.status).toBe('differs')
      expect(Number(field.invoiceValue)).toBeCloseTo(total, 2)
      expect(field.boxes.length).toBeGreaterThan(0)
    },
  )

  it.each(fixtures.filter((f) => f.data.header.issue_date).map((f) => [f.name, f] as const))(
    'does not take a planted issue date on %s as printed, and names the printed one',
    (name, fixture) => {
      const doc = documentOf(fixture)
      const issued = fixture.data.header.issue_date!
      const planted = new Date(Date.parse(`${issued}T00:00:00Z`) + 9 * 86_400_000).toISOString().slice(0, 10)
      doc.data!.header!.issue_date = planted
      const field = documentProvenance(doc, evidence.get(name)!).find((item) => item.field === 'header.issue_date')!
      expect(['differs', 'not_found']).toContain(field.status)
      if (field.status === 'differs') expect(field.invoiceValue).toBe(issued)
      if (WITH_EINVOICE.includes(name)) {
        expect(field.source).toBe('einvoice')
        const check = evidenceChecks(doc, evidence.get(name)!).find((c) => c.code === 'einvoice')!
        expect(check).toMatchObject({ status: 'warning', variant: 'issue_date', params: { invoiceValue: issued } })
      }
    },
  )

  // AzureInterior's "US1234567890" is an account number, not an IBAN: nothing printed to name.
  it.each(fixtures.filter((f) => isValidIBAN(f.data.supplier.iban ?? '')).map((f) => [f.name, f] as const))(
    'flags a planted IBAN on %s with the printed one',
    (name, fixture) => {
      const doc = documentOf(fixture)
      const iban = fixture.data.supplier.iban!
      doc.supplier!.iban = 'DE89370400440532013000'
      const field = documentProvenance(doc, evidence.get(name)!).find((item) => item.field === 'supplier.iban')!
      expect(field.status).toBe('differs')
      expect(field.invoiceValue?.replace(/\s+/gu, '')).toBe(iban.replace(/\s+/gu, ''))
    },
  )

  it('puts the boxes on the words: the Einfach total on page 2 where "Bruttosumme 529,87" is printed', () => {
    const fixture = fixtures.find((f) => f.name === 'EN16931_Einfach')!
    const read = evidence.get(fixture.name)!
    const total = documentProvenance(documentOf(fixture), read).find((item) => item.field === 'summary.total')!
    expect(total.status).toBe('matches_einvoice')
    const words = read.words.filter((word) => word.page === 2 && word.text.includes('529,87'))
    expect(words.length).toBeGreaterThan(0)
    const box = total.boxes[0]!
    expect(box.page).toBe(2)
    // The box lies on one of the words that print the amount.
    expect(
      words.some(
        (word) =>
          box.x >= word.x - 0.5 && box.x + box.width <= word.x + word.width + 0.5 && Math.abs(box.y - word.y) < 1,
      ),
    ).toBe(true)
  })
})

const VERIFIED = ['matches_einvoice', 'matches_qr', 'on_invoice']

/**
 * A misread as extraction makes it: an amount off by 63 (two digits swapped), a date 9 days
 * later, another currency, a name that is not the party's, one digit of an identifier changed.
 */
function misread(doc: CheckedDocument, field: string): void {
  const [part, indexOrKey, key] = field.split('.') as [string, string, string | undefined]
  const holder = (
    part === 'header'
      ? doc.data!.header
      : part === 'tax_lines'
        ? doc.tax_lines![Number(indexOrKey)]
        : (doc as unknown as Record<string, unknown>)[part]
  ) as Record<string, unknown>
  const name = key ?? indexOrKey
  const value = holder[name]
  if (typeof value === 'number') holder[name] = value + 63
  else if (name.endsWith('date')) {
    holder[name] = new Date(Date.parse(`${String(value)}T00:00:00Z`) + 9 * 86_400_000).toISOString().slice(0, 10)
  } else if (name === 'currency') holder[name] = value === 'CZK' ? 'EUR' : 'CZK'
  else if (/name|street|city/u.test(name)) holder[name] = 'Zephyr Quantum Holdings'
  else holder[name] = String(value).replace(/\d/u, (digit) => String((Number(digit) + 3) % 10))
}

describe('every verified value, misread', () => {
  it.each(fixtures.map((f) => [f.name, f] as const))('is no longer verified on %s', (name, fixture) => {
    const read = evidence.get(name)!
    const verified = documentProvenance(documentOf(fixture), read).filter((item) => VERIFIED.includes(item.status))
    expect(verified.length).toBeGreaterThan(2)
    const stillVerified = verified.filter((item) => {
      const doc = documentOf(fixture)
      misread(doc, item.field)
      const after = documentProvenance(doc, read).find((other) => other.field === item.field)!
      return after.value !== item.value && VERIFIED.includes(after.status)
    })
    expect(stillVerified.map((item) => item.field)).toEqual([])
  })
})

describe('the demo invoices with a planted error (resources/demo/planted)', () => {
  const planted = loadFixtures(join(root, 'resources/demo/planted'))
  const expected: Record<string, { variant: string; invoice: string | number }> = {
    EN16931_Einfach: { variant: 'total', invoice: 529.87 },
    EN16931_Physiotherapeut: { variant: 'iban', invoice: 'DE02120300000000202051' },
    EN16931_Reisekostenabrechnung: { variant: 'issue_date', invoice: '2018-07-13' },
  }

  it.each(planted.map((f) => [f.name, f] as const))(
    'flags the error planted in %s with the invoice’s value',
    async (name, fixture) => {
      const read = evidenceOf(await readPdf(fixture.pdf), [])
      const check = evidenceChecks(documentOf(fixture), read).find((c) => c.code === 'einvoice')!
      const want = expected[name]!
      expect(check).toMatchObject({ status: 'warning', variant: want.variant })
      if (typeof want.invoice === 'number') expect(check.computed).toBe(want.invoice)
      else expect(check.params?.['invoiceValue']).toBe(want.invoice)
    },
  )

  it('holds one planted invoice per row of its README', () => {
    expect(planted.map((f) => f.name).sort()).toEqual(Object.keys(expected).sort())
  })
})
