import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redirectUriAllowed } from './oauth'
import { request, startTestSandbox, type TestSandbox } from './testing'
import { s256 } from './tokens'

const CLIENT = { client_id: 'docket-desktop', client_secret: 'docket-sandbox-secret' }
const REDIRECT = 'http://127.0.0.1:53682/oauth/callback'

let t: TestSandbox
beforeAll(async () => {
  t = await startTestSandbox()
})
afterAll(() => t.close())

function hiddenFields(html: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    out[m[1]!] = m[2]!
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&#39;/g, "'")
  }
  return out
}

function form(url: string, fields: Record<string, string>) {
  return request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
}

/** Runs the browser part of the authorization-code flow; returns the redirect Location. */
async function authorize(
  params: Record<string, string>,
  decision: 'authorize' | 'deny' = 'authorize',
  user = { email: 'demo@docket.test', password: 'demo-password-1' },
) {
  const login = await request(`${t.url}/oauth/authorize?${new URLSearchParams(params)}`)
  expect(login.status).toBe(200)
  const consent = await form(`${t.url}/oauth/authorize`, {
    ...hiddenFields(login.text),
    email: user.email,
    password: user.password,
  })
  expect(consent.status).toBe(200)
  const done = await form(`${t.url}/oauth/authorize/decision`, { ...hiddenFields(consent.text), decision })
  expect(done.status).toBe(302)
  return new URL(done.headers.get('location')!)
}

