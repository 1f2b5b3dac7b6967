import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Document } from '../../../shared/api'
import { mapExtractedJson } from '../../../sandbox/fixtures'
import { isdocSchemaErrors } from '../testing/isdocSchema'
import { isdocFileName, isdocGaps, isdocUuid, isdocXml } from './isdoc'

/**
 * Every ISDOC file the export writes is validated against the published ISDOC 6.0.2 schema
 * (resources/test-fixtures/isdoc) with libxml2, for every demo invoice and Factur-X sample.
 */
const root = join(import.meta.dirname, '../../../..')
const schemaErrors = isdocSchemaErrors

function fixtureDocuments(dir: string): Document[] {
  return (
    readdirSync(dir)
      // Only the invoices' own JSON: a file such as printed-customers.json has no PDF beside it.
      .filter((name) => name.endsWith('.json') && existsSync(join(dir, `${name.slice(0, -5)}.pdf`)))
      .sort()
      .map((name, index) => {
        const raw = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, string>[]
        const data = mapExtractedJson(raw)
        return {
          id: index + 1,
          type: 'PurchaseInvoice',
          state: 'ready',
          created_at: '2026-01-01T00:00:00Z',
          last_modified_at: '2026-01-01T00:00:00Z',
          invoice_type: raw[0]!['document_type_code'] === '381' ? 1 : 0,
          data: { header: { ...data.header } },
          supplier: { ...data.supplier },
          customer: { ...data.customer, name: raw[0]!['customer_name'] ?? 'Demo s.r.o.', country: 'CZ' },
          summary: { ...data.summary },
          tax_lines: data.tax_lines.map((line) => ({ ...line })),
          items: data.items.map((item) => ({ ...item })),
          bank_account: { ...data.bank_account },
        } as Document
      })
  )
}

const demo = fixtureDocuments(join(root, 'resources/demo/invoices'))
const facturx = fixtureDocuments(join(root, 'resources/test-fixtures/facturx'))

describe('ISDOC export', () => {
  it('is checked by a schema that refuses an invoice without its UUID (the validation can fail)', () => {
    const xml = isdocXml(facturx[0]!, { agendaId: 1 }).replace(/<UUID>[^<]*<\/UUID>/, '')
    expect(schemaErrors(xml)).toMatch(/UUID|IssuingSystem|IssueDate|expected/i)
  })

  const complete = [...demo, ...facturx].filter((doc) => isdocGaps(doc).length === 0)
  it.each(complete.map((doc) => [doc.data?.header?.invoice_no, doc] as const))(
    'writes a schema-valid ISDOC 6.0.2 invoice for %s',
    (_name, doc) => {
      expect(schemaErrors(isdocXml(doc, { agendaId: 1, homeCurrency: 'CZK' }))).toBeNull()
    },
  )

  it('refuses, naming the gap, a fixture whose total was not extracted (ISDOC requires one)', () => {
    const incomplete = [...demo, ...facturx].filter((doc) => isdocGaps(doc).length > 0)
    expect(complete.length).toBeGreaterThanOrEqual(10)
    for (const doc of incomplete) expect(() => isdocXml(doc, { agendaId: 1 })).toThrow(/lacks/)
  })

  it('carries the invoice number, dates, parties, VAT and totals of the document', () => {
    const coolblue = demo.find((doc) => doc.data?.header?.invoice_no === '993548900')!
    const xml = isdocXml(coolblue, { agendaId: 1 })
    expect(xml).toContain('<Invoice xmlns="http://isdoc.cz/namespace/2013" version="6.0.2">')
    expect(xml).toContain('<ID>993548900</ID>')
    expect(xml).toContain('<IssueDate>2014-04-19</IssueDate>')
    expect(xml).toContain('<LocalCurrencyCode>EUR</LocalCurrencyCode>')
    expect(xml).toContain('<CompanyID>NL810433941B01</CompanyID>')
    expect(xml).toMatch(
      /<LegalMonetaryTotal>\s*<TaxExclusiveAmount>593.36<\/TaxExclusiveAmount>\s*<TaxInclusiveAmount>717.97</,
    )
  })

  it('writes a credit note as DocumentType 2, and a plain invoice as 1', () => {
    const invoice = facturx[0]!
    expect(isdocXml(invoice, { agendaId: 1 })).toContain('<DocumentType>1</DocumentType>')
    const credit = {
      ...invoice,
      invoice_type: 1,
      summary: { ...invoice.summary, total: -10, sub_total: -10, vat_total: 0 },
    }
    const xml = isdocXml(credit, { agendaId: 1 })
    expect(xml).toContain('<DocumentType>2</DocumentType>')
    expect(schemaErrors(xml)).toBeNull()
  })

  it('refuses a document without the issue date or total ISDOC requires, naming what is missing', () => {
    const sammy = demo.find((doc) => doc.data?.header?.invoice_no === 'invoice_number_1')!
    const noTotal = { ...sammy, summary: { ...sammy.summary, total: null } }
    expect(isdocGaps(noTotal)).toEqual(['total'])
    expect(() => isdocXml(noTotal, { agendaId: 1 })).toThrow(/lacks total/)
  })

  it('gives a document the same UUID on every export, and a safe file name', () => {
    expect(isdocUuid(1, 42)).toBe(isdocUuid(1, 42))
    expect(isdocUuid(1, 42)).not.toBe(isdocUuid(2, 42))
    expect(isdocUuid(1, 42)).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-5[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/)
    expect(isdocFileName({ ...demo[0]!, data: { header: { invoice_no: 'INV/2023/03 0008' } } })).toBe(
      'INV_2023_03_0008.isdoc',
    )
  })

  it('escapes text from the invoice as XML text, never markup', () => {
    const doc = { ...facturx[0]!, supplier: { ...facturx[0]!.supplier, name: '<b>A & B</b>' } }
    const xml = isdocXml(doc, { agendaId: 1 })
    expect(xml).toContain('&lt;b&gt;A &amp; B&lt;/b&gt;')
    expect(schemaErrors(xml)).toBeNull()
  })
})
