import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { Document } from '../../../shared/api'
import { documentsCsv, documentTable, itemsCsv } from './format'
import { documentsXlsx } from './xlsx'

/**
 * The spreadsheets open right everywhere: CSV in the user's layout (`;` and a decimal comma
 * for Czech and German), identifiers kept as text, and an Excel workbook with numbers,
 * dates and text cells. Where LibreOffice is installed, the files are opened with its
 * Czech, German and US settings and every amount is summed.
 */

function doc(id: number, over: Partial<Document> = {}): Document {
  return {
    id,
    type: 'PurchaseInvoice',
    state: 'ready',
    created_at: '2026-11-01T08:00:00Z',
    last_modified_at: '2026-11-02T09:30:00.000Z',
    invoice_type: 0,
    data: {
      header: {
        invoice_no: `0${id}2026`,
        variable_symbol: `000${id}`,
        issue_date: '2026-10-30',
        tax_date: '2026-10-31',
        due_date: '2026-11-13',
        currency: 'CZK',
        currency_rate: '1',
      },
    },
    supplier: { name: `Dodavatel ${id}, s.r.o.`, id: '04080176', vat_id: 'CZ26168685', country: 'CZ' },
    customer: { name: 'Odběratel a.s.', id: '27074358', vat_id: 'CZ27074358', country: 'CZ' },
    summary: { sub_total: 3.4, vat_total: 0.71, total: 4.11 },
    tax_lines: [{ percent: 21, sub_total: 3.4, vat_total: 0.71, total: 4.11 }],
    items: [],
    ...over,
  } as Document
}

const euroCredit = doc(2, {
  invoice_type: 1,
  data: {
    header: {
      invoice_no: 'DB-7',
      issue_date: '2026-10-15',
      tax_date: '2026-10-15',
      currency: 'EUR',
      currency_rate: '24.5',
    },
  },
  summary: { sub_total: -437.9, vat_total: -91.97, total: -529.87 },
  tax_lines: [
    { percent: 21, sub_total: -400, vat_total: -84, total: -484 },
    { percent: 12, sub_total: -37.9, vat_total: -4.55, total: -42.45 },
  ],
})
const documents = [doc(1), euroCredit, doc(3, { summary: { sub_total: 1000, vat_total: 210, total: 1210 } })]
const columns = [
  'id',
  'invoice_no',
  'supplier_id',
  'variable_symbol',
  'issue_date',
  'document_type',
  'credit_note',
  'currency',
  'total',
  'vat_by_rate',
  'home_currency',
  'home_total',
  'warnings',
] as const
const context = { homeCurrency: 'CZK', today: new Date('2026-11-28T00:00:00Z') }

