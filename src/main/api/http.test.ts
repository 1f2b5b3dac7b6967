import { afterEach, describe, expect, it } from 'vitest'
import { closeFakeServices, doc, failure, json, makeClient, serve, stopLastService } from './testing/fakeService'
import { MAX_HOLD_OFF_MS } from './budget'
import { requestDeadlineMs } from './http'

/**
 * The HTTP layer's rules, driven through the client against small node:http fakes: answers
 * that do not fit become `bad_response` naming the field, a 401 is refreshed once, idempotent
 * requests are retried and a POST is not, and no log line or message holds a token.
 */

afterEach(closeFakeServices)

describe('answers that break the service interface', () => {
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
    // An hour asked, ten minutes held (MAX_HOLD_OFF_MS), and the cut logged.
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 600_000 })
  })
  it('a Retry-After of days holds the service for 10 minutes at most, and says so in the log', async () => {
    let now = 1_700_000_000_000
    const lines: string[] = []
    const url = await serve((_q, res) => json(res, 429, { message: 'Too Many Requests' }, { 'retry-after': '999999' }))
    const client = makeClient(url, { now: () => now, log: (line) => lines.push(line) })
    const error = await failure(client.listAgendas())
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: MAX_HOLD_OFF_MS })
    expect(client.serviceHoldOff()).toEqual({ untilMs: now + MAX_HOLD_OFF_MS, requestedMs: MAX_HOLD_OFF_MS })
    expect(lines.join('\n')).toMatch(/asked to wait 999999 s; Docket waits at most 600 s/)
    // Ten minutes later requests leave again; Try now ends the wait before that.
    now += MAX_HOLD_OFF_MS
    expect(client.serviceHoldOff()).toBeNull()
  })
  it('Try now lifts the wait at once: the next request is sent', async () => {
    let calls = 0
    const url = await serve((_q, res) => {
      calls++
      if (calls === 1) return json(res, 429, { message: 'Too Many Requests' }, { 'retry-after': '999999' })
      json(res, 200, { agendas: [] })
    })
    const client = makeClient(url)
    await failure(client.listAgendas())
    await expect(client.listAgendas()).rejects.toMatchObject({ code: 'rate_limited', details: { notSent: true } })
    expect(calls).toBe(1)
    expect(client.liftServiceHoldOff()).toBe(true)
    await expect(client.listAgendas()).resolves.toEqual([])
    expect(calls).toBe(2)
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
    await stopLastService()
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
})

describe('the overall deadline of a request', () => {
  /** An answer whose headers come at once and whose body trickles a byte every 100 ms (never idle long). */
  const trickling = (calls: { n: number }) =>
    serve((_q, res) => {
      calls.n++
      res.writeHead(200, { 'content-type': 'application/json' })
      const body = Buffer.from(JSON.stringify({ agendas: [] }).padEnd(400, ' '))
      let at = 0
      const timer = setInterval(() => {
        if (res.destroyed || at >= body.length) return void clearInterval(timer)
        res.write(body.subarray(at, ++at))
      }, 100)
      res.on('close', () => clearInterval(timer))
    })

  it('stops a trickling answer at its deadline with a typed timeout, and does not send it again', async () => {
    const calls = { n: 0 }
    const url = await trickling(calls)
    const started = Date.now()
    const error = await failure(makeClient(url, { baseDeadlineMs: 400 }).listAgendas())
    expect(error.code).toBe('timeout')
    expect(error.message).toMatch(/took longer than 0 s to answer GET \/api\/v1_2\/agendas; Docket stopped waiting/)
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(calls.n).toBe(1)
  })

  it('a POST past its deadline is unknown_outcome: it may have been applied', async () => {
    const url = await trickling({ n: 0 })
    const error = await failure(makeClient(url, { baseDeadlineMs: 300 }).createComment(1, 'x'))
    expect(error.code).toBe('unknown_outcome')
  })

  it('grows with what the request may carry: 60 s, plus the largest answer and the body at 128 KiB/s', () => {
    expect(requestDeadlineMs({}, 0)).toBe(60_000)
    expect(requestDeadlineMs({ maxResponseBytes: 8 * 1024 * 1024 }, 0)).toBe(124_000)
    expect(requestDeadlineMs({}, 20 * 1024 * 1024)).toBe(220_000)
    expect(requestDeadlineMs({ deadlineMs: 5 }, 1e9)).toBe(5)
  })
})
