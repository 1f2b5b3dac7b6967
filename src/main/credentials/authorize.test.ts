import { describe, expect, it } from 'vitest'
import { buildAuthorizeUrl, matchesRedirectUri, parseRedirect } from './authorize'
import { isAuthError, type AuthError } from './errors'

function thrown(fn: () => unknown): AuthError {
  try {
    fn()
  } catch (error) {
    if (isAuthError(error)) return error
    throw error
  }
  throw new Error('expected an AuthError')
}

describe('authorize URL', () => {
  it('carries client_id, redirect_uri, response_type=code, state and the S256 challenge', () => {
    const url = new URL(
      buildAuthorizeUrl({
        baseUrl: 'https://svc.example/',
        clientId: 'docket',
        redirectUri: 'http://127.0.0.1:53682/oauth/callback',
        state: 'st',
        codeChallenge: 'ch',
      }),
    )
    expect(url.origin + url.pathname).toBe('https://svc.example/oauth/authorize')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'docket',
      redirect_uri: 'http://127.0.0.1:53682/oauth/callback',
      response_type: 'code',
      state: 'st',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
    })
  })
  it('matches the redirect URI by scheme, host, port and path', () => {
    const registered = 'http://127.0.0.1:53682/oauth/callback'
    expect(matchesRedirectUri('http://127.0.0.1:53682/oauth/callback?code=x&state=y', registered)).toBe(true)
    expect(matchesRedirectUri('http://127.0.0.1:53683/oauth/callback?code=x', registered)).toBe(false)
    expect(matchesRedirectUri('http://127.0.0.1:53683/oauth/callback?code=x', registered, true)).toBe(true)
    expect(matchesRedirectUri('http://127.0.0.1:53682/other', registered)).toBe(false)
    expect(matchesRedirectUri('https://evil.example/oauth/callback', registered)).toBe(false)
    // Any port is allowed for a loopback redirect URI only.
    expect(matchesRedirectUri('https://app.example:8443/cb', 'https://app.example/cb', true)).toBe(false)
  })
})

describe('parseRedirect', () => {
  const base = 'http://127.0.0.1:53682/oauth/callback'
  it('returns the code when the state matches', () => {
    expect(parseRedirect(`${base}?code=abc&state=s1`, 's1')).toEqual({ code: 'abc' })
  })
  it('refuses a wrong or missing state before looking at the code', () => {
    expect(thrown(() => parseRedirect(`${base}?code=abc&state=other`, 's1')).code).toBe('state_mismatch')
    expect(thrown(() => parseRedirect(`${base}?code=abc`, 's1')).code).toBe('state_mismatch')
  })
  it('error=access_denied -> access_denied with a clear message', () => {
    const error = thrown(() => parseRedirect(`${base}?error=access_denied&state=s1`, 's1'))
    expect(error.code).toBe('access_denied')
    expect(error.message).toMatch(/^Access was denied/)
  })
  it('another OAuth error or no code -> invalid_redirect; the code never appears in messages', () => {
    expect(thrown(() => parseRedirect(`${base}?error=server_error&state=s1`, 's1')).code).toBe('invalid_redirect')
    expect(thrown(() => parseRedirect(`${base}?state=s1`, 's1')).code).toBe('invalid_redirect')
    expect(thrown(() => parseRedirect('not a url', 's1')).code).toBe('invalid_redirect')
  })
})
