import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordGrant, request, startTestSandbox, type TestSandbox } from './testing'

let t: TestSandbox
beforeAll(async () => {
  t = await startTestSandbox({ prerenderPreviews: false })
})
afterAll(async () => {
  await t?.close()
})

describe('POST /_sandbox/revoke-tokens', () => {
  it('revokes every access and refresh token of the demo user: the next request is 401, the next refresh invalid_grant', async () => {
    const user = t.sandbox.credentials.users[0]!
    const grant = await passwordGrant(t.url, user.email, user.password)
    const access = grant['access_token'] as string
    expect((await t.api('GET', '/api/v1_2/agendas', { token: access })).status).toBe(200)
    const revoked = await request(`${t.url}/_sandbox/revoke-tokens`, { method: 'POST' })
    expect(revoked.status).toBe(200)
    expect(revoked.body).toMatchObject({ user_id: user.id })
    expect(revoked.body.revoked_access_tokens).toBeGreaterThanOrEqual(1)
    expect((await t.api('GET', '/api/v1_2/agendas', { token: access })).status).toBe(401)
    const refresh = await request(`${t.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'refresh_token',
        refresh_token: grant['refresh_token'],
        client_id: 'docket-desktop',
        client_secret: 'docket-sandbox-secret',
      }),
    })
    expect([refresh.status, refresh.body.error]).toEqual([400, 'invalid_grant'])
  })

  it('is an admin route: absent without --admin', async () => {
    const plain = await startTestSandbox({ admin: false, prerenderPreviews: false })
    try {
      expect((await request(`${plain.url}/_sandbox/revoke-tokens`, { method: 'POST' })).status).toBe(404)
    } finally {
      await plain.close()
    }
  })
})