describe('CSV in the user’s layout', () => {
  it('writes ; and a decimal comma, identifiers as text formulas, exactly these bytes', () => {
    const out = documentsCsv([doc(1)], ['id', 'invoice_no', 'supplier_id', 'issue_date', 'total'], {
      delimiter: ';',
      decimalMark: ',',
    })
    expect(out).toBe(
      '\uFEFFid;invoice_no;supplier_id;issue_date;total\r\n' + '1;"=""012026""";"=""04080176""";2026-10-30;4,11\r\n',
    )
  })

  it('keeps the default , and . layout, and quotes an amount with a decimal comma when , separates', () => {
    expect(documentsCsv([doc(1)], ['id', 'total'])).toBe('\uFEFFid,total\r\n1,4.11\r\n')
    expect(documentsCsv([doc(1)], ['id', 'total'], { delimiter: ',', decimalMark: ',' })).toBe(
      '\uFEFFid,total\r\n1,"4,11"\r\n',
    )
    expect(documentsCsv([doc(1)], ['id', 'total'], { delimiter: '\t', decimalMark: '.' })).toBe(
      '\uFEFFid\ttotal\r\n1\t4.11\r\n',
    )
  })

  it('writes a Czech account number with its bank code, its zeros kept', () => {
    const paid = doc(6, { bank_account: { bban: '000019-0123456789', bank_code: '0800', iban: '', bic: '' } })
    expect(documentsCsv([paid], ['bank_account'], { delimiter: ';', decimalMark: ',' })).toBe(
      '\uFEFFbank_account\r\n"=""000019-0123456789/0800"""\r\n',
    )
  })

  it('writes an identifier with letters as plain text, never as a formula', () => {
    const planted = doc(4, { data: { header: { invoice_no: '=1+1', variable_symbol: 'INV-2026/1' } } })
    const [row] = parse(documentsCsv([planted], ['invoice_no', 'variable_symbol']), { bom: true, columns: true })
    expect(row).toEqual({ invoice_no: "'=1+1", variable_symbol: 'INV-2026/1' })
  })

  it('adds document type, credit note, VAT per rate, home-currency totals and warnings', () => {
    const table = documentTable(documents, columns, context)
    expect(table.header).toEqual([
      'id',
      'invoice_no',
      'supplier_id',
      'variable_symbol',
      'issue_date',
      'document_type',
      'credit_note',
      'currency',
      'total',
      'net_21',
      'vat_21',
      'net_12',
      'vat_12',
      'home_currency',
      'home_total',
      'warnings',
    ])
    const credit = Object.fromEntries(table.header.map((name, i) => [name, table.rows[1]![i]]))
    expect(credit).toMatchObject({
      document_type: 'credit note',
      credit_note: 'yes',
      currency: 'EUR',
      total: '-529.87',
      net_21: '-400',
      vat_21: '-84',
      net_12: '-37.9',
      vat_12: '-4.55',
      home_currency: 'CZK',
      home_total: String(-12981.82),
    })
    // The credit note's tax lines do not add up to its net total: the warnings column says so.
    expect(credit['warnings']).toMatch(/tax lines do not match the totals/)
    const first = Object.fromEntries(table.header.map((name, i) => [name, table.rows[0]![i]]))
    expect(first).toMatchObject({ document_type: 'invoice', credit_note: 'no', net_12: null, home_total: '4.11' })
    expect(first['warnings']).toBeNull()
  })

  it('writes the items file in the same layout', () => {
    const withItems = doc(5, { items: [{ id: 1, name: 'Šroub', quantity: 1.5, unit_price: 0.35, total: 0.53 }] })
    const rows = parse(itemsCsv([withItems], { delimiter: ';', decimalMark: ',' }), {
      bom: true,
      columns: true,
      delimiter: ';',
    }) as Record<string, string>[]
    expect(rows[0]).toMatchObject({ invoice_no: '="052026"', quantity: '1,5', unit_price: '0,35', total: '0,53' })
  })
})

describe('Excel workbook', () => {
  it('holds amounts as numbers with a currency format, dates as dates, identifiers as text, and a tax lines sheet', async () => {
    const bytes = await documentsXlsx(documents, columns, context)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(bytes.buffer as ArrayBuffer)
    const sheet = book.getWorksheet('Documents')!
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    const cell = (row: number, name: string) => sheet.getRow(row).getCell(header.indexOf(name) + 1)
    expect(sheet.rowCount).toBe(4)
    expect(cell(2, 'total').value).toBe(4.11)
    expect(cell(2, 'total').numFmt).toBe('#,##0.00 "CZK"')
    expect(cell(3, 'total').numFmt).toBe('#,##0.00 "EUR"')
    expect(cell(3, 'home_total').numFmt).toBe('#,##0.00 "CZK"')
    expect(cell(3, 'home_total').value).toBe(-12981.82)
    expect(cell(2, 'issue_date').value).toEqual(new Date('2026-10-30T00:00:00Z'))
    expect(cell(2, 'supplier_id').value).toBe('04080176')
    expect(cell(2, 'variable_symbol').value).toBe('0001')
    expect(cell(2, 'invoice_no').value).toBe('012026')
    expect(cell(3, 'credit_note').value).toBe('yes')
    const taxes = book.getWorksheet('Tax lines')!
    expect(taxes.rowCount).toBe(1 + 1 + 2 + 1)
    const credit = taxes.getRow(3)
    expect(credit.getCell(1).value).toBe(2)
    expect(credit.getCell(7).value).toBe(21)
    expect(credit.getCell(8).value).toBe(-400)
    expect(credit.getCell(12).value).toBe(-9800)
    expect(credit.getCell(8).numFmt).toBe('#,##0.00 "EUR"')
    expect(credit.getCell(12).numFmt).toBe('#,##0.00 "CZK"')
  })
})

describe('Excel workbook from untrusted text', () => {
  it('keeps a formula-looking name as text and drops characters its XML cannot carry', async () => {
    const odd = doc(9, { supplier: { name: '=HYPERLINK("x")\u0001 s.r.o.\uFFFE', id: '00012' } })
    const book = new ExcelJS.Workbook()
    await book.xlsx.load((await documentsXlsx([odd], ['supplier_name', 'supplier_id'])).buffer as ArrayBuffer)
    const row = book.getWorksheet('Documents')!.getRow(2)
    expect(row.getCell(1).value).toBe(`'=HYPERLINK("x") s.r.o.`)
    expect(row.getCell(2).value).toBe('00012')
  })
})

