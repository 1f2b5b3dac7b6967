import type { Document } from '../../../shared/api'
import type { ExportFilter, ExportPeriod } from '../../../shared/ipc'
import { isInQueue } from '../../../shared/queues'

/**
 * Which documents an export takes: the selected ids, or every document the inbox filter
 * shows (the inbox's filters: queue tab, type, search over supplier name, invoice number,
 * variable symbol and amount). Pure functions.
 */

/** True when `doc` matches the search text (case-insensitive; amounts with . or ,). */
export function matchesSearch(doc: Document, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase()
  if (needle === '') return true
  const h = doc.data?.header
  const texts = [doc.supplier?.name, h?.invoice_no, h?.variable_symbol]
  if (texts.some((t) => typeof t === 'string' && t.toLocaleLowerCase().includes(needle))) return true
  const total = doc.summary?.total
  if (typeof total === 'number') {
    const asAmount = needle.replace(',', '.')
    if (String(total).includes(asAmount) || total.toFixed(2).includes(asAmount)) return true
  }
  return false
}

/** Documents of the agenda that the filter shows, in the given order. */
export function applyFilter(documents: readonly Document[], filter: ExportFilter): Document[] {
  return documents.filter(
    (doc) =>
      isInQueue(doc.state, filter.queue) &&
      (filter.type === 'both' || doc.type === filter.type) &&
      matchesSearch(doc, filter.search),
  )
}

/**
 * Documents with the given ids, in the order of `ids`; ids not found are reported in
 * `missing` rather than dropped silently.
 */
export function pickByIds(
  documents: readonly Document[],
  ids: readonly number[],
): { documents: Document[]; missing: number[] } {
  const byId = new Map(documents.map((doc) => [doc.id, doc]))
  const picked: Document[] = []
  const missing: number[] = []
  for (const id of ids) {
    const doc = byId.get(id)
    if (doc) picked.push(doc)
    else missing.push(id)
  }
  return { documents: picked, missing }
}

/**
 * True when the document's issue date (or tax date, as `period.field` says; a document that
 * states no tax date is taxed on its issue date) falls in the period, both ends included; a
 * document without the date is outside any period.
 */
export function inPeriod(doc: Document, period: ExportPeriod): boolean {
  const header = doc.data?.header
  const value = period.field === 'tax_date' ? header?.tax_date || header?.issue_date : header?.issue_date
  const day = /^(\d{4}-\d{2}-\d{2})/.exec(value ?? '')?.[1]
  if (!day) return false
  return (!period.from || day >= period.from) && (!period.to || day <= period.to)
}
