import { amountOf } from './money'
import type { CheckedDocument } from './context'
import { VAT_RATES } from './data/vatRates'
import type { CheckResult } from './result'

/** A stated rate within this many percentage points of a listed one counts as that rate (rounding of printed VAT). */
const RATE_TOLERANCE = 0.1

/**
 * The VAT rates of `country` (ISO 3166-1 alpha-2; `EL` is read as Greece) on `date`
 * (YYYY-MM-DD), standard first; `null` when the country is not an EU member state or the
 * date is before the table.
 */
export function vatRatesOn(country: string, date: string): readonly number[] | null {
  const code = country.toUpperCase() === 'EL' ? 'GR' : country.toUpperCase()
  const periods = VAT_RATES[code]
  if (!periods) return null
  let found: readonly number[] | null = null
  for (const period of periods) if (period.from <= date) found = period.rates
  return found
}

/** True for an EU member state (ISO code, or `EL` for Greece). */
export function isEuCountry(country: string): boolean {
  const code = country.toUpperCase()
  return code === 'EL' || code in VAT_RATES
}

/** The supplier's country: its address, else the prefix of its VAT ID. */
export function supplierCountryOf(doc: CheckedDocument): string | null {
  const country = doc.supplier?.country?.trim().toUpperCase()
  if (country && /^[A-Z]{2}$/.test(country)) return country
  const prefix = doc.supplier?.vat_id?.trim().slice(0, 2).toUpperCase()
  return prefix && /^[A-Z]{2}$/.test(prefix) ? prefix : null
}

/**
 * Tax rates against the supplier's country: every non-zero rate of the tax lines and items
 * must be one of the country's VAT rates on the issue date ({@link VAT_RATES}). 0 % always
 * passes (exempt, reverse charge, intra-EU, export). Reports the first rate that does not
 * fit, with the country, the date and the rates in force. Skipped without rates, an issue
 * date, or a supplier in an EU member state.
 */
export function checkTaxRate(doc: CheckedDocument): CheckResult {
  const date = doc.data?.header?.issue_date?.slice(0, 10)
  const country = supplierCountryOf(doc)
  const stated = [
    ...(doc.tax_lines ?? []).map((line) => amountOf(line.percent)),
    ...(doc.items ?? []).map((item) => amountOf(item.tax_rate)),
  ].filter((rate): rate is number => rate !== null && rate !== 0)
  if (!date || !country || stated.length === 0) return { code: 'tax_rate', status: 'skipped' }
  const rates = vatRatesOn(country, date)
  if (!rates) return { code: 'tax_rate', status: 'skipped' }
  const params = { country: country === 'EL' ? 'GR' : country, date, rates: rates.join(', ') }
  const wrong = stated.find((rate) => !rates.some((valid) => Math.abs(valid - rate) <= RATE_TOLERANCE))
  return wrong === undefined
    ? { code: 'tax_rate', status: 'ok', params }
    : { code: 'tax_rate', status: 'warning', params: { ...params, percent: wrong } }
}
