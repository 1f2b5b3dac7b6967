import type { AgendaProfile, CheckedDocument } from './context'
import ecbTable from './data/ecbReferenceRates.json' with { type: 'json' }
import type { CheckResult } from './result'

/**
 * A table of daily reference rates against the euro: for each day, units of each currency
 * per 1 EUR. Docket ships the European Central Bank's euro foreign exchange reference rates
 * (`data/ecbReferenceRates.json`, the ECB's `eurofxref-hist` series, 2010 onwards, for the
 * currencies listed in it). The ECB publishes a new day each working day: main fetches the
 * days after the shipped table's end during sync (src/main/ecbRates, a preference the
 * user can turn off) and hands the longer table to the checks (`CheckContext.rates`).
 */
export interface ReferenceRateTable {
  source: string
  currencies: readonly string[]
  /** `[YYYY-MM-DD, rate per currency (null where the ECB published none)]`, ascending by day. */
  days: readonly (readonly (string | number | null)[])[]
}

/** The table shipped with Docket. */
export const ECB_REFERENCE_RATES: ReferenceRateTable = ecbTable as ReferenceRateTable

/** The newest day of `table` (YYYY-MM-DD), or null for an empty table. */
export function newestReferenceDay(table: ReferenceRateTable): string | null {
  const last = table.days[table.days.length - 1]
  return last ? (last[0] as string) : null
}

/** How far a stated rate may differ from the reference rate before it is flagged (5 %). */
export const RATE_DEVIATION_LIMIT = 0.05
/** The ECB publishes no rate on weekends and TARGET holidays: the last rate up to this many days before counts. */
const LOOKBACK_DAYS = 5

function euroRate(table: ReferenceRateTable, currency: string, day: string): number | null {
  if (currency === 'EUR') return 1
  const column = table.currencies.indexOf(currency)
  if (column < 0) return null
  const days = table.days
  let low = 0
  let high = days.length - 1
  let found = -1
  while (low <= high) {
    const mid = (low + high) >> 1
    if ((days[mid]![0] as string) <= day) {
      found = mid
      low = mid + 1
    } else high = mid - 1
  }
  if (found < 0) return null
  const earliest = daysBefore(day, LOOKBACK_DAYS)
  for (let i = found; i >= 0 && (days[i]![0] as string) >= earliest; i--) {
    const value = days[i]![column + 1]
    if (typeof value === 'number') return value
  }
  return null
}

/** The calendar day `days` before `day` (both YYYY-MM-DD), by UTC arithmetic: no time zone can shift it. */
function daysBefore(day: string, days: number): string {
  const time = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)))
  return new Date(time - days * 86_400_000).toISOString().slice(0, 10)
}

/**
 * The reference rate of `currency` in `home` currency on `date` (YYYY-MM-DD): how many units
 * of `home` one unit of `currency` is worth, crossed through the euro. `null` when the table
 * does not know either currency on that day.
 */
export function referenceRate(
  currency: string,
  home: string,
  date: string,
  table: ReferenceRateTable = ECB_REFERENCE_RATES,
): number | null {
  const perEuroForeign = euroRate(table, currency.toUpperCase(), date)
  const perEuroHome = euroRate(table, home.toUpperCase(), date)
  if (perEuroForeign === null || perEuroHome === null) return null
  return perEuroHome / perEuroForeign
}

function rateOf(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null
  const rate = typeof value === 'number' ? value : Number(String(value).replace(',', '.'))
  return Number.isFinite(rate) && rate > 0 ? rate : null
}

const round = (value: number): number => Math.round(value * 10_000) / 10_000

/**
 * Exchange rate of a document in a foreign currency (any currency but the agenda's home
 * currency): flagged when the rate is missing or exactly 1 (`variant: missing`; `one` with the
 * reference rate, `one_unknown` when the table has none; the figures: currency, home currency,
 * rate), and when it differs by more than 5 % from the
 * reference rate of the issue date (`variant: off`, with the reference rate and the
 * difference in %). A rate may be stated per 1 or per 100 units (as Czech banks quote HUF
 * or JPY). Skipped in the home currency or without a currency.
 */
export function checkExchangeRate(
  doc: CheckedDocument,
  agenda: AgendaProfile | null | undefined,
  table: ReferenceRateTable = ECB_REFERENCE_RATES,
): CheckResult {
  const currency = doc.data?.header?.currency?.trim().toUpperCase()
  const home = (agenda?.homeCurrency || 'EUR').toUpperCase()
  if (!currency || !agenda) return { code: 'exchange_rate', status: 'skipped' }
  if (currency === home) return { code: 'exchange_rate', status: 'ok', params: { currency, home } }
  const stated = rateOf(doc.data?.header?.currency_rate)
  if (stated === null) {
    return { code: 'exchange_rate', status: 'warning', variant: 'missing', params: { currency, home } }
  }
  const date = doc.data?.header?.issue_date?.slice(0, 10)
  const reference = date ? referenceRate(currency, home, date, table) : null
  if (stated === 1 && (reference === null || Math.abs(reference - 1) > RATE_DEVIATION_LIMIT)) {
    return reference === null
      ? { code: 'exchange_rate', status: 'warning', variant: 'one_unknown', params: { currency, home, rate: stated } }
      : {
          code: 'exchange_rate',
          status: 'warning',
          variant: 'one',
          params: { currency, home, rate: stated, reference: round(reference) },
        }
  }
  if (reference === null || !date)
    return { code: 'exchange_rate', status: 'ok', params: { currency, home, rate: stated } }
  const deviation = Math.min(Math.abs(stated / reference - 1), Math.abs(stated / (reference * 100) - 1))
  const params = { currency, home, rate: stated, reference: round(reference), date }
  return deviation > RATE_DEVIATION_LIMIT
    ? {
        code: 'exchange_rate',
        status: 'warning',
        variant: 'off',
        params: { ...params, difference: Math.round(Math.abs(stated / reference - 1) * 1000) / 10 },
      }
    : { code: 'exchange_rate', status: 'ok', params }
}