/** LibreOffice's command, when installed (`apt-get install libreoffice-calc-nogui`). */
function libreOffice(): string | null {
  for (const command of ['soffice', 'libreoffice']) {
    try {
      execFileSync(command, ['--version'], { stdio: 'ignore', timeout: 20_000 })
      return command
    } catch {
      // not installed under this name
    }
  }
  return null
}
const soffice = libreOffice()

/** What LibreOffice reads from `file` (CSV with the filter options, or XLSX): the cells of the first sheet. */
async function openInLibreOffice(file: string, filter?: string): Promise<unknown[][]> {
  const out = mkdtempSync(join(tmpdir(), 'docket-lo-'))
  onTestFinished(() => rmSync(out, { recursive: true, force: true }))
  const profile = `file://${join(out, 'profile')}`
  execFileSync(
    soffice!,
    [
      `-env:UserInstallation=${profile}`,
      '--headless',
      ...(filter ? [`--infilter=${filter}`] : []),
      '--convert-to',
      'xlsx:Calc MS Excel 2007 XML',
      '--outdir',
      out,
      file,
    ],
    { stdio: 'ignore', timeout: 120_000 },
  )
  const name = file
    .split('/')
    .pop()!
    .replace(/\.\w+$/, '.xlsx')
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile(join(out, name))
  const rows: unknown[][] = []
  book.worksheets[0]!.eachRow((row) =>
    rows.push(
      (row.values as unknown[]).slice(1).map((v) => (v && typeof v === 'object' && 'result' in v ? v.result : v)),
    ),
  )
  return rows
}

// LibreOffice's CSV filter options: separator, text delimiter ("), UTF-8 (76), from line 1,
// no column formats, then the language of the import (1029 Czech, 1031 German, 1033 US).
const SETTINGS = [
  { name: 'Czech', language: 1029, delimiter: ';', decimalMark: ',' },
  { name: 'German', language: 1031, delimiter: ';', decimalMark: ',' },
  { name: 'US', language: 1033, delimiter: ',', decimalMark: '.' },
] as const

describe.skipIf(!soffice)('opened in LibreOffice (skipped: LibreOffice is not installed)', () => {
  it.each(SETTINGS)(
    'with $name settings the CSV in that locale’s layout gives numbers that sum, and identifiers with their zeros',
    async ({ language, delimiter, decimalMark }) => {
      const dir = mkdtempSync(join(tmpdir(), 'docket-csv-'))
      onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
      const file = join(dir, 'documents.csv')
      writeFileSync(file, documentsCsv(documents, columns, { delimiter, decimalMark }, context))
      const rows = await openInLibreOffice(file, `CSV:${delimiter.charCodeAt(0)},34,76,1,,${language}`)
      const header = rows[0] as string[]
      const column = (name: string) => rows.slice(1).map((row) => row[header.indexOf(name)])
      for (const name of ['total', 'home_total', 'net_21', 'vat_21']) {
        const values = column(name).filter((v) => v !== null && v !== undefined)
        for (const value of values) expect(typeof value, `${name} ${String(value)}`).toBe('number')
      }
      const sum = (name: string) => (column(name) as (number | undefined)[]).reduce<number>((a, b) => a + (b ?? 0), 0)
      expect(sum('total')).toBeCloseTo(4.11 - 529.87 + 1210, 2)
      expect(sum('home_total')).toBeCloseTo(4.11 - 12981.82 + 1210, 2)
      expect(column('supplier_id')[0]).toBe('04080176')
      expect(column('variable_symbol')[0]).toBe('0001')
      expect(column('invoice_no')[0]).toBe('012026')
    },
  )

  it('reads the workbook’s amounts as numbers and identifiers as text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docket-xlsx-'))
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
    const file = join(dir, 'documents-in.xlsx')
    writeFileSync(file, await documentsXlsx(documents, columns, context))
    const rows = await openInLibreOffice(file)
    const header = rows[0] as string[]
    const column = (name: string) => rows.slice(1).map((row) => row[header.indexOf(name)])
    expect((column('total') as number[]).reduce((a, b) => a + b, 0)).toBeCloseTo(4.11 - 529.87 + 1210, 2)
    expect(column('supplier_id')[0]).toBe('04080176')
    expect(column('issue_date')[0]).toBeInstanceOf(Date)
  })
})
