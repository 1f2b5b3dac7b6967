import { afterEach, describe, expect, it } from 'vitest'
import { MAX_LISTING_PAGE_BYTES, MAX_PAGES_PER_LISTING } from './pagination'
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
    expect(error.details).toMatchObject({ agendaId: 7 })
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
    expect(MAX_PAGES_PER_LISTING).toBe(20_000)
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
