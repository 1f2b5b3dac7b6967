/**
 * The texts one inbox row shows, computed once per row object and locale (rows are replaced,
 * never mutated, when the list reloads), so scrolling 10,000 rows formats only new rows.
 */
import { isOverdue } from '../../../../shared/checks/documentChecks'
import type { DocumentRow } from '../../../../shared/ipc'
import { queueOfState, type StateQueue } from '../../../../shared/queues'
import { formatDate, formatMoney } from '../../lib/format'
import type { Language } from '../../lib/i18n'

export interface RowDisplay {
  issueDate: string
  dueDate: string
  total: string
  /** Due date passed and not exported yet. */
  overdue: boolean
  queue: StateQueue
}

const caches = new Map<string, WeakMap<DocumentRow, RowDisplay>>()

/** Display texts of `row` in `locale`; `today` decides overdue (the day the list was opened). */
export function rowDisplay(row: DocumentRow, locale: string, language: Language, today: Date): RowDisplay {
  const key = `${locale}|${language}`
  let cache = caches.get(key)
  if (!cache) caches.set(key, (cache = new WeakMap()))
  let display = cache.get(row)
  if (!display) {
    const queue = queueOfState(row.state)
    display = {
      issueDate: formatDate(row.issueDate, locale),
      dueDate: formatDate(row.dueDate, locale),
      // A total the service did not extract is a dash, never a blank that reads as a lost value.
      total: row.total === null || row.total === undefined ? '–' : formatMoney(row.total, row.currency, locale),
      overdue: queue !== 'exported' && isOverdue(row.dueDate, today),
      queue,
    }
    cache.set(row, display)
  }
  return display
}
