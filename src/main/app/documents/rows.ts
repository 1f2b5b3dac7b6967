import type { AgendaProfile } from '../../../shared/checks/context'
import { checkIban } from '../../../shared/checks/documentChecks'
import type { ReferenceRateTable } from '../../../shared/checks/exchangeRate'
import { amountOf } from '../../../shared/checks/money'
import type { CheckCode, CheckResult } from '../../../shared/checks/result'
import { isExtracted, rowWarnings } from '../../../shared/checks/run'
import type { DocumentRow } from '../../../shared/ipc'
import type { CachedDocument } from '../../offline'
import type { DuplicateIndex } from './duplicateIndex'

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
 * Hands out one shared copy of each equal string: suppliers, customers, dates, states and
 * currencies recur from row to row, and each copy JSON.parse makes costs 32 bytes or more.
 */
export type StringPool = (value: string) => string

/**
 * A {@link StringPool} for one read of an agenda (dropped with it: it keeps nothing alive after).
 * Past `maxSize` distinct strings new ones pass through unshared, so an agenda of unique names
 * does not grow a large map for nothing.
 */
export function createStringPool(maxSize = 65_536): StringPool {
  const pool = new Map<string, string>()
  return (value) => {
    const known = pool.get(value)
    if (known !== undefined) return known
    if (pool.size < maxSize) pool.set(value, value)
    return value
  }
}

const unpooled: StringPool = (value) => value

/**
 * Types, states and currencies: a small vocabulary shared by every agenda and every read, so
 * that rows projected one by one after a change share them too.
 */
const vocabulary = createStringPool(1_000)

/** The warnings lists rows share, by their codes: a few dozen combinations recur in every agenda. */
const sharedWarnings = new Map<string, readonly CheckCode[]>()
const MAX_SHARED_WARNINGS = 1_000
const NO_WARNINGS: readonly CheckCode[] = Object.freeze([])

/** The frozen shared list of `codes` (same codes in the same order, same array). */
function sharedList(codes: readonly CheckCode[]): CheckCode[] {
  if (codes.length === 0) return NO_WARNINGS as CheckCode[]
  const key = codes.join(' ')
  let list = sharedWarnings.get(key)
  if (!list) {
    if (sharedWarnings.size >= MAX_SHARED_WARNINGS) sharedWarnings.clear()
    list = Object.freeze([...codes])
    sharedWarnings.set(key, list)
  }
  return list as CheckCode[]
}

/**
 * Projects a cached document onto the compact inbox row (`documents.query`, `documents.rows`): only what the
 * list shows, searches, sorts and flags by. Missing extracted data becomes null; never throws.
 * The counterparty is the customer of a sales invoice and the supplier of anything else.
 * `company` (the agenda's) feeds the counterparty and exchange-rate flags, `rates` the latter.
 *
 * Rows are kept for whole agendas (100,000 documents), so they share what they can: `warnings`
 * is a frozen array shared by every row with the same codes, the variable symbol is the
 * invoice number's string when equal, type, state and currency come from a pool shared by the
 * process, and names and dates from `strings` (a {@link createStringPool} of the agenda's read)
 * when given. Never mutate a row.
 */
export function toDocumentRow(
  doc: CachedDocument,
  company: AgendaProfile | null = null,
  rates?: ReferenceRateTable,
  strings: StringPool = unpooled,
): DocumentRow {
  const header = doc.data?.header
  const pooled = (value: string | null | undefined): string | null => {
    const text = str(value)
    return text === null ? null : strings(text)
  }
  const currency = str(header?.currency)
  const supplierName = pooled(doc.supplier?.name)
  const invoiceNo = str(header?.invoice_no)
  const variableSymbol = str(header?.variable_symbol)
  return {
    id: doc.id,
    type: vocabulary(doc.type),
    state: vocabulary(doc.state),
    supplierName,
    counterpartyName: doc.type === 'SalesInvoice' ? pooled(doc.customer?.name) : supplierName,
    invoiceNo,
    variableSymbol: variableSymbol === invoiceNo ? invoiceNo : variableSymbol,
    issueDate: pooled(header?.issue_date),
    dueDate: pooled(header?.due_date),
    // A placeholder until the service has extracted the document: shown as not extracted, not as 0.00.
    total: isExtracted(doc) ? amountOf(doc.summary?.total) : null,
    currency: currency ? vocabulary(currency.toUpperCase()) : null,
    commentsCount: typeof doc.comments_count === 'number' && doc.comments_count >= 0 ? doc.comments_count : 0,
    pending: Math.max(0, doc.local?.pendingActions ?? 0),
    failed: doc.local?.failed ?? null,
    warnings: sharedList(ownWarnings(doc, company, rates)),
  }
}

/** The flagged rows of each listed agenda, kept while its rows array lives (it is replaced on change). */
const flaggedRows = new WeakMap<object, readonly DocumentRow[]>()

/**
 * `rows` (id descending) with `duplicate` added to the warnings of every document that shares
 * a duplicate key (supplier + invoice no., supplier + total + issue date, file name) with
 * another document of the agenda: `duplicates.sharedIds()`, from the {@link DuplicateIndex}
 * of the same read. Only the flagged rows are copied (`rows` itself
 * when none is); the answer is kept for the same `rows` array, so listing an unchanged agenda
 * again costs nothing and answers the same array.
 */
export function withDuplicateFlags(
  rows: readonly DocumentRow[],
  duplicates: Pick<DuplicateIndex, 'sharedIds'>,
): readonly DocumentRow[] {
  const known = flaggedRows.get(rows)
  if (known) return known
  const ids = duplicates.sharedIds()
  let flagged = rows
  if (ids.length > 0) {
    const shared = new Set(ids)
    flagged = rows.map((row) =>
      shared.has(row.id) && !row.warnings.includes('duplicate')
        ? { ...row, warnings: sharedList([...row.warnings, 'duplicate']) }
        : row,
    )
  }
  flaggedRows.set(rows, flagged)
  return flagged
}
