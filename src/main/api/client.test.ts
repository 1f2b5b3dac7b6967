import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiClient, formatModifiedSince, decodeUrlSafeBase64 } from './client'
import type { EncodedDocument } from './documentPage'
import { isApiError, type ApiError } from './errors'
import { inlinePageDecoder, type DocumentPageDecoder } from './pageDecoder'
import { backoffDelay, parseRetryAfter, resolveRetryOptions } from './retry'

/** Unit tests of the client against small node:http fakes (behaviour the sandbox cannot provoke). */

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void
const servers: Server[] = []
const clients: ApiClient[] = []

async function serve(handler: Handler): Promise<string> {
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => handler(req, res, body))
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body))
}

function makeClient(baseUrl: string, extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) {
  const client = new ApiClient({
    baseUrl,
    tokens: { getAccessToken: async () => 'tok-A', refreshAfterUnauthorized: async () => 'tok-B' },
    sleep: async () => {},
    random: () => 0.5,
    ...extra,
  })
  clients.push(client)
  return client
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (e: unknown) => e,
  )
  if (!isApiError(error)) throw error
  return error
}

const doc = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'PurchaseInvoice',
  created_at: '2026-01-01T00:00:00Z',
  last_modified_at: '2026-01-01T00:00:00Z',
  state: 'ready',
  ...extra,
})

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()))
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))))
})

