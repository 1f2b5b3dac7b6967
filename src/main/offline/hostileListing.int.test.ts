import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox'
import type { ApiClient } from '../api/client'
import { MAX_LISTING_PAGE_BYTES } from '../api/pagination'
import { sandboxClient } from './testing/sandboxClient'
import { openWorkspace, type OfflineWorkspace } from './workspace'

/**
 * A hostile service (the sandbox's hostile listing faults) against the offline workspace over
 * real HTTP: a listing that never ends is stopped after a bounded number of requests and its
 * agenda held (one listing, not one per pull) until "sync now", the documents it brought are
 * removed again, a page far larger than a real one is refused without being read whole, and the
 * documents stored before stay.
 */

const SCALE_AGENDA = 2
/** Listings stop after this many full pages here (4,000 in the app: 200,000 documents). */
const MAX_PAGES = 40
let sandbox: Sandbox
let client: ApiClient
let dir: string
let ws: OfflineWorkspace
/** Documents of each agenda the workspace held after a good sync. */
let held: Map<number, number>

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, admin: true, documents: 120, prerenderPreviews: false })
  const demo = sandbox.credentials.users[0]!
  client = await sandboxClient({ url: sandbox.url, ...sandbox.credentials, email: demo.email, password: demo.password })
  dir = await mkdtemp(join(tmpdir(), 'docket-hostile-listing-'))
  // Every pull lists every agenda in full, so each test meets the hostile listing from page 1.
  ws = await openWorkspace({
    dir,
    client,
    userId: demo.id,
    options: { fullPullIntervalMs: 0, maxPagesPerListing: MAX_PAGES, backoffBaseMs: 20, backoffMaxMs: 200 },
  })
  await ws.syncNow()
  expect(ws.status().lastError).toBeNull()
  held = await counts()
  expect(held.get(SCALE_AGENDA)).toBeGreaterThan(50)
})

afterEach(async () => {
  sandbox.setFaults({ endlessListing: 'off', endlessListingAgendaId: 0, hugePageBytes: 0 })
  // Lifts any hold, and leaves the workspace as the good sync left it.
  await ws.syncNow()
})

afterAll(async () => {
  await ws?.close()
  await client?.close()
  await sandbox?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

async function counts(): Promise<Map<number, number>> {
  const result = new Map<number, number>()
  for (const agenda of await ws.listAgendas()) result.set(agenda.id, (await ws.listDocuments(agenda.id)).length)
  return result
}

/** Runs a sync against the hostile service; the document-list requests it made. */
async function hostileSync(): Promise<number> {
  sandbox.resetStats()
  await ws.syncNow()
  return sandbox.stats().byRoute['GET /api/v1_2/documents'] ?? 0
}

/** Background pulls the workspace runs on its own (start()), for `ms`: document-list requests meanwhile. */
async function backgroundRequests(ms: number): Promise<number> {
  sandbox.resetStats()
  await new Promise((resolve) => setTimeout(resolve, ms))
  return sandbox.stats().byRoute['GET /api/v1_2/documents'] ?? 0
}

describe('a listing that never ends', () => {
  it('with the same documents on every page: the agenda is held, naming it, after a few requests', async () => {
    sandbox.setFaults({ endlessListing: 'same-ids', endlessListingAgendaId: SCALE_AGENDA })
    const requests = await hostileSync()
    const status = ws.status()
    expect(status.heldAgendas).toEqual([
      { agendaId: SCALE_AGENDA, code: 'bad_response', message: expect.stringMatching(/agenda 2 again on page \d+/) },
    ])
    expect(status.lastError).toMatchObject({ code: 'bad_response' })
    // One page per other agenda, and page 1 + the pages asked ahead of the repeat.
    expect(requests).toBeLessThanOrEqual(10)
    expect(await counts()).toEqual(held)
  })

  it('with new documents on every page: one listing up to the cap, then the agenda is held, not pulled again', async () => {
    sandbox.setFaults({ endlessListing: 'new-ids', endlessListingAgendaId: SCALE_AGENDA })
    const rssBefore = process.memoryUsage().rss
    const requests = await hostileSync()
    const status = ws.status()
    expect(status.heldAgendas).toEqual([
      {
        agendaId: SCALE_AGENDA,
        code: 'bad_response',
        message: 'The service lists more than 2,000 documents in agenda 2 (40 pages); Docket stops there.',
      },
    ])
    // The cap's pages, the pages asked ahead of it (at most the 6 in flight) and one page per other agenda.
    expect(requests).toBeLessThanOrEqual(MAX_PAGES + 6 + held.size)
    // The made-up documents are gone again: the store holds what it held before.
    expect(await counts()).toEqual(held)
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(150 * 1024 * 1024)
    // The background loop does not pull it again and again: the held agenda costs no request.
    ws.noteActivity(SCALE_AGENDA)
    ws.start()
    const later = await backgroundRequests(1_500)
    // A pull of the other agendas at most (a few pages); the held one again would be 40 pages or more.
    expect(later).toBeLessThan(10)
    expect(ws.status().heldAgendas).toHaveLength(1)
    // "Sync now" lifts the hold: with the service well again, the agenda is listed and held no more.
    sandbox.setFaults({ endlessListing: 'off' })
    await ws.syncNow()
    expect(ws.status().heldAgendas).toEqual([])
    expect(ws.status().lastError).toBeNull()
    expect(await counts()).toEqual(held)
  })

  it('with ids going up: the listing ends at the page that breaks the order and the agenda is held', async () => {
    sandbox.setFaults({ endlessListing: 'ascending', endlessListingAgendaId: SCALE_AGENDA })
    const requests = await hostileSync()
    expect(ws.status().heldAgendas).toEqual([
      {
        agendaId: SCALE_AGENDA,
        code: 'bad_response',
        message: expect.stringMatching(/agenda 2 out of order on page 2/),
      },
    ])
    expect(requests).toBeLessThanOrEqual(10)
    expect(await counts()).toEqual(held)
  })
})

describe('a listing page larger than any real one', () => {
  it('is refused without being read whole, and the sync ends with bad_response', async () => {
    const huge = 200 * 1024 * 1024
    sandbox.setFaults({ hugePageBytes: huge })
    const pages = await hostileSync()
    expect(ws.status().lastError).toMatchObject({ code: 'bad_response' })
    expect(ws.status().lastError!.message).toMatch(/too large/)
    // Each page was dropped just past the limit: of the 200 MB the sandbox sent little more (what
    // the loopback socket's buffers took, a few MB).
    expect(pages).toBeGreaterThan(0)
    expect(sandbox.stats().hugePageBytesSent / pages).toBeLessThan(2 * MAX_LISTING_PAGE_BYTES)
    sandbox.setFaults({ hugePageBytes: 0 })
    await ws.syncNow()
    expect(ws.status().lastError).toBeNull()
    expect(ws.status().heldAgendas).toEqual([])
  })
})
