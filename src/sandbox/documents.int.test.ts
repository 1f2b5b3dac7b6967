import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiDocument } from './model'
import { defaultFixturesDir } from './index'
import { eventually, request, startTestSandbox, type TestSandbox } from './testing'

let t: TestSandbox
beforeAll(async () => {
  t = await startTestSandbox({ documents: 130, seed: 5, jobDelayMs: 300, repairDelayMs: 300, processingDelayMs: 300 })
})
afterAll(() => t.close())

const docsOf = (agendaId: number) => t.sandbox.state().documents.filter((d) => d.agenda_id === agendaId)
const docState = (id: number) => t.sandbox.state().documents.find((d) => d.id === id)
/** A live document of agenda 2 in `state` not yet used by another test. */
const used = new Set<number>()
function pick(predicate: (d: ReturnType<typeof docsOf>[number]) => boolean) {
  const doc = docsOf(2).find((d) => !used.has(d.id) && !d.archived && predicate(d))
  if (!doc) throw new Error('no document for the test')
  used.add(doc.id)
  return doc
}

describe('GET /api/v1_2/documents', () => {
  it('lists the fixture invoices of agenda 1 as PurchaseInvoices in state not_ready, id descending, with the Document fields', async () => {
    const res = await t.api('GET', '/api/v1_2/documents?agenda_id=1')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/json')
    const docs = res.body.documents
    expect(docs.map((d: ApiDocument) => d.user_file_name)).toEqual([
      'oyo.pdf',
      'coolblue2.pdf',
      'coolblue1.pdf',
      'SammyMaystoneLinesTest.pdf',
      'QualityHosting.pdf',
      'NetpresseInvoice.pdf',
      'FlipkartInvoice.pdf',
      'AzureInterior.pdf',
    ])
    expect(docs.map((d: ApiDocument) => d.id)).toEqual([8, 7, 6, 5, 4, 3, 2, 1])
    const azure = docs.find((d: ApiDocument) => d.id === 1)
    expect(azure).toMatchObject({
      links: { self: { href: `${t.url}/api/v1_2/documents/1` } },
      type: 'PurchaseInvoice',
      state: 'not_ready',
      comments_count: 0,
      view_detail: 'summary',
      verificator_response: 'ok',
      parent_document_id: null,
      preview: '/api/v1_2/documents/1/preview',
      invoice_type: 0,
      payment_options: {},
      data: {
        header: { invoice_no: 'INV/2023/03/0008', issue_date: '2023-03-20', due_date: '2023-04-04', currency: 'USD' },
      },
      supplier: { name: 'Azure Interior', city: 'Fremont', iban: 'US1234567890' },
      // The customer printed on the invoice, not the agenda's company.
      customer: { name: 'YourCompany', city: 'Scranton', country: 'US' },
      summary: { total: 279.84, sub_total: 262.9, vat_total: 16.94 },
    })
    expect(azure.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    expect(azure.last_modified_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    expect(azure.items).toHaveLength(4)
    expect(typeof azure.items[0].id).toBe('number')
    expect(typeof azure.tax_lines[0].id).toBe('number')
    for (const key of ['iban', 'bic', 'bban', 'bank_code']) expect(azure.supplier).toHaveProperty(key)
    expect(azure.bank_account).toEqual({ iban: 'US1234567890', bic: 'bic', bban: '34567890', bank_code: '' })
  })

  it('has a self link carrying the access_token query parameter, and that link works', async () => {
    const tok = await t.token()
    const res = await t.api('GET', '/api/v1_2/documents?agenda_id=1&page=1')
    const href = new URL(res.body.links.self.href)
    expect(href.pathname).toBe('/api/v1_2/documents')
    expect(href.searchParams.get('agenda_id')).toBe('1')
    expect(href.searchParams.get('access_token')).toBe(tok)
    const followed = await request(res.body.links.self.href)
    expect(followed.status).toBe(200)
    expect(followed.body.documents).toHaveLength(8)
  })

  it('pages by 50, id descending; a page of 50 may be followed by more; the last page holds fewer', async () => {
    const purchase = docsOf(2)
      .filter((d) => d.type === 'PurchaseInvoice' && !d.archived)
      .map((d) => d.id)
    expect(purchase.length).toBeGreaterThan(50)
    const seen: number[] = []
    for (let page = 1; ; page++) {
      const res = await t.api('GET', `/api/v1_2/documents?agenda_id=2&page=${page}`)
      expect(res.status).toBe(200)
      seen.push(...res.body.documents.map((d: ApiDocument) => d.id))
      if (res.body.documents.length < 50) break
      expect(res.body.documents).toHaveLength(50)
    }
    expect(seen).toEqual([...seen].sort((a, b) => b - a))
    expect(new Set(seen)).toEqual(new Set(purchase))
  })

  it('returns only PurchaseInvoice without type[]; type[] (repeatable) and singular type select types', async () => {
    const all = docsOf(2)
    expect(all.some((d) => d.type === 'SalesInvoice')).toBe(true)
    const none = await t.api('GET', '/api/v1_2/documents?agenda_id=2&page=1')
    expect(new Set(none.body.documents.map((d: ApiDocument) => d.type))).toEqual(new Set(['PurchaseInvoice']))
    const sales = await t.api('GET', '/api/v1_2/documents?agenda_id=2&type[]=SalesInvoice')
    expect(sales.body.documents.length).toBeGreaterThan(0)
    expect(new Set(sales.body.documents.map((d: ApiDocument) => d.type))).toEqual(new Set(['SalesInvoice']))
    const both = await t.api('GET', '/api/v1_2/documents?agenda_id=2&type[]=SalesInvoice&type[]=PurchaseInvoice')
    expect(new Set(both.body.documents.map((d: ApiDocument) => d.type))).toEqual(
      new Set(['SalesInvoice', 'PurchaseInvoice']),
    )
    const singular = await t.api('GET', '/api/v1_2/documents?agenda_id=2&type=SalesInvoice')
    expect(singular.body.documents.map((d: ApiDocument) => d.id)).toEqual(
      sales.body.documents.map((d: ApiDocument) => d.id),
    )
  })

  it('ids[] with agenda_id restricts to those documents of the agenda', async () => {
    const res = await t.api('GET', '/api/v1_2/documents?agenda_id=1&ids[]=2&ids[]=5&ids[]=3000')
    expect(res.body.documents.map((d: ApiDocument) => d.id)).toEqual([5, 2])
    const other = await t.api('GET', '/api/v1_2/documents?agenda_id=2&ids[]=2')
    expect(other.body.documents).toEqual([])
  })

  it('ids[] alone spans the caller’s agendas, and leaves out documents of agendas without rights', async () => {
    const shared = t.sandbox.state().documents.find((d) => d.agenda_id === 3)!
    const priv = t.sandbox.state().documents.find((d) => d.agenda_id === 4)!
    const synthetic = docsOf(2).find((d) => d.type === 'PurchaseInvoice')!
    const res = await t.api(
      'GET',
      `/api/v1_2/documents?ids[]=1&ids[]=${shared.id}&ids[]=${priv.id}&ids[]=${synthetic.id}`,
    )
    expect(res.body.documents.map((d: ApiDocument) => d.id)).toEqual([synthetic.id, shared.id, 1].sort((a, b) => b - a))
  })

  it('states[] keeps documents in those states', async () => {
    const res = await t.api(
      'GET',
      '/api/v1_2/documents?agenda_id=2&type[]=PurchaseInvoice&type[]=SalesInvoice&states[]=exported&states[]=ready',
    )
    expect(res.body.documents.length).toBeGreaterThan(0)
    for (const d of res.body.documents) expect(['exported', 'ready']).toContain(d.state)
  })

  it('modified_since keeps documents with last_modified_at >= the value (with or without milliseconds)', async () => {
    const docs = docsOf(2).filter((d) => d.type === 'PurchaseInvoice' && !d.archived)
    const sorted = docs.map((d) => d.last_modified_at).sort()
    const pivot = sorted[sorted.length - 5]!
    const expected = docs
      .filter((d) => d.last_modified_at >= pivot)
      .map((d) => d.id)
      .sort((a, b) => b - a)
    const res = await t.api('GET', `/api/v1_2/documents?agenda_id=2&modified_since=${encodeURIComponent(pivot)}`)
    expect(res.body.documents.map((d: ApiDocument) => d.id)).toEqual(expected)
    const seconds = pivot.replace(/\.\d{3}Z$/, 'Z')
    const res2 = await t.api('GET', `/api/v1_2/documents?agenda_id=2&modified_since=${seconds}`)
    expect(res2.body.documents.length).toBeGreaterThanOrEqual(expected.length)
    for (const d of res2.body.documents) expect(d.last_modified_at >= seconds.replace('Z', '.000Z')).toBe(true)
    const bad = await t.api('GET', '/api/v1_2/documents?agenda_id=2&modified_since=yesterday')
    expect(bad.status).toBe(400)
  })

  it('lists follow every change at once (cached lists and rendered documents are dropped on change) and match GET /documents/:id', async () => {
    const query = '/api/v1_2/documents?agenda_id=2&type[]=PurchaseInvoice&type[]=SalesInvoice'
    const target = pick((d) => d.state === 'not_ready' && d.comments_count === 0)
    const listed = async (q = query) => {
      for (let page = 1; ; page++) {
        const res = await t.api('GET', `${q}&page=${page}`)
        const found = res.body.documents.find((d: ApiDocument) => d.id === target.id)
        if (found || res.body.documents.length < 50) return found as ApiDocument | undefined
      }
    }
    const withoutOriginal = (d: ApiDocument | undefined) => ({ ...d, original: undefined })
    const before = await listed()
    expect(before).toMatchObject({ state: 'not_ready', comments_count: 0 })
    const single = await t.api('GET', `/api/v1_2/documents/${target.id}`)
    expect(withoutOriginal(before)).toEqual(withoutOriginal(single.body.documents[0]))
    expect(before!.original).toMatch(new RegExp(`/originals/${target.id}\\?expires=\\d+&signature=[0-9a-f]{64}$`))
    expect(await listed(`${query}&states[]=ready`)).toBeUndefined()

    await t.api('PATCH', `/api/v1_2/documents/${target.id}`, { body: { document: { state: 'ready' } } })
    const ready = await listed()
    expect(ready?.state).toBe('ready')
    expect(ready!.last_modified_at > before!.last_modified_at).toBe(true)
    expect((await listed(`${query}&states[]=ready`))?.id).toBe(target.id)
    expect((await listed(`${query}&modified_since=${encodeURIComponent(ready!.last_modified_at)}`))?.state).toBe(
      'ready',
    )

    await t.api('POST', `/api/v1_2/documents/${target.id}/comments`, { body: { comment: { text: 'cache check' } } })
    expect((await listed())?.comments_count).toBe(1)

    await t.api('PUT', `/api/v1_2/documents/${target.id}/archive`)
    expect(await listed()).toBeUndefined()
  })

  it('404 Not found for an unknown agenda, 403 for an agenda without rights', async () => {
    const unknown = await t.api('GET', '/api/v1_2/documents?agenda_id=999')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ message: 'Not found' })
    const forbidden = await t.api('GET', '/api/v1_2/documents?agenda_id=4')
    expect(forbidden.status).toBe(403)
    expect(forbidden.body).toEqual({ message: 'Not authorized to perform this action' })
  })
})

