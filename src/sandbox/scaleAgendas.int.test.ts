import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseSandboxArgs } from './cli'
import type { ApiDocument } from './model'
import { request, startTestSandbox, type TestSandbox } from './testing'

/** `--agendas N --documents-per-agenda M`: an accounting firm's many small agendas, and what a client cost the service. */

const BOTH_TYPES = 'type[]=PurchaseInvoice&type[]=SalesInvoice'
let t: TestSandbox
beforeAll(async () => {
  t = await startTestSandbox({ agendas: 6, documentsPerAgenda: 7, seed: 4, prerenderPreviews: false })
})
afterAll(() => t.close())

/** id, type, state, invoice number and total of every document of the added agendas. */
function scaleDocuments(sandbox: TestSandbox) {
  return sandbox.sandbox
    .state()
    .documents.filter((d) => d.agenda_id >= 5)
    .map((d) => [d.agenda_id, d.id, d.type, d.state, d.data.header.invoice_no, d.summary.total, d.created_at])
}

describe('more agendas for scale', () => {
  it('adds N agendas owned by the demo user, each with M generated documents', async () => {
    const agendas = (await t.api('GET', '/api/v1_2/agendas')).body.agendas as { id: number; name: string }[]
    expect(agendas.map((a) => a.id)).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10])
    expect(agendas.find((a) => a.id === 5)!.name).toBe('Client 0001 Ltd.')
    for (const id of [5, 10]) {
      const page = await t.api('GET', `/api/v1_2/documents?agenda_id=${id}&${BOTH_TYPES}&page=1`)
      expect(page.body.documents).toHaveLength(7)
      expect(
        page.body.documents.every(
          (d: ApiDocument) =>
            d.customer.name === `Client 000${id - 4} Ltd.` || d.supplier.name === `Client 000${id - 4} Ltd.`,
        ),
      ).toBe(true)
    }
    // The colleague has no rights on them.
    const colleague = await t.api('GET', '/api/v1_2/documents?agenda_id=5', { token: await t.token(2) })
    expect(colleague.status).toBe(403)
  })

  it('is the same for the same seed and differs between agendas and seeds', async () => {
    const again = await startTestSandbox({ agendas: 6, documentsPerAgenda: 7, seed: 4, prerenderPreviews: false })
    const other = await startTestSandbox({ agendas: 6, documentsPerAgenda: 7, seed: 5, prerenderPreviews: false })
    try {
      expect(scaleDocuments(again)).toEqual(scaleDocuments(t))
      expect(scaleDocuments(other)).not.toEqual(scaleDocuments(t))
      const totals = (agendaId: number) =>
        scaleDocuments(t)
          .filter((d) => d[0] === agendaId)
          .map((d) => d[5])
      expect(totals(5)).not.toEqual(totals(6))
    } finally {
      await Promise.all([again.close(), other.close()])
    }
  })

  it('reads --agendas and --documents-per-agenda', () => {
    expect(parseSandboxArgs(['--agendas', '200', '--documents-per-agenda', '20'])).toMatchObject({
      agendas: 200,
      documentsPerAgenda: 20,
    })
    expect(() => parseSandboxArgs(['--agendas', 'many'])).toThrow(/--agendas must be a number >= 0/)
  })
})

describe('the request log summary', () => {
  it('counts requests per route and the most in flight at once; a reset starts a new count', async () => {
    await request(`${t.url}/_sandbox/stats/reset`, { method: 'POST' })
    t.sandbox.setFaults({ latencyMs: 30 })
    try {
      const token = await t.token()
      const list = (agendaId: number) =>
        request(`${t.url}/api/v1_2/documents?agenda_id=${agendaId}&page=1`, {
          headers: { authorization: `Bearer ${token}` },
        })
      await Promise.all([5, 6, 7, 8].map(list))
      await list(9)
    } finally {
      t.sandbox.setFaults({ latencyMs: 0 })
    }
    const stats = (await request(`${t.url}/_sandbox/stats?reset=1`)).body
    expect(stats).toMatchObject({
      requests: 5,
      byRoute: { 'GET /api/v1_2/documents': 5 },
      inFlight: 0,
      peakInFlight: 4,
    })
    expect(Date.parse(stats.since)).toBeGreaterThan(0)
    // `?reset=1` answered the count so far and started a new one (the stats route itself is not counted).
    expect(t.sandbox.stats()).toMatchObject({ requests: 0, byRoute: {}, peakInFlight: 0 })
  })
})
