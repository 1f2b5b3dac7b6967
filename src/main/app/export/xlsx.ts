import ExcelJS from 'exceljs'
import type { Document } from '../../../shared/api'
import type { ExportDocumentColumn } from '../../../shared/ipc'
import { COLUMN_FIELDS, correctionsOf } from './corrections'
import { documentCurrencies, toHome } from './currency'
import { documentTable, neutralizeFormula, type ExportContext } from './format'
import { vatFactsOf } from './vatFacts'
import { xmlSafe } from './xmlText'

/** A text cell: inert for spreadsheets and without characters the workbook's XML cannot carry. */
const textCell = (value: string | null): string | null => {
  const safe = neutralizeFormula(value)
  return safe === null ? null : xmlSafe(safe)
}

/**
 * The Excel workbook export (exceljs): a *Documents* sheet, one row per document with the
 * chosen columns, and a *Tax lines* sheet, one row per document and VAT rate. Amounts are
 * numbers formatted with their currency (`1,210.00 "EUR"`, each row its own: one sheet mixes
 * currencies; home-currency columns in the agenda's), dates are dates, identifiers (invoice no., company ID, VAT ID, variable
 * symbol, IBAN) are text cells, so leading zeros stay. Text from the invoice is written as
 * text values, never formulas. A value the person corrected is filled light yellow with a cell
 * note giving the extracted value, and the `corrected` column lists the row's corrections.
 * Pure apart from building the bytes.
 */

const AMOUNT_FORMAT = '#,##0.00'
const DATE_FORMAT = 'yyyy-mm-dd'
const TIMESTAMP_FORMAT = 'yyyy-mm-dd hh:mm'

/** The number format of an amount in `currency`: `#,##0.00 "EUR"` (plain `#,##0.00` without a currency code). */
export function currencyFormat(currency: string | null | undefined): string {
  const code = (currency ?? '').trim().toUpperCase()
  return /^[A-Z]{3}$/.test(code) ? `${AMOUNT_FORMAT} "${code}"` : AMOUNT_FORMAT
}

/** Columns holding amounts in the home currency; the other amount columns are in the invoice's currency. */
const HOME_AMOUNT_COLUMNS = new Set(['home_sub_total', 'home_vat_total', 'home_total'])
const PLAIN_NUMBER_COLUMNS = new Set(['id', 'comments_count', 'currency_rate'])

/** A YYYY-MM-DD day as a Date at UTC midnight (what spreadsheets store for a day), or null. */
function dayValue(cell: string | null): Date | null {
  if (cell === null || !/^\d{4}-\d{2}-\d{2}$/.test(cell)) return null
  return new Date(`${cell}T00:00:00Z`)
}