describe('GET /api/v1_2/documents/:document_id', () => {
  it('returns { documents: [document] } with links', async () => {
    const res = await t.api('GET', '/api/v1_2/documents/3')
    expect(res.status).toBe(200)
    expect(res.body.documents).toHaveLength(1)
    expect(res.body.documents[0]).toMatchObject({ id: 3, user_file_name: 'NetpresseInvoice.pdf' })
  })

  it('404 Not found for an unknown id, 403 for a document of an agenda without rights', async () => {
    expect((await t.api('GET', '/api/v1_2/documents/987654')).body).toEqual({ message: 'Not found' })
    const priv = t.sandbox.state().documents.find((d) => d.agenda_id === 4)!
    const res = await t.api('GET', `/api/v1_2/documents/${priv.id}`)
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: 'Not authorized to perform this action' })
    const own = await t.api('GET', `/api/v1_2/documents/${priv.id}`, { token: await t.token(2) })
    expect(own.status).toBe(200)
  })
})

describe('PATCH /api/v1_2/documents/:document_id', () => {
  it.each(['ready', 'exported'])(
    'sets state %s: 200 with document.state and a message; last_modified_at moves',
    async (state) => {
      const doc = pick((d) => d.state === 'not_ready' && d.type === 'PurchaseInvoice')
      const res = await t.api('PATCH', `/api/v1_2/documents/${doc.id}`, { body: { document: { state } } })
      expect(res.status).toBe(200)
      expect(res.body.document.state).toBe(state)
      expect(typeof res.body.message).toBe('string')
      const after = docState(doc.id)!
      expect(after.state).toBe(state)
      expect(after.last_modified_at > doc.last_modified_at).toBe(true)
    },
  )

  it.each(['not_ready', 'repairing', 'bogus', ''])('400 Invalid state name for state %j', async (state) => {
    const doc = pick((d) => d.state === 'not_ready')
    const res = await t.api('PATCH', `/api/v1_2/documents/${doc.id}`, { body: { document: { state } } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: 'Invalid state name' })
    expect(docState(doc.id)!.state).toBe('not_ready')
  })

  it('404 Not found for an unknown document', async () => {
    const res = await t.api('PATCH', '/api/v1_2/documents/99999', { body: { document: { state: 'ready' } } })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'Not found' })
  })
})

