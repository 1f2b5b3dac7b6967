import { stringify } from 'csv-stringify/sync'
import type { Document, Item } from '../../../shared/api'
import { InvoiceType } from '../../../shared/api/document'
import type { AgendaProfile } from '../../../shared/checks'
import { amountOf } from '../../../shared/checks/money'
import type { ExportDocumentColumn } from '../../../shared/ipc'
import { correctionsById, correctionsOf, describeCorrection } from './corrections'
import { documentCurrencies, toHome } from './currency'
import { describeFailure, documentWarnings } from './moneyFlags'
import { vatFactsOf } from './vatFacts'

/**
 * Export formats: CSV that spreadsheet programs open correctly (UTF-8 with BOM, CRLF records,
 * fields quoted when they hold the separator, a quote or a line break, dates ISO 8601, amounts
 * as plain decimals with the chosen decimal mark, identifiers kept as text) and safely (no text
 * cell can start a formula), and JSON. The documents table ({@link documentTable}) is shared
 * with the Excel workbook. Pure functions, no I/O.
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
  'home_sub_total',
  'home_vat_total',
  'home_total',
])

/**
 * Columns that hold identifiers: text even when they look like numbers (a company ID
 * 04080176 keeps its leading zero, a variable symbol is not summed).
 */
export const IDENTIFIER_COLUMNS: ReadonlySet<string> = new Set([
  'invoice_no',
  'variable_symbol',
  'supplier_id',
  'supplier_vat_id',
  'supplier_postal_code',
  'customer_id',
  'customer_vat_id',
  'iban',
  'bic',
  'bank_account',
])

/** Columns holding a calendar day (YYYY-MM-DD); `created_at` and `last_modified_at` hold timestamps. */
export const DATE_COLUMNS: ReadonlySet<string> = new Set(['issue_date', 'tax_date', 'due_date'])
export const TIMESTAMP_COLUMNS: ReadonlySet<string> = new Set(['created_at', 'last_modified_at'])

/**
 * What the per-agenda columns need besides the document: the agenda's home currency (home
 * totals), its company profile and today's date (the warnings column, which runs the checks).
 */
export interface ExportContext {
  homeCurrency?: string | null
  profile?: AgendaProfile | null
  today?: Date
}

const DOCUMENT_TYPE_WORDS: Record<number, string> = {
  [InvoiceType.invoice]: 'invoice',
  [InvoiceType.creditNote]: 'credit note',
  [InvoiceType.proforma]: 'proforma',
  [InvoiceType.receipt]: 'receipt',
}

/** A home-currency amount of `doc` (empty without a usable exchange rate). */
function homeAmount(doc: Document, context: ExportContext, value: unknown): Cell {
  const amount = amountOf(value)
  if (amount === null) return null
  const home = toHome(amount, documentCurrencies(doc, context.homeCurrency))
  return home === null ? null : formatAmount(home)
}

/** How each documents-file column is read from a document (`vat_by_rate` is expanded per rate, see {@link documentTable}). */
export const DOCUMENT_COLUMN_VALUES: Record<ExportDocumentColumn, (doc: Document, context: ExportContext) => Cell> = {
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
  bank_account: (d) => {
    const number = (d.bank_account?.bban || d.supplier?.bban || '').trim()
    const code = (d.bank_account?.bank_code || d.supplier?.bank_code || '').trim()
    return number ? (code && !number.includes('/') ? `${number}/${code}` : number) : null
  },
  sub_total: (d) => formatAmount(d.summary?.sub_total),
  vat_total: (d) => formatAmount(d.summary?.vat_total),
  total: (d) => formatAmount(d.summary?.total),
  comments_count: (d) => (typeof d.comments_count === 'number' ? String(d.comments_count) : null),
  created_at: (d) => formatDate(d.created_at),
  last_modified_at: (d) => formatDate(d.last_modified_at),
  document_type: (d) => (typeof d.invoice_type === 'number' ? (DOCUMENT_TYPE_WORDS[d.invoice_type] ?? null) : null),
  credit_note: (d) => (d.invoice_type === InvoiceType.creditNote ? 'yes' : 'no'),
  home_currency: (d, c) => documentCurrencies(d, c.homeCurrency).home,
  home_sub_total: (d, c) => homeAmount(d, c, d.summary?.sub_total),
  home_vat_total: (d, c) => homeAmount(d, c, d.summary?.vat_total),
  home_total: (d, c) => homeAmount(d, c, d.summary?.total),
  vat_by_rate: () => null,
  warnings: (d, c) => {
    const found = documentWarnings(d, c.profile ?? null, c.today ?? new Date())
    return found.length > 0 ? found.map(describeFailure).join('; ') : null
  },
}

