import type { Document } from '../../../shared/api'
import { isMoneyFailure, runChecks, type AgendaProfile, type CheckResult } from '../../../shared/checks'

// Which failures count as money failures is the checks' own rule (`isMoneyFailure`, with its
// `MONEY_CHECK_CODES`): an export asks about exactly what the checks panel calls a money check.

/**
 * The warnings of the checks on `doc` (money or not), for a spreadsheet's warnings column:
 * every check but `overdue` (a due date, not a fault of the document, and it changes with the
 * day) and `duplicate` (it needs the whole agenda).
 */
export function documentWarnings(doc: Document, profile: AgendaProfile | null, today: Date): CheckResult[] {
  return runChecks(doc, { today, agenda: [], company: profile }).filter(
    (result) => result.status === 'warning' && result.code !== 'duplicate' && result.code !== 'overdue',
  )
}

/** The money checks `doc` fails (empty: it may be booked as it is). */
export function moneyFailures(doc: Document, profile: AgendaProfile | null, today: Date): CheckResult[] {
  return documentWarnings(doc, profile, today).filter(isMoneyFailure)
}

const PLAIN_WORDS: Record<string, string> = {
  total_sign: 'the total does not fit the document type',
  items_sum: 'the items do not add up to the net total',
  summary_total: 'net total + VAT is not the total',
  tax_lines: 'the tax lines do not match the totals',
  tax_rate: 'a VAT rate is not valid in the supplier’s country',
  exchange_rate: 'the exchange rate is missing or far from the reference rate',
  required_fields: 'a required field was not extracted',
  vat_id: 'a VAT ID is not valid',
  counterparty: 'the invoice is not addressed to the agenda’s company',
  due_before_issue: 'the due date is before the issue date',
  overdue: 'overdue',
  iban: 'the IBAN fails its checksum',
}

/**
 * A failed check in a bookkeeper's words (English: files are read by accounting software
 * and its users, not by Docket's interface), with the rule id and the figures when the check
 * gives them: "the items do not add up to the net total (stated 100, computed 99.5)".
 */
export function describeFailure(result: CheckResult): string {
  const words = PLAIN_WORDS[result.code] ?? result.code.replace(/_/g, ' ')
  const rule = result.params?.['rule']
  const figures =
    result.stated !== undefined && result.computed !== undefined
      ? `stated ${result.stated}, computed ${result.computed}`
      : ''
  const extra = [typeof rule === 'string' ? rule : '', figures].filter(Boolean).join('; ')
  return extra ? `${words} (${extra})` : words
}
