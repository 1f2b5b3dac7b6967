import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiUser } from './model'
import type { SandboxState } from './state'
import { request, startTestSandbox, type TestSandbox } from './testing'

let t: TestSandbox
beforeAll(async () => {
  t = await startTestSandbox({ seed: 11 })
})
afterAll(() => t.close())

const json = (body: unknown) => ({
  method: 'PUT',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

describe('faults (off by default)', () => {
  it('GET /_sandbox/faults shows every fault off', async () => {
    const res = await request(`${t.url}/_sandbox/faults`)
    expect(res.body).toEqual({
      errorRate: 0,
      rate429: 0,
      rate401: 0,
      dropRate: 0,
      retryAfterSec: 1,
      latencyMs: 0,
      latencyJitterMs: 0,
      endlessListing: 'off',
      endlessListingAgendaId: 0,
      hugePageBytes: 0,
      hugePreviewBytes: 0,
      hugeOriginalBytes: 0,
      tokenAnswer: 'normal',
      trickleMs: 0,
    })
  })

  it('PUT /_sandbox/faults takes the token answer modes and refuses others', async () => {
    const bad = await request(`${t.url}/_sandbox/faults`, json({ tokenAnswer: 'forever', rate401: 2 }))
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({
      tokenAnswer: ['must be one of normal, bomb, negative-expiry, not-bearer, bad-charset'],
      rate401: ['must be between 0 and 1'],
    })
  })

  it('rate401 1: /api answers 401 whatever the token; the token endpoint still answers', async () => {
    const tok = await t.token()
    await request(`${t.url}/_sandbox/faults`, json({ rate401: 1 }))
    try {
      const res = await t.api('GET', '/api/v1_2/agendas', { token: tok })
      expect(res.status).toBe(401)
      expect(await t.token()).toMatch(/\S/)
    } finally {
      await request(`${t.url}/_sandbox/faults`, json({ rate401: 0 }))
    }
  })

  it('errorRate 1: /api answers 500 { message: "Internal Server Error" }; /oauth and /_sandbox are not affected', async () => {
    const tok = await t.token()
    const put = await request(`${t.url}/_sandbox/faults`, json({ errorRate: 1 }))
    expect(put.body.errorRate).toBe(1)
    try {
      const res = await t.api('GET', '/api/v1_2/agendas', { token: tok })
      expect(res.status).toBe(500)
      expect(res.body).toEqual({ message: 'Internal Server Error' })
      expect((await request(`${t.url}/_sandbox/state`)).status).toBe(200)
      expect(
        (
          await request(
            `${t.url}/oauth/authorize?client_id=docket-desktop&redirect_uri=${encodeURIComponent('http://127.0.0.1:53682/oauth/callback')}&response_type=code`,
          )
        ).status,
      ).toBe(200)
    } finally {
      t.sandbox.setFaults({ errorRate: 0 })
    }
  })

  it('rate429 1: 429 with Retry-After: retryAfterSec; the request is not applied', async () => {
    const tok = await t.token()
    t.sandbox.setFaults({ rate429: 1, retryAfterSec: 3 })
    try {
      const res = await t.api('PATCH', '/api/v1_2/documents/1', { token: tok, body: { document: { state: 'ready' } } })
      expect(res.status).toBe(429)
      expect(res.headers.get('retry-after')).toBe('3')
      expect(typeof res.body.message).toBe('string')
    } finally {
      t.sandbox.setFaults({ rate429: 0 })
    }
    expect(t.sandbox.state().documents.find((d) => d.id === 1)!.state).toBe('not_ready')
  })

  it('dropRate 1: the connection closes without a response; about half the requests were applied before the drop', async () => {
    const tok = await t.token()
    t.sandbox.setFaults({ dropRate: 1 })
    const outcomes: string[] = []
    try {
      for (let i = 0; i < 20; i++) {
        const text = `drop ${i}`
        try {
          await t.api('POST', '/api/v1_2/documents/2/comments', { token: tok, body: { comment: { text } } })
          outcomes.push('answered')
        } catch {
          outcomes.push('dropped')
        }
      }
    } finally {
      t.sandbox.setFaults({ dropRate: 0 })
    }
    expect(outcomes.every((o) => o === 'dropped')).toBe(true)
    const applied = t.sandbox.state().comments.filter((c) => c.text.startsWith('drop ')).length
    expect(applied).toBeGreaterThan(0)
    expect(applied).toBeLessThan(20)
  })

  it('latency delays /api responses by at least latencyMs', async () => {
    const tok = await t.token()
    t.sandbox.setFaults({ latencyMs: 150, latencyJitterMs: 20 })
    try {
      const started = Date.now()
      const res = await t.api('GET', '/api/v1_2/me', { token: tok })
      expect(res.status).toBe(200)
      expect(Date.now() - started).toBeGreaterThanOrEqual(145)
    } finally {
      t.sandbox.setFaults({ latencyMs: 0, latencyJitterMs: 0 })
    }
  })

  it('PUT /_sandbox/faults validates: 422 for a rate above 1 or an unknown key, settings unchanged', async () => {
    const res = await request(`${t.url}/_sandbox/faults`, json({ errorRate: 1.5, bogus: 1 }))
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ errorRate: ['must be between 0 and 1'], bogus: ['is not a fault setting'] })
    expect((await request(`${t.url}/_sandbox/faults`)).body.errorRate).toBe(0)
  })
})