describe('PATCH /api/v1_2/documents (batch)', () => {
  it('answers 200 with an enqueued message and applies the states later, in a background job (grant_type header accepted)', async () => {
    const a = pick((d) => d.state === 'not_ready')
    const b = pick((d) => d.state === 'not_ready')
    const res = await t.api('PATCH', '/api/v1_2/documents', {
      headers: { grant_type: 'refresh_token' },
      body: {
        documents: [
          { id: a.id, state: 'ready' },
          { id: b.id, state: 'exported' },
        ],
      },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toMatch(/enqueued/)
    expect(docState(a.id)!.state).toBe('not_ready')
    await eventually(() => docState(a.id)!.state === 'ready' && docState(b.id)!.state === 'exported')
    const job = t.sandbox.state().batchJobs.at(-1)!
    expect(job.status).toBe('applied')
    expect(job.documents.map((e) => e.result)).toEqual(['applied', 'applied'])
  })

  it('works without the grant_type header; unknown ids are skipped by the job', async () => {
    const a = pick((d) => d.state === 'not_ready')
    const res = await t.api('PATCH', '/api/v1_2/documents', {
      body: {
        documents: [
          { id: a.id, state: 'exported' },
          { id: 424242, state: 'ready' },
        ],
      },
    })
    expect(res.status).toBe(200)
    await eventually(() => t.sandbox.state().batchJobs.at(-1)!.status === 'applied')
    expect(docState(a.id)!.state).toBe('exported')
    expect(t.sandbox.state().batchJobs.at(-1)!.documents[1]!.result).toBe('not_found')
  })

  it('400 Invalid state name when an entry state is not ready or exported; nothing is enqueued', async () => {
    const jobs = t.sandbox.state().batchJobs.length
    const res = await t.api('PATCH', '/api/v1_2/documents', {
      body: {
        documents: [
          { id: 1, state: 'ready' },
          { id: 2, state: 'trash' },
        ],
      },
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: 'Invalid state name' })
    expect(t.sandbox.state().batchJobs.length).toBe(jobs)
  })

  it('422 Validation Failed without a documents array', async () => {
    const res = await t.api('PATCH', '/api/v1_2/documents', { body: {} })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ message: 'Validation Failed', errors: { documents: ['is missing'] } })
  })
})

