/**
 * The texts one inbox row shows and announces, computed once per row object and locale (rows
 * are replaced, never mutated, when the list reloads), so scrolling 10,000 rows formats and
 * translates only new rows, and a row's node shown for another row only assigns them
 * (bench B3: every frame of a fast scroll shows a dozen new rows).
 */
import { isOverdue } from '../../../../shared/checks/documentChecks'
import type { DocumentRow } from '../../../../shared/ipc'
import { queueOfState, type StateQueue } from '../../../../shared/queues'
import { formatDate, formatMoney } from '../../lib/format'
import { t, tOptional, type Language } from '../../lib/i18n'
import { stateLabel } from '../documents'
import { refusalOf } from '../outbox'

export interface RowDisplay {
  issueDate: string
  dueDate: string
  total: string
  /** Due date passed and not exported yet. */
  overdue: boolean
  queue: StateQueue
  /** The counterparty, or the words for one not extracted. */
  counterparty: string
  /** The document's state in words. */
  state: string
  /** Failed checks (duplicate aside) as one sentence, '' when none. */
  warned: string
  /** Warnings the person answered as one sentence, '' when none. */
  answered: string
  /** Why an action on the document failed, in the user's words ('' when none failed). */
  failed: string
  /** The invoice number's tooltip: the number and the variable symbol when there is one. */
  invoiceNoTitle: string
  /**
   * What a screen reader says for the row, in two parts around its agenda's name (All agendas):
   * counterparty, invoice no., total, state; then the due date (named) and the flags.
   */
  label: { head: string; tail: string }
}

const caches = new Map<string, WeakMap<DocumentRow, RowDisplay>>()

/** Check codes in words: the inbox's short name, else the document pane's title, else the code. */
function checkNames(codes: readonly string[]): string {
  return codes
    .map((code) => tOptional(`triage.check.${code}`) ?? tOptional(`documents.check.${code}.title`) ?? code)
    .join(', ')
}

/**
 * Display texts of `row` in `locale` and `language` (the current language: the texts are
 * translated with it); `today` decides overdue (the day the list was opened).
 */
export function rowDisplay(row: DocumentRow, locale: string, language: Language, today: Date): RowDisplay {
  const key = `${locale}|${language}`
  let cache = caches.get(key)
  if (!cache) caches.set(key, (cache = new WeakMap()))
  let display = cache.get(row)
  if (!display) {
    const queue = queueOfState(row.state)
    const dueDate = formatDate(row.dueDate, locale)
    const overdue = queue !== 'exported' && isOverdue(row.dueDate, today)
    // A total the service did not extract is a dash, never a blank that reads as a lost value.
    const total = row.total === null || row.total === undefined ? '–' : formatMoney(row.total, row.currency, locale)
    const counterparty = row.counterpartyName ?? t('triage.inbox.noSupplier')
    const state = stateLabel(row.state)
    const failedChecks = row.warnings.filter((code) => code !== 'duplicate')
    const warned = failedChecks.length > 0 ? t('triage.flag.warnings', { checks: checkNames(failedChecks) }) : ''
    const acknowledged = row.acknowledged ?? []
    const answered = acknowledged.length > 0 ? t('triage.flag.acknowledged', { checks: checkNames(acknowledged) }) : ''
    const due = dueDate
      ? `${t('triage.column.dueDate')} ${dueDate}${overdue ? ` (${t('triage.inbox.overdue')})` : ''}`
      : ''
    display = {
      issueDate: formatDate(row.issueDate, locale),
      dueDate,
      total,
      overdue,
      queue,
      counterparty,
      state,
      warned,
      answered,
      failed: row.failed
        ? t('outbox.row.failed', { error: t(`outbox.refusal.${refusalOf(row.failed, row.failed.kind).reason}`) })
        : '',
      invoiceNoTitle: row.variableSymbol
        ? `${row.invoiceNo ?? ''} · ${t('documents.field.variableSymbol')}: ${row.variableSymbol}`
        : (row.invoiceNo ?? ''),
      label: {
        head: t('triage.row.label', {
          counterparty,
          invoiceNo: row.invoiceNo ?? t('triage.row.noInvoiceNo'),
          total,
          state,
        }),
        tail: [due, warned, row.warnings.includes('duplicate') ? t('triage.flag.duplicate') : '', answered]
          .filter(Boolean)
          .join(', '),
      },
    }
    cache.set(row, display)
  }
  return display
}

/** The row's whole announcement: `label`'s two parts with the agenda named between them (null: none). */
export function rowLabel(label: RowDisplay['label'], agenda: string | null): string {
  return [label.head, agenda === null ? '' : t('triage.row.inAgenda', { agenda }), label.tail]
    .filter(Boolean)
    .join(', ')
}
