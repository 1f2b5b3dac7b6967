import { request, type Dispatcher } from 'undici'
import { oauthErrorSchema } from '../../shared/api/token'
import { AuthError } from './errors'
import { invalidAnswer, MAX_TOKEN_ANSWER_BYTES, tokenSetFromAnswer, type TokenSet } from './tokenAnswer'

export type { TokenSet } from './tokenAnswer'

export interface TokenEndpointOptions {
  baseUrl: string
  clientId: string
  clientSecret: string
  dispatcher?: Dispatcher
  /** Epoch ms. */
  now?: () => number
  /** Receives a line when an answer is used with a correction (an `expires_in` out of range). */
  log?: (line: string) => void
}

/** The overall deadline of a token request, headers to last byte, in ms: 60 s (an answer trickling in ends there). */
export const TOKEN_REQUEST_DEADLINE_MS = 60_000

/**
 * Client of `POST {base_url}/oauth/token` (docs/service-interface.md, "Authentication"; RFC 6749
 * §4.1.3, §4.3, §6) with a JSON body. Expiry = now + expires_in. The answer is read up to
 * {@link MAX_TOKEN_ANSWER_BYTES} and checked by {@link tokenSetFromAnswer}.
 *
 * Errors (AuthError): `invalid_grant` (code, refresh token or password refused),
 * `invalid_client`, `network`, `invalid_token_response` (a 2xx answer too large or breaking
 * the token rule: the account must sign in again), `token_endpoint` (other status or an
 * unreadable error answer).
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
    const deadline = AbortSignal.timeout(TOKEN_REQUEST_DEADLINE_MS)
    try {
      const response = await request(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'Docket' },
        body,
        dispatcher: this.options.dispatcher,
        signal: deadline,
      })
      status = response.statusCode
      text = await readCapped(response)
    } catch (error) {
      if (error instanceof AuthError) throw error
      if (deadline.aborted)
        throw new AuthError(
          'network',
          `The service took longer than ${TOKEN_REQUEST_DEADLINE_MS / 1000} s to answer the sign-in; please try again.`,
          { cause: error },
        )
      throw new AuthError('network', `Cannot reach the service at ${new URL(this.url).origin} to sign in.`, {
        cause: error,
      })
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      if (status >= 200 && status < 300) throw invalidAnswer('without JSON')
      throw new AuthError('token_endpoint', `The service's token endpoint answered HTTP ${status} without JSON.`)
    }
    if (status >= 200 && status < 300) {
      return tokenSetFromAnswer(json, now(), this.options.log ?? (() => {}))
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

/**
 * The body of a token answer as text, read up to {@link MAX_TOKEN_ANSWER_BYTES}: a larger
 * `Content-Length` is refused unread, a longer body as soon as it passes the cap (the
 * connection is closed, the rest never read). AuthError `invalid_token_response`.
 */
async function readCapped(response: Dispatcher.ResponseData): Promise<string> {
  const declared = Number(response.headers['content-length'])
  const refuse = () => {
    response.body.destroy()
    return invalidAnswer(`with more than ${MAX_TOKEN_ANSWER_BYTES / 1024} KB`)
  }
  if (Number.isFinite(declared) && declared > MAX_TOKEN_ANSWER_BYTES) throw refuse()
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    total += chunk.length
    if (total > MAX_TOKEN_ANSWER_BYTES) throw refuse()
    chunks.push(chunk)
  }
  return Buffer.concat(chunks, total).toString('utf8')
}