describe('responses that break the spec', () => {
  it('a mistyped field -> bad_response naming the field path', async () => {
    const url = await serve((_q, res) =>
      json(res, 200, { documents: [doc(2), doc(1, { summary: { total: 'a lot' } })] }),
    )
    const error = await failure(makeClient(url).listDocumentsPage({}, 1))
    expect(error.code).toBe('bad_response')
    expect(error.message).toContain('documents[1].summary.total')
  })
  it('a missing required field -> bad_response naming it', async () => {
    const url = await serve((_q, res) => json(res, 200, { id: 1, email: 'a@b.c', name: 'A' }))
    const error = await failure(makeClient(url).me())
    expect(error.code).toBe('bad_response')
    expect(error.message).toContain('surname')
  })
  it('an HTML page instead of JSON -> bad_response saying so', async () => {
    const url = await serve((_q, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>'))
    const error = await failure(makeClient(url).listAgendas())
    expect(error.code).toBe('bad_response')
    expect(error.message).toMatch(/HTML page/)
  })
  it('unknown fields and unknown states are kept', async () => {
    const url = await serve((_q, res) =>
      json(res, 200, { documents: [doc(1, { state: 'brand_new_state', extra: 42 })] }),
    )
    const [d] = await makeClient(url).getDocument(1)
    expect(d!.state).toBe('brand_new_state')
    expect((d as Record<string, unknown>).extra).toBe(42)
  })
  it('an error status without a JSON body still gives a readable message and the right code', async () => {
    const url = await serve((_q, res) => res.writeHead(409, { 'content-type': 'text/plain' }).end('nope'))
    const error = await failure(makeClient(url).archiveDocument(1))
    expect(error).toMatchObject({ code: 'conflict', status: 409 })
    expect(error.message.length).toBeGreaterThan(5)
  })
})

describe('authorization', () => {
  it('401 -> one refresh -> one retry with the new token', async () => {
    const seen: string[] = []
    const url = await serve((req, res) => {
      seen.push(String(req.headers.authorization))
      if (req.headers.authorization === 'Bearer tok-B')
        json(res, 200, { id: 1, email: 'a@b.c', name: 'A', surname: 'B' })
      else json(res, 401, { message: 'Unauthorized' })
    })
    const refreshed: string[] = []
    const client = makeClient(url, {
      tokens: {
        getAccessToken: async () => 'tok-A',
        refreshAfterUnauthorized: async (failed) => {
          refreshed.push(failed)
          return 'tok-B'
        },
      },
    })
    expect((await client.me()).id).toBe(1)
    expect(seen).toEqual(['Bearer tok-A', 'Bearer tok-B'])
    expect(refreshed).toEqual(['tok-A'])
  })
  it('a second 401 is not refreshed again -> unauthorized', async () => {
    let calls = 0
    const url = await serve((_q, res) => {
      calls++
      json(res, 401, { message: 'Token expired' })
    })
    const error = await failure(makeClient(url).me())
    expect(error.code).toBe('unauthorized')
    expect(calls).toBe(2)
  })
})

describe('retries', () => {
  it('honours Retry-After given as an HTTP date', async () => {
    let calls = 0
    const url = await serve((_q, res) => {
      calls++
      if (calls === 1) json(res, 503, { message: 'busy' }, { 'retry-after': 'Thu, 01 Jan 2026 00:00:07 GMT' })
      else json(res, 200, { agendas: [] })
    })
    const waits: number[] = []
    const client = makeClient(url, {
      now: () => Date.UTC(2026, 0, 1, 0, 0, 2),
      sleep: async (ms) => void waits.push(ms),
    })
    expect(await client.listAgendas()).toEqual([])
    expect(waits).toEqual([5000])
  })
  it('backs off exponentially with jitter on 502/504 for idempotent requests', async () => {
    let calls = 0
    const url = await serve((_q, res) => {
      calls++
      if (calls < 4) json(res, calls % 2 ? 502 : 504, { message: 'gateway' })
      else res.writeHead(204).end()
    })
    const waits: number[] = []
    await makeClient(url, { retry: { baseDelayMs: 100 }, sleep: async (ms) => void waits.push(ms) }).deleteAgenda(5)
    expect(waits).toEqual([75, 150, 300])
  })
  it('a Retry-After longer than the client waits surfaces as rate_limited with retryAfterMs', async () => {
    const url = await serve((_q, res) => json(res, 429, { message: 'Too Many Requests' }, { 'retry-after': '3600' }))
    const error = await failure(makeClient(url).listAgendas())
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 3_600_000 })
  })
  it('a POST is not retried on 503', async () => {
    let calls = 0
    const url = await serve((_q, res) => {
      calls++
      json(res, 503, { message: 'busy' }, { 'retry-after': '1' })
    })
    const error = await failure(makeClient(url).createComment(1, 'x'))
    expect(error.code).toBe('server')
    expect(calls).toBe(1)
  })
  it('a POST whose connection is cut after sending -> unknown_outcome', async () => {
    let calls = 0
    const url = await serve((req) => {
      calls++
      req.socket.destroy()
    })
    const error = await failure(makeClient(url).createComment(1, 'x'))
    expect(error.code).toBe('unknown_outcome')
    expect(calls).toBe(1)
  })
  it('a refused connection is retried even for a POST (nothing was sent), then reported as network', async () => {
    const url = await serve(() => {})
    await new Promise((r) => servers.pop()!.close(r))
    const waits: number[] = []
    const error = await failure(
      makeClient(url, { retry: { maxRetries: 2 }, sleep: async (ms) => void waits.push(ms) }).createComment(1, 'x'),
    )
    expect(error.code).toBe('network')
    expect(waits).toHaveLength(2)
  })
  it('a DELETE whose first answer was lost and whose retry finds 404 counts as done', async () => {
    let calls = 0
    const url = await serve((req, res) => {
      calls++
      if (calls === 1) req.socket.destroy()
      else json(res, 404, { message: 'Comment not found' })
    })
    await expect(makeClient(url).deleteComment(1, 'u-1')).resolves.toBeUndefined()
    expect(calls).toBe(2)
  })
  it('backoff and Retry-After parsing', () => {
    const options = resolveRetryOptions({ baseDelayMs: 200, maxDelayMs: 1000 })
    expect(backoffDelay(0, options, () => 0)).toBe(100)
    expect(backoffDelay(10, options, () => 0.999)).toBeLessThanOrEqual(1000)
    expect(parseRetryAfter('12', 0)).toBe(12_000)
    expect(parseRetryAfter('garbage', 0)).toBeUndefined()
    expect(parseRetryAfter(undefined, 0)).toBeUndefined()
  })
})