describe('admin routes and stats', () => {
  it('GET /_sandbox/state returns the same data as state()', async () => {
    const res = await request(`${t.url}/_sandbox/state`)
    const local = t.sandbox.state()
    expect(Object.keys(res.body).sort()).toEqual([
      'agendas',
      'batchJobs',
      'comments',
      'documents',
      'repairs',
      'users',
      'webhooks',
    ])
    expect(
      res.body.documents.map((d: SandboxState['documents'][number]) => [d.id, d.state, d.agenda_id, d.archived]),
    ).toEqual(local.documents.map((d) => [d.id, d.state, d.agenda_id, d.archived]))
    expect(res.body.users.map((u: ApiUser) => u.email)).toEqual([
      'demo@docket.test',
      'colleague@docket.test',
      'outsider@elsewhere.test',
    ])
    expect(JSON.stringify(res.body)).not.toContain('demo-password-1')
  })

  it('stats() counts requests by route pattern', async () => {
    const before = t.sandbox.stats()
    await t.api('GET', '/api/v1_2/documents/3')
    await t.api('GET', '/api/v1_2/documents/4')
    const after = t.sandbox.stats()
    expect(after.requests).toBe(before.requests + 2)
    expect(after.byRoute['GET /api/v1_2/documents/:document_id']).toBe(
      (before.byRoute['GET /api/v1_2/documents/:document_id'] ?? 0) + 2,
    )
  })

  it('admin routes are off unless admin is set (404)', async () => {
    const plain = await startTestSandbox({ admin: false })
    try {
      for (const path of ['/_sandbox/state', '/_sandbox/faults']) {
        const res = await request(`${plain.url}${path}`)
        expect(res.status).toBe(404)
        expect(res.body).toEqual({ message: 'Not found' })
      }
    } finally {
      await plain.close()
    }
  })

  it('the same seed makes the same fault decisions', async () => {
    const run = async () => {
      const s = await startTestSandbox({ seed: 99, faults: { errorRate: 0.5 } })
      try {
        const tok = await s.token()
        const statuses: number[] = []
        for (let i = 0; i < 12; i++) statuses.push((await s.api('GET', '/api/v1_2/me', { token: tok })).status)
        return statuses
      } finally {
        await s.close()
      }
    }
    const a = await run()
    expect(new Set(a)).toEqual(new Set([200, 500]))
    expect(await run()).toEqual(a)
  })
})
