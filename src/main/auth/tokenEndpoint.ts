import { request, type Dispatcher } from 'undici'
import { oauthErrorSchema, tokenResponseSchema } from '../../shared/api/token'
import { AuthError } from './errors'

/** Tokens as Docket keeps them. Times are epoch ms. */
export interface TokenSet {
  accessToken: string
  /** Absent when the service issues none (then the account must sign in again on expiry). */
  refreshToken?: string
  /** When the access token expires (epoch ms); undefined when the service did not say. */
  expiresAt?: number
}

export interface TokenEndpointOptions {
  baseUrl: string
  clientId: string
  clientSecret: string
  dispatcher?: Dispatcher
  /** Epoch ms. */
  now?: () => number
}

/**
 * Client of `POST {base_url}/oauth/token` (docs/service-interface.md, "Authentication"; RFC 6749
 * §4.1.3, §4.3, §6) with a JSON body. Expiry = now + expires_in.
 *
 * Errors (AuthError): `invalid_grant` (code, refresh token or password refused),
 * `invalid_client`, `network`, `token_endpoint` (other status or an unreadable answer).
 */
export class TokenEndpoint {
  private readonly url: string
  constructor(private readonly options: TokenEndpointOptions) {
    this.url = options.baseUrl.replace(/\/+$/, '') + '/oauth/token'
  }

  /** Authorization-code grant with the PKCE verifier. */
  exchangeCode(code: string, redirectUri: string, codeVerifier: string): Promise<TokenSet> {
    return this.post({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier })
  }

  /** Refresh-token grant; the service may rotate the refresh token (the old one is kept otherwise). */
  async refresh(refreshToken: string): Promise<TokenSet> {
    const tokens = await this.post({ grant_type: 'refresh_token', refresh_token: refreshToken })
    return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken }
  }

  /** Password grant: used only for the built-in demo (sandbox) account. */
  password(username: string, password: string): Promise<TokenSet> {
    return this.post({ grant_type: 'password', username, password })
  }

  private async post(fields: Record<string, string>): Promise<TokenSet> {
    const body = JSON.stringify({
      ...fields,
      client_id: this.options.clientId,
      client_secret: this.options.clientSecret,
    })
    const now = this.options.now ?? Date.now
    let status: number
    let text: string
    try {
      const response = await request(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'Docket' },
        body,
        dispatcher: this.options.dispatcher,
      })
      status = response.statusCode
      text = await response.body.text()
    } catch (error) {
      throw new AuthError('network', `Cannot reach the service at ${new URL(this.url).origin} to sign in.`, {
        cause: error,
      })
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw new AuthError('token_endpoint', `The service's token endpoint answered HTTP ${status} without JSON.`)
    }
    if (status >= 200 && status < 300) {
      const parsed = tokenResponseSchema.safeParse(json)
      if (!parsed.success) {
        throw new AuthError('token_endpoint', 'The service answered the token request without an access token.')
      }
      const tokens: TokenSet = { accessToken: parsed.data.access_token }
      if (parsed.data.refresh_token) tokens.refreshToken = parsed.data.refresh_token
      if (parsed.data.expires_in !== undefined) tokens.expiresAt = now() + parsed.data.expires_in * 1000
      return tokens
    }
    const oauth = oauthErrorSchema.safeParse(json)
    const error = oauth.success ? oauth.data.error : undefined
    const description = oauth.success ? oauth.data.error_description : undefined
    const detail = description ? `: ${description}` : ''
    if (error === 'invalid_grant') {
      throw new AuthError('invalid_grant', `The service refused the sign-in grant${detail}.`, { oauthError: error })
    }
    if (error === 'invalid_client' || error === 'unauthorized_client' || status === 401) {
      throw new AuthError(
        'invalid_client',
        `The service did not accept the client id or client secret${detail}. Check them against the service's API settings.`,
        { oauthError: error ?? 'invalid_client' },
      )
    }
    throw new AuthError(
      'token_endpoint',
      `The token request failed (HTTP ${status}${error ? `, ${error}` : ''}${detail}).`,
      {
        ...(error ? { oauthError: error } : {}),
      },
    )
  }
}
