import { afterEach, describe, expect, it } from 'vitest'
import { listingStopOf, MAX_DOCUMENTS_PER_LISTING, MAX_LISTING_PAGE_BYTES, MAX_PAGES_PER_LISTING } from './pagination'
import { closeFakeServices, doc, failure, json, makeClient, pageOf, serve } from './testing/fakeService'

/** A listing that never ends, and pages no real page can be, are stopped (everything the service sends is untrusted). */

afterEach(closeFakeServices)

/** 50 documents of ids `first`, `first - 1`, ... */
const fullPage = (first: number) => Array.from({ length: 50 }, (_, i) => doc(first - i))

describe('a listing that never ends', () => {
  it('stops with bad_response naming the agenda when a page repeats the documents already listed', async () => {
    let requests = 0
    const url = await serve((_req, res) => {
      requests++
      json(res, 200, { documents: fullPage(500) })
    })
    const error = await failure(makeClient(url).listDocuments({ agendaId: 7, concurrency: 6 }))
    expect(error.code).toBe('bad_response')
    expect(error.message).toMatch(/agenda 7 again on page \d+/)
    expect(error.details).toMatchObject({ agendaId: 7, listingStopped: 'repeats' })
    // Page 1 alone, then the first pages asked ahead: the second full page already gives it away.
    expect(requests).toBeLessThanOrEqual(4)
  })

  it('stops at the page cap when every page brings new documents', async () => {
    let requests = 0
    const url = await serve((req, res) => {
      requests++
      json(res, 200, { documents: fullPage(10_000_000 - (pageOf(req) - 1) * 50) })
    })
    const error = await failure(makeClient(url).listDocuments({ agendaId: 9, maxPages: 30, collect: false }))
    expect(error.code).toBe('bad_response')
    expect(error.message).toBe(
      'The service lists more than 1,500 documents in agenda 9 (30 pages); Docket stops there.',
    )
    expect(requests).toBeLessThanOrEqual(30)
    expect(listingStopOf(error)).toBe('cap')
    expect(MAX_DOCUMENTS_PER_LISTING).toBe(200_000)
    expect(MAX_PAGES_PER_LISTING).toBe(4_000)
  })

  it('accepts the few repeats of pages shifted by documents added while it runs', async () => {
    const url = await serve((req, res) => {
      const page = pageOf(req)
      // A document arrived after page 1 was read: every later page starts with the last one of the page before.
      if (page === 1) return json(res, 200, { documents: fullPage(200) })
      json(res, 200, { documents: page <= 4 ? fullPage(200 - (page - 1) * 50 + 1) : [doc(1)] })
    })
    const documents = await makeClient(url).listDocuments({ agendaId: 1 })
    expect(documents.map((d) => d.id)).toEqual(Array.from({ length: 200 }, (_, i) => 200 - i))
  })
})

