import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiDocument } from './model'
import { request, startTestSandbox, type TestSandbox } from './testing'

/** Fault modes for clients to be tested against: a listing that never ends, a page no real page can be. */

const BOTH_TYPES = 'type[]=PurchaseInvoice&type[]=SalesInvoice'
let t: TestSandbox
beforeAll(async () => {
  t = await startTestSandbox({ documents: 120, seed: 3, prerenderPreviews: false })
})
afterAll(() => t.close())

const ids = async (agendaId: number, page: number) =>
  (await t.api('GET', `/api/v1_2/documents?agenda_id=${agendaId}&${BOTH_TYPES}&page=${page}`)).body.documents.map(
    (d: ApiDocument) => d.id,
  ) as number[]

describe('endlessListing', () => {
  it('same-ids: every page of the agenda answers its first 50 documents; other agendas are left alone', async () => {
    const first = await ids(2, 1)
    t.sandbox.setFaults({ endlessListing: 'same-ids', endlessListingAgendaId: 2 })
    try {
      expect(await ids(2, 7)).toEqual(first)
      expect(await ids(2, 70_000)).toEqual(first)
      expect(await ids(1, 2)).toEqual([])
    } finally {
      t.sandbox.setFaults({ endlessListing: 'off', endlessListingAgendaId: 0 })
    }
    expect(await ids(2, 7)).toEqual([])
  })

  it('new-ids: every page answers 50 documents never listed before, valid as the service sends them', async () => {
    t.sandbox.setFaults({ endlessListing: 'new-ids' })
    try {
      const page1 = await ids(2, 1)
      const page9 = await ids(2, 9)
      expect(page1).toHaveLength(50)
      expect(page9[0]).toBe(900_000_000 - 8 * 50)
      expect(new Set([...page1, ...page9]).size).toBe(100)
    } finally {
      t.sandbox.setFaults({ endlessListing: 'off' })
    }
  })

  it('PUT /_sandbox/faults accepts the modes and refuses others', async () => {
    const put = (body: unknown) =>
      request(`${t.url}/_sandbox/faults`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const bad = await put({ endlessListing: 'forever' })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({ endlessListing: ['must be one of off, same-ids, new-ids, ascending'] })
    expect((await put({ endlessListing: 'same-ids', hugePageBytes: 0 })).body.endlessListing).toBe('same-ids')
    expect((await put({ endlessListing: 'off' })).status).toBe(200)
  })
})

describe('hugePageBytes', () => {
  it('answers every listing page with a valid JSON body of that many bytes, streamed without Content-Length', async () => {
    t.sandbox.resetStats()
    t.sandbox.setFaults({ hugePageBytes: 300_000 })
    try {
      const res = await t.api('GET', `/api/v1_2/documents?agenda_id=2&page=1`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-length')).toBeNull()
      expect(Buffer.byteLength(res.text)).toBe(300_000)
      expect(res.body.documents).toEqual([])
      expect(t.sandbox.stats().hugePageBytesSent).toBe(300_000)
    } finally {
      t.sandbox.setFaults({ hugePageBytes: 0 })
    }
  })
})
