import { mkdtempSync, rmSync, writeFileSync, copyFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { fixtureForFileName, loadFixtures, loadPrintedCustomers, mapExtractedJson } from './fixtures'
import { defaultFixturesDir } from './index'

const dir = defaultFixturesDir()

describe('loadFixtures (resources/demo/invoices/README.md)', () => {
  it('loads every NAME.json + NAME.pdf pair of the shipped demo directory, sorted by name', () => {
    const fixtures = loadFixtures(dir)
    expect(fixtures.map((f) => f.name)).toEqual([
      'AzureInterior',
      'FlipkartInvoice',
      'NetpresseInvoice',
      'QualityHosting',
      'SammyMaystoneLinesTest',
      'coolblue1',
      'coolblue2',
      'oyo',
    ])
    for (const f of fixtures) expect(f.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(fixtures.filter((f) => f.png).map((f) => f.name)).toEqual([
      'FlipkartInvoice',
      'SammyMaystoneLinesTest',
      'oyo',
    ])
  })

  it('logs and skips an odd file (bad JSON, JSON without PDF, no invoice object) without failing the import', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'docket-fixtures-'))
    onTestFinished(() => rmSync(tmp, { recursive: true, force: true }))
    copyFileSync(join(dir, 'oyo.json'), join(tmp, 'oyo.json'))
    copyFileSync(join(dir, 'oyo.pdf'), join(tmp, 'oyo.pdf'))
    writeFileSync(join(tmp, 'broken.json'), '[{"issuer": ')
    writeFileSync(join(tmp, 'broken.pdf'), '%PDF-1.4')
    writeFileSync(join(tmp, 'lonely.json'), '[{"issuer":"No PDF"}]')
    writeFileSync(join(tmp, 'empty.json'), '[]')
    writeFileSync(join(tmp, 'empty.pdf'), '%PDF-1.4')
    const lines: string[] = []
    const fixtures = loadFixtures(tmp, (l) => lines.push(l))
    expect(fixtures.map((f) => f.name)).toEqual(['oyo'])
    expect(lines.some((l) => l.includes('broken'))).toBe(true)
    expect(lines.some((l) => l.includes('lonely.json') && l.includes('no lonely.pdf'))).toBe(true)
    expect(lines.some((l) => l.includes('empty'))).toBe(true)
  })

  it('returns no fixtures for a missing directory and logs it', () => {
    const lines: string[] = []
    expect(loadFixtures('/nonexistent/fixtures', (l) => lines.push(l))).toEqual([])
    expect(lines[0]).toContain('/nonexistent/fixtures')
  })
})

describe('the customer printed on an original (printed-customers.json)', () => {
  it('is read for every demo invoice, as far as the original prints it', () => {
    const byName = new Map(loadFixtures(defaultFixturesDir()).map((f) => [f.name, f.printedCustomer]))
    expect(byName.get('coolblue1')).toEqual({ name: 'Pino Bluebird', city: 'Amsterdam', country: 'NL' })
    expect(byName.get('oyo')).toEqual({ name: 'Sanjay', city: '', country: '' })
    expect(byName.has('printed-customers')).toBe(false)
  })

  it('skips an entry that is not a name, city and country', () => {
    const dir = mkdtempSync(join(tmpdir(), 'printed-'))
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
    writeFileSync(
      join(dir, 'printed-customers.json'),
      JSON.stringify({ good: { name: 'A', city: 'B', country: 'CZ' }, bad: { name: 1 } }),
    )
    const lines: string[] = []
    const customers = loadPrintedCustomers(dir, (line) => lines.push(line))
    expect([...customers.keys()]).toEqual(['good'])
    expect(lines.join('\n')).toMatch(/bad/)
  })
})