describe('ids descending across the pages of a listing', () => {
  it('stops when a page goes up again, naming the agenda and the ids', async () => {
    let requests = 0
    const url = await serve((req, res) => {
      requests++
      const page = pageOf(req)
      // Page 3 starts above page 2's lowest id with ids never listed: not the interface's order.
      json(res, 200, { documents: page === 3 ? fullPage(5_000) : fullPage(1_000 - (page - 1) * 50) })
    })
    const error = await failure(makeClient(url).listDocuments({ agendaId: 4, concurrency: 1 }))
    expect(error.code).toBe('bad_response')
    expect(error.message).toBe(
      'The service listed agenda 4 out of order on page 3 (id 5000 after id 901; ids must go down); Docket stopped the listing.',
    )
    expect(listingStopOf(error)).toBe('order')
    expect(requests).toBe(3)
  })

  it('stops when a page holds an id twice or ids going up', async () => {
    const url = await serve((req, res) => {
      const ids = pageOf(req) === 1 ? [...fullPage(100).slice(0, 49), doc(60)] : []
      json(res, 200, { documents: pageOf(req) === 1 ? [...ids.slice(0, 10), doc(95), ...ids.slice(11)] : [] })
    })
    const error = await failure(makeClient(url).listDocuments({ agendaId: 5 }))
    expect(listingStopOf(error)).toBe('order')
    expect(error.message).toMatch(/agenda 5 out of order on page 1 \(id 95 after id 91/)
  })

  it('stops when an id of an earlier page comes back later, out of place', async () => {
    const url = await serve((req, res) => {
      const page = pageOf(req)
      if (page === 3) return json(res, 200, { documents: [doc(990), ...fullPage(899).slice(0, 49)] })
      json(res, 200, { documents: page <= 4 ? fullPage(1_000 - (page - 1) * 50) : [] })
    })
    const error = await failure(makeClient(url).listDocuments({ agendaId: 6, concurrency: 6 }))
    expect(listingStopOf(error)).toBe('order')
    expect(error.message).toMatch(/id 990 after id 901/)
  })

  it('checks pages that arrive out of order against both neighbours', async () => {
    const url = await serve((req, res) => {
      const page = pageOf(req)
      // Page 2 answers last, and holds an id above page 1's that page 1 did not hold.
      const documents = page === 2 ? [doc(1_005), ...fullPage(949).slice(0, 49)] : fullPage(1_000 - (page - 1) * 50)
      setTimeout(() => json(res, 200, { documents: page >= 5 ? [] : documents }), page === 2 ? 80 : 0)
    })
    const error = await failure(makeClient(url).listDocuments({ agendaId: 8, concurrency: 6 }))
    expect(listingStopOf(error)).toBe('order')
    expect(error.message).toMatch(/on page 2 \(id 1005 after id 951/)
  })

  it('lets through a listing whose ids go down with gaps (documents deleted meanwhile)', async () => {
    const url = await serve((req, res) => {
      const page = pageOf(req)
      json(res, 200, { documents: page <= 3 ? fullPage(10_000 - (page - 1) * 70) : [doc(3)] })
    })
    const documents = await makeClient(url).listDocuments({ agendaId: 1, concurrency: 3 })
    expect(documents).toHaveLength(151)
  })
})

describe('a document nested 100,000 deep', () => {
  it('ends the listing with bad_response naming the document, not a stack overflow', async () => {
    const depth = 100_000
    const url = await serve((_req, res) => {
      const deep = JSON.stringify(doc(41)).replace(/^\{/, `{"note":${'['.repeat(depth)}${']'.repeat(depth)},`)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(`{"documents":[${JSON.stringify(doc(42))},${deep}]}`)
    })
    const error = await failure(makeClient(url).listDocuments({ agendaId: 3 }))
    expect(error.code).toBe('bad_response')
    expect(error.message).toBe(
      'Unexpected response from GET /api/v1_2/documents: document 41 (documents[1]) is nested deeper than 64 levels',
    )
  })
})

describe('the size of a listing page', () => {
  it('refuses a page that announces more than the limit before reading its body, and closes the connection', async () => {
    let closedEarly = false
    const url = await serve((_req, res) => {
      const length = MAX_LISTING_PAGE_BYTES * 4
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(length) })
      res.write('{"documents":[')
      res.on('close', () => (closedEarly = !res.writableFinished))
    })
    const error = await failure(makeClient(url, { retry: { maxRetries: 0 } }).listDocuments({ agendaId: 1 }))
    expect(error.code).toBe('bad_response')
    expect(error.message).toMatch(/too large \(33554432 bytes announced; at most 8388608 bytes are accepted\)/)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(closedEarly).toBe(true)
  })

  it('refuses a chunked page once it passes the limit, without reading the rest', async () => {
    let written = 0
    const chunk = Buffer.alloc(1024 * 1024, 0x20)
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"documents":[')
      // 200 MB offered, one MB at a time as the client reads.
      const more = () => {
        while (written < 200 && !res.destroyed) {
          written++
          if (!res.write(chunk)) return void res.once('drain', more)
        }
        res.end(']}')
      }
      more()
    })
    const error = await failure(makeClient(url, { retry: { maxRetries: 0 } }).listDocuments({ agendaId: 1 }))
    expect(error.code).toBe('bad_response')
    expect(error.message).toMatch(/more than 8388608 bytes received/)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(written).toBeLessThan(40)
  })
})
