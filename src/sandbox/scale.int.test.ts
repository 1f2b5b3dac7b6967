import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiDocument } from './model'
import { startTestSandbox, type TestSandbox } from './testing'

/** 10,000 generated documents: the whole agenda pages through (speed targets live in bench/). */
let t: TestSandbox
beforeAll(async () => {
  t = await startTestSandbox({ documents: 10_000, seed: 2 })
})
afterAll(() => t.close())

describe('an agenda of 10,000 documents', () => {
  it('holds 10,000 documents in agenda 2, and paging by 50 with both types returns each exactly once', async () => {
    expect(t.sandbox.state().documents.filter((d) => d.agenda_id === 2)).toHaveLength(10_000)
    const ids: number[] = []
    for (let page = 1; page <= 201; page++) {
      const res = await t.api(
        'GET',
        `/api/v1_2/documents?agenda_id=2&type[]=PurchaseInvoice&type[]=SalesInvoice&page=${page}`,
      )
      expect(res.status).toBe(200)
      ids.push(...res.body.documents.map((d: ApiDocument) => d.id))
      if (res.body.documents.length < 50) break
    }
    expect(ids).toHaveLength(10_000)
    expect(new Set(ids).size).toBe(10_000)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
  })
})
