import diagnostics from 'node:diagnostics_channel'
import { afterEach, describe, expect, it } from 'vitest'
import { ServiceBudget } from './budget'
import type { EncodedDocument } from './documentPage'
import { inlinePageDecoder, type DocumentPageDecoder } from './pageDecoder'
import { scanListingLayout, type ListingLayout } from './pageLayout'
import { formatModifiedSince, listDocuments } from './pagination'
import { closeFakeServices, doc, failure, json, makeClient, makeHttp, pageOf, serve } from './testing/fakeService'

/** The page walk of GET /api/v1_2/documents against small node:http fakes. */

afterEach(closeFakeServices)

describe('listDocuments', () => {
  it('keeps at most `concurrency` pages in flight and stops at the first short page', async () => {
    let inFlight = 0
    let maxInFlight = 0
    const pagesAsked: number[] = []
    const url = await serve((req, res) => {
      const page = pageOf(req)
      pagesAsked.push(page)
      inFlight++
      maxInFlight = Math.max(maxInFlight, inFlight)
      setTimeout(() => {
        inFlight--
        const count = page < 5 ? 50 : page === 5 ? 7 : 0
        const first = 1000 - (page - 1) * 50
        json(res, 200, { documents: Array.from({ length: count }, (_, i) => doc(first - i)) })
      }, 5)
    })
    const documents = await makeClient(url).listDocuments({ agendaId: 1, concurrency: 2 })
    expect(documents).toHaveLength(4 * 50 + 7)
    expect(maxInFlight).toBeLessThanOrEqual(2)
    expect(Math.max(...pagesAsked)).toBeLessThanOrEqual(6)
    const ids = documents.map((d) => d.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
  })
  it('resolves once the pages up to the short one arrived, without waiting for (or failing on) requests past it', async () => {
    const url = await serve((req, res) => {
      const page = pageOf(req)
      // Page 2 is the short one; pages 3 and 4 were sent alongside it: one fails, one answers late.
      if (page === 3) return setTimeout(() => json(res, 500, { message: 'Internal Server Error' }), 60)
      const delay = page === 4 ? 400 : 5
      setTimeout(() => {
        const count = page === 1 ? 50 : page === 2 ? 3 : 0
        json(res, 200, { documents: Array.from({ length: count }, (_, i) => doc(1000 - (page - 1) * 50 - i)) })
      }, delay)
    })
    const seen: number[] = []
    const started = performance.now()
    const documents = await makeClient(url, { retry: { maxRetries: 0 } }).listDocuments({
      agendaId: 1,
      concurrency: 4,
      onPage: (_docs, page) => seen.push(page),
    })
    expect(performance.now() - started).toBeLessThan(300)
    expect(documents).toHaveLength(53)
    expect(seen.sort()).toEqual([1, 2])
  })

  it('rejects when a page up to the last one fails, and with collect: false hands pages to onPage only', async () => {
    const url = await serve((req, res) => {
      const page = pageOf(req)
      if (page === 2) return json(res, 500, { message: 'Internal Server Error' })
      json(res, 200, { documents: Array.from({ length: page === 1 ? 50 : 0 }, (_, i) => doc(1000 - i)) })
    })
    const client = makeClient(url, { retry: { maxRetries: 0 } })
    expect((await failure(client.listDocuments({ agendaId: 1, concurrency: 3 }))).code).toBe('server')
    const url2 = await serve((req, res) => {
      const page = pageOf(req)
      json(res, 200, {
        documents: Array.from({ length: page === 1 ? 50 : 2 }, (_, i) => doc(1000 - (page - 1) * 50 - i)),
      })
    })
    let handed = 0
    const kept = await makeClient(url2).listDocuments({
      agendaId: 1,
      collect: false,
      onPage: (docs) => (handed += docs.length),
    })
    expect(kept).toEqual([])
    expect(handed).toBe(52)
  })

  it('once pages come back full, sends the next page before decoding the answer it has (with concurrency 1: one request on the wire)', async () => {
    let inFlight = 0
    let maxInFlight = 0
    const url = await serve((req, res) => {
      const page = pageOf(req)
      inFlight++
      maxInFlight = Math.max(maxInFlight, inFlight)
      setTimeout(() => {
        inFlight--
        json(res, 200, {
          documents: Array.from({ length: page < 4 ? 50 : 1 }, (_, i) => doc(1000 - (page - 1) * 50 - i)),
        })
      }, 2)
    })
    const http = makeHttp(url)
    // The order of the HTTP layer's steps: `send` (a request leaves) and `decode` (JSON + schema).
    const steps: string[] = []
    const layer = http as unknown as Record<'send' | 'decode', (...args: unknown[]) => unknown>
    const pageAsked = (spec: unknown) => (spec as { query: URLSearchParams }).query.get('page')
    for (const name of ['send', 'decode'] as const) {
      const original = layer[name].bind(http)
      layer[name] = (...args: unknown[]) => {
        steps.push(`${name} ${pageAsked(args[0])}`)
        return original(...args)
      }
    }
    const documents = await listDocuments(http, { concurrency: 1 })
    expect(documents).toHaveLength(151)
    // Page 1: nothing known yet, decoded before page 2 is asked. After a full page, the next leaves first.
    expect(steps).toEqual([
      'send 1',
      'decode 1',
      'send 2',
      'send 3',
      'decode 2',
      'send 4',
      'decode 3',
      'send 5',
      'decode 4',
    ])
    expect(maxInFlight).toBe(1)
  })

  it('sends the filters in the order and form the service reads them', async () => {
    let query = ''
    const url = await serve((req, res) => {
      query = decodeURIComponent(new URL(req.url!, 'http://x').search)
      json(res, 200, { documents: [] })
    })
    await makeClient(url).listDocumentsPage(
      {
        agendaId: 3,
        types: ['PurchaseInvoice', 'SalesInvoice'],
        ids: [1, 2],
        states: ['ready'],
        modifiedSince: '2026-02-03T04:05:06.789Z',
      },
      2,
    )
    expect(query).toBe(
      '?agenda_id=3&type[]=PurchaseInvoice&type[]=SalesInvoice&ids[]=1&ids[]=2&states[]=ready&modified_since=2026-02-03T04:05:06Z&page=2',
    )
    expect(formatModifiedSince(new Date(Date.UTC(2026, 0, 1)))).toBe('2026-01-01T00:00:00Z')
  })

  it('rejects a modifiedSince that is no date at once, without sending a request', async () => {
    let requests = 0
    const url = await serve((_req, res) => {
      requests++
      json(res, 200, { documents: [] })
    })
    await expect(makeClient(url).listDocuments({ agendaId: 1, modifiedSince: 'yesterday' })).rejects.toThrow(
      /modifiedSince is not a date/,
    )
    expect(requests).toBe(0)
  })
})

describe('adaptive paging', () => {
  /** A fake listing of `total` documents, 50 a page, answering after `delayMs`; records what it saw. */
  async function listing(total: number, delayMs = 3) {
    const seen = { requests: 0, pages: [] as number[], inFlightAtArrival: [] as number[], peak: 0 }
    let inFlight = 0
    const url = await serve((req, res) => {
      const page = pageOf(req)
      seen.requests++
      seen.pages.push(page)
      seen.inFlightAtArrival.push(inFlight)
      inFlight++
      seen.peak = Math.max(seen.peak, inFlight)
      setTimeout(() => {
        inFlight--
        const first = total - (page - 1) * 50
        const count = Math.max(0, Math.min(50, first))
        json(res, 200, { documents: Array.from({ length: count }, (_, i) => doc(first - i)) })
      }, delayMs)
    })
    return { url, seen }
  }

  it('asks page 1 alone: a short listing (a small agenda, a quiet delta) costs one request', async () => {
    for (const total of [0, 20, 49]) {
      const { url, seen } = await listing(total)
      expect(await makeClient(url).listDocuments({ agendaId: 1, concurrency: 6 })).toHaveLength(total)
      expect(seen.requests).toBe(1)
    }
  })

  it('opens more pages in flight only while pages come back full, like slow start: 1, 2, 4, up to the cap', async () => {
    const { url, seen } = await listing(50 * 40 + 7, 10)
    const documents = await makeClient(url).listDocuments({ agendaId: 1, concurrency: 6 })
    expect(documents).toHaveLength(2007)
    // Page 1 went alone; page 2 only after it came back (full).
    expect(seen.pages.slice(0, 3)).toEqual([1, 2, 3])
    expect(seen.inFlightAtArrival[0]).toBe(0)
    expect(seen.inFlightAtArrival[1]).toBe(0)
    expect(seen.peak).toBe(6)
    // No page is asked once the short one (41) has arrived: at most the cap's worth asked ahead.
    expect(Math.max(...seen.pages)).toBeLessThanOrEqual(41 + 5)
  })

  it('never sends the pages asked ahead that still wait for a slot when the short page arrives', async () => {
    const { url, seen } = await listing(50 + 10)
    // One slot for the whole service: pages asked ahead queue behind the one on the wire.
    const client = makeClient(url, { budget: new ServiceBudget({ maxInFlight: 1 }) })
    expect(await client.listDocuments({ agendaId: 1, concurrency: 6 })).toHaveLength(60)
    expect(seen.pages).toEqual([1, 2])
  })

  it('sends listing pages at the priority asked, behind what a person waits for', async () => {
    const order: string[] = []
    const url = await serve((req, res) => {
      const path = new URL(req.url!, 'http://x').pathname
      order.push(path === '/api/v1_2/documents' ? `page ${pageOf(req)}` : path)
      setTimeout(() => {
        if (path === '/api/v1_2/documents') json(res, 200, { documents: [] })
        else json(res, 200, { agendas: [] })
      }, 5)
    })
    const client = makeClient(url, { budget: new ServiceBudget({ maxInFlight: 1 }) })
    const pulls = [1, 2, 3].map((agendaId) =>
      client.listDocuments({ agendaId, priority: 'background', concurrency: 6 }),
    )
    const action = client.listAgendas()
    await Promise.all([...pulls, action])
    // The first pull page already had the slot; the person's request goes next, before the other pulls.
    expect(order).toEqual(['page 1', '/api/v1_2/agendas', 'page 1', 'page 1'])
  })
})

describe('listDocumentPages', () => {
  it('hands each page over as its decoder decoded it (validated documents with their JSON text) and keeps nothing', async () => {
    const url = await serve((req, res) => {
      const page = pageOf(req)
      const count = page === 1 ? 50 : page === 2 ? 4 : 0
      json(res, 200, { documents: Array.from({ length: count }, (_, i) => doc(1000 - (page - 1) * 50 - i)) })
    })
    const decoded: string[] = []
    const pageDecoder: DocumentPageDecoder = {
      decode: async (body, contentType) => {
        decoded.push(contentType)
        return inlinePageDecoder.decode(body, contentType)
      },
      close: async () => undefined,
    }
    const pages = new Map<number, EncodedDocument[]>()
    const result = await makeClient(url, { pageDecoder }).listDocumentPages({
      agendaId: 1,
      concurrency: 2,
      onPage: (documents, page) => pages.set(page, documents),
    })
    expect(result).toBeUndefined()
    expect([...pages.keys()].sort()).toEqual([1, 2])
    expect(pages.get(2)!.map((d) => d.id)).toEqual([950, 949, 948, 947])
    expect(JSON.parse(Buffer.from(pages.get(2)![0]!.json).toString('utf8'))).toEqual(doc(950))
    expect(decoded.length).toBeGreaterThanOrEqual(2)
    expect(decoded.every((type) => type.startsWith('application/json'))).toBe(true)
  })

  it('asks the next pages as soon as page 1’s bytes show a full page, before it is decoded; a short page 1 stays alone', async () => {
    for (const [total, pagesBeforeDecode] of [
      [120, 'more'],
      [30, 'one'],
    ] as const) {
      const asked: number[] = []
      const url = await serve((req, res) => {
        const page = pageOf(req)
        asked.push(page)
        const first = total - (page - 1) * 50
        json(res, 200, {
          documents: Array.from({ length: Math.max(0, Math.min(50, first)) }, (_, i) => doc(first - i)),
        })
      })
      let askedWhenDecoded: number[] | undefined
      let first = true
      const pageDecoder: DocumentPageDecoder = {
        decode: async (body, contentType) => {
          if (first) {
            first = false
            // Page 1's decode takes a while: what was asked meanwhile left before it ended.
            await new Promise((r) => setTimeout(r, 100))
            askedWhenDecoded = [...asked]
          }
          return inlinePageDecoder.decode(body, contentType)
        },
        close: async () => undefined,
      }
      let listed = 0
      await makeClient(url, { pageDecoder }).listDocumentPages({
        agendaId: 1,
        concurrency: 6,
        onPage: (documents) => (listed += documents.length),
      })
      expect(listed).toBe(total)
      if (pagesBeforeDecode === 'one') expect(askedWhenDecoded).toEqual([1])
      else expect(askedWhenDecoded).toContain(2)
    }
  })

  it('the pages asked on a full page are on the wire before this thread decodes it', async () => {
    const url = await serve((req, res) => {
      const page = pageOf(req)
      const first = 120 - (page - 1) * 50
      json(res, 200, { documents: Array.from({ length: Math.max(0, Math.min(50, first)) }, (_, i) => doc(first - i)) })
    })
    // Requests written to the socket (undici's own channel), by page.
    const written: number[] = []
    const onSend = (message: unknown) => {
      const page = /[?&]page=(\d+)/.exec((message as { request: { path: string } }).request.path)
      if (page) written.push(Number(page[1]))
    }
    diagnostics.subscribe('undici:client:sendHeaders', onSend)
    try {
      const writtenAtDecode: number[][] = []
      const pageDecoder: DocumentPageDecoder = {
        // As a decode on the calling thread: it holds the thread from its call.
        decode: (body, contentType) => {
          writtenAtDecode.push([...written])
          return inlinePageDecoder.decode(body, contentType)
        },
        close: async () => undefined,
      }
      let listed = 0
      await makeClient(url, { pageDecoder }).listDocumentPages({
        agendaId: 1,
        concurrency: 6,
        onPage: (documents) => (listed += documents.length),
      })
      expect(listed).toBe(120)
      // Page 1 came back full: pages 2 and 3 were written before its decode began.
      expect(writtenAtDecode[0]).toEqual(expect.arrayContaining([1, 2, 3]))
    } finally {
      diagnostics.unsubscribe('undici:client:sendHeaders', onSend)
    }
  })

  it('hands each page to its decoder with the layout the count of its documents found, so the page is scanned once', async () => {
    const url = await serve((req, res) => {
      const page = pageOf(req)
      const first = 120 - (page - 1) * 50
      json(res, 200, { documents: Array.from({ length: Math.max(0, Math.min(50, first)) }, (_, i) => doc(first - i)) })
    })
    const handed: { body: Uint8Array; layout: ListingLayout | null | undefined }[] = []
    const pageDecoder: DocumentPageDecoder = {
      decode: async (body, contentType, layout) => {
        handed.push({ body, layout })
        return inlinePageDecoder.decode(body, contentType, layout)
      },
      close: async () => undefined,
    }
    let listed = 0
    await makeClient(url, { pageDecoder }).listDocumentPages({
      agendaId: 1,
      onPage: (documents) => (listed += documents.length),
    })
    expect(listed).toBe(120)
    expect(handed.length).toBeGreaterThanOrEqual(3)
    for (const { body, layout } of handed) {
      expect(layout).toBeDefined()
      expect(layout).toEqual(scanListingLayout(body))
    }
  })

  it('tells its decoder to expect pages when a full listing’s page comes back full, never in a delta or a short listing', async () => {
    for (const [total, modifiedSince, expected] of [
      [120, undefined, true],
      [120, new Date('2026-01-01T00:00:00Z'), false],
      [30, undefined, false],
    ] as const) {
      const url = await serve((req, res) => {
        const page = pageOf(req)
        const first = total - (page - 1) * 50
        json(res, 200, {
          documents: Array.from({ length: Math.max(0, Math.min(50, first)) }, (_, i) => doc(first - i)),
        })
      })
      const events: string[] = []
      const pageDecoder: DocumentPageDecoder = {
        decode: async (body, contentType, layout) => {
          events.push('decode')
          return inlinePageDecoder.decode(body, contentType, layout)
        },
        expectPages: () => events.push('expect'),
        close: async () => undefined,
      }
      await makeClient(url, { pageDecoder }).listDocumentPages({
        agendaId: 1,
        ...(modifiedSince ? { modifiedSince } : {}),
        onPage: () => undefined,
      })
      // Told on page 1, before its decode: the thread loads while pages 2 and 3 travel.
      if (expected) expect(events.slice(0, 2)).toEqual(['expect', 'decode'])
      else expect(events).not.toContain('expect')
    }
  })

  it('rejects with bad_response naming the field when a page does not fit the schema', async () => {
    const url = await serve((_req, res) => json(res, 200, { documents: [doc(2), doc(1, { last_modified_at: 17 })] }))
    const error = await failure(makeClient(url).listDocumentPages({ agendaId: 1, onPage: () => undefined }))
    expect(error.code).toBe('bad_response')
    expect(error.message).toMatch(
      /^Unexpected response from GET \/api\/v1_2\/documents.*: documents\[1\]\.last_modified_at: /,
    )
    expect(error.status).toBe(200)
  })
})
