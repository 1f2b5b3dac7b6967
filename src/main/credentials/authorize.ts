import { timingSafeEqual } from 'node:crypto'
import { isLoopbackRedirectUri } from '../../shared/api/serviceUrl'
import { AuthError } from './errors'

export interface AuthorizeUrlParams {
  baseUrl: string
  clientId: string
  /** Must equal one registered in the service's API settings (docs/service-interface.md, "Authentication"). */
  redirectUri: string
  state: string
  /** S256 PKCE challenge. */
  codeChallenge: string
  scope?: string
}

/**
 * Builds `{baseUrl}/oauth/authorize?client_id&redirect_uri&response_type=code&state&
 * code_challenge&code_challenge_method=S256` (docs/service-interface.md, "Authentication"; RFC 7636 §4.3).
 */
export function buildAuthorizeUrl(params: AuthorizeUrlParams): string {
  const url = new URL(params.baseUrl.replace(/\/+$/, '') + '/oauth/authorize')
  url.searchParams.set('client_id', params.clientId)
  url.searchParams.set('redirect_uri', params.redirectUri)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('state', params.state)
  url.searchParams.set('code_challenge', params.codeChallenge)
  url.searchParams.set('code_challenge_method', 'S256')
  if (params.scope) url.searchParams.set('scope', params.scope)
  return url.toString()
}

/**
 * True when `candidate` is a navigation to `redirectUri`: same scheme, host, port and path
 * (query and fragment ignored). With `anyLoopbackPort`, the port of a loopback redirect URI
 * may differ (RFC 8252 §7.3).
 */
export function matchesRedirectUri(candidate: string, redirectUri: string, anyLoopbackPort = false): boolean {
  let a: URL
  let b: URL
  try {
    a = new URL(candidate)
    b = new URL(redirectUri)
  } catch {
    return false
  }
  // Only a loopback redirect URI may change port: the listener of the system-browser flow picks a free one.
  const samePort = a.port === b.port || (anyLoopbackPort && isLoopbackRedirectUri(redirectUri))
  return a.protocol === b.protocol && a.hostname === b.hostname && samePort && a.pathname === b.pathname
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * Reads the authorization response at the redirect URI (RFC 6749 §4.1.2): returns the
 * authorization `code` when `state` matches.
 *
 * Throws AuthError: `state_mismatch` (missing or wrong state: refused, nothing exchanged),
 * `access_denied` ("Access was denied..."), `invalid_redirect` (another OAuth error or no
 * code), each before any token request is made.
 */
export function parseRedirect(redirectUrl: string, expectedState: string): { code: string } {
  let url: URL
  try {
    url = new URL(redirectUrl)
  } catch {
    throw new AuthError('invalid_redirect', 'The sign-in page returned an address Docket cannot read.')
  }
  const params = url.searchParams
  const state = params.get('state')
  if (state === null || !sameSecret(state, expectedState)) {
    throw new AuthError(
      'state_mismatch',
      'The sign-in answer did not match this sign-in attempt (wrong state), so Docket refused it. Please try again.',
    )
  }
  const error = params.get('error')
  if (error === 'access_denied') {
    throw new AuthError(
      'access_denied',
      'Access was denied: Docket was not authorized on the service. Sign in again and choose Authorize to continue.',
      {
        oauthError: error,
      },
    )
  }
  if (error !== null) {
    const description = params.get('error_description')
    throw new AuthError(
      'invalid_redirect',
      `The service refused the sign-in (${error}${description ? `: ${description}` : ''}).`,
      { oauthError: error },
    )
  }
  const code = params.get('code')
  if (!code) throw new AuthError('invalid_redirect', 'The sign-in page returned no authorization code.')
  return { code }
}