/** The workbook's bytes. */
export async function documentsXlsx(
  documents: readonly Document[],
  columns: readonly ExportDocumentColumn[],
  context: ExportContext = {},
): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'Docket'
  workbook.created = context.today ?? new Date()

  const table = documentTable(documents, columns, context)
  const sheet = workbook.addWorksheet('Documents', { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = table.header.map((name, i) => ({
    header: name,
    key: name,
    width: table.kinds[i] === 'text' ? 24 : 14,
    style:
      table.kinds[i] === 'number'
        ? {
            numFmt:
              name === 'id' || name === 'comments_count' ? '0' : name === 'currency_rate' ? '0.0###' : AMOUNT_FORMAT,
          }
        : table.kinds[i] === 'date'
          ? { numFmt: DATE_FORMAT }
          : table.kinds[i] === 'timestamp'
            ? { numFmt: TIMESTAMP_FORMAT }
            : { numFmt: '@' },
  }))
  sheet.getRow(1).font = { bold: true }
  table.rows.forEach((row, index) => {
    const doc = documents[index]!
    const currencies = documentCurrencies(doc, context.homeCurrency)
    const added = sheet.addRow(
      row.map((cell, i) => {
        if (cell === null) return null
        switch (table.kinds[i]) {
          case 'number':
            return Number(cell)
          case 'date':
            return dayValue(cell) ?? textCell(cell)
          case 'timestamp': {
            const time = Date.parse(cell)
            return Number.isNaN(time) ? textCell(cell) : new Date(time)
          }
          default:
            // exceljs writes a string as a shared string (text), never a formula; the quote
            // still keeps a formula-looking value inert if the sheet is saved to CSV again.
            return textCell(cell)
        }
      }),
    )
    // A corrected value carries a cell note with what the service extracted (the `corrected`
    // column lists every correction of the row).
    for (const correction of correctionsOf(doc)) {
      table.header.forEach((name, i) => {
        if (COLUMN_FIELDS[name] !== correction.field) return
        const cell = added.getCell(i + 1)
        cell.note = xmlSafe(
          `Corrected in Docket: extracted ${correction.extracted ?? '(nothing)'}; ${[correction.by, correction.at.slice(0, 10)].filter(Boolean).join(', ')}`,
        )
        cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF2CC' } }
      })
    }
    table.header.forEach((name, i) => {
      if (table.kinds[i] !== 'number' || PLAIN_NUMBER_COLUMNS.has(name)) return
      const currency = HOME_AMOUNT_COLUMNS.has(name) ? currencies.home : currencies.currency
      added.getCell(i + 1).numFmt = currencyFormat(currency)
    })
  })

  const taxes = workbook.addWorksheet('Tax lines', { views: [{ state: 'frozen', ySplit: 1 }] })
  taxes.columns = [
    { header: 'document_id', key: 'document_id', width: 12, style: { numFmt: '0' } },
    { header: 'invoice_no', key: 'invoice_no', width: 18, style: { numFmt: '@' } },
    { header: 'supplier_name', key: 'supplier_name', width: 28 },
    { header: 'issue_date', key: 'issue_date', width: 12, style: { numFmt: DATE_FORMAT } },
    { header: 'tax_date', key: 'tax_date', width: 12, style: { numFmt: DATE_FORMAT } },
    { header: 'currency', key: 'currency', width: 9 },
    { header: 'rate_percent', key: 'rate_percent', width: 12, style: { numFmt: '0.0#' } },
    { header: 'net', key: 'net', width: 14, style: { numFmt: AMOUNT_FORMAT } },
    { header: 'vat', key: 'vat', width: 14, style: { numFmt: AMOUNT_FORMAT } },
    { header: 'gross', key: 'gross', width: 14, style: { numFmt: AMOUNT_FORMAT } },
    { header: 'home_currency', key: 'home_currency', width: 9 },
    { header: 'home_net', key: 'home_net', width: 14, style: { numFmt: AMOUNT_FORMAT } },
    { header: 'home_vat', key: 'home_vat', width: 14, style: { numFmt: AMOUNT_FORMAT } },
    { header: 'from_items', key: 'from_items', width: 10 },
  ]
  taxes.getRow(1).font = { bold: true }
  for (const doc of documents) {
    const facts = vatFactsOf(doc)
    const currencies = documentCurrencies(doc, context.homeCurrency)
    const header = doc.data?.header
    for (const line of facts.taxLines) {
      const added = taxes.addRow({
        document_id: doc.id,
        invoice_no: textCell(header?.invoice_no ?? null),
        supplier_name: textCell(doc.supplier?.name ?? null),
        issue_date: dayValue(header?.issue_date?.slice(0, 10) ?? null),
        tax_date: dayValue(header?.tax_date?.slice(0, 10) ?? null),
        currency: currencies.currency,
        rate_percent: line.percent,
        net: line.net,
        vat: line.vat,
        gross: Math.round((line.net + line.vat) * 100) / 100,
        home_currency: currencies.home,
        home_net: toHome(line.net, currencies),
        home_vat: toHome(line.vat, currencies),
        from_items: facts.fromItems ? 'yes' : 'no',
      })
      for (const key of ['net', 'vat', 'gross']) added.getCell(key).numFmt = currencyFormat(currencies.currency)
      for (const key of ['home_net', 'home_vat']) added.getCell(key).numFmt = currencyFormat(currencies.home)
    }
  }
  const buffer = await workbook.xlsx.writeBuffer()
  return new Uint8Array(buffer as ArrayBuffer)
}
