import { checkVAT, countries } from 'jsvat'
import { ownSideOf, type CheckedDocument } from './context'
import type { CheckResult } from './result'

/** The VAT prefixes of the EU member states (Greece writes EL, not its ISO code GR). */
export const EU_VAT_PREFIXES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'EL', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU',
  'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
]) // prettier-ignore

/**
 * VAT identification numbers of the EU member states: the country prefix, the national
 * format and, where the country defines one, the check digit. The rules are jsvat's
 * (MIT, github.com/se-panfilov/jsvat), which implements the formats the European
 * Commission's VIES service documents ("VIES VAT number validation", FAQ "format of VAT
 * numbers") and each state's published check-digit algorithm: CZ (mod 11, also the
 * birth-number form), SK (divisible by 11), DE (ISO 7064 MOD 11,10), AT (Luhn-like
 * "U" number), NL (mod 11, and the 2020 sole-trader mod 97 form), PL (weighted mod 11),
 * FR (mod 97 key), IT (Luhn), ES (NIF/CIF letters), and the other member states: jsvat's
 * countries whose ISO code (GR for Greece) stands for an EU prefix.
 */
const EU_VAT_COUNTRIES = countries.filter((country) =>
  EU_VAT_PREFIXES.has(country.codes[0] === 'GR' ? 'EL' : (country.codes[0] ?? '')),
)

/** A VAT ID as compared: upper case, without spaces, dots, dashes or slashes. */
export function normalizeVatId(value: string | null | undefined): string {
  return (value ?? '').toUpperCase().replace(/[\s.\-/]/g, '')
}

/** How a VAT ID fared: `valid`, `checksum` (right format, wrong check digit), `format`, or `not_eu`. */
export type VatIdVerdict = 'valid' | 'checksum' | 'format' | 'not_eu'

/**
 * Checks one VAT ID against its country's rule. A number without an EU prefix is `not_eu`
 * (e.g. GB, US or an Indian GSTIN: no rule is applied); `EL` and `GR` both mean Greece.
 */
export function verifyVatId(value: string): VatIdVerdict {
  const known = verdicts.get(value)
  if (known) return known
  const verdict = verify(value)
  if (verdicts.size >= MAX_REMEMBERED) verdicts.clear()
  verdicts.set(value, verdict)
  return verdict
}

/** Verdicts already reached, by the VAT ID as written: suppliers repeat across an agenda's documents. */
const verdicts = new Map<string, VatIdVerdict>()
const MAX_REMEMBERED = 10_000

function verify(value: string): VatIdVerdict {
  let id = normalizeVatId(value)
  if (id.startsWith('GR')) id = `EL${id.slice(2)}`
  if (!EU_VAT_PREFIXES.has(id.slice(0, 2))) return 'not_eu'
  const result = checkVAT(id, EU_VAT_COUNTRIES)
  if (result.isValid) return 'valid'
  return result.isValidFormat ? 'checksum' : 'format'
}

/**
 * The counterparty's VAT ID (the supplier of a purchase invoice, the customer of a sales
 * invoice): format per EU country and the check digit where one exists. The agenda's own
 * VAT ID is the counterparty check's business. Skipped without a VAT ID or for a non-EU one.
 */
export function checkVatId(doc: CheckedDocument): CheckResult {
  const party = ownSideOf(doc) === 'customer' ? doc.supplier : doc.customer
  const raw = party?.vat_id?.trim()
  if (!raw) return { code: 'vat_id', status: 'skipped' }
  const vatId = normalizeVatId(raw)
  const verdict = verifyVatId(raw)
  if (verdict === 'not_eu') return { code: 'vat_id', status: 'skipped', variant: 'not_eu', params: { vatId } }
  return verdict === 'valid'
    ? { code: 'vat_id', status: 'ok', params: { vatId } }
    : { code: 'vat_id', status: 'warning', variant: verdict, params: { vatId, country: vatId.slice(0, 2) } }
}
