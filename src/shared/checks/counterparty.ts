import { ownSideOf, type AgendaProfile, type CheckedDocument } from './context'
import type { CheckResult } from './result'
import { normalizeVatId } from './vatId'

/** Legal-form words left out when names are compared ("Demo s.r.o." is "Demo"). */
const LEGAL_FORMS = new Set([
  'sro', 'spol', 'as', 'vos', 'ks', 'se', 'gmbh', 'ag', 'kg', 'ohg', 'ug', 'ev', 'bv', 'nv', 'vof', 'ltd', 'limited',
  'plc', 'llc', 'inc', 'corp', 'co', 'sa', 'sarl', 'sas', 'srl', 'spa', 'sl', 'sp', 'zoo', 'oy', 'ab', 'aps', 'kft',
]) // prettier-ignore

/**
 * A company name as compared: letters and digits only, without accents, case or legal-form
 * words ("Demo, s.r.o." and "DEMO sro" are the same name).
 */
export function normalizeCompanyName(value: string | null | undefined): string {
  const text = value ?? ''
  const known = normalized.get(text)
  if (known !== undefined) return known
  const name = normalize(text)
  if (normalized.size >= 10_000) normalized.clear()
  normalized.set(text, name)
  return name
}

/** Names already normalised: the agenda's own name is compared on every document. */
const normalized = new Map<string, string>()

function normalize(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\b(s\.?\s?r\.\s?o\.|a\.\s?s\.|b\.\s?v\.|n\.\s?v\.|sp\.\s?z\s?o\.\s?o\.)/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '' && !LEGAL_FORMS.has(word))
  return words.join(' ')
}

const digits = (value: string | null | undefined): string => (value ?? '').replace(/\D/g, '')

/**
 * The agenda's company on the invoice: the customer of a purchase invoice, the supplier of a
 * sales invoice must be the agenda's company. Compared by VAT ID when both have one, else by
 * company ID, else by name after {@link normalizeCompanyName}; the first identifier both
 * sides have decides. A mismatch is flagged with what the invoice names and what the agenda
 * is (`params.side`, `found`, `expected`, `by`). Skipped when the party or the agenda has
 * nothing to compare.
 */
export function checkCounterparty(doc: CheckedDocument, agenda: AgendaProfile | null | undefined): CheckResult {
  const side = ownSideOf(doc)
  const party = side === 'customer' ? doc.customer : doc.supplier
  if (!party || !agenda) return { code: 'counterparty', status: 'skipped', params: { side } }
  const comparisons: { by: string; found: string; expected: string; same: (a: string, b: string) => boolean }[] = [
    { by: 'vat_id', found: party.vat_id ?? '', expected: agenda.vatId ?? '', same: (a, b) => normalizeVatId(a) === normalizeVatId(b) },
    { by: 'company_id', found: party.id ?? '', expected: agenda.companyId ?? '', same: (a, b) => digits(a) === digits(b) },
    { by: 'name', found: party.name ?? '', expected: agenda.name ?? '', same: (a, b) => normalizeCompanyName(a) === normalizeCompanyName(b) },
  ] // prettier-ignore
  for (const { by, found, expected, same } of comparisons) {
    if (found.trim() === '' || expected.trim() === '') continue
    if (by === 'company_id' && (digits(found) === '' || digits(expected) === '')) continue
    if (by === 'name' && (normalizeCompanyName(found) === '' || normalizeCompanyName(expected) === '')) continue
    const params = { side, by, found: found.trim(), expected: expected.trim(), name: (party.name ?? '').trim() }
    // A sales invoice's own side is its supplier: its wording says "issued by", not "addressed to".
    const variant = side === 'supplier' ? { variant: 'supplier' } : {}
    return same(found, expected)
      ? { code: 'counterparty', status: 'ok', ...variant, params }
      : { code: 'counterparty', status: 'warning', ...variant, params }
  }
  return { code: 'counterparty', status: 'skipped', params: { side } }
}
