import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ECB_REFERENCE_RATES, newestReferenceDay } from '../../shared/checks/exchangeRate'
import { runChecks } from '../../shared/checks/run'
import type { CheckedDocument } from '../../shared/checks/context'
import { closeFakeServices } from '../api/testing/fakeService'
import { ecbSource } from './sources'
import { STATE_FILE_NAME } from './store'
import { ecbLike, ecbXml, SAMPLE_FEED, startFeedServer, type FeedServer } from './testing/feeds'
import { ReferenceRateUpdater, type ReferenceRateUpdaterOptions } from './updater'

let dir: string
let clock: Date
let lines: string[]
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'docket-rates-'))
  clock = new Date(2026, 10, 24, 10, 0)
  lines = []
})
afterEach(async () => {
  await closeFakeServices()
  rmSync(dir, { recursive: true, force: true })
})

function updaterFor(ecb: FeedServer, extra: Partial<ReferenceRateUpdaterOptions> = {}): ReferenceRateUpdater {
  return new ReferenceRateUpdater({
    source: ecbSource(ecb.folder),
    dataDir: dir,
    now: () => clock,
    log: (line) => lines.push(line),
    fetch: { timeoutMs: 2000 },
    ...extra,
  })
}

const SHIPPED_END = newestReferenceDay(ECB_REFERENCE_RATES)!

describe('updating the reference rates', () => {
  it('fetches the whole history when the table ends more than 80 days ago, and keeps the new days', async () => {
    const ecb = await startFeedServer(ecbLike(SAMPLE_FEED))
    const updater = updaterFor(ecb)
    expect(updater.status()).toMatchObject({ source: 'ecb', newestDay: SHIPPED_END, shippedUntil: '2025-05-09' })

    expect(await updater.update()).toEqual({ kind: 'updated', added: 5, newestDay: '2025-05-16', saved: true })
    expect(ecb.requests.map((r) => r.path)).toEqual(['/stats/eurofxref/eurofxref-hist.xml'])
    expect(newestReferenceDay(updater.table())).toBe('2025-05-16')
    expect(updater.status()).toMatchObject({ newestDay: '2025-05-16', lastError: null, updating: false })

    // a new start reads them back from the user-data folder
    const restarted = updaterFor(ecb)
    expect(newestReferenceDay(restarted.table())).toBe('2025-05-16')
    expect(restarted.table().days.length).toBe(ECB_REFERENCE_RATES.days.length + 5)
  })

  it('asks for the 90-day file while the table is recent', async () => {
    clock = new Date(2025, 5, 1, 10, 0)
    const ecb = await startFeedServer(ecbLike(SAMPLE_FEED))
    expect(await updaterFor(ecb).update()).toMatchObject({ kind: 'updated', added: 5 })
    expect(ecb.requests.map((r) => r.path)).toEqual(['/stats/eurofxref/eurofxref-hist-90d.xml'])
  })

  it('tries once a calendar day; the next day it asks conditionally, and a 304 keeps the table', async () => {
    const ecb = await startFeedServer(ecbLike(SAMPLE_FEED, '"v1"'))
    const updater = updaterFor(ecb)
    await updater.update()
    clock = new Date(2026, 10, 24, 23, 59)
    expect(await updater.update()).toEqual({ kind: 'skipped', reason: 'tried_today' })
    expect(ecb.requests).toHaveLength(1)

    clock = new Date(2026, 10, 25, 8, 0)
    expect(await updater.update()).toEqual({ kind: 'unchanged', reason: 'not_modified' })
    expect(ecb.requests).toHaveLength(2)
    expect(ecb.requests[1]!.headers['if-none-match']).toBe('"v1"')
    expect(newestReferenceDay(updater.table())).toBe('2025-05-16')
    expect(updater.status().lastCheckedAt).toBe(clock.toISOString())

    // the validators survive a restart too
    clock = new Date(2026, 10, 26, 8, 0)
    expect(await updaterFor(ecb).update()).toEqual({ kind: 'unchanged', reason: 'not_modified' })
    expect(ecb.requests[2]!.headers['if-none-match']).toBe('"v1"')
  })

  it('asks nothing when the table already reaches today, and runs one update at a time', async () => {
    clock = new Date(2025, 4, 9, 18, 0)
    const ecb = await startFeedServer(ecbLike(SAMPLE_FEED))
    expect(await updaterFor(ecb).update()).toEqual({ kind: 'skipped', reason: 'up_to_date' })
    expect(ecb.requests).toHaveLength(0)

    clock = new Date(2026, 10, 24, 10, 0)
    const updater = updaterFor(ecb)
    const first = updater.update()
    expect(await updater.update()).toEqual({ kind: 'skipped', reason: 'in_progress' })
    expect(updater.status().updating).toBe(true)
    await first
    expect(ecb.requests).toHaveLength(1)
  })

  it.each([
    ['a server error', (res: import('node:http').ServerResponse) => res.writeHead(500).end('oops'), 'bad_status'],
    ['garbage', (res: import('node:http').ServerResponse) => res.writeHead(200).end('<<<>>>not xml'), 'bad_format'],
    [
      'an HTML page',
      (res: import('node:http').ServerResponse) =>
        res.writeHead(200).end('<html><body>Log in to the hotel Wi-Fi</body></html>'),
      'bad_format',
    ],
    [
      'a body over the cap',
      (res: import('node:http').ServerResponse) => res.writeHead(200).end(SAMPLE_FEED + ' '.repeat(20_000)),
      'too_large',
    ],
    [
      'a negative rate',
      (res: import('node:http').ServerResponse) =>
        res.writeHead(200).end(ecbXml([{ day: '2025-05-12', rates: { USD: '-1.11' } }])),
      'invalid_rates',
    ],
    [
      'a day that does not exist',
      (res: import('node:http').ServerResponse) =>
        res.writeHead(200).end(ecbXml([{ day: '2025-05-32', rates: { USD: '1.11' } }])),
      'invalid_rates',
    ],
  ])('after %s nothing changes, the error is kept, and it is not tried again that day', async (_what, answer, code) => {
    const ecb = await startFeedServer((_req, res) => answer(res))
    const updater = updaterFor(ecb, { fetch: { timeoutMs: 2000, maxBytes: SAMPLE_FEED.length + 1000 } })
    const outcome = await updater.update()
    expect(outcome).toMatchObject({ kind: 'failed', error: { code } })
    expect(updater.table()).toBe(ECB_REFERENCE_RATES)
    expect(updater.status().lastError).toMatchObject({ code })
    expect(lines.join('\n')).toMatch(new RegExp(`failed \\(${code}\\)`))
    expect(await updater.update()).toEqual({ kind: 'skipped', reason: 'tried_today' })
    expect(ecb.requests).toHaveLength(1)
    // the failure is remembered across a restart, with no day stored
    const stored = JSON.parse(readFileSync(join(dir, STATE_FILE_NAME), 'utf8'))
    expect(stored).toMatchObject({ days: [], lastAttemptDay: '2026-11-24', lastError: { code } })
  })

  it('uses the new days until Docket quits when they cannot be saved (a full disk)', async () => {
    const ecb = await startFeedServer(ecbLike(SAMPLE_FEED))
    writeFileSync(join(dir, 'blocker'), 'a file where the folder should be')
    const updater = updaterFor(ecb, { dataDir: join(dir, 'blocker') })
    expect(await updater.update()).toEqual({ kind: 'updated', added: 5, newestDay: '2025-05-16', saved: false })
    expect(newestReferenceDay(updater.table())).toBe('2025-05-16')
    expect(updater.status().lastError).toMatchObject({ code: 'storage' })
    expect(lines.join('\n')).toMatch(/could not save the reference rates.*used until Docket quits/)
  })

  it('falls back to the shipped table when the stored file is damaged, and replaces it at the next update', async () => {
    writeFileSync(join(dir, STATE_FILE_NAME), '{"format": 1, "days": [["2025-05-12", 1e999')
    const ecb = await startFeedServer(ecbLike(SAMPLE_FEED))
    const updater = updaterFor(ecb)
    expect(updater.table()).toBe(ECB_REFERENCE_RATES)
    expect(lines.join('\n')).toMatch(/unusable .*using the shipped table/)
    expect(await updater.update()).toMatchObject({ kind: 'updated', saved: true })
    expect(newestReferenceDay(updaterFor(ecb).table())).toBe('2025-05-16')
  })

  it('keeps nothing on disk for a source that is not to be kept (the sandbox)', async () => {
    const ecb = await startFeedServer(ecbLike(SAMPLE_FEED))
    const updater = updaterFor(ecb, { source: { ...ecbSource(ecb.folder), id: 'sandbox', persist: false } })
    expect(await updater.update()).toMatchObject({ kind: 'updated', saved: true })
    expect(() => readFileSync(join(dir, STATE_FILE_NAME))).toThrow(/ENOENT/)
  })
})