describe('mapExtractedJson', () => {
  it('maps AzureInterior: supplier details, header, totals, items without sectionheader/line_note', () => {
    const fixture = loadFixtures(dir).find((f) => f.name === 'AzureInterior')!
    const d = fixture.data
    expect(d.supplier).toMatchObject({
      name: 'Azure Interior',
      street: '4557 De Silva St',
      city: 'Fremont',
      postal_code: '94538',
      country: 'US',
      iban: 'US1234567890',
      bic: 'bic',
    })
    expect(d.header).toMatchObject({
      invoice_no: 'INV/2023/03/0008',
      issue_date: '2023-03-20',
      due_date: '2023-04-04',
      currency: 'USD',
    })
    expect(d.summary).toMatchObject({ total: 279.84, sub_total: 262.9, vat_total: 16.94, payment_amount: 279.84 })
    expect(d.items.map((i) => i.name)).toEqual([
      'Beeswax XL\nAcme beeswax',
      'Office Chair',
      'Olive Oil',
      'Luxury Truffles',
    ])
    const oil = d.items[2]!
    expect(oil).toMatchObject({ quantity: 1, unit_price: 1, discount_rate: 10, subtotal: 0.9, tax_rate: 15 })
    expect(d.items[0]).toMatchObject({ code: '17589684', unit: 'kg', tax: 6.3, total: 48.3 })
    // tax lines group the items by rate; 15 % of 112.90 = 16.94 as on the invoice
    expect(d.tax_lines).toEqual([
      { percent: 15, sub_total: 112.9, vat_total: 16.94, total: 129.84, paid_deposits: 0 },
      { percent: 0, sub_total: 150, vat_total: 0, total: 150, paid_deposits: 0 },
    ])
  })

  it('maps `line_items` with `desc`/`item` (Sammy Maystone) and `lines` with `price` (QualityHosting)', () => {
    const fixtures = loadFixtures(dir)
    const sammy = fixtures.find((f) => f.name === 'SammyMaystoneLinesTest')!.data
    expect(sammy.items.map((i) => [i.code, i.name])).toEqual([
      ['A', 'Parts: 1 x cap_a'],
      ['B', 'Parts: 2 x shop supplies'],
    ])
    const qh = fixtures.find((f) => f.name === 'QualityHosting')!.data
    expect(qh.items).toHaveLength(7)
    expect(qh.items[0]).toMatchObject({ quantity: 1, unit_price: 3.89, subtotal: 3.89 })
    expect(qh.supplier.vat_id).toBe('DE 232 446 240')
    expect(qh.summary).toMatchObject({ total: 34.73, sub_total: 34.73, vat_total: 0 })
  })

  it('derives the VAT total from total and subtotal when amount_tax is missing (coolblue1)', () => {
    const cb = loadFixtures(dir).find((f) => f.name === 'coolblue1')!.data
    expect(cb.summary.vat_total).toBe(124.61)
    expect(cb.items).toHaveLength(6)
    expect(cb.bank_account).toMatchObject({ iban: 'NL50INGB0683251309', bic: 'INGBNL2A', bban: 'INGB0683251309' })
  })

  it('reads numbers held as strings, takes the first value of arrays and ignores unknown keys', () => {
    const d = mapExtractedJson([
      {
        issuer: ['First Supplier', 'Second'],
        invoice_number: 12345,
        date: ['2024-02-29'],
        date_due: 'not a date',
        currency: 'eur',
        amount: '0.01',
        amount_untaxed: '0.01',
        something_new: { nested: true },
        lines: [
          { sectionheader: 'Goods' },
          { line_note: 'note only' },
          { desc: 'Widget', qty: '2', price_unit: '1.50', line_tax_percent: '21' },
        ],
      },
    ])
    expect(d.supplier.name).toBe('First Supplier')
    expect(d.header).toMatchObject({ invoice_no: '12345', issue_date: '2024-02-29', due_date: null, currency: 'EUR' })
    expect(d.summary).toMatchObject({ total: 0.01, sub_total: 0.01, vat_total: 0 })
    expect(d.items).toEqual([
      {
        code: '',
        name: 'Widget',
        quantity: 2,
        unit: '',
        unit_price: 1.5,
        tax_rate: 21,
        subtotal: 3,
        tax: 0.63,
        total: 3.63,
        discount_rate: 0,
        discount: 0,
      },
    ])
  })

  it('uses a recognised alternative key for the tax rate (taxpercent) and accepts a bare object', () => {
    const d = mapExtractedJson({ partner_name: 'Alt', amount: 121, amount_untaxed: 100, taxpercent: '21' })
    expect(d.supplier.name).toBe('Alt')
    expect(d.tax_lines).toEqual([{ percent: 21, sub_total: 100, vat_total: 21, total: 121, paid_deposits: 0 }])
  })

  it('throws for JSON that holds no invoice object', () => {
    expect(() => mapExtractedJson([])).toThrow(/no invoice object/)
    expect(() => mapExtractedJson('text')).toThrow()
  })
})

describe('fixtureForFileName', () => {
  it('matches an uploaded file by base name, ignoring folders, extension and case', () => {
    const fixtures = loadFixtures(dir)
    expect(fixtureForFileName(fixtures, 'C:\\scans\\Coolblue1.PDF')?.name).toBe('coolblue1')
    expect(fixtureForFileName(fixtures, 'oyo.pdf')?.name).toBe('oyo')
    expect(fixtureForFileName(fixtures, 'unknown.pdf')).toBeUndefined()
  })
})