describe('POST /api/v1_2/documents/:document_id/repair', () => {
  it.each(['ready', 'not_ready'])(
    'from %s: 200 with links and documents[0].state repairing, then ready after human review',
    async (state) => {
      const doc = pick((d) => d.state === state)
      const res = await t.api('POST', `/api/v1_2/documents/${doc.id}/repair`, {
        body: { repair_description: 'Total is wrong' },
      })
      expect(res.status).toBe(200)
      expect(res.body.links.self.href).toBe(`${t.url}/api/v1_2/documents/${doc.id}`)
      expect(res.body.documents).toHaveLength(1)
      expect(res.body.documents[0]).toMatchObject({ id: doc.id, state: 'repairing' })
      expect(t.sandbox.state().repairs.find((r) => r.document_id === doc.id)!.repair_description).toBe('Total is wrong')
      await eventually(() => docState(doc.id)!.state === 'ready')
    },
  )

  it('takes the description from the query string (observed clients)', async () => {
    const doc = pick((d) => d.state === 'not_ready')
    const res = await t.api(
      'POST',
      `/api/v1_2/documents/${doc.id}/repair?repair_description=${encodeURIComponent('VAT missing')}`,
    )
    expect(res.status).toBe(200)
    expect(t.sandbox.state().repairs.find((r) => r.document_id === doc.id)!.repair_description).toBe('VAT missing')
  })

  it.each(['exported', 'repairing', 'extracting'])('422 from state %s, state unchanged', async (state) => {
    const doc = pick((d) => d.state === state)
    const res = await t.api('POST', `/api/v1_2/documents/${doc.id}/repair`)
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ message: 'Document can be repaired only in state ready or not_ready' })
    expect(docState(doc.id)!.state).toBe(state)
  })
})

