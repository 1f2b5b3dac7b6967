import { newestReferenceDay, type ReferenceRateTable } from '../../shared/checks/exchangeRate'
import { ReferenceRatesError } from './errors'
import type { FeedDay } from './parseFeed'

/**
 * How fetched days join the table the checks use. The rules:
 * - Only days after the table's newest day are added, in the table's own currencies (a
 *   currency the table does not list is left out: the checks have no history for it; a
 *   currency the ECB stopped publishing, as BGN when Bulgaria joined the euro, is null).
 * - Days the table already has are never rewritten: the ECB's reference rates are final once
 *   published at 16:00 CET, so a different figure for an old day can only be a damaged file.
 * - A new rate must be within a factor of {@link MAX_RATE_FACTOR} of the currency's newest
 *   known rate: well beyond any currency of the table in a year (TRY lost about 40 % in its
 *   worst one), well short of a misplaced decimal point. A file failing it adds nothing.
 */

/** A row of the table: `[YYYY-MM-DD, rate per currency or null]`. */
export type RateRow = readonly (string | number | null)[]

/** The most a new rate may differ from the currency's newest known one, as a factor either way. */
export const MAX_RATE_FACTOR = 3

/** The outcome of {@link appendFeedDays}: the longer table and the rows it gained. */
export interface AppendResult {
  table: ReferenceRateTable
  added: RateRow[]
}

/**
 * `table` with the days of `feed` after its newest day appended (see the rules above).
 * Throws {@link ReferenceRatesError} `invalid_rates` when a new rate is implausible.
 */
export function appendFeedDays(table: ReferenceRateTable, feed: readonly FeedDay[]): AppendResult {
  const newest = newestReferenceDay(table) ?? ''
  const fresh = feed.filter((day) => day.day > newest).sort((a, b) => (a.day < b.day ? -1 : 1))
  if (fresh.length === 0) return { table, added: [] }
  const known = newestRates(table)
  const added: RateRow[] = []
  for (const { day, rates } of fresh) {
    const row: (string | number | null)[] = [day]
    for (const [column, currency] of table.currencies.entries()) {
      const rate = rates[currency]
      if (rate === undefined) {
        row.push(null)
        continue
      }
      const previous = known[column]
      if (previous !== null && previous !== undefined && !withinFactor(rate, previous))
        throw new ReferenceRatesError(
          'invalid_rates',
          `The reference-rate file has a day that cannot be right: ${day}: ${currency} ${rate}, against ${previous} the last known day.`,
          { day, currency, rate, previous },
        )
      known[column] = rate
      row.push(rate)
    }
    added.push(row)
  }
  return { table: tableOf(table, [...table.days, ...added]), added }
}

/**
 * `shipped` with the stored `rows` after its end (older rows are left out: a newer shipped
 * table wins), their columns matched to the shipped currencies by code (null where the
 * stored rows have none). The stored rows were checked when they were fetched and when read.
 */
export function withStoredRows(
  shipped: ReferenceRateTable,
  stored: { currencies: readonly string[]; days: readonly RateRow[] },
): ReferenceRateTable {
  const newest = newestReferenceDay(shipped) ?? ''
  const columnOf = shipped.currencies.map((currency) => stored.currencies.indexOf(currency))
  const rows = stored.days
    .filter((row) => (row[0] as string) > newest)
    .map((row) => [row[0]!, ...columnOf.map((column) => (column < 0 ? null : (row[column + 1] ?? null)))])
  return rows.length === 0 ? shipped : tableOf(shipped, [...shipped.days, ...rows])
}

/** A table of `base`'s source and currencies with `days` (only the interface's fields: no stale `to`). */
function tableOf(base: ReferenceRateTable, days: readonly RateRow[]): ReferenceRateTable {
  return { source: base.source, currencies: base.currencies, days }
}

/** The rows of `table` after its first `count` days: what to store beside the shipped ones. */
export function rowsAfter(table: ReferenceRateTable, count: number): RateRow[] {
  return table.days.slice(count).map((row) => [...row])
}

/** Per column, the newest non-null rate of the table (null when it has none). */
function newestRates(table: ReferenceRateTable): (number | null)[] {
  const known: (number | null)[] = table.currencies.map(() => null)
  let missing = known.length
  for (let i = table.days.length - 1; i >= 0 && missing > 0; i--) {
    const row = table.days[i]!
    for (let column = 0; column < known.length; column++) {
      const value = row[column + 1]
      if (known[column] === null && typeof value === 'number') {
        known[column] = value
        missing--
      }
    }
  }
  return known
}

function withinFactor(rate: number, previous: number): boolean {
  const ratio = rate / previous
  return ratio <= MAX_RATE_FACTOR && ratio >= 1 / MAX_RATE_FACTOR
}
