import { stringify } from 'csv-stringify/sync'
import type { Document, Item } from '../../../shared/api'
import type { ExportDocumentColumn } from '../../../shared/ipc'

/**
 * Export formats: CSV that spreadsheet programs open correctly (UTF-8 with BOM, CRLF records,
 * fields quoted when they hold a comma, quote or line break, dates ISO 8601, amounts as plain
 * decimals with a dot) and safely (no text cell can start a formula), and JSON. Pure
 * functions, no I/O.
 */

/** A cell: text, or null for an empty cell. */
type Cell = string | null

/**
 * An amount as a plain decimal with a dot and no grouping: 1234.5, -0.01; never 1e21
 * notation. Non-numbers and non-finite values -> empty cell. Money stays in the document's
 * currency.
 */
export function formatAmount(value: unknown): Cell {
  const n = typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value
  if (typeof n !== 'number' || !Number.isFinite(n)) return null
  const plain = String(n)
  if (!/e/i.test(plain)) return plain
  return n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
}

/**
 * A date or timestamp as ISO 8601: `YYYY-MM-DD` stays as it is; a timestamp the JS date
 * parser understands becomes UTC `YYYY-MM-DDTHH:MM:SS.sssZ`; anything else is kept as
 * text (never lost), and null/empty -> empty cell.
 */
export function formatDate(value: unknown): Cell {
  if (typeof value !== 'string' || value.trim() === '') return null
  const text = value.trim()
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text
  const time = Date.parse(text)
  return Number.isNaN(time) ? text : new Date(time).toISOString()
}

