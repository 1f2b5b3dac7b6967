import { join } from 'node:path'
import { ECB_REFERENCE_RATES, newestReferenceDay, type ReferenceRateTable } from '../../shared/checks/exchangeRate'
import { isReferenceRatesError, ReferenceRatesError, type ReferenceRatesErrorCode } from './errors'
import { fetchFeed, type FetchFeedOptions } from './fetchFeed'
import { appendFeedDays, rowsAfter, withStoredRows } from './merge'
import { parseEcbFeed } from './parseFeed'
import { feedUrlFor, type RateSource } from './sources'
import { emptyStoredRates, readStoredRates, STATE_FILE_NAME, writeStoredRates, type StoredRates } from './store'

/** Where the table stands, for the preferences and the diagnostics. */
export interface ReferenceRatesState {
  source: RateSource['id']
  /** Newest day of the table the checks use (YYYY-MM-DD). */
  newestDay: string
  /** Newest day of the table shipped with this version. */
  shippedUntil: string
  /** An update is running now. */
  updating: boolean
  /** When a server last answered with the rates or "not modified" (UTC ISO 8601), null if never. */
  lastCheckedAt: string | null
  /** Why the last attempt failed, null when it did not. */
  lastError: { code: ReferenceRatesErrorCode; message: string } | null
}

/** What one call of {@link ReferenceRateUpdater.update} did. */
export type UpdateOutcome =
  | { kind: 'updated'; added: number; newestDay: string; saved: boolean }
  /** Asked, but nothing new: the server said 304, or the file had no day after the table. */
  | { kind: 'unchanged'; reason: 'not_modified' | 'no_new_days' }
  /** Not asked: the table already reaches today, today's attempt was made, or one is running. */
  | { kind: 'skipped'; reason: 'up_to_date' | 'tried_today' | 'in_progress' }
  | { kind: 'failed'; error: ReferenceRatesError }

export interface ReferenceRateUpdaterOptions {
  source: RateSource
  /** The table shipped with Docket (default: the ECB table of src/shared/checks). */
  shipped?: ReferenceRateTable
  /** The user-data folder, where a persisting source keeps its file; null keeps nothing on disk. */
  dataDir: string | null
  fetch?: FetchFeedOptions
  /** The clock: the local calendar day decides "once a day". */
  now?: () => Date
  log?: (line: string) => void
}

/**
 * The reference-rate table the checks use, and its update. `table()` is the shipped table with
 * the days fetched since (read from the user-data folder the first time it is asked for).
 * `update()` fetches the newer days when the table ends before today, at most once per local
 * calendar day whatever the outcome: a failed attempt is tried again the next day (or after
 * the next start for a source that keeps nothing on disk), so a host that is down is not
 * asked every minute. It never throws: a failure leaves the table as it was and is reported
 * in the outcome and in `status().lastError`. When the fetched days cannot be saved (a full
 * disk), they are still used until the app quits.
 */
export class ReferenceRateUpdater {
  private readonly shipped: ReferenceRateTable
  private readonly statePath: string | null
  private readonly now: () => Date
  private readonly log: (line: string) => void
  private readonly stop = new AbortController()
  private current: ReferenceRateTable
  private state: StoredRates
  private loaded = false
  private running: Promise<UpdateOutcome> | null = null

  constructor(private readonly options: ReferenceRateUpdaterOptions) {
    this.shipped = options.shipped ?? ECB_REFERENCE_RATES
    this.statePath = options.source.persist && options.dataDir ? join(options.dataDir, STATE_FILE_NAME) : null
    this.now = options.now ?? (() => new Date())
    this.log = options.log ?? (() => undefined)
    this.current = this.shipped
    this.state = emptyStoredRates(this.shipped.currencies)
  }

  /** The table the checks use now. */
  table(): ReferenceRateTable {
    this.load()
    return this.current
  }

  /** Where the table stands. */
  status(): ReferenceRatesState {
    this.load()
    const lastError = this.state.lastError
    return {
      source: this.options.source.id,
      newestDay: newestReferenceDay(this.current) ?? '',
      shippedUntil: newestReferenceDay(this.shipped) ?? '',
      updating: this.running !== null,
      lastCheckedAt: this.state.lastCheckedAt,
      lastError: lastError ? { code: lastError.code as ReferenceRatesErrorCode, message: lastError.message } : null,
    }
  }

