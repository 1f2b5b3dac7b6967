import { checkBankAccountChange, type SupplierAccountRecord } from './bankAccount'
import type { AgendaProfile, CheckedDocument } from './context'
import { checkCounterparty } from './counterparty'
import {
  checkDueBeforeIssue,
  checkIban,
  checkItemsSum,
  checkOverdue,
  checkSummaryTotal,
  checkTaxLines,
} from './documentChecks'
import { checkDuplicate, type DuplicateCandidate } from './duplicates'
import { checkAmountDue, checkExemptReason, checkPaymentTerms, checkReverseCharge, checkVatPerRate } from './en16931'
import { ECB_REFERENCE_RATES, checkExchangeRate, type ReferenceRateTable } from './exchangeRate'
import { checkRequiredFields, checkTotalSign } from './extraction'
import { isMoneyCheck, isMoneyFailure, type CheckCode, type CheckResult } from './result'
import { checkTaxRate, isEuCountry } from './taxRate'
import { checkVatId } from './vatId'
import { evidenceChecks } from '../evidence/checks'
import type { DocumentEvidence } from '../evidence/types'

/** What the checks know besides the document. */
export interface CheckContext {
  /** The user's current day (overdue). */
  today: Date
  /** The documents of the agenda that may be duplicates (all of them, or those sharing a key). */
  agenda: Iterable<DuplicateCandidate>
  /** The agenda's company and home currency (counterparty, exchange rate); without it those checks are skipped. */
  company?: AgendaProfile | null
  /** Reference exchange rates (default: the ECB table shipped with Docket). */
  rates?: ReferenceRateTable
  /**
   * The invoices with a bank account of the account's suppliers, in every agenda (main reads
   * them from the local cache); without it the bank-account check is skipped.
   */
  supplierAccounts?: Iterable<SupplierAccountRecord>
  /**
   * What Docket read from the document's own file (src/shared/evidence): given (null while not
   * read), the evidence checks (embedded e-invoice, total on the invoice, QR code IBAN) follow
   * the others; absent, they are left out.
   */
  evidence?: DocumentEvidence | null
}

/**
 * States in which the service has not extracted the document yet (docs/service-interface.md,
 * "States"): its amounts are placeholders (often 0), so no check reads them.
 */
export const NOT_EXTRACTED_STATES: ReadonlySet<string> = new Set(['uploaded', 'extracting', 'templating'])

/** False while the service is still extracting the document (see {@link NOT_EXTRACTED_STATES}); true without a state. */
export function isExtracted(doc: { state?: string | null }): boolean {
  return !doc.state || !NOT_EXTRACTED_STATES.has(doc.state)
}

/** The checks that need nothing but the document and the agenda's profile, in the panel's order. */
function ownChecks(doc: CheckedDocument, company: AgendaProfile | null | undefined, rates: ReferenceRateTable) {
  return [
    () => checkRequiredFields(doc, isEuCountry),
    () => checkTotalSign(doc),
    () => checkItemsSum(doc),
    () => checkSummaryTotal(doc),
    () => checkTaxLines(doc),
    () => checkVatPerRate(doc),
    () => checkAmountDue(doc),
    () => checkTaxRate(doc),
    () => checkReverseCharge(doc, company),
    () => checkExemptReason(doc, company),
    () => checkExchangeRate(doc, company, rates),
    () => checkVatId(doc),
    () => checkCounterparty(doc, company),
    () => checkDueBeforeIssue(doc),
    () => checkPaymentTerms(doc),
  ]
}

/** The codes of {@link ownChecks}, in the same order (a check that throws is reported under its code). */
const OWN_CODES: CheckCode[] = [
  'required_fields', 'total_sign', 'items_sum', 'summary_total', 'tax_lines', 'vat_per_rate', 'amount_due',
  'tax_rate', 'reverse_charge', 'exempt_reason', 'exchange_rate', 'vat_id', 'counterparty', 'due_before_issue',
  'payment_terms',
] // prettier-ignore

