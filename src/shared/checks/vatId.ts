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
/** The United Kingdom's rule, applied to invoices dated while it was a member state. */
const GB_VAT_COUNTRIES = countries.filter((country) => country.codes[0] === 'GB')

/** The last day the United Kingdom was in the EU VAT area (the Brexit transition ended 2020-12-31). */
export const GB_LEFT_EU_VAT_AREA = '2021-01-01'

/**
 * True when `prefix` (a VAT ID's first two letters) was an EU member state's on `date`
 * (YYYY-MM-DD; without a date, today's members): GB counts before {@link GB_LEFT_EU_VAT_AREA}.
 */
export function isEuVatPrefix(prefix: string, date?: string | null): boolean {
  const code = prefix.toUpperCase() === 'GR' ? 'EL' : prefix.toUpperCase()
  if (EU_VAT_PREFIXES.has(code)) return true
  return code === 'GB' && !!date && date < GB_LEFT_EU_VAT_AREA
}

/**
 * How many characters (prefix included) a VAT ID of each member state has, after
 * {@link normalizeVatId}: the formats of the Commission's VIES FAQ. A length outside these is
 * said as a wrong length ("has 18 characters; DE IDs have 11"), not as a wrong check digit.
 */
export const VAT_ID_LENGTHS: Readonly<Record<string, readonly number[]>> = {
  AT: [11], BE: [12], BG: [11, 12], HR: [13], CY: [11], CZ: [10, 11, 12], DK: [10], EE: [11], FI: [10],
  FR: [13], DE: [11], EL: [11], HU: [10], IE: [10, 11], IT: [13], LV: [13], LT: [11, 14], LU: [10], MT: [10],
  NL: [14], PL: [12], PT: [11], RO: [4, 5, 6, 7, 8, 9, 10, 11, 12], SK: [12], SI: [10], ES: [11], SE: [14],
  GB: [7, 11, 14],
} // prettier-ignore

/** A VAT ID as compared: upper case, without spaces, dots, dashes or slashes. */
export function normalizeVatId(value: string | null | undefined): string {
  return (value ?? '').toUpperCase().replace(/[\s.\-/]/g, '')
}

/**
 * How a VAT ID fared: `valid`, `checksum` (right format, wrong check digit), `length` (too
 * many or too few characters for its country), `format` (right length, wrong characters), or
 * `not_eu`.
 */
export type VatIdVerdict = 'valid' | 'checksum' | 'length' | 'format' | 'not_eu'

/**
 * Checks one VAT ID against its country's rule on `date` (the invoice's issue date,
 * YYYY-MM-DD). A number without a prefix of a member state on that date is `not_eu` (e.g. US,
 * an Indian GSTIN, or GB from 2021: no rule is applied); `EL` and `GR` both mean Greece; a GB
 * ID on an invoice dated before 2021 is checked by the UK's rule, as the UK was a member then.
 */
export function verifyVatId(value: string, date?: string | null): VatIdVerdict {
  const memo = `${value}\u0000${date && date < GB_LEFT_EU_VAT_AREA ? 'eu-gb' : ''}`
  const known = verdicts.get(memo)
  if (known) return known
  const verdict = verify(value, date)
  if (verdicts.size >= MAX_REMEMBERED) verdicts.clear()
  verdicts.set(memo, verdict)
  return verdict
}

/** Verdicts already reached, by the VAT ID as written: suppliers repeat across an agenda's documents. */
const verdicts = new Map<string, VatIdVerdict>()
const MAX_REMEMBERED = 10_000

function verify(value: string, date?: string | null): VatIdVerdict {
  let id = normalizeVatId(value)
  if (id.startsWith('GR')) id = `EL${id.slice(2)}`
  const prefix = id.slice(0, 2)
  if (!isEuVatPrefix(prefix, date)) return 'not_eu'
  const result = checkVAT(id, prefix === 'GB' ? GB_VAT_COUNTRIES : EU_VAT_COUNTRIES)
  if (result.isValid) return 'valid'
  if (result.isValidFormat) return 'checksum'
  const lengths = VAT_ID_LENGTHS[prefix]
  return lengths && !lengths.includes(id.length) ? 'length' : 'format'
}

/**
 * A VAT ID in a field that may hold something else (the extraction's `static_vat` holds a
 * rate on some documents and the supplier's VAT ID on others): the normalised ID when the
 * text is one (two letters of a member state, then 2 to 13 letters or digits with at least
 * one digit), else null.
 */
export function vatIdIn(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const id = normalizeVatId(value.trim())
  if (!/^[A-Z]{2}[0-9A-Z]{2,13}$/.test(id) || !/\d/.test(id.slice(2))) return null
  return isEuVatPrefix(id.slice(0, 2), '2000-01-01') ? id : null
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
  const date = doc.data?.header?.issue_date?.slice(0, 10) ?? null
  const verdict = verifyVatId(raw, date)
  if (verdict === 'not_eu') return { code: 'vat_id', status: 'skipped', variant: 'not_eu', params: { vatId } }
  if (verdict === 'valid') return { code: 'vat_id', status: 'ok', params: { vatId } }
  const country = vatId.startsWith('GR') ? 'EL' : vatId.slice(0, 2)
  const params: Record<string, string | number> = { vatId, country }
  if (verdict === 'length') {
    params['length'] = vatId.length
    params['lengths'] = (VAT_ID_LENGTHS[country] ?? []).join('/')
  }
  return { code: 'vat_id', status: 'warning', variant: verdict, params }
}
