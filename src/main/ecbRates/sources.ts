/**
 * Where the reference rates come from. By default the European Central Bank's published
 * files (https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/):
 * `eurofxref-hist-90d.xml` (the last 90 days, about 20 KB) and `eurofxref-hist.xml` (every
 * working day since 1999, several MB). While Docket talks to a service on a loopback address
 * (the demo sandbox, the test harness) it asks that service's `/_sandbox/ecb/` route instead,
 * so a demo or a test never reaches the internet, and what it fetched is never kept on disk.
 */

/** The ECB's folder of euro foreign exchange reference rate files. */
export const ECB_FEED_BASE_URL = 'https://www.ecb.europa.eu/stats/eurofxref/'
/** The file of the last 90 calendar days. */
export const RECENT_FEED_FILE = 'eurofxref-hist-90d.xml'
/** The file of every day since 4 January 1999. */
export const FULL_FEED_FILE = 'eurofxref-hist.xml'
/**
 * The recent file is asked for when the table's newest day is at most this many calendar
 * days old: 90 days of file less a margin, so the file always overlaps the table.
 */
export const RECENT_FEED_MAX_AGE_DAYS = 80

/** A place the rates are fetched from. */
export interface RateSource {
  /** `ecb`: the European Central Bank; `sandbox`: the local service's stand-in. */
  id: 'ecb' | 'sandbox'
  /** The folder holding {@link RECENT_FEED_FILE} and {@link FULL_FEED_FILE}, ending in `/`. */
  feedBaseUrl: string
  /** Keep what was fetched in the user-data folder (false for the sandbox: sample rates). */
  persist: boolean
}

/** The European Central Bank (or, for tests, a server standing in for it at `feedBaseUrl`). */
export function ecbSource(feedBaseUrl: string = ECB_FEED_BASE_URL): RateSource {
  return { id: 'ecb', feedBaseUrl: withSlash(feedBaseUrl), persist: true }
}

/** The local service's stand-in at `<serviceUrl>/_sandbox/ecb/` (see src/sandbox/ecbRates.ts). */
export function sandboxSource(serviceUrl: string): RateSource {
  return { id: 'sandbox', feedBaseUrl: `${serviceUrl.replace(/\/+$/, '')}/_sandbox/ecb/`, persist: false }
}

/**
 * The file to ask for when the table ends on `newestDay` and it is `today` (both YYYY-MM-DD):
 * the recent file while it reaches back to the table's end ({@link RECENT_FEED_MAX_AGE_DAYS}),
 * else the whole history.
 */
export function feedUrlFor(source: RateSource, newestDay: string, today: string): string {
  const age = (dayNumber(today) - dayNumber(newestDay)) / 86_400_000
  return new URL(age <= RECENT_FEED_MAX_AGE_DAYS ? RECENT_FEED_FILE : FULL_FEED_FILE, source.feedBaseUrl).href
}

function dayNumber(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)))
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`
}
