import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Document } from '../../../shared/api'
import { roundCents } from '../../../shared/checks/money'
import { mapExtractedJson } from '../../../sandbox/fixtures'
import { pohodaSchemaErrors } from '../testing/pohodaSchema'
import { xmlFields } from '../testing/xmlFields'
import { POHODA_NS, pohodaGaps, pohodaRateClass, pohodaXml } from './pohoda'

/**
 * Every Pohoda file the export writes is validated against Stormware's published Pohoda XML
 * v2 schemas (resources/schemas/pohoda, data.xsd with invoice.xsd and type.xsd) with libxml2,
 * and compared field by field with the documents it came from.
 */
const root = join(import.meta.dirname, '../../../..')

function fixtureDocuments(dir: string, firstId: number): Document[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && existsSync(join(dir, `${name.slice(0, -5)}.pdf`)))
    .sort()
    .map((name, index) => {
      const raw = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, string>[]
      const data = mapExtractedJson(raw)
      return {
        id: firstId + index,
        type: 'PurchaseInvoice',
        state: 'ready',
        created_at: '2026-01-01T00:00:00Z',
        last_modified_at: '2026-01-01T00:00:00Z',
        invoice_type: 0,
        data: { header: { ...data.header } },
        supplier: { ...data.supplier },
        customer: { name: 'Demo s.r.o.', country: 'CZ', id: '04080176', vat_id: 'CZ04080176' },
        summary: { ...data.summary },
        tax_lines: data.tax_lines.map((line) => ({ ...line })),
        items: data.items.map((item) => ({ ...item })),
        bank_account: { ...data.bank_account },
      } as Document
    })
}

const all = [
  ...fixtureDocuments(join(root, 'resources/demo/invoices'), 1),
  ...fixtureDocuments(join(root, 'resources/test-fixtures/facturx'), 100),
]
const NS = { dat: POHODA_NS.dat, inv: POHODA_NS.inv, typ: POHODA_NS.typ }
const createdAt = new Date('2026-11-28T10:00:00Z')

/** A Czech received invoice: 21 % and 12 % in 2024, a tax date after the issue date. */
function czechInvoice(over: Partial<Document> = {}): Document {
  return {
    id: 500,
    type: 'PurchaseInvoice',
    state: 'ready',
    created_at: '2026-01-01T00:00:00Z',
    last_modified_at: '2026-01-01T00:00:00Z',
    invoice_type: 0,
    data: {
      header: {
        invoice_no: 'FV-2024/0815',
        variable_symbol: '20240815',
        issue_date: '2024-03-05',
        tax_date: '2024-02-29',
        due_date: '2024-03-19',
        currency: 'CZK',
        currency_rate: '1',
      },
    },
    supplier: {
      name: 'Dodavatel s.r.o.',
      id: '04080176',
      vat_id: 'CZ04080176',
      street: 'Dlouhá 1',
      city: 'Praha',
      postal_code: '110 00',
      country: 'CZ',
    },
    customer: { name: 'Odběratel a.s.', id: '27074358', vat_id: 'CZ27074358', country: 'CZ' },
    summary: { sub_total: 1500, vat_total: 270, total: 1770 },
    tax_lines: [
      { percent: 21, sub_total: 1000, vat_total: 210, total: 1210 },
      { percent: 12, sub_total: 500, vat_total: 60, total: 560 },
    ],
    items: [],
    bank_account: { bban: '19-2000145399', bank_code: '0800', iban: '', bic: '' },
    ...over,
  } as Document
}