function token(body: Record<string, string>, contentType: 'json' | 'form' = 'json') {
  return request(`${t.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': contentType === 'json' ? 'application/json' : 'application/x-www-form-urlencoded' },
    body: contentType === 'json' ? JSON.stringify(body) : new URLSearchParams(body).toString(),
  })
}

describe('GET /oauth/authorize', () => {
  it('answers 200 text/html with a login page: labelled Email and Password fields and a Sign in button', async () => {
    const res = await request(
      `${t.url}/oauth/authorize?client_id=docket-desktop&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code&state=s1`,
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.text).toMatch(/<label for="email">Email<\/label>/)
    expect(res.text).toMatch(/<input id="email"/)
    expect(res.text).toMatch(/<label for="password">Password<\/label>/)
    expect(res.text).toMatch(/<button type="submit">Sign in<\/button>/)
  })

  it('shows the login page again (401) with an error for a wrong password', async () => {
    const login = await request(
      `${t.url}/oauth/authorize?client_id=docket-desktop&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code`,
    )
    const res = await form(`${t.url}/oauth/authorize`, {
      ...hiddenFields(login.text),
      email: 'demo@docket.test',
      password: 'wrong',
    })
    expect(res.status).toBe(401)
    expect(res.text).toContain('Invalid email or password.')
    expect(res.text).toContain('Sign in')
  })

  it('after sign-in shows a consent page with Authorize and Deny; Authorize redirects with code and state', async () => {
    const location = await authorize({
      client_id: 'docket-desktop',
      redirect_uri: REDIRECT,
      response_type: 'code',
      state: 'xyz 1',
    })
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT)
    expect(location.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    expect(location.searchParams.get('state')).toBe('xyz 1')
  })

  it('Deny redirects with error=access_denied and the state', async () => {
    const location = await authorize(
      { client_id: 'docket-desktop', redirect_uri: REDIRECT, response_type: 'code', state: 'st' },
      'deny',
    )
    expect(location.searchParams.get('error')).toBe('access_denied')
    expect(location.searchParams.get('state')).toBe('st')
    expect(location.searchParams.get('code')).toBeNull()
  })

  it('accepts the registered loopback redirect URI on any port (RFC 8252 §7.3)', async () => {
    const other = 'http://127.0.0.1:40123/oauth/callback'
    const location = await authorize({
      client_id: 'docket-desktop',
      redirect_uri: other,
      response_type: 'code',
      state: 'p',
    })
    expect(location.host).toBe('127.0.0.1:40123')
    expect(location.searchParams.get('code')).toBeTruthy()
  })

  it.each([
    ['an unregistered path', 'http://127.0.0.1:53682/other'],
    ['another host', 'http://evil.test:53682/oauth/callback'],
    ['https on loopback', 'https://127.0.0.1:53682/oauth/callback'],
    ['localhost instead of 127.0.0.1', 'http://localhost:53682/oauth/callback'],
  ])('shows an error page and does not redirect for %s', async (_name, uri) => {
    const res = await request(
      `${t.url}/oauth/authorize?client_id=docket-desktop&redirect_uri=${encodeURIComponent(uri)}&response_type=code&state=s`,
    )
    expect(res.status).toBe(400)
    expect(res.headers.get('location')).toBeNull()
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(res.text).toContain('redirect URI is not registered')
  })

  it('shows an error page and does not redirect for an unknown client', async () => {
    const res = await request(
      `${t.url}/oauth/authorize?client_id=nope&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code`,
    )
    expect(res.status).toBe(400)
    expect(res.headers.get('location')).toBeNull()
    expect(res.text).toContain('Unknown client')
  })

  it('redirects with unsupported_response_type for response_type other than code', async () => {
    const res = await request(
      `${t.url}/oauth/authorize?client_id=docket-desktop&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=token&state=q`,
    )
    expect(res.status).toBe(302)
    const location = new URL(res.headers.get('location')!)
    expect(location.searchParams.get('error')).toBe('unsupported_response_type')
    expect(location.searchParams.get('state')).toBe('q')
  })

  it('redirectUriAllowed: exact match, loopback any port, nothing else', () => {
    expect(redirectUriAllowed(REDIRECT)).toBe(true)
    expect(redirectUriAllowed('http://127.0.0.1:1/oauth/callback')).toBe(true)
    expect(redirectUriAllowed('http://127.0.0.1/oauth/callback')).toBe(true)
    expect(redirectUriAllowed('http://127.0.0.1:1/oauth/callback?x=1')).toBe(false)
    expect(redirectUriAllowed('not a url')).toBe(false)
  })
})

describe('POST /oauth/token', () => {
  it('authorization_code grant (JSON): access_token, token_type Bearer, expires_in, refresh_token, created_at; the token works', async () => {
    const location = await authorize({ client_id: 'docket-desktop', redirect_uri: REDIRECT, response_type: 'code' })
    const res = await token({
      grant_type: 'authorization_code',
      code: location.searchParams.get('code')!,
      redirect_uri: REDIRECT,
      ...CLIENT,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 7200,
      refresh_token: expect.any(String),
      created_at: expect.any(Number),
    })
    expect(Math.abs(res.body.created_at - Date.now() / 1000)).toBeLessThan(60)
    const me = await t.api('GET', '/api/v1_2/me', { token: res.body.access_token })
    expect(me.body).toEqual({ id: 1, email: 'demo@docket.test', name: 'Dana', surname: 'Demo' })
  })

  it('a code works once: the second exchange is invalid_grant and revokes the tokens of the first', async () => {
    const location = await authorize({ client_id: 'docket-desktop', redirect_uri: REDIRECT, response_type: 'code' })
    const body = {
      grant_type: 'authorization_code',
      code: location.searchParams.get('code')!,
      redirect_uri: REDIRECT,
      ...CLIENT,
    }
    const first = await token(body, 'form')
    expect(first.status).toBe(200)
    const second = await token(body)
    expect(second.status).toBe(400)
    expect(second.body).toEqual({ error: 'invalid_grant', error_description: expect.any(String) })
    expect((await t.api('GET', '/api/v1_2/me', { token: first.body.access_token })).status).toBe(401)
  })

  it('authorization_code with PKCE S256: the right verifier works, a wrong or missing one fails', async () => {
    const verifier = randomBytes(32).toString('base64url')
    const params = {
      client_id: 'docket-desktop',
      redirect_uri: REDIRECT,
      response_type: 'code',
      code_challenge: s256(verifier),
      code_challenge_method: 'S256',
    }
    const code1 = (await authorize(params)).searchParams.get('code')!
    const wrong = await token({
      grant_type: 'authorization_code',
      code: code1,
      redirect_uri: REDIRECT,
      code_verifier: `${verifier}x`,
      ...CLIENT,
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toBe('invalid_grant')
    const code2 = (await authorize(params)).searchParams.get('code')!
    const missing = await token({ grant_type: 'authorization_code', code: code2, redirect_uri: REDIRECT, ...CLIENT })
    expect(missing.status).toBe(400)
    expect(missing.body.error).toBe('invalid_request')
    const code3 = (await authorize(params)).searchParams.get('code')!
    const ok = await token({
      grant_type: 'authorization_code',
      code: code3,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      ...CLIENT,
    })
    expect(ok.status).toBe(200)
  })

  it('authorization_code: a redirect_uri differing from the authorization request is invalid_grant', async () => {
    const code = (
      await authorize({ client_id: 'docket-desktop', redirect_uri: REDIRECT, response_type: 'code' })
    ).searchParams.get('code')!
    const res = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://127.0.0.1:1/oauth/callback',
      ...CLIENT,
    })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('invalid_grant')
  })

  it('refresh_token grant rotates: new tokens, and the old refresh token is invalid afterwards', async () => {
    const first = await token({
      grant_type: 'password',
      username: 'demo@docket.test',
      password: 'demo-password-1',
      ...CLIENT,
    })
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token, ...CLIENT })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.refresh_token).not.toBe(first.body.refresh_token)
    expect(refreshed.body.access_token).not.toBe(first.body.access_token)
    const again = await token({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token, ...CLIENT })
    expect(again.status).toBe(400)
    expect(again.body.error).toBe('invalid_grant')
    expect((await t.api('GET', '/api/v1_2/me', { token: refreshed.body.access_token })).status).toBe(200)
  })

  it('password grant: wrong password is invalid_grant; missing fields invalid_request', async () => {
    const bad = await token({ grant_type: 'password', username: 'demo@docket.test', password: 'nope', ...CLIENT })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toBe('invalid_grant')
    const missing = await token({ grant_type: 'password', ...CLIENT })
    expect(missing.status).toBe(400)
    expect(missing.body.error).toBe('invalid_request')
  })

  it('client authentication failure is 401 invalid_client (body secret or HTTP Basic)', async () => {
    const bad = await token({
      grant_type: 'password',
      username: 'demo@docket.test',
      password: 'demo-password-1',
      client_id: 'docket-desktop',
      client_secret: 'wrong',
    })
    expect(bad.status).toBe(401)
    expect(bad.body.error).toBe('invalid_client')
    const basic = await request(`${t.url}/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('docket-desktop:docket-sandbox-secret').toString('base64')}`,
      },
      body: 'grant_type=password&username=demo%40docket.test&password=demo-password-1',
    })
    expect(basic.status).toBe(200)
  })

  it('missing grant_type is invalid_request; unknown grant is unsupported_grant_type; bad JSON is invalid_request', async () => {
    expect((await token({ ...CLIENT })).body.error).toBe('invalid_request')
    const unknown = await token({ grant_type: 'client_credentials', ...CLIENT })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error).toBe('unsupported_grant_type')
    const broken = await request(`${t.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"grant_type":',
    })
    expect(broken.status).toBe(400)
    expect(broken.body.error).toBe('invalid_request')
  })
})

