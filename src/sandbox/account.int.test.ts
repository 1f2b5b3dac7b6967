import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request, startTestSandbox, type TestSandbox } from './testing'

let t: TestSandbox
beforeAll(async () => {
  t = await startTestSandbox()
})
afterAll(() => t.close())

describe('users', () => {
  it('GET /api/v1_2/users/:id returns a bare User (id, email, name, surname) of the caller’s account', async () => {
    const res = await t.api('GET', '/api/v1_2/users/2')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ id: 2, email: 'colleague@docket.test', name: 'Colin', surname: 'Colleague' })
  })

  it('404 Not found for an unknown user or a user of another account', async () => {
    for (const id of [3, 999]) {
      const res = await t.api('GET', `/api/v1_2/users/${id}`)
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ message: 'Not found' })
    }
  })

  it('GET /api/v1_2/me returns the signed-in user as a bare object (observed clients)', async () => {
    const res = await t.api('GET', '/api/v1_2/me')
    expect(res.body).toEqual({ id: 1, email: 'demo@docket.test', name: 'Dana', surname: 'Demo' })
    const colleague = await t.api('GET', '/api/v1_2/me', { token: await t.token(2) })
    expect(colleague.body.id).toBe(2)
  })
})

describe('PUT /api/webhooks/:webhook_id', () => {
  it('the body is a single URL string: 201 returning the URL as text', async () => {
    const res = await t.api('PUT', '/api/webhooks/1', { body: 'https://hooks.example.com/docket' })
    expect(res.status).toBe(201)
    expect(res.headers.get('content-type')).toContain('text/plain')
    expect(res.text).toBe('https://hooks.example.com/docket')
    expect(t.sandbox.state().webhooks[0]!.url).toBe('https://hooks.example.com/docket')
    const plain = await t.api('PUT', '/api/webhooks/1', {
      body: 'https://hooks.example.com/plain',
      headers: { 'content-type': 'text/plain' },
    })
    expect(plain.status).toBe(201)
    expect(plain.text).toBe('https://hooks.example.com/plain')
    const unquoted = await t.api('PUT', '/api/webhooks/1', {
      body: 'https://hooks.example.com/raw',
      headers: { 'content-type': 'application/json' },
    })
    expect(unquoted.status).toBe(201)
    expect(unquoted.text).toBe('https://hooks.example.com/raw')
  })

  it('422 Validation Failed: url, auth_credentials and settings missing', async () => {
    for (const body of [{}, undefined]) {
      const res = await t.api(
        'PUT',
        '/api/webhooks/1',
        body === undefined ? { headers: { 'content-type': 'application/json' } } : { body },
      )
      expect(res.status).toBe(422)
      expect(res.body).toEqual({
        message: 'Validation Failed',
        errors: { url: ['is missing'], auth_credentials: ['is missing'], settings: ['is missing'] },
      })
    }
  })

  it('422 with a nested error when auth_credentials.password has no digit', async () => {
    const res = await t.api('PUT', '/api/webhooks/1', {
      body: {
        url: 'https://hooks.example.com/x',
        auth_credentials: { username: 'u', password: 'secret' },
        settings: { events: [] },
      },
    })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({
      message: 'Validation Failed',
      errors: { auth_credentials: { password: ['must include at least one digit'] } },
    })
    const ok = await t.api('PUT', '/api/webhooks/1', {
      body: {
        url: 'https://hooks.example.com/x',
        auth_credentials: { username: 'u', password: 'secret1' },
        settings: { events: [] },
      },
    })
    expect(ok.status).toBe(201)
    expect(ok.text).toBe('https://hooks.example.com/x')
    expect(t.sandbox.state().webhooks[0]!.auth_credentials).toEqual({ username: 'u', has_password: true })
  })

  it('422 for a string that is not a URL; 404 for an unknown webhook', async () => {
    const bad = await t.api('PUT', '/api/webhooks/1', { body: 'not a url' })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({ url: ['is not a valid URL'] })
    const unknown = await t.api('PUT', '/api/webhooks/77', { body: 'https://x.test/' })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ message: 'Not found' })
  })
})

describe('DELETE /api/webhooks/:webhook_id', () => {
  it('204 without body; the webhook is gone', async () => {
    const other = await startTestSandbox()
    try {
      const res = await other.api('DELETE', '/api/webhooks/1')
      expect(res.status).toBe(204)
      expect(res.text).toBe('')
      expect(other.sandbox.state().webhooks).toEqual([])
      expect((await other.api('DELETE', '/api/webhooks/1')).status).toBe(404)
    } finally {
      await other.close()
    }
  })

  it('webhook paths carry no version segment and need a bearer token', async () => {
    const res = await request(`${t.url}/api/webhooks/1`, { method: 'DELETE' })
    expect(res.status).toBe(401)
    expect((await t.api('DELETE', '/api/v1_2/webhooks/1')).status).toBe(404)
  })
})