describe('PUT /api/v1_2/documents/:document_id/archive', () => {
  it('200 with links and documents; archived documents leave the lists but can still be fetched', async () => {
    const doc = pick((d) => d.type === 'PurchaseInvoice')
    const res = await t.api('PUT', `/api/v1_2/documents/${doc.id}/archive`)
    expect(res.status).toBe(200)
    expect(res.body.links.self.href).toContain(`/documents/${doc.id}`)
    expect(res.body.documents[0].id).toBe(doc.id)
    expect(docState(doc.id)!.archived).toBe(true)
    expect(docState(doc.id)!.last_modified_at > doc.last_modified_at).toBe(true)
    const byIds = await t.api('GET', `/api/v1_2/documents?agenda_id=2&ids[]=${doc.id}`)
    expect(byIds.body.documents).toEqual([])
    const alone = await t.api('GET', `/api/v1_2/documents?ids[]=${doc.id}`)
    expect(alone.body.documents).toEqual([])
    const one = await t.api('GET', `/api/v1_2/documents/${doc.id}`)
    expect(one.status).toBe(200)
  })
})

describe('POST /api/v1_2/documents (upload)', () => {
  const pdf = readFileSync(join(defaultFixturesDir(), 'coolblue2.pdf'))

  it('201 { documents } in request order; a fixture file name gets its data: uploaded -> extracting -> not_ready', async () => {
    const res = await t.api('POST', '/api/v1_2/documents', {
      body: {
        documents: [
          {
            type: 'PurchaseInvoice',
            agenda_id: 1,
            file_split: false,
            files: [{ filename: 'coolblue2.pdf', content_type: 'application/pdf', content: pdf.toString('base64') }],
          },
          {
            type: 'PurchaseInvoice',
            agenda_id: 1,
            file_split: false,
            files: [
              {
                filename: 'scan-0001.pdf',
                content_type: 'application/pdf',
                content: Buffer.from('%PDF-1.4 other').toString('base64'),
              },
            ],
          },
        ],
      },
    })
    expect(res.status).toBe(201)
    const [known, other] = res.body.documents
    expect(known).toMatchObject({ user_file_name: 'coolblue2.pdf', state: 'uploaded', type: 'PurchaseInvoice' })
    expect(other).toMatchObject({ user_file_name: 'scan-0001.pdf', state: 'extracting' })
    expect(other.id).toBe(known.id + 1)
    expect(known.data.header.invoice_no).toBe('')
    await eventually(() => docState(known.id)!.state === 'not_ready' && docState(other.id)!.state === 'not_ready')
    const k = docState(known.id)!
    expect(k.data.header.invoice_no).toBe('992288600')
    expect(k.supplier.name).toBe('Coolblue B.V.')
    expect(k.summary.total).toBe(4904.94)
    const o = docState(other.id)!
    expect(o.data.header.invoice_no).toBe('')
    expect(o.supplier.name).toBe('')
    expect(o.items).toEqual([])
    // the new documents come first in the list (id descending)
    const list = await t.api('GET', '/api/v1_2/documents?agenda_id=1')
    expect(list.body.documents[0].id).toBe(other.id)
  })

  it('accepts URL-safe base64 and keeps the bytes as the original file', async () => {
    const bytes = Buffer.from([0xfb, 0xff, 0xfe, 0x25, 0x50, 0x44, 0x46])
    const urlSafe = bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_')
    const res = await t.api('POST', '/api/v1_2/documents', {
      body: { documents: [{ agenda_id: 1, files: [{ filename: 'raw.pdf', content: urlSafe }] }] },
    })
    expect(res.status).toBe(201)
    const id = res.body.documents[0].id
    const file = await t.api('GET', `/api/v1_2/documents/${id}/original_file`)
    const b64 = file.body.documents[0].original_file_base64.replace(/-/g, '+').replace(/_/g, '/').replace(/,/g, '=')
    expect(Buffer.from(b64, 'base64')).toEqual(bytes)
  })

  it('file_split: one document per file; fetching the first returns all parts', async () => {
    const content = Buffer.from('%PDF-1.4 part').toString('base64')
    const res = await t.api('POST', '/api/v1_2/documents', {
      body: {
        documents: [
          {
            agenda_id: 1,
            file_split: true,
            files: [
              { filename: 'p1.pdf', content },
              { filename: 'p2.pdf', content },
            ],
          },
        ],
      },
    })
    expect(res.status).toBe(201)
    const [first, second] = res.body.documents
    expect(second.parent_document_id).toBe(first.id)
    const one = await t.api('GET', `/api/v1_2/documents/${first.id}`)
    expect(one.body.documents.map((d: ApiDocument) => d.id)).toEqual([first.id, second.id])
  })

  it.each([
    ['not base64', 'this is *not* base64!', { files: { content: ['is not valid base64'] } }],
    ['empty', '', { files: { content: ["can't be blank"] } }],
  ])('422 Validation Failed with field errors for a %s file; nothing is created', async (_name, content, errors) => {
    const before = t.sandbox.state().documents.length
    const res = await t.api('POST', '/api/v1_2/documents', {
      body: { documents: [{ agenda_id: 1, files: [{ filename: 'x.pdf', content }] }] },
    })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ message: 'Validation Failed', errors })
    expect(t.sandbox.state().documents.length).toBe(before)
  })

  it('422 for a missing agenda_id or files; 403 for an agenda without rights', async () => {
    const missing = await t.api('POST', '/api/v1_2/documents', { body: { documents: [{ type: 'PurchaseInvoice' }] } })
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({ agenda_id: ['is missing'], files: ['is missing'] })
    const forbidden = await t.api('POST', '/api/v1_2/documents', {
      body: { documents: [{ agenda_id: 4, files: [{ filename: 'a.pdf', content: 'JVBERg==' }] }] },
    })
    expect(forbidden.status).toBe(403)
    expect(forbidden.body).toEqual({ message: 'Not authorized to perform this action' })
  })
})