describe('the exchange-rate check after an update', () => {
  const CZK_AGENDA = { name: 'Demo s.r.o.', homeCurrency: 'CZK' }
  /** USD at 23.9 CZK on 2025-05-16, a week after the shipped table ends: about 7 % above the ECB's 22.31. */
  const invoice: CheckedDocument = {
    id: 1,
    data: { header: { currency: 'USD', currency_rate: '23.9', issue_date: '2025-05-16' } },
  }
  const exchangeRate = (rates: ReferenceRateUpdater) =>
    runChecks(invoice, { today: clock, agenda: [], company: CZK_AGENDA, rates: rates.table() }).find(
      (result) => result.code === 'exchange_rate',
    )

  it('flags a rate more than 5 % off only once the table knows the issue date', async () => {
    const ecb = await startFeedServer(ecbLike(SAMPLE_FEED))
    const updater = updaterFor(ecb)
    expect(exchangeRate(updater)).toEqual({
      code: 'exchange_rate',
      status: 'ok',
      money: true,
      params: { currency: 'USD', home: 'CZK', rate: 23.9 },
    })
    await updater.update()
    expect(exchangeRate(updater)).toEqual({
      code: 'exchange_rate',
      status: 'warning',
      variant: 'off',
      money: true,
      params: { currency: 'USD', home: 'CZK', rate: 23.9, reference: 22.3111, date: '2025-05-16', difference: 7.1 },
    })
  })
})