describe('listDocuments', () => {
  it('keeps at most `concurrency` pages in flight and stops at the first short page', async () => {
    let inFlight = 0
    let maxInFlight = 0
    const pagesAsked: number[] = []
    const url = await serve((req, res) => {
      const page = Number(new URL(req.url!, 'http://x').searchParams.get('page'))
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
      const page = Number(new URL(req.url!, 'http://x').searchParams.get('page'))
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
      const page = Number(new URL(req.url!, 'http://x').searchParams.get('page'))
      if (page === 2) return json(res, 500, { message: 'Internal Server Error' })
      json(res, 200, { documents: Array.from({ length: page === 1 ? 50 : 0 }, (_, i) => doc(1000 - i)) })
    })
    const client = makeClient(url, { retry: { maxRetries: 0 } })
    expect((await failure(client.listDocuments({ agendaId: 1, concurrency: 3 }))).code).toBe('server')
    const url2 = await serve((req, res) => {
      const page = Number(new URL(req.url!, 'http://x').searchParams.get('page'))
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

  it('once pages come back full, sends the next page before decoding the answer it has (one request on the wire per worker)', async () => {
    let inFlight = 0
    let maxInFlight = 0
    const url = await serve((req, res) => {
      const page = Number(new URL(req.url!, 'http://x').searchParams.get('page'))
      inFlight++
      maxInFlight = Math.max(maxInFlight, inFlight)
      setTimeout(() => {
        inFlight--
        json(res, 200, {
          documents: Array.from({ length: page < 4 ? 50 : 1 }, (_, i) => doc(1000 - (page - 1) * 50 - i)),
        })
      }, 2)
    })
    const client = makeClient(url)
    // The order of the client's own steps: `send` (a request leaves) and `decode` (JSON + schema).
    const steps: string[] = []
    const internals = client as unknown as Record<'send' | 'decode', (...args: unknown[]) => unknown>
    const pageOf = (spec: unknown) => (spec as { query: URLSearchParams }).query.get('page')
    for (const name of ['send', 'decode'] as const) {
      const original = internals[name].bind(client)
      internals[name] = (...args: unknown[]) => {
        steps.push(`${name} ${pageOf(args[0])}`)
        return original(...args)
      }
    }
    const documents = await client.listDocuments({ concurrency: 1 })
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

  it('sends the filters as the observed clients do', async () => {
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
})

describe('listDocumentPages', () => {
  it('hands each page over as its decoder decoded it (validated documents with their JSON text) and keeps nothing', async () => {
    const url = await serve((req, res) => {
      const page = Number(new URL(req.url!, 'http://x').searchParams.get('page'))
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
    expect(JSON.parse(pages.get(2)![0]!.json)).toEqual(doc(950))
    expect(decoded.length).toBeGreaterThanOrEqual(2)
    expect(decoded.every((type) => type.startsWith('application/json'))).toBe(true)
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

describe('redaction', () => {
  it('no log line or error message holds the access token, and self hrefs are stored without it', async () => {
    const url = await serve((req, res) => {
      if (req.url === '/api/v1_2/agendas')
        json(res, 200, {
          links: { self: { href: `http://x/api/v1_2/agendas?access_token=tok-A` } },
          agendas: [{ id: 1, name: 'A', links: { self: { href: '/api/v1_2/agendas/1?access_token=tok-A' } } }],
        })
      else json(res, 403, { message: `Not authorized (token tok-A) Bearer tok-A ?access_token=tok-A` })
    })
    const lines: string[] = []
    const client = makeClient(url, { log: (l) => lines.push(l) })
    const [agenda] = await client.listAgendas()
    expect(agenda!.links?.self?.href).toBe('/api/v1_2/agendas/1')
    const error = await failure(client.getAgenda(1))
    expect(error.message).not.toContain('tok-A')
    expect(error.message).toContain('Not authorized')
    expect(lines.join('\n')).not.toContain('tok-A')
  })
  it('decodes the URL-safe base64 of original files', () => {
    const bytes = new Uint8Array([251, 255, 191, 0, 1])
    const standard = Buffer.from(bytes).toString('base64')
    const urlSafe = standard.replace(/\+/g, '-').replace(/\//g, '_').replace(/=/g, ',')
    expect([...decodeUrlSafeBase64(urlSafe)]).toEqual([...bytes])
  })
})
