import { DEFAULT_EXPORT_COLUMNS, EXPORT_DOCUMENT_COLUMNS, type ExportDocumentColumn } from '../../../../shared/ipc'

/** The export dialog's last choices, remembered between exports (localStorage). */
export interface ExportChoices {
  format: 'csv' | 'json' | 'isdoc'
  columns: ExportDocumentColumn[]
  includeItems: boolean
  markExported: boolean
}

export const CHOICES_KEY = 'docket.export.choices'
/** Where earlier versions kept only the columns. */
const COLUMNS_KEY = 'docket.export.columns'

const DEFAULTS: ExportChoices = {
  format: 'csv',
  columns: [...DEFAULT_EXPORT_COLUMNS],
  includeItems: false,
  markExported: false,
}

const isColumn = (value: unknown): value is ExportDocumentColumn =>
  (EXPORT_DOCUMENT_COLUMNS as readonly unknown[]).includes(value)

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
    format: format === 'json' || format === 'isdoc' || format === 'csv' ? format : DEFAULTS.format,
    columns: columns.length > 0 ? columns : [...DEFAULTS.columns],
    includeItems: saved['includeItems'] === true,
    markExported: saved['markExported'] === true,
  }
}

/** Remembers the choices of an export that was started. */
export function saveChoices(storage: Pick<Storage, 'setItem'>, choices: ExportChoices): void {
  storage.setItem(CHOICES_KEY, JSON.stringify(choices))
}
