import type { AgendaProfile } from '../../../shared/checks/context'
import { checkIban } from '../../../shared/checks/documentChecks'
import type { ReferenceRateTable } from '../../../shared/checks/exchangeRate'
import { amountOf } from '../../../shared/checks/money'
import type { CheckCode, CheckResult } from '../../../shared/checks/result'
import { rowWarnings } from '../../../shared/checks/run'
import type { DocumentRow } from '../../../shared/ipc'
import type { CachedDocument } from '../../offline'

const str = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value === '' ? null : value

/** IBAN checksums already computed, by the IBAN as written (suppliers repeat across documents). */
const ibanStatus = new Map<string, CheckResult['status']>()
const MAX_IBANS = 10_000

/** The IBAN check, answered from {@link ibanStatus} for an IBAN seen before. */
function iban(doc: CachedDocument): CheckResult {
  const raw = doc.bank_account?.iban || doc.supplier?.iban
  const known = raw ? ibanStatus.get(raw) : undefined
  if (known) return { code: 'iban', status: known }
  const result = checkIban(doc)
  if (raw) {
    if (ibanStatus.size >= MAX_IBANS) ibanStatus.clear()
    ibanStatus.set(raw, result.status)
  }
  return result
}

/**
 * The codes of the document's own checks that warn ({@link rowWarnings}: extraction, sums,
 * rates, VAT ID, counterparty, dates) plus the IBAN. `company` is the agenda's company and
 * home currency; without it the counterparty and exchange-rate checks are left out. The
 * duplicate check needs the whole agenda and is added when the agenda is listed; overdue is
 * shown by the due date column. A check that throws on malformed data counts as not warning.
 * `rates` is the reference-rate table of the exchange-rate check (default: the shipped one).
 */
export function ownWarnings(
  doc: CachedDocument,
  company: AgendaProfile | null = null,
  rates?: ReferenceRateTable,
): CheckCode[] {
  const codes = rowWarnings(doc, rates ? { company, rates } : { company })
  try {
    if (iban(doc).status === 'warning') codes.push('iban')
  } catch {
    // Data the service sent malformed: the row stays unflagged.
  }
  return codes
}

/**
 * Projects a cached document onto the compact inbox row (`documents.list`): only what the
 * list shows, searches, sorts and flags by. Missing extracted data becomes null; never throws.
 * The counterparty is the customer of a sales invoice and the supplier of anything else.
 * `company` (the agenda's) feeds the counterparty and exchange-rate flags, `rates` the latter.
 */
export function toDocumentRow(
  doc: CachedDocument,
  company: AgendaProfile | null = null,
  rates?: ReferenceRateTable,
): DocumentRow {
  const header = doc.data?.header
  const currency = str(header?.currency)
  const supplierName = str(doc.supplier?.name)
  return {
    id: doc.id,
    type: doc.type,
    state: doc.state,
    supplierName,
    counterpartyName: doc.type === 'SalesInvoice' ? str(doc.customer?.name) : supplierName,
    invoiceNo: str(header?.invoice_no),
    variableSymbol: str(header?.variable_symbol),
    issueDate: str(header?.issue_date),
    dueDate: str(header?.due_date),
    total: amountOf(doc.summary?.total),
    currency: currency ? currency.toUpperCase() : null,
    commentsCount: typeof doc.comments_count === 'number' && doc.comments_count >= 0 ? doc.comments_count : 0,
    pending: Math.max(0, doc.local?.pendingActions ?? 0),
    failed: doc.local?.failed ?? null,
    warnings: ownWarnings(doc, company, rates),
  }
}

/** The flagged rows of each listed agenda, kept while its rows object lives (it is replaced on change). */
const flaggedRows = new WeakMap<object, readonly DocumentRow[]>()

/**
 * `rows` with `duplicate` added to the warnings of every document that shares a duplicate key
 * (supplier + invoice no., supplier + total + issue date, file name) with another document of the agenda (`byKey`, the duplicate index of the same
 * read). Only the flagged rows are copied; the answer is kept for the same `rows` array, so
 * listing an unchanged agenda again costs nothing.
 */
export function withDuplicateFlags(
  rows: readonly DocumentRow[],
  byKey: ReadonlyMap<string, readonly { id: number }[]>,
): readonly DocumentRow[] {
  const known = flaggedRows.get(rows)
  if (known) return known
  const duplicates = new Set<number>()
  for (const candidates of byKey.values()) {
    if (candidates.length > 1) for (const candidate of candidates) duplicates.add(candidate.id)
  }
  const flagged =
    duplicates.size === 0
      ? rows
      : rows.map((row) =>
          duplicates.has(row.id) && !row.warnings.includes('duplicate')
            ? { ...row, warnings: [...row.warnings, 'duplicate' as const] }
            : row,
        )
  flaggedRows.set(rows, flagged)
  return flagged
}
