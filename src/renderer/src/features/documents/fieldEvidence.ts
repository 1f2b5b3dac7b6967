/**
 * What the data pane makes of the invoice's evidence (documents.evidence): which fields are
 * verified, which are not, and where `n` goes next. A field is *verified* when the embedded
 * e-invoice or the payment QR code holds the same value, or the value is printed on the
 * invoice; *unverified* when the e-invoice or QR code holds another value (`differs`) or the
 * invoice has text but not this value (`not_found`). `unchecked` (nothing to compare with) is
 * neither: it is not marked and not counted.
 */
import type { FieldProvenance, ProvenanceStatus } from '../../../../shared/evidence/provenance'

/** How a field is marked in the data pane. */
export type FieldMark = 'verified' | 'unverified' | 'none'

const VERIFIED: ReadonlySet<ProvenanceStatus> = new Set(['matches_einvoice', 'matches_qr', 'on_invoice'])
const UNVERIFIED: ReadonlySet<ProvenanceStatus> = new Set(['differs', 'not_found'])

/** How the invoice's evidence marks a value in the data pane (CorrectableValue). */
export interface ValueEvidence {
  mark: FieldMark
  /** What the mark means, for the tooltip and screen readers (`Verified: matches the e-invoice`). */
  text: string
  /** What the invoice says instead (a `differs` value), as the pane writes such a value. */
  says: string | null
}

/** The mark of a provenance status. */
export function markOf(status: ProvenanceStatus): FieldMark {
  return VERIFIED.has(status) ? 'verified' : UNVERIFIED.has(status) ? 'unverified' : 'none'
}

/**
 * The data pane's path of a provenance field (`src/shared/evidence/provenance`): the same
 * path, except the supplier's IBAN, which the pane shows (and corrects) as the bank account's.
 */
export function paneFieldOf(field: string): string {
  return field === 'supplier.iban' ? 'bank_account.iban' : field
}

/** The provenance of each field by its data-pane path (the first answer for a path wins). */
export function evidenceByField(fields: readonly FieldProvenance[]): Map<string, FieldProvenance> {
  const byField = new Map<string, FieldProvenance>()
  for (const field of fields) {
    const path = paneFieldOf(field.field)
    if (!byField.has(path)) byField.set(path, field)
  }
  return byField
}

/**
 * How many of the fields the pane shows (`shown`, data-pane paths) are unverified. A field of
 * the evidence the pane does not show (a street, a postal code) does not count: `n` could not
 * reach it.
 */
export function unverifiedCount(byField: ReadonlyMap<string, FieldProvenance>, shown: Iterable<string>): number {
  let count = 0
  for (const path of new Set(shown)) {
    const field = byField.get(path)
    if (field && markOf(field.status) === 'unverified') count++
  }
  return count
}

/**
 * The unverified field `n` moves to: the first of `order` (the unverified fields' paths in the
 * pane's reading order) after `current`, wrapping round to the first; the first when `current`
 * is none of them. Null when there is none.
 */
export function nextUnverified(order: readonly string[], current: string | null): string | null {
  if (order.length === 0) return null
  const at = current === null ? -1 : order.indexOf(current)
  return order[(at + 1) % order.length] ?? null
}
