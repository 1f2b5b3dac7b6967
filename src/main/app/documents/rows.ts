import type { Acknowledgement } from '../../../shared/checks/acknowledgement'
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

/** The person's answer to the duplicate warning of a row's document, kept beside the row (not sent). */
const duplicateAnswers = new WeakMap<DocumentRow, Acknowledgement>()

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
 *
 * `answers` are the person's answers to the document's warnings (its acknowledgements): a
 * warning answered *Acknowledge* moves from `warnings` to `acknowledged` (it no longer counts);
 * the answer to the duplicate warning is kept for {@link withDuplicateFlags}.
 */
export function toDocumentRow(
  doc: CachedDocument,
  company: AgendaProfile | null = null,
  rates?: ReferenceRateTable,
  strings: StringPool = unpooled,
  answers: readonly Acknowledgement[] = [],
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
  const own = ownWarnings(doc, company, rates)
  const answered = answers.length === 0 ? [] : own.filter((code) => answers.some((a) => answersWarning(a, code)))
  const row: DocumentRow = {
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
    warnings: sharedList(answered.length === 0 ? own : own.filter((code) => !answered.includes(code))),
  }
  if (answered.length > 0) row.acknowledged = sharedList(answered)
  const duplicateAnswer = answers.find((answer) => answer.code === 'duplicate')
  if (duplicateAnswer) duplicateAnswers.set(row, duplicateAnswer)
  return row
}

/** True when `answer` (*Acknowledge*) answers the document's own warning `code`. */
function answersWarning(answer: Acknowledgement, code: CheckCode): boolean {
  return answer.code === code && answer.kind === 'acknowledged'
}

/**
 * True when `answer` still answers the row's duplicate flag: *Acknowledge* always; *Not a
 * duplicate* while every document the flag pairs it with (`partners`) was among those dismissed
 * (a new look-alike flags it again, as in the checks panel: acknowledgement.ts).
 */
function answersDuplicate(answer: Acknowledgement | undefined, partners: () => readonly number[]): boolean {
  if (!answer) return false
  if (answer.kind === 'acknowledged') return true
  const dismissed = new Set(answer.documentIds ?? [])
  return partners().every((id) => dismissed.has(id))
}

/** The flagged rows of each listed agenda, kept while its rows array lives (it is replaced on change). */
const flaggedRows = new WeakMap<object, readonly DocumentRow[]>()

/**
 * `rows` (id descending) with `duplicate` added to the warnings of every document that shares
 * a duplicate key (supplier + invoice no., supplier + total + issue date, same file bytes, file
 * name) with another document of the agenda: `duplicates.sharedIds()`, from the
 * {@link DuplicateIndex} of the same read. A document whose duplicate warning the person
 * answered (*Acknowledge*, or *Not a duplicate* of every document it now pairs with:
 * `duplicates.partnersOf`) gets `duplicate` in `acknowledged` instead. Only the flagged rows are
 * copied (`rows` itself when none is); the answer is kept for the same `rows` array, so listing
 * an unchanged agenda again costs nothing and answers the same array.
 */
export function withDuplicateFlags(
  rows: readonly DocumentRow[],
  duplicates: Pick<DuplicateIndex, 'sharedIds' | 'partnersOf'>,
): readonly DocumentRow[] {
  const known = flaggedRows.get(rows)
  if (known) return known
  const ids = duplicates.sharedIds()
  let flagged = rows
  if (ids.length > 0) {
    const shared = new Set(ids)
    flagged = rows.map((row) => {
      if (!shared.has(row.id) || row.warnings.includes('duplicate')) return row
      if (answersDuplicate(duplicateAnswers.get(row), () => duplicates.partnersOf(row.id))) {
        return { ...row, acknowledged: sharedList([...(row.acknowledged ?? []), 'duplicate']) }
      }
      return { ...row, warnings: sharedList([...row.warnings, 'duplicate']) }
    })
  }
  flaggedRows.set(rows, flagged)
  return flagged
}