describe('Pohoda XML export', () => {
  it('is checked by the schemas, which refuse a data pack without its required attributes (the validation can fail)', () => {
    const xml = pohodaXml([czechInvoice()], { agendaId: 1, homeCurrency: 'CZK', createdAt })
    expect(pohodaSchemaErrors(xml)).toBeNull()
    expect(pohodaSchemaErrors(xml.replace(/ application="Docket"/, ''))).toMatch(/application/)
    expect(pohodaSchemaErrors(xml.replace('receivedInvoice', 'boughtInvoice'))).toMatch(/invoiceType|boughtInvoice/)
  })

  it('writes every fixture as a schema-valid data pack whose invoices say what the documents say', () => {
    const complete = all.filter((doc) => pohodaGaps(doc).length === 0)
    expect(complete.length).toBeGreaterThanOrEqual(10)
    // Each fixture in its own currency's agenda, so no exchange rate is needed.
    for (const doc of complete) {
      const home = doc.data?.header?.currency ?? 'EUR'
      const xml = pohodaXml([doc], { agendaId: 1, homeCurrency: home, createdAt })
      expect(pohodaSchemaErrors(xml), doc.data?.header?.invoice_no ?? '').toBeNull()
      const f = xmlFields(xml, NS)
      const h = doc.data!.header!
      const head = '//inv:invoiceHeader'
      expect(f.text(`${head}/inv:invoiceType`)).toBe('receivedInvoice')
      expect(f.text(`${head}/inv:originalDocument`)).toBe(h.invoice_no!.slice(0, 32))
      expect(f.text(`${head}/inv:date`)).toBe(h.issue_date)
      expect(f.text(`${head}/inv:dateTax`)).toBe(h.tax_date ?? h.issue_date)
      expect(f.text(`${head}//typ:company`)).toBe(doc.supplier?.name ?? null)
      // The home-currency amounts are the extracted tax lines (base + VAT), never rewritten;
      // without tax lines, the items (and the note says so), else the total.
      const sum = f
        .texts('//inv:homeCurrency/*')
        .map(Number)
        .reduce((a, b) => a + b, 0)
      const lines = (doc.tax_lines ?? []).filter((t) => typeof t.sub_total === 'number')
      const items = (doc.items ?? []).filter((item) => typeof item.subtotal === 'number')
      if (lines.length > 0) {
        const stated = lines.reduce((a, t) => a + t.sub_total! + (t.vat_total ?? 0), 0)
        expect(roundCents(sum)).toBe(roundCents(stated))
      } else if (items.length > 0) {
        const gross = items.reduce((a, i) => a + i.subtotal! * (1 + (i.tax_rate ?? 0) / 100), 0)
        expect(Math.abs(sum - gross)).toBeLessThanOrEqual(0.01 * items.length)
        expect(f.text(`${head}/inv:note`)).toMatch(/summed from the items/)
      } else expect(roundCents(sum)).toBe(doc.summary?.total)
      f.dispose()
    }
  })

  it('writes a Czech received invoice with partner, symbols, dates and VAT per rate class', () => {
    const xml = pohodaXml([czechInvoice()], { agendaId: 7, homeCurrency: 'CZK', companyId: '27074358', createdAt })
    expect(pohodaSchemaErrors(xml)).toBeNull()
    const f = xmlFields(xml, NS)
    expect(f.text('/dat:dataPack/@ico')).toBe('27074358')
    expect(f.text('/dat:dataPack/@id')).toBe('docket-7-20261128100000')
    const head = '//inv:invoiceHeader'
    expect(f.text(`${head}/inv:symVar`)).toBe('20240815')
    expect(f.text(`${head}/inv:originalDocument`)).toBe('FV-2024/0815')
    expect(f.text(`${head}/inv:symPar`)).toBe('20240815')
    expect(f.text(`${head}/inv:date`)).toBe('2024-03-05')
    expect(f.text(`${head}/inv:dateTax`)).toBe('2024-02-29')
    expect(f.text(`${head}/inv:dateAccounting`)).toBe('2024-02-29')
    expect(f.text(`${head}/inv:dateDue`)).toBe('2024-03-19')
    expect(f.text(`${head}//typ:ico`)).toBe('04080176')
    expect(f.text(`${head}//typ:dic`)).toBe('CZ04080176')
    expect(f.text(`${head}//typ:zip`)).toBe('110 00')
    expect(f.text(`${head}/inv:account/typ:accountNo`)).toBe('19-2000145399')
    expect(f.text(`${head}/inv:account/typ:bankCode`)).toBe('0800')
    expect(f.number('//inv:homeCurrency/typ:priceHigh')).toBe(1000)
    expect(f.number('//inv:homeCurrency/typ:priceHighVAT')).toBe(210)
    expect(f.number('//inv:homeCurrency/typ:priceLow')).toBe(500)
    expect(f.number('//inv:homeCurrency/typ:priceLowVAT')).toBe(60)
    expect(f.count('//inv:foreignCurrency')).toBe(0)
    f.dispose()
  })

  it('classes rates by the tax date’s Czech or Slovak rates', () => {
    expect(pohodaRateClass(15, '2023-12-31', 'CZ')).toBe('low')
    expect(pohodaRateClass(10, '2023-12-31', 'CZ')).toBe('third')
    expect(pohodaRateClass(12, '2024-01-01', 'CZ')).toBe('low')
    expect(pohodaRateClass(15, '2024-01-01', 'CZ')).toBeNull()
    expect(pohodaRateClass(21, '2024-01-01', 'CZ')).toBe('high')
    expect(pohodaRateClass(20, '2024-12-31', 'SK')).toBe('high')
    expect(pohodaRateClass(10, '2024-12-31', 'SK')).toBe('low')
    expect(pohodaRateClass(23, '2025-01-01', 'SK')).toBe('high')
    expect(pohodaRateClass(19, '2025-01-01', 'SK')).toBe('low')
    expect(pohodaRateClass(5, '2025-01-01', 'SK')).toBe('third')
    expect(pohodaRateClass(0, '2025-01-01', 'SK')).toBe('none')
    // A 2023 invoice at 15 % falls in the low class; the same rate with a 2024 tax date is no Czech rate.
    const old = czechInvoice({
      data: { header: { ...czechInvoice().data!.header, issue_date: '2023-12-20', tax_date: '2023-12-20' } },
      tax_lines: [{ percent: 15, sub_total: 100, vat_total: 15, total: 115 }],
      summary: { sub_total: 100, vat_total: 15, total: 115 },
    })
    const f = xmlFields(pohodaXml([old], { agendaId: 1, homeCurrency: 'CZK', createdAt }), NS)
    expect(f.number('//inv:homeCurrency/typ:priceLow')).toBe(100)
    expect(f.number('//inv:homeCurrency/typ:priceLowVAT')).toBe(15)
    f.dispose()
  })

  it('books VAT charged abroad without VAT, and a foreign-currency invoice in both currencies with its rate', () => {
    const german = czechInvoice({
      data: { header: { ...czechInvoice().data!.header, currency: 'EUR', currency_rate: '25.125' } },
      supplier: { name: 'Lieferant GmbH', vat_id: 'DE123456789', country: 'DE' },
      tax_lines: [{ percent: 19, sub_total: 100, vat_total: 19, total: 119 }],
      summary: { sub_total: 100, vat_total: 19, total: 119 },
      bank_account: null,
    })
    const xml = pohodaXml([german], { agendaId: 1, homeCurrency: 'CZK', createdAt })
    expect(pohodaSchemaErrors(xml)).toBeNull()
    const f = xmlFields(xml, NS)
    expect(f.number('//inv:homeCurrency/typ:priceNone')).toBe(roundCents(119 * 25.125))
    expect(f.count('//inv:homeCurrency/typ:priceHigh')).toBe(0)
    expect(f.text('//inv:foreignCurrency/typ:currency/typ:ids')).toBe('EUR')
    expect(f.number('//inv:foreignCurrency/typ:rate')).toBe(25.125)
    expect(f.number('//inv:foreignCurrency/typ:amount')).toBe(1)
    expect(f.number('//inv:foreignCurrency/typ:priceSum')).toBe(119)
    expect(f.text('//inv:invoiceHeader/inv:note')).toMatch(/another country/)
    f.dispose()
  })

  it('writes a credit note as receivedCreditNotice and a flagged document with a note naming the checks', () => {
    const credit = czechInvoice({ invoice_type: 1 })
    const xml = pohodaXml([credit], {
      agendaId: 1,
      homeCurrency: 'CZK',
      createdAt,
      flaggedChecks: new Map([[500, ['the tax lines do not match the totals']]]),
    })
    expect(pohodaSchemaErrors(xml)).toBeNull()
    expect(xml).toContain('<inv:invoiceType>receivedCreditNotice</inv:invoiceType>')
    expect(xml).toMatch(/<inv:note>[^<]*checks failed: the tax lines do not match the totals/)
  })

  it('leaves out the bank account when it fails its checksum, and refuses a document without a total', () => {
    const wrong = czechInvoice({ bank_account: { bban: '19-2000145398', bank_code: '0800', iban: '', bic: '' } })
    const xml = pohodaXml([wrong], { agendaId: 1, homeCurrency: 'CZK', createdAt })
    expect(pohodaSchemaErrors(xml)).toBeNull()
    expect(xml).not.toContain('inv:account')
    const noTotal = czechInvoice({ summary: { sub_total: 1500, vat_total: 270, total: null } })
    expect(pohodaGaps(noTotal)).toEqual(['total'])
    expect(() => pohodaXml([noTotal], { agendaId: 1, createdAt })).toThrow(/lacks total/)
  })
})
