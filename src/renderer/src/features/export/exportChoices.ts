import {
  DEFAULT_EXPORT_COLUMNS,
  EXPORT_DOCUMENT_COLUMNS,
  EXPORT_FORMATS,
  type CsvOptions,
  type ExportDocumentColumn,
  type ExportFormat,
} from '../../../../shared/ipc'

/**
 * The export dialog's last choices, remembered between exports (localStorage): the format,
 * the columns, the items file and the CSV layout. Options that change documents (mark them
 * exported) are never remembered: they start off at every export.
 */
export interface ExportChoices {
  format: ExportFormat
  columns: ExportDocumentColumn[]
  includeItems: boolean
  /** The CSV layout the user chose, or null: the locale's default ({@link csvDefaultsFor}). */
  csv: CsvOptions | null
}

export const CHOICES_KEY = 'docket.export.choices'
/** Where earlier versions kept only the columns. */
const COLUMNS_KEY = 'docket.export.columns'

const DEFAULTS: ExportChoices = {
  format: 'csv',
  columns: [...DEFAULT_EXPORT_COLUMNS],
  includeItems: false,
  csv: null,
}

const isColumn = (value: unknown): value is ExportDocumentColumn =>
  (EXPORT_DOCUMENT_COLUMNS as readonly unknown[]).includes(value)

/**
 * The CSV layout a spreadsheet of `locale` (BCP 47) reads without asking: where the decimal
 * mark is a comma (cs, de, sk, fr, …) fields are separated by `;` and amounts written 4,11;
 * elsewhere `,` and 4.11.
 */
export function csvDefaultsFor(locale: string): CsvOptions {
  let comma: boolean
  try {
    comma = new Intl.NumberFormat(locale.split('-x-')[0]).format(1.5).includes(',')
  } catch {
    comma = false
  }
  return comma ? { delimiter: ';', decimalMark: ',' } : { delimiter: ',', decimalMark: '.' }
}

function csvOf(value: unknown): CsvOptions | null {
  if (!value || typeof value !== 'object') return null
  const { delimiter, decimalMark } = value as Record<string, unknown>
  if ((delimiter === ',' || delimiter === ';' || delimiter === '\t') && (decimalMark === '.' || decimalMark === ','))
    return { delimiter, decimalMark }
  return null
}

/**
 * The remembered choices, each checked: an unknown format or column (an older or tampered
 * entry) falls back to the default, never fails the dialog.
 */
export function loadChoices(storage: Pick<Storage, 'getItem'>): ExportChoices {
  let raw: unknown
  try {
    raw = JSON.parse(storage.getItem(CHOICES_KEY) ?? storage.getItem(COLUMNS_KEY) ?? 'null')
  } catch {
    return { ...DEFAULTS, columns: [...DEFAULTS.columns] }
  }
  const saved = (Array.isArray(raw) ? { columns: raw } : raw && typeof raw === 'object' ? raw : {}) as Record<
    string,
    unknown
  >
  const columns = Array.isArray(saved['columns']) ? saved['columns'].filter(isColumn) : []
  const format = saved['format']
  return {
    format: (EXPORT_FORMATS as readonly unknown[]).includes(format) ? (format as ExportFormat) : DEFAULTS.format,
    columns: columns.length > 0 ? columns : [...DEFAULTS.columns],
    includeItems: saved['includeItems'] === true,
    csv: csvOf(saved['csv']),
  }
}

/** Remembers the choices of an export that was started (never whether it marked documents). */
export function saveChoices(storage: Pick<Storage, 'setItem'>, choices: ExportChoices): void {
  const { format, columns, includeItems, csv } = choices
  storage.setItem(CHOICES_KEY, JSON.stringify({ format, columns, includeItems, csv }))
}