/** The kind of a table column: how CSV and XLSX write it. */
export type ColumnKind = 'text' | 'identifier' | 'number' | 'date' | 'timestamp'

/** The documents as a table: concrete column names, their kinds, and the rows of cells. */
export interface DocumentTable {
  header: string[]
  kinds: ColumnKind[]
  rows: Cell[][]
}

const kindOf = (column: string): ColumnKind =>
  NUMBER_DOCUMENT_COLUMNS.has(column as ExportDocumentColumn) || /^(net|vat)_\d/.test(column)
    ? 'number'
    : IDENTIFIER_COLUMNS.has(column)
      ? 'identifier'
      : DATE_COLUMNS.has(column)
        ? 'date'
        : TIMESTAMP_COLUMNS.has(column)
          ? 'timestamp'
          : 'text'

/** A rate as a column-name part: 21 -> "21", 5.5 -> "5.5". */
const rateName = (percent: number): string => formatAmount(percent) ?? '0'

/**
 * The documents as a table: one row per document; the column `vat_by_rate` becomes a pair of
 * columns per VAT rate found in the exported documents, highest rate first: `net_21`,
 * `vat_21`, … (base and VAT at that rate, the invoice's currency, from the extracted tax lines,
 * or from the items when none was extracted).
 */
export function documentTable(
  documents: readonly Document[],
  columns: readonly ExportDocumentColumn[],
  context: ExportContext = {},
): DocumentTable {
  const facts = new Map(documents.map((doc) => [doc.id, vatFactsOf(doc).taxLines]))
  const rates = [...new Set([...facts.values()].flat().map((t) => t.percent))].sort((a, b) => b - a)
  const header: string[] = []
  const readers: ((doc: Document) => Cell)[] = []
  for (const column of columns) {
    if (column !== 'vat_by_rate') {
      header.push(column)
      readers.push((doc) => DOCUMENT_COLUMN_VALUES[column](doc, context))
      continue
    }
    for (const rate of rates) {
      const at = (doc: Document) => facts.get(doc.id)?.find((t) => t.percent === rate)
      header.push(`net_${rateName(rate)}`, `vat_${rateName(rate)}`)
      readers.push(
        (doc) => formatAmount(at(doc)?.net),
        (doc) => formatAmount(at(doc)?.vat),
      )
    }
  }
  // Documents the person corrected: a last column says which values are corrected and what
  // the service had extracted (absent when no exported document has a correction).
  const corrected = correctionsById(documents)
  if (corrected.size > 0) {
    header.push(CORRECTED_COLUMN)
    readers.push((doc) => {
      const corrections = corrected.get(doc.id)
      return corrections ? corrections.map(describeCorrection).join('; ') : null
    })
  }
  return { header, kinds: header.map(kindOf), rows: documents.map((doc) => readers.map((read) => read(doc))) }
}

/**
 * The column of a documents file that lists a document's corrections (`Total 592.87
 * (extracted 529.87; Jana Nováková, 2026-11-28)`), added after the chosen columns when any
 * exported document has one. The other columns hold the corrected values.
 */
export const CORRECTED_COLUMN = 'corrected'

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
 * An identifier that a spreadsheet would read as a number or a date (04080176, 2024/03) as
 * the text formula `="04080176"`, which Excel and LibreOffice show as the text itself
 * whatever the import settings. Only for values of digits and number punctuation, so the
 * formula is always a constant string: nothing from the invoice is ever evaluated.
 */
export function identifierAsText(cell: Cell): Cell {
  return cell !== null && /^[\d\s.,+\-/:eE]+$/.test(cell) && /\d/.test(cell) ? `="${cell}"` : cell
}