describe('bearer authentication of /api', () => {
  it('401 with { message: "Unauthorized" } and WWW-Authenticate for a missing or unknown token', async () => {
    for (const tokenValue of ['', 'unknown-token']) {
      const res = await t.api('GET', '/api/v1_2/agendas', { token: tokenValue })
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ message: 'Unauthorized' })
      expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"')
    }
  })

  it('an access token expires after tokenTtlSec', async () => {
    const short = await startTestSandbox({ tokenTtlSec: 1 })
    try {
      const tok = await short.token()
      expect((await short.api('GET', '/api/v1_2/me', { token: tok })).status).toBe(200)
      await new Promise((r) => setTimeout(r, 1100))
      const expired = await short.api('GET', '/api/v1_2/me', { token: tok })
      expect(expired.status).toBe(401)
      expect(expired.body).toEqual({ message: 'Unauthorized' })
    } finally {
      await short.close()
    }
  })

  it('POST /_sandbox/revoke (admin) revokes the refresh tokens of a user, and optionally the access tokens', async () => {
    const grant = await token({
      grant_type: 'password',
      username: 'colleague@docket.test',
      password: 'colleague-password-1',
      ...CLIENT,
    })
    const res = await request(`${t.url}/_sandbox/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'colleague@docket.test' }),
    })
    expect(res.status).toBe(200)
    expect(res.body.revoked_refresh_tokens).toBeGreaterThanOrEqual(1)
    const refresh = await token({ grant_type: 'refresh_token', refresh_token: grant.body.refresh_token, ...CLIENT })
    expect(refresh.body.error).toBe('invalid_grant')
    expect((await t.api('GET', '/api/v1_2/me', { token: grant.body.access_token })).status).toBe(200)
    await request(`${t.url}/_sandbox/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: 2, access_tokens: true }),
    })
    expect((await t.api('GET', '/api/v1_2/me', { token: grant.body.access_token })).status).toBe(401)
  })
})