function textOf(value: unknown): Cell {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

const header = (doc: Document) => doc.data?.header ?? undefined

/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection"): `=`,
 * `+`, `-`, `@`, tab and carriage return, and the full-width `＝ ＋ － ＠` that some programs
 * fold to them.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/

/**
 * A text cell made inert for spreadsheets the OWASP way: when it starts with a formula
 * character (see {@link FORMULA_START}) a `'` is put before it, which spreadsheets show as
 * text and do not evaluate; any other cell is returned unchanged. Supplier names, invoice
 * numbers and item names come from OCR of third-party invoices, so `=HYPERLINK(...)` or
 * `-2+3+cmd|' /C calc'!A0` in them must reach the sheet as text. Never applied to number
 * columns: `-12.50` stays a number.
 */
export function neutralizeFormula(cell: Cell): Cell {
  return cell !== null && FORMULA_START.test(cell) ? `'${cell}` : cell
}

/** Columns of the documents file that hold numbers (plain decimals or ids), not text. */
export const NUMBER_DOCUMENT_COLUMNS: ReadonlySet<ExportDocumentColumn> = new Set<ExportDocumentColumn>([
  'id',
  'sub_total',
  'vat_total',
  'total',
  'currency_rate',
  'comments_count',
])

/** How each documents-file column is read from a document. */
export const DOCUMENT_COLUMN_VALUES: Record<ExportDocumentColumn, (doc: Document) => Cell> = {
  id: (d) => String(d.id),
  type: (d) => textOf(d.type),
  state: (d) => textOf(d.state),
  user_file_name: (d) => textOf(d.user_file_name),
  invoice_no: (d) => textOf(header(d)?.invoice_no),
  variable_symbol: (d) => textOf(header(d)?.variable_symbol),
  issue_date: (d) => formatDate(header(d)?.issue_date),
  tax_date: (d) => formatDate(header(d)?.tax_date),
  due_date: (d) => formatDate(header(d)?.due_date),
  currency: (d) => textOf(header(d)?.currency),
  currency_rate: (d) => formatAmount(header(d)?.currency_rate),
  supplier_name: (d) => textOf(d.supplier?.name),
  supplier_id: (d) => textOf(d.supplier?.id),
  supplier_vat_id: (d) => textOf(d.supplier?.vat_id),
  supplier_street: (d) => textOf(d.supplier?.street),
  supplier_city: (d) => textOf(d.supplier?.city),
  supplier_postal_code: (d) => textOf(d.supplier?.postal_code),
  supplier_country: (d) => textOf(d.supplier?.country),
  customer_name: (d) => textOf(d.customer?.name),
  customer_id: (d) => textOf(d.customer?.id),
  customer_vat_id: (d) => textOf(d.customer?.vat_id),
  iban: (d) => textOf(d.bank_account?.iban ?? d.supplier?.iban),
  bic: (d) => textOf(d.bank_account?.bic ?? d.supplier?.bic),
  sub_total: (d) => formatAmount(d.summary?.sub_total),
  vat_total: (d) => formatAmount(d.summary?.vat_total),
  total: (d) => formatAmount(d.summary?.total),
  comments_count: (d) => (typeof d.comments_count === 'number' ? String(d.comments_count) : null),
  created_at: (d) => formatDate(d.created_at),
  last_modified_at: (d) => formatDate(d.last_modified_at),
}

/** Columns of the items file: the document's identity, then the item's fields. */
export const ITEM_COLUMNS = [
  'document_id',
  'invoice_no',
  'supplier_name',
  'currency',
  'item_id',
  'code',
  'name',
  'quantity',
  'unit',
  'unit_price',
  'tax_rate',
  'subtotal',
  'tax',
  'total',
  'discount_rate',
  'discount',
] as const

function itemRow(doc: Document, item: Item): Cell[] {
  return [
    String(doc.id),
    textOf(header(doc)?.invoice_no),
    textOf(doc.supplier?.name),
    textOf(header(doc)?.currency),
    item.id === null || item.id === undefined ? null : String(item.id),
    textOf(item.code),
    textOf(item.name),
    formatAmount(item.quantity),
    textOf(item.unit),
    formatAmount(item.unit_price),
    formatAmount(item.tax_rate),
    formatAmount(item.subtotal),
    formatAmount(item.tax),
    formatAmount(item.total),
    formatAmount(item.discount_rate),
    formatAmount(item.discount),
  ]
}

/** Columns of the items file that hold numbers; the others are text. */
const NUMBER_ITEM_COLUMNS: ReadonlySet<string> = new Set(
  ITEM_COLUMNS.filter(
    (column) => !['invoice_no', 'supplier_name', 'currency', 'code', 'name', 'unit'].includes(column),
  ),
)

/**
 * The CSV text: `isNumber(column)` says which columns hold numbers; every other cell goes
 * through {@link neutralizeFormula}.
 */
function csv(headerRow: readonly string[], rows: Cell[][], isNumber: (column: string) => boolean): string {
  const numbers = headerRow.map(isNumber)
  const safeRows = rows.map((row) => row.map((cell, i) => (numbers[i] ? cell : neutralizeFormula(cell)) ?? ''))
  return stringify([headerRow as string[], ...safeRows], {
    bom: true,
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    // Formulas are neutralised above, by column: the library's own escaping would also
    // prefix negative amounts, which are numbers, not formulas.
    escape_formulas: false,
  })
}

/**
 * The documents file: a header row of column ids, then one row per document, as a UTF-8
 * string starting with a BOM (U+FEFF) and CRLF record delimiters.
 */
export function documentsCsv(documents: readonly Document[], columns: readonly ExportDocumentColumn[]): string {
  return csv(
    columns,
    documents.map((doc) => columns.map((column) => DOCUMENT_COLUMN_VALUES[column](doc))),
    (column) => NUMBER_DOCUMENT_COLUMNS.has(column as ExportDocumentColumn),
  )
}

/** The items file: one row per item of every document (header row only when none). */
export function itemsCsv(documents: readonly Document[]): string {
  const rows: Cell[][] = []
  for (const doc of documents) for (const item of doc.items ?? []) rows.push(itemRow(doc, item))
  return csv(ITEM_COLUMNS, rows, (column) => NUMBER_ITEM_COLUMNS.has(column))
}

/** Number of items over all documents. */
export function countItems(documents: readonly Document[]): number {
  return documents.reduce((sum, doc) => sum + (doc.items?.length ?? 0), 0)
}

/**
 * The JSON export: `{ exported_at, columns, documents: [{ <column>: value, items? }] }`,
 * amounts as JSON numbers (plain decimals), dates ISO 8601, pretty-printed UTF-8 (no BOM).
 */
export function documentsJson(
  documents: readonly Document[],
  columns: readonly ExportDocumentColumn[],
  options: { includeItems: boolean; exportedAt: Date },
): string {
  const out = documents.map((doc) => {
    const record: Record<string, unknown> = {}
    for (const column of columns) {
      const cell = DOCUMENT_COLUMN_VALUES[column](doc)
      record[column] = cell === null ? null : NUMBER_DOCUMENT_COLUMNS.has(column) ? Number(cell) : cell
    }
    if (options.includeItems) {
      record.items = (doc.items ?? []).map((item) => {
        const row = itemRow(doc, item)
        const entry: Record<string, unknown> = {}
        ITEM_COLUMNS.forEach((column, i) => {
          if (['document_id', 'invoice_no', 'supplier_name', 'currency'].includes(column)) return
          const cell = row[i] ?? null
          entry[column] = cell === null ? null : NUMBER_ITEM_COLUMNS.has(column) ? Number(cell) : cell
        })
        return entry
      })
    }
    return record
  })
  return JSON.stringify({ exported_at: options.exportedAt.toISOString(), columns, documents: out }, null, 2) + '\n'
}