/**
 * The CSV text of a table: identifiers kept as text ({@link identifierAsText}), amounts with
 * the chosen decimal mark, every other text cell through {@link neutralizeFormula}.
 */
function csv(
  table: { header: readonly string[]; kinds: readonly ColumnKind[]; rows: Cell[][] },
  options: CsvOptions,
): string {
  const comma = options.decimalMark === ','
  const safeRows = table.rows.map((row) =>
    row.map((cell, i) => {
      const kind = table.kinds[i]
      if (kind === 'number') return (comma && cell !== null ? cell.replace('.', ',') : cell) ?? ''
      const safe = neutralizeFormula(cell)
      return (kind === 'identifier' && safe === cell ? identifierAsText(cell) : safe) ?? ''
    }),
  )
  return stringify([table.header as string[], ...safeRows], {
    bom: true,
    delimiter: options.delimiter,
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    // Formulas are neutralised above, by column: the library's own escaping would also
    // prefix negative amounts, which are numbers, not formulas.
    escape_formulas: false,
  })
}

/** The CSV layout of a file: separator and decimal mark (default `,` and `.`). */
export type CsvOptions = { delimiter: ',' | ';' | '\t'; decimalMark: '.' | ',' }
const DEFAULT_CSV: CsvOptions = { delimiter: ',', decimalMark: '.' }

/**
 * The documents file: a header row of column ids, then one row per document, as a UTF-8
 * string starting with a BOM (U+FEFF) and CRLF record delimiters.
 */
export function documentsCsv(
  documents: readonly Document[],
  columns: readonly ExportDocumentColumn[],
  options: Partial<CsvOptions> = {},
  context: ExportContext = {},
): string {
  return csv(documentTable(documents, columns, context), { ...DEFAULT_CSV, ...options })
}

const ITEM_KINDS: ColumnKind[] = ITEM_COLUMNS.map((column) =>
  column === 'invoice_no' ? 'identifier' : NUMBER_ITEM_COLUMNS.has(column) ? 'number' : 'text',
)

/** The items file: one row per item of every document (header row only when none). */
export function itemsCsv(documents: readonly Document[], options: Partial<CsvOptions> = {}): string {
  const rows: Cell[][] = []
  for (const doc of documents) for (const item of doc.items ?? []) rows.push(itemRow(doc, item))
  return csv({ header: ITEM_COLUMNS, kinds: ITEM_KINDS, rows }, { ...DEFAULT_CSV, ...options })
}

/** Number of items over all documents. */
export function countItems(documents: readonly Document[]): number {
  return documents.reduce((sum, doc) => sum + (doc.items?.length ?? 0), 0)
}

/**
 * The JSON export: `{ exported_at, columns, documents: [{ <column>: value, items?, corrections? }] }`,
 * amounts as JSON numbers (plain decimals), dates ISO 8601, pretty-printed UTF-8 (no BOM). A
 * corrected document's columns hold the corrected values and `corrections` lists each with
 * the value extracted: `{ field, corrected, extracted, by, at }`.
 */
export function documentsJson(
  documents: readonly Document[],
  columns: readonly ExportDocumentColumn[],
  options: { includeItems: boolean; exportedAt: Date; context?: ExportContext },
): string {
  const table = documentTable(documents, columns, options.context)
  const out = documents.map((doc, index) => {
    const record: Record<string, unknown> = {}
    table.header.forEach((column, i) => {
      // The corrections go in as data below, not as the spreadsheet's sentence.
      if (column === CORRECTED_COLUMN) return
      const cell = table.rows[index]![i] ?? null
      record[column] = cell === null ? null : table.kinds[i] === 'number' ? Number(cell) : cell
    })
    const corrections = correctionsOf(doc)
    if (corrections.length > 0) {
      // The columns hold the corrected values; each correction keeps what was extracted.
      record.corrections = corrections.map(({ field, value, extracted, by, at }) => ({
        field,
        corrected: value,
        extracted,
        by,
        at,
      }))
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
  return (
    JSON.stringify(
      {
        exported_at: options.exportedAt.toISOString(),
        columns: table.header.filter((column) => column !== CORRECTED_COLUMN),
        documents: out,
      },
      null,
      2,
    ) + '\n'
  )
}