  /** Fetches the days after the table's end, by the once-a-day rule above. Never rejects. */
  update(): Promise<UpdateOutcome> {
    if (this.running) return Promise.resolve({ kind: 'skipped', reason: 'in_progress' })
    this.load()
    const today = localDay(this.now())
    const newest = newestReferenceDay(this.current) ?? ''
    if (newest >= today) return Promise.resolve({ kind: 'skipped', reason: 'up_to_date' })
    if (this.state.lastAttemptDay === today) return Promise.resolve({ kind: 'skipped', reason: 'tried_today' })
    const running = this.attempt(today, newest).finally(() => {
      this.running = null
    })
    this.running = running
    return running
  }

  /** Stops a running update (the app is closing) and waits for it to end. */
  async close(): Promise<void> {
    this.stop.abort()
    await this.running
  }

  private async attempt(today: string, newest: string): Promise<UpdateOutcome> {
    this.state = { ...this.state, lastAttemptDay: today }
    const url = feedUrlFor(this.options.source, newest, today)
    try {
      const answer = await fetchFeed(url, this.state.validators[url], {
        ...this.options.fetch,
        signal: this.stop.signal,
      })
      const checkedAt = this.now().toISOString()
      if (answer.kind === 'not_modified') {
        this.state = { ...this.state, lastCheckedAt: checkedAt, lastError: null }
        await this.save()
        this.log(`Reference rates: ${url} not modified since the last update`)
        return { kind: 'unchanged', reason: 'not_modified' }
      }
      // tomorrow by this clock: the ECB's day may already have begun in a time zone ahead of it
      const feed = parseEcbFeed(answer.text, { after: newest, today: dayAfter(today) })
      const { table, added } = appendFeedDays(this.current, feed)
      this.current = table
      this.state = {
        ...this.state,
        validators: { ...this.state.validators, [url]: answer.validators },
        lastCheckedAt: checkedAt,
        lastError: null,
      }
      const saved = await this.save()
      const newestDay = newestReferenceDay(table) ?? newest
      this.log(`Reference rates: ${added.length} new day(s) from ${url}, now up to ${newestDay}`)
      return added.length > 0
        ? { kind: 'updated', added: added.length, newestDay, saved }
        : { kind: 'unchanged', reason: 'no_new_days' }
    } catch (error) {
      const failure = isReferenceRatesError(error)
        ? error
        : new ReferenceRatesError('bad_format', 'The reference rates could not be read.', undefined, { cause: error })
      this.state = { ...this.state, lastError: { code: failure.code, message: failure.message } }
      await this.save()
      this.log(`Reference rates: update from ${url} failed (${failure.code}): ${failure.message}`)
      return { kind: 'failed', error: failure }
    }
  }

  /** Writes the state with the rows after the shipped table; answers false (and notes why) when it could not. */
  private async save(): Promise<boolean> {
    if (!this.statePath) return true
    const state: StoredRates = {
      ...this.state,
      currencies: [...this.shipped.currencies],
      days: rowsAfter(this.current, this.shipped.days.length) as StoredRates['days'],
    }
    try {
      await writeStoredRates(this.statePath, state)
      this.state = state
      return true
    } catch (error) {
      const failure = error as ReferenceRatesError
      this.log(`Reference rates: ${failure.message} The new days are used until Docket quits.`)
      this.state = { ...state, lastError: this.state.lastError ?? { code: failure.code, message: failure.message } }
      return false
    }
  }

  private load(): void {
    if (this.loaded) return
    this.loaded = true
    if (!this.statePath) return
    const read = readStoredRates(this.statePath)
    if (read.kind === 'unusable') {
      this.log(
        `Reference rates: the stored file ${this.statePath} is unusable (${read.reason}); using the shipped table`,
      )
      return
    }
    if (read.kind === 'none') return
    this.state = read.state
    this.current = withStoredRows(this.shipped, read.state)
  }
}

/** The local calendar day of `date`, YYYY-MM-DD. */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

function dayAfter(day: string): string {
  const time = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)))
  return new Date(time + 86_400_000).toISOString().slice(0, 10)
}