describe('DELETE /api/v1_2/documents/:document_id', () => {
  it('204 without body; the document is gone (404) and removed from the state', async () => {
    const doc = pick(() => true)
    const res = await t.api('DELETE', `/api/v1_2/documents/${doc.id}`)
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    expect((await t.api('GET', `/api/v1_2/documents/${doc.id}`)).status).toBe(404)
    expect(docState(doc.id)).toBeUndefined()
    expect((await t.api('DELETE', `/api/v1_2/documents/${doc.id}`)).body).toEqual({ message: 'Not found' })
  })
})

describe('original file and preview', () => {
  it('GET original_file returns { documents: [{ id, user_file_name, original_content_type, original_file_base64 }] } in URL-safe base64', async () => {
    const res = await t.api('GET', '/api/v1_2/documents/6/original_file')
    expect(res.status).toBe(200)
    const entry = res.body.documents[0]
    expect(Object.keys(entry).sort()).toEqual(['id', 'original_content_type', 'original_file_base64', 'user_file_name'])
    expect(entry).toMatchObject({ id: 6, user_file_name: 'coolblue1.pdf', original_content_type: 'application/pdf' })
    expect(entry.original_file_base64).toMatch(/^[A-Za-z0-9_,-]+$/)
    const bytes = Buffer.from(
      entry.original_file_base64.replace(/-/g, '+').replace(/_/g, '/').replace(/,/g, '='),
      'base64',
    )
    expect(bytes).toEqual(readFileSync(join(defaultFixturesDir(), 'coolblue1.pdf')))
  })

  it('a generated document gets a rendered PDF original', async () => {
    const doc = docsOf(2)[0]!
    const res = await t.api('GET', `/api/v1_2/documents/${doc.id}/original_file`)
    const bytes = Buffer.from(
      res.body.documents[0].original_file_base64.replace(/-/g, '+').replace(/_/g, '/').replace(/,/g, '='),
      'base64',
    )
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  })

  it('the signed original URL downloads the PDF; tampered or expired signatures get 403', async () => {
    const doc = (await t.api('GET', '/api/v1_2/documents/7')).body.documents[0]
    const url = new URL(doc.original)
    expect(url.origin).toBe(t.url)
    expect(url.pathname).toBe('/originals/7')
    const expires = Number(url.searchParams.get('expires'))
    expect(expires - Date.now() / 1000).toBeGreaterThan(3500)
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(3600)
    expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/)
    const ok = await request(doc.original)
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-type')).toBe('application/pdf')
    const tampered = new URL(doc.original)
    tampered.searchParams.set('expires', String(expires + 10))
    expect((await request(tampered.toString())).status).toBe(403)
    const otherDoc = new URL(doc.original)
    otherDoc.pathname = '/originals/6'
    expect((await request(otherDoc.toString())).status).toBe(403)
    const unsigned = `${t.url}/originals/7`
    expect((await request(unsigned)).status).toBe(403)
  })

  it('an expired signed URL gets 403', async () => {
    const { OriginalSigner } = await import('./render')
    // A URL signed for the past with the right key cannot be made from outside; check the verifier directly.
    const signer = new OriginalSigner(Buffer.from('k'), () => 10_000_000)
    const past = 9_000
    expect(signer.verify(7, String(past), signer.sign(7, past))).toBe(false)
    expect(signer.verify(7, String(20_000), signer.sign(7, 20_000))).toBe(true)
  })

  it('preview: the fixture PNG where present, else the PDF rendered as PNG (previews/); Bearer required', async () => {
    const png = await fetch(`${t.url}/api/v1_2/documents/8/preview`, {
      headers: { authorization: `Bearer ${await t.token()}` },
    })
    expect(png.status).toBe(200)
    expect(png.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await png.arrayBuffer())).toEqual(readFileSync(join(defaultFixturesDir(), 'oyo.png')))
    const rendered = await fetch(`${t.url}/api/v1_2/documents/1/preview`, {
      headers: { authorization: `Bearer ${await t.token()}` },
    })
    expect(rendered.status).toBe(200)
    expect(rendered.headers.get('content-type')).toBe('image/png')
    expect(rendered.headers.get('x-page-count')).toBe('1')
    const anonymous = await request(`${t.url}/api/v1_2/documents/1/preview`)
    expect(anonymous.status).toBe(401)
  })
})
