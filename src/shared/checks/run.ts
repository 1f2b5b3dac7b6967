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
import { ECB_REFERENCE_RATES, checkExchangeRate, type ReferenceRateTable } from './exchangeRate'
import { checkRequiredFields, checkTotalSign } from './extraction'
import type { CheckCode, CheckResult } from './result'
import { checkTaxRate, isEuCountry } from './taxRate'
import { checkVatId } from './vatId'

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
    () => checkTaxRate(doc),
    () => checkExchangeRate(doc, company, rates),
    () => checkVatId(doc),
    () => checkCounterparty(doc, company),
    () => checkDueBeforeIssue(doc),
  ]
}

/**
 * Every check, in the order the panel lists them. A check that throws on malformed data
 * (the service is untrusted) counts as skipped rather than failing the whole panel.
 */
export function runChecks(doc: CheckedDocument, context: CheckContext): CheckResult[] {
  const rates = context.rates ?? ECB_REFERENCE_RATES
  const checks = [
    ...ownChecks(doc, context.company, rates),
    () => checkOverdue(doc, context.today),
    () => checkIban(doc),
    () => checkDuplicate(doc, context.agenda),
  ]
  const codes: CheckCode[] = [
    'required_fields', 'total_sign', 'items_sum', 'summary_total', 'tax_lines', 'tax_rate', 'exchange_rate',
    'vat_id', 'counterparty', 'due_before_issue', 'overdue', 'iban', 'duplicate',
  ] // prettier-ignore
  // Not extracted yet: nothing to check ("an invoice for nothing?" about a placeholder 0).
  if (!isExtracted(doc)) return codes.map((code) => ({ code, status: 'skipped' as const }))
  return checks.map((check, index) => {
    try {
      return check()
    } catch {
      return { code: codes[index]!, status: 'skipped' as const }
    }
  })
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
