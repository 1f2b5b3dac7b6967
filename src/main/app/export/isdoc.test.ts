import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Document } from '../../../shared/api'
import { mapExtractedJson } from '../../../sandbox/fixtures'
import { amountOf, roundCents } from '../../../shared/checks/money'
import { isdocSchemaErrors } from '../testing/isdocSchema'
import { xmlFields } from '../testing/xmlFields'
import { ISDOC_NAMESPACE, isdocFileName, isdocGaps, isdocUuid, isdocXml } from './isdoc'

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
    'writes a schema-valid ISDOC 6.0.2 invoice for %s that says what the document says, field by field',
    (_name, doc) => {
      const home = doc.data?.header?.currency ?? 'EUR'
      const xml = isdocXml(doc, { agendaId: 1, homeCurrency: home })
      expect(schemaErrors(xml)).toBeNull()
      const f = xmlFields(xml, { i: ISDOC_NAMESPACE })
      const h = doc.data!.header!
      expect(f.text('/i:Invoice/i:ID')).toBe(h.invoice_no)
      expect(f.text('/i:Invoice/i:IssueDate')).toBe(h.issue_date)
      expect(f.text('/i:Invoice/i:TaxPointDate')).toBe(h.tax_date)
      expect(f.text('/i:Invoice/i:LocalCurrencyCode')).toBe(home)
      expect(f.count('/i:Invoice/i:ForeignCurrencyCode')).toBe(0)
      expect(f.text('//i:AccountingSupplierParty//i:PartyName/i:Name')).toBe(doc.supplier?.name ?? '')
      expect(f.text('//i:AccountingSupplierParty//i:PartyIdentification/i:ID')).toBe(doc.supplier?.id ?? '')
      if (doc.supplier?.vat_id) expect(f.text('//i:AccountingSupplierParty//i:CompanyID')).toBe(doc.supplier.vat_id)
      const s = doc.summary!
      expect(f.number('//i:LegalMonetaryTotal/i:TaxInclusiveAmount')).toBe(s.total)
      if (amountOf(s.sub_total) !== null)
        expect(f.number('//i:LegalMonetaryTotal/i:TaxExclusiveAmount')).toBe(s.sub_total)
      if (amountOf(s.vat_total) !== null) expect(f.number('/i:Invoice/i:TaxTotal/i:TaxAmount')).toBe(s.vat_total)
      // The tax subtotals are the extracted tax lines, one per rate, amounts unchanged.
      const lines = (doc.tax_lines ?? []).filter((t) => amountOf(t.sub_total) !== null)
      if (lines.length > 0) {
        expect(f.texts('//i:TaxSubTotal/i:TaxableAmount').map(Number)).toEqual(lines.map((t) => t.sub_total))
        expect(f.texts('//i:TaxSubTotal/i:TaxAmount').map(Number)).toEqual(lines.map((t) => t.vat_total ?? 0))
        // Exact rates: a legal rate, never 20.01.
        for (const percent of f.texts('//i:TaxSubTotal/i:TaxCategory/i:Percent').map(Number))
          expect(Number.isInteger(percent * 2), String(percent)).toBe(true)
      }
      f.dispose()
    },
  )

  const coolblue = () => demo.find((doc) => doc.data?.header?.invoice_no === '993548900')!

  it('writes the agenda’s home currency as LocalCurrencyCode and the invoice’s as ForeignCurrencyCode with its rate', () => {
    const eur = { ...coolblue(), data: { header: { ...coolblue().data!.header, currency_rate: '24.50' } } } as Document
    const xml = isdocXml(eur, { agendaId: 1, homeCurrency: 'CZK' })
    expect(schemaErrors(xml)).toBeNull()
    const f = xmlFields(xml, { i: ISDOC_NAMESPACE })
    expect(f.text('/i:Invoice/i:LocalCurrencyCode')).toBe('CZK')
    expect(f.text('/i:Invoice/i:ForeignCurrencyCode')).toBe('EUR')
    expect(f.number('/i:Invoice/i:CurrRate')).toBe(24.5)
    expect(f.number('/i:Invoice/i:RefCurrRate')).toBe(1)
    // Home amounts converted at the stated rate, the invoice's own in the …Curr elements.
    expect(f.number('//i:LegalMonetaryTotal/i:TaxInclusiveAmountCurr')).toBe(717.97)
    expect(f.number('//i:LegalMonetaryTotal/i:TaxInclusiveAmount')).toBe(roundCents(717.97 * 24.5))
    expect(f.number('//i:LegalMonetaryTotal/i:TaxExclusiveAmountCurr')).toBe(593.36)
    expect(f.number('/i:Invoice/i:TaxTotal/i:TaxAmountCurr')).toBe(124.61)
    expect(f.number('/i:Invoice/i:TaxTotal/i:TaxAmount')).toBe(roundCents(124.61 * 24.5))
    const firstLine = (eur.tax_lines ?? [])[0]!
    expect(f.number('//i:TaxSubTotal[1]/i:TaxableAmountCurr')).toBe(firstLine.sub_total)
    expect(f.number('//i:TaxSubTotal[1]/i:TaxableAmount')).toBe(roundCents(firstLine.sub_total! * 24.5))
    f.dispose()
  })

  it('leaves out a foreign-currency invoice without a usable exchange rate, naming the gap', () => {
    const noRate = { ...coolblue(), data: { header: { ...coolblue().data!.header, currency_rate: null } } } as Document
    expect(isdocGaps(noRate, 'CZK')).toEqual(['currency_rate'])
    expect(isdocGaps(noRate, 'EUR')).toEqual([])
    expect(() => isdocXml(noRate, { agendaId: 1, homeCurrency: 'CZK' })).toThrow(/currency_rate/)
  })

  it('writes a rate of 20.01 % as the legal 20 %, and says so when the tax lines come from the items', () => {
    // The demo states the exact rate now; an extraction may still give 20.01.
    const demoNetpresse = demo.find((doc) => doc.data?.header?.invoice_no === '2022089083')!
    const netpresse = {
      ...demoNetpresse,
      tax_lines: demoNetpresse.tax_lines!.map((line, i) => (i === 0 ? { ...line, percent: 20.01 } : line)),
    } as Document
    expect(netpresse.tax_lines?.[0]?.percent).toBe(20.01)
    const xml = isdocXml(netpresse, { agendaId: 1, homeCurrency: 'EUR' })
    expect(xml).toContain('<Percent>20</Percent>')
    expect(xml).not.toContain('20.01')
    const fromItems = {
      ...facturx[0]!,
      tax_lines: [],
      items: [
        { name: 'A', quantity: 3, unit_price: 0.3333, subtotal: 1, tax: 0.19, tax_rate: 19 },
        { name: 'B', quantity: 1, unit_price: 10, subtotal: 10, tax: 0.7, tax_rate: 7 },
      ],
    } as Document
    const itemsXml = isdocXml(fromItems, { agendaId: 1, homeCurrency: 'EUR' })
    expect(schemaErrors(itemsXml)).toBeNull()
    expect(itemsXml).toMatch(/<Note>[^<]*no tax lines were extracted/)
    const f = xmlFields(itemsXml, { i: ISDOC_NAMESPACE })
    expect(f.texts('//i:TaxSubTotal/i:TaxCategory/i:Percent')).toEqual(['19', '7'])
    // Unit prices at full precision, not rounded to cents.
    expect(f.text('//i:InvoiceLine[1]/i:UnitPrice')).toBe('0.3333')
    f.dispose()
  })

  it('marks an intra-EU 0 % supply as reverse charge and a domestic 0 % supply as exempt', () => {
    const physio = facturx.find((doc) => doc.data?.header?.invoice_no === 'R18-31')!
    const intraEu = {
      ...physio,
      supplier: { ...physio.supplier, country: 'DE', vat_id: 'DE123456789' },
      customer: { ...physio.customer, country: 'CZ', vat_id: 'CZ12345678' },
    } as Document
    const xml = isdocXml(intraEu, { agendaId: 1, homeCurrency: 'EUR' })
    expect(schemaErrors(xml)).toBeNull()
    const f = xmlFields(xml, { i: ISDOC_NAMESPACE })
    expect(f.text('/i:Invoice/i:VATApplicable')).toBe('true')
    expect(f.text('//i:InvoiceLine[1]/i:VATNote')).toMatch(/reverse charge/i)
    expect(f.text('//i:TaxSubTotal/i:TaxCategory/i:VATApplicable')).toBe('true')
    f.dispose()
    const domestic = { ...intraEu, customer: { ...intraEu.customer, country: 'DE', vat_id: 'DE987654321' } } as Document
    const exempt = xmlFields(isdocXml(domestic, { agendaId: 1, homeCurrency: 'EUR' }), { i: ISDOC_NAMESPACE })
    expect(exempt.text('/i:Invoice/i:VATApplicable')).toBe('false')
    expect(exempt.text('//i:InvoiceLine[1]/i:VATNote')).toMatch(/exempt/i)
    exempt.dispose()
    const local = {
      ...domestic,
      data: { header: { ...domestic.data!.header, text: 'Steuerschuldnerschaft des Leistungsempfängers' } },
    } as Document
    const localXml = isdocXml(local, { agendaId: 1, homeCurrency: 'EUR' })
    expect(schemaErrors(localXml)).toBeNull()
    expect(localXml).toContain('<LocalReverseChargeFlag>true</LocalReverseChargeFlag>')
  })

  it('points a credit note at the invoice it corrects, when known', () => {
    const credit = { ...facturx[0]!, invoice_type: 1 } as Document
    const xml = isdocXml(credit, {
      agendaId: 1,
      homeCurrency: 'EUR',
      original: { id: 'INV-7', issueDate: '2018-02-01', uuid: isdocUuid(1, 7) },
    })
    expect(schemaErrors(xml)).toBeNull()
    const f = xmlFields(xml, { i: ISDOC_NAMESPACE })
    expect(f.text('/i:Invoice/i:DocumentType')).toBe('2')
    expect(f.text('//i:OriginalDocumentReference/i:ID')).toBe('INV-7')
    expect(f.text('//i:OriginalDocumentReference/i:IssueDate')).toBe('2018-02-01')
    expect(f.text('//i:OriginalDocumentReference/i:UUID')).toBe(isdocUuid(1, 7))
    f.dispose()
    expect(isdocXml(facturx[0]!, { agendaId: 1, original: { id: 'INV-7' } })).not.toContain('OriginalDocument')
  })

  it('writes bank details only when they pass their checksum', () => {
    const physio = facturx.find((doc) => doc.data?.header?.invoice_no === 'R18-31')!
    const valid = {
      ...physio,
      bank_account: { iban: 'CZ65 0800 0000 1920 0014 5399', bban: '', bank_code: '', bic: 'GIBACZPX' },
    }
    const f = xmlFields(isdocXml(valid as Document, { agendaId: 1, homeCurrency: 'EUR' }), { i: ISDOC_NAMESPACE })
    expect(f.text('//i:Details/i:IBAN')).toBe('CZ6508000000192000145399')
    expect(f.text('//i:Details/i:ID')).toBe('19-2000145399')
    expect(f.text('//i:Details/i:BankCode')).toBe('0800')
    expect(f.text('//i:Details/i:BIC')).toBe('GIBACZPX')
    f.dispose()
    const wrong = {
      ...physio,
      bank_account: { iban: 'CZ65 0800 0000 1920 0014 5398', bban: '2000145398', bank_code: '0800', bic: 'GIBACZPX' },
    }
    const xml = isdocXml(wrong as Document, { agendaId: 1, homeCurrency: 'EUR' })
    expect(schemaErrors(xml)).toBeNull()
    const g = xmlFields(xml, { i: ISDOC_NAMESPACE })
    expect(g.text('//i:Details/i:IBAN')).toBe('')
    expect(g.text('//i:Details/i:ID')).toBe('')
    expect(g.text('//i:Details/i:BIC')).toBe('')
    expect(g.text('/i:Invoice/i:Note')).toMatch(/IBAN .* fails its checksum/)
    g.dispose()
  })

  it('states in the file which checks failed when a flagged document is exported marked', () => {
    const xml = isdocXml(facturx[0]!, { agendaId: 1, flaggedChecks: ['the items do not add up to the net total'] })
    expect(schemaErrors(xml)).toBeNull()
    expect(xml).toMatch(/<Note>[^<]*exported although its checks failed: the items do not add up to the net total/)
  })

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

  it('drops characters XML cannot carry from OCR text instead of writing an unreadable file', () => {
    const doc = { ...facturx[0]!, supplier: { ...facturx[0]!.supplier, name: 'A\u0001B\uFFFE C\uD800' } }
    const xml = isdocXml(doc, { agendaId: 1 })
    expect(xml).toContain('<Name>AB C</Name>')
    expect(schemaErrors(xml)).toBeNull()
  })

  it('escapes text from the invoice as XML text, never markup', () => {
    const doc = { ...facturx[0]!, supplier: { ...facturx[0]!.supplier, name: '<b>A & B</b>' } }
    const xml = isdocXml(doc, { agendaId: 1 })
    expect(xml).toContain('&lt;b&gt;A &amp; B&lt;/b&gt;')
    expect(schemaErrors(xml)).toBeNull()
  })
})
