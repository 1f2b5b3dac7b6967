import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiDocument } from './model'
import { startTestSandbox, type TestSandbox } from './testing'

/**
 * `Sandbox.dropCaches`: benchmarks measure a floor (the transport alone making the requests
 * Docket just made) right after Docket, and the floor must make the sandbox do the same
 * listing work Docket's requests did, not be served what they computed.
 */
let t: TestSandbox
beforeAll(async () => {
  t = await startTestSandbox({ documents: 200, seed: 3 })
})
afterAll(() => t.close())

const PAGE = '/api/v1_2/documents?agenda_id=2&type[]=PurchaseInvoice&type[]=SalesInvoice&page=1'

async function listPage(): Promise<ApiDocument[]> {
  const res = await t.api('GET', PAGE)
  expect(res.status).toBe(200)
  return res.body.documents as ApiDocument[]
}

/** The listing work a call cost the sandbox (list queries computed, documents rendered). */
async function workOf(
  call: () => Promise<unknown>,
): Promise<{ listQueriesComputed: number; documentsRendered: number }> {
  const before = t.sandbox.cacheWork()
  await call()
  const after = t.sandbox.cacheWork()
  return {
    listQueriesComputed: after.listQueriesComputed - before.listQueriesComputed,
    documentsRendered: after.documentsRendered - before.documentsRendered,
  }
}

describe('Sandbox.dropCaches (a floor meets the service as Docket met it)', () => {
  it('serves a repeated listing from its caches: no list query computed, no document rendered', async () => {
    await listPage()
    expect(await workOf(listPage)).toEqual({ listQueriesComputed: 0, documentsRendered: 0 })
  })

  it('makes the next listing compute its query again and render exactly the documents named, changing no data', async () => {
    const first = await listPage()
    const named = first.slice(0, 7).map((d) => d.id)
    // Documents compared without their signed `original` address, which moves with the clock
    // (a second ticking between two readings changes it).
    const strip = (docs: ApiDocument[]) => docs.map(({ original: _original, ...rest }) => rest)
    const stateBefore = JSON.stringify(strip(t.sandbox.state().documents))
    t.sandbox.dropCaches({ renderedDocumentIds: [...named, 999_999] })
    let again: ApiDocument[] = []
    expect(
      await workOf(async () => {
        again = await listPage()
      }),
    ).toEqual({ listQueriesComputed: 1, documentsRendered: named.length })
    // The same answer, and the same data.
    expect(strip(again)).toEqual(strip(first))
    expect(JSON.stringify(strip(t.sandbox.state().documents))).toBe(stateBefore)
    expect(await workOf(listPage)).toEqual({ listQueriesComputed: 0, documentsRendered: 0 })
  })

  it('drops the list caches alone when no document is named: rendered JSON stays warm', async () => {
    await listPage()
    t.sandbox.dropCaches()
    expect(await workOf(listPage)).toEqual({ listQueriesComputed: 1, documentsRendered: 0 })
  })
})
