import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { EVERY_DOCUMENT, FIRST_ROWS } from '../../../shared/documents/testing'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SyncStatus } from '../../../shared/ipc'
import { closeFakeServices } from '../../api/testing/fakeService'
import { STATE_FILE_NAME } from '../../ecbRates'
import { ecbLike, SAMPLE_FEED, startFeedServer, type FeedServer } from '../../ecbRates/testing/feeds'
import { EventBus } from '../eventBus'
import type { Handlers } from '../router'
import { FakeWorkspace, sampleDocument } from '../testing/fakeWorkspace'
import { routerCall } from '../testing/routerCall'
import { createTriageHandlers } from '../triage'
import { createReferenceRatesService, type ReferenceRatesService } from './service'

let dir: string
let bus: EventBus
let events: { event: string; payload: unknown }[]
let service: ReferenceRatesService | null
const clock = new Date(2026, 10, 24, 10, 0)

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'docket-rates-app-'))
  bus = new EventBus(() => undefined)
  events = []
  bus.connect((event, payload) => events.push({ event, payload }))
  service = null
})
afterEach(async () => {
  await service?.close()
  await closeFakeServices()
  rmSync(dir, { recursive: true, force: true })
})

function start(serviceUrl: string, ecb?: FeedServer): ReferenceRatesService {
  service = createReferenceRatesService({
    userDataDir: dir,
    serviceUrl: () => serviceUrl,
    ...(ecb ? { feedBaseUrl: ecb.folder } : {}),
    now: () => clock,
    subscribe: (listener) => bus.connect(listener),
    emit: (event, payload) => bus.emit(event, payload),
  })
  return service
}

const GOOD_SYNC: SyncStatus = {
  online: true,
  syncing: false,
  paused: false,
  lastSyncAt: '2026-11-24T09:00:00.000Z',
  pending: 0,
  failed: 0,
  progress: { done: 1, expected: 1 },
  lastError: null,
  connection: 'online',
  retryAt: null,
  waitUntil: null,
  storageError: null,
  offlineCopies: { done: 0, total: 0, running: false, stopped: null },
  signedOutQueued: 0,
}

/** Emits a sync status and lets the update it may start finish. */
async function synced(status: SyncStatus = GOOD_SYNC): Promise<void> {
  bus.emit('sync.status', status)
  await new Promise((resolve) => setTimeout(resolve, 0))
  for (let i = 0; i < 200 && service?.status().updating; i++) await new Promise((resolve) => setTimeout(resolve, 10))
}

const named = (name: string) => events.filter((e) => e.event === name)

describe('the reference rates in the running app', () => {
  it('update after a completed online sync only while the preference is on', async () => {
    const ecb = await startFeedServer(ecbLike(SAMPLE_FEED))
    const rates = start('https://service.example.com', ecb)
    await synced()
    expect(ecb.requests).toHaveLength(0)
    expect(rates.status()).toMatchObject({ source: 'ecb', updatesEnabled: false, newestDay: '2025-05-09' })

    await synced({ ...GOOD_SYNC, syncing: true })
    rates.setEnabled(true)
    await synced({ ...GOOD_SYNC, online: false, connection: 'offline' })
    await synced({ ...GOOD_SYNC, lastError: { code: 'server', message: 'The service failed.' } })
    expect(ecb.requests).toHaveLength(0)

    await synced()
    expect(ecb.requests.map((r) => r.path)).toEqual(['/stats/eurofxref/eurofxref-hist.xml'])
    expect(rates.status()).toMatchObject({ newestDay: '2025-05-16', updatesEnabled: true })
    expect(named('documents.changed').map((e) => e.payload)).toEqual([{ documentIds: [], agendaIds: [] }])
    expect(named('app.referenceRatesChanged').at(-1)!.payload).toMatchObject({ newestDay: '2025-05-16' })
    expect(existsSync(join(dir, STATE_FILE_NAME))).toBe(true)
  })

  it('update at once when the preference is turned on after a completed sync', async () => {
    const ecb = await startFeedServer(ecbLike(SAMPLE_FEED))
    const rates = start('https://service.example.com', ecb)
    await synced()
    expect(ecb.requests).toHaveLength(0)
    rates.setEnabled(true)
    await synced({ ...GOOD_SYNC, syncing: true })
    expect(ecb.requests).toHaveLength(1)
    expect(rates.status().newestDay).toBe('2025-05-16')
  })

  it("make the inbox row and the open document's check use the new days, without a restart", async () => {
    const ecb = await startFeedServer(ecbLike(SAMPLE_FEED))
    const rates = start('https://service.example.com', ecb)
    rates.setEnabled(true)
    const workspace = new FakeWorkspace().addAgenda({ id: 1, name: 'Demo s.r.o.', home_currency: 'CZK' }).addDocument(
      1,
      sampleDocument(10, {
        data: { header: { invoice_no: 'INV-10', issue_date: '2025-05-16', currency: 'USD', currency_rate: '23.9' } },
        supplier: { name: 'Supplier 10', vat_id: 'CZ12345679' },
      }),
    )
    const call = routerCall(
      createTriageHandlers(() => workspace, {
        subscribe: (listener) => bus.connect(listener),
        referenceRates: () => rates.table(),
      }) as Handlers,
    )
    const rowWarnings = async () =>
      (
        (await call('documents.query', { agendaId: 1, query: EVERY_DOCUMENT, window: FIRST_ROWS })) as {
          rows: { warnings: string[] }[]
        }
      ).rows[0]!.warnings
    const check = async () =>
      ((await call('documents.get', { id: 10 })) as { checks: { code: string; variant?: string }[] }).checks.find(
        (c) => c.code === 'exchange_rate',
      )
    expect(await rowWarnings()).not.toContain('exchange_rate')
    expect(await check()).toMatchObject({ status: 'ok' })

    await synced()
    expect(await rowWarnings()).toContain('exchange_rate')
    expect(await check()).toMatchObject({ status: 'warning', variant: 'off', params: { reference: 22.3111 } })
  })

  it('answer where the rates stand on app.referenceRates', async () => {
    const rates = start('https://service.example.com')
    const call = routerCall(rates.handlers as Handlers)
    expect(await call('app.referenceRates', {})).toEqual({
      source: 'ecb',
      newestDay: '2025-05-09',
      shippedUntil: '2025-05-09',
      updatesEnabled: false,
      updating: false,
      lastCheckedAt: null,
      lastError: null,
    })
  })
})