/** `result` with its `money` flag ({@link isMoneyFailure} for a warning, the check's kind otherwise). */
function withMoneyFlag(result: CheckResult): CheckResult {
  const money = result.status === 'warning' ? isMoneyFailure(result) : isMoneyCheck(result.code)
  return { ...result, money }
}

/**
 * Every check, in the order the panel lists them. A check that throws on malformed data
 * (the service is untrusted) counts as skipped rather than failing the whole panel. Each
 * result carries `money` (a check about the money the books receive; on a warning,
 * {@link isMoneyFailure}) and, where an EN 16931 business rule applies, its id in `rule`.
 */
export function runChecks(doc: CheckedDocument, context: CheckContext): CheckResult[] {
  const rates = context.rates ?? ECB_REFERENCE_RATES
  const checks = [
    ...ownChecks(doc, context.company, rates),
    () => checkOverdue(doc, context.today),
    () => checkIban(doc),
    () => checkBankAccountChange(doc, context.supplierAccounts ?? []),
    () => checkDuplicate(doc, context.agenda),
  ]
  const codes: CheckCode[] = [...OWN_CODES, 'overdue', 'iban', 'bank_account_change', 'duplicate']
  const evidenceCodes: CheckCode[] = context.evidence === undefined ? [] : ['einvoice', 'total_on_invoice', 'qr_iban']
  // Not extracted yet: nothing to check ("an invoice for nothing?" about a placeholder 0), but
  // the same file bytes are the same file already.
  if (!isExtracted(doc)) {
    return [...codes, ...evidenceCodes].map((code) =>
      withMoneyFlag(
        code === 'duplicate'
          ? checkDuplicate(doc, context.agenda, { sameFileOnly: true })
          : { code, status: 'skipped' as const },
      ),
    )
  }
  const results = checks.map((check, index) => {
    try {
      return withMoneyFlag(check())
    } catch {
      return withMoneyFlag({ code: codes[index]!, status: 'skipped' as const })
    }
  })
  if (context.evidence === undefined) return results
  try {
    return [...results, ...evidenceChecks(doc, context.evidence).map(withMoneyFlag)]
  } catch {
    return [...results, ...evidenceCodes.map((code) => withMoneyFlag({ code, status: 'skipped' as const }))]
  }
}

/**
 * The cheap per-row summary the inbox flags by: the codes of the document's own checks that
 * warn, given the agenda's profile. Leaves out `overdue` (the due-date column shows it, and it
 * changes with the day) and `duplicate` (it needs the whole agenda: main adds it from its
 * agenda-wide index) and the IBAN (main caches it per IBAN). Never throws.
 */
export function rowWarnings(
  doc: CheckedDocument,
  context: { company?: AgendaProfile | null; rates?: ReferenceRateTable } = {},
): CheckCode[] {
  const codes: CheckCode[] = []
  if (!isExtracted(doc)) return codes
  for (const check of ownChecks(doc, context.company, context.rates ?? ECB_REFERENCE_RATES)) {
    try {
      const result = check()
      if (result.status === 'warning') codes.push(result.code)
    } catch {
      // Malformed data from the service: the row stays unflagged for this check.
    }
  }
  return codes
}

/**
 * The documents among `docs` that fail a money check ({@link isMoneyFailure}), each with those
 * warnings: what an export lists before writing (leave out, or export marked). Runs every
 * check with `context`; documents without such a warning are left out. Never throws.
 */
export function moneyFailuresOf<T extends CheckedDocument>(
  docs: Iterable<T>,
  context: CheckContext,
): { document: T; failures: CheckResult[] }[] {
  const failing: { document: T; failures: CheckResult[] }[] = []
  for (const document of docs) {
    const failures = runChecks(document, context).filter(isMoneyFailure)
    if (failures.length > 0) failing.push({ document, failures })
  }
  return failing
}
