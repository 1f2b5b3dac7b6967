import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { isObject, type SandboxContext } from './context'
import { DEMO_CLIENT } from './seed'
import { sendTokenAnswer } from './hostileTokens'
import { s256, type TokenResponse } from './tokens'

/**
 * OAuth 2.0 authorization server of the sandbox:
 * - GET /oauth/authorize: login page (Email, Password, "Sign in"), then a consent page
 *   ("Authorize", "Deny"); Authorize redirects with `code` and `state`, Deny with
 *   `error=access_denied` and `state` (RFC 6749 §4.1.2). An unknown client or an unregistered
 *   redirect URI gets an HTML error page and no redirect (§4.1.2.1).
 * - POST /oauth/token: authorization_code (+ PKCE S256, RFC 7636), refresh_token (rotating),
 *   password; JSON or form body; errors per §5.2.
 * Loopback redirect URIs match with any port (RFC 8252 §7.3).
 */

interface AuthorizeParams {
  client_id: string
  redirect_uri: string
  response_type: string
  state: string | null
  code_challenge: string | null
  code_challenge_method: string | null
}

interface Interaction {
  params: AuthorizeParams
  userId: number | null
  expiresAt: number
}

const INTERACTION_TTL_MS = 15 * 60_000

/** True when `uri` is the registered redirect URI, or the same loopback URI on another port. */
export function redirectUriAllowed(uri: string, registered: string = DEMO_CLIENT.redirectUri): boolean {
  if (uri === registered) return true
  let given: URL
  let reg: URL
  try {
    given = new URL(uri)
    reg = new URL(registered)
  } catch {
    return false
  }
  const loopback = (u: URL) => u.protocol === 'http:' && (u.hostname === '127.0.0.1' || u.hostname === '[::1]')
  return (
    loopback(given) &&
    loopback(reg) &&
    given.hostname === reg.hostname &&
    given.pathname === reg.pathname &&
    given.search === '' &&
    given.hash === '' &&
    given.username === '' &&
    given.password === ''
  )
}

function escapeHtml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c]!)
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Docket sandbox</title>
<style>
body{font-family:system-ui,sans-serif;background:#f3f5f8;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;padding:2rem;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.1);width:22rem}
h1{font-size:1.3rem;margin-top:0}label{display:block;margin:.8rem 0 .2rem}
input{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem}
button{margin-top:1rem;padding:.5rem 1.2rem;font-size:1rem;margin-right:.5rem}
.error{color:#b00020}.muted{color:#666;font-size:.9rem}
</style>
</head>
<body><main>
${body}
</main></body>
</html>`
}

function hidden(name: string, value: string | null): string {
  return value === null ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`
}

function loginPage(params: AuthorizeParams, error?: string): string {
  return page(
    'Sign in',
    `<h1>Sign in to the document service</h1>
<p class="muted">Application <strong>${escapeHtml(params.client_id)}</strong> asks to access your documents.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/oauth/authorize">
${hidden('client_id', params.client_id)}${hidden('redirect_uri', params.redirect_uri)}${hidden('response_type', params.response_type)}${hidden('state', params.state)}${hidden('code_challenge', params.code_challenge)}${hidden('code_challenge_method', params.code_challenge_method)}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
  )
}

function consentPage(interactionId: string, clientId: string, userEmail: string): string {
  return page(
    'Authorize',
    `<h1>Authorize ${escapeHtml(clientId)}?</h1>
<p>Signed in as <strong>${escapeHtml(userEmail)}</strong>.</p>
<p>The application <strong>${escapeHtml(clientId)}</strong> will be able to read and update your documents, agendas and comments.</p>
<form method="post" action="/oauth/authorize/decision">
${hidden('interaction', interactionId)}
<button type="submit" name="decision" value="authorize">Authorize</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
  )
}

function errorPage(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      page(
        'Authorization error',
        `<h1>Authorization error</h1><p class="error" role="alert">${escapeHtml(message)}</p>`,
      ),
    )
}

function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null
}

function redirectWith(reply: FastifyReply, redirectUri: string, params: Record<string, string | null>): FastifyReply {
  const url = new URL(redirectUri)
  for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.set(k, v)
  return reply.code(302).header('Location', url.toString()).header('Cache-Control', 'no-store').send()
}

function secretsEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export function registerOAuth(app: FastifyInstance, ctx: SandboxContext): void {
  const interactions = new Map<string, Interaction>()

  /** Checks client and redirect URI; sends the error page (no redirect) and returns null when bad. */
  function checkParams(source: Record<string, unknown>, reply: FastifyReply): AuthorizeParams | null {
    const params: AuthorizeParams = {
      client_id: str(source['client_id']) ?? '',
      redirect_uri: str(source['redirect_uri']) ?? '',
      response_type: str(source['response_type']) ?? '',
      state: str(source['state']),
      code_challenge: str(source['code_challenge']),
      code_challenge_method: str(source['code_challenge_method']),
    }
    if (params.client_id !== DEMO_CLIENT.clientId) {
      errorPage(reply, 400, 'Unknown client: the client_id is not registered.')
      return null
    }
    if (!redirectUriAllowed(params.redirect_uri)) {
      errorPage(reply, 400, 'The redirect URI is not registered for this client.')
      return null
    }
    if (params.response_type !== 'code') {
      redirectWith(reply, params.redirect_uri, {
        error: 'unsupported_response_type',
        error_description: 'Only response_type=code is supported.',
        state: params.state,
      })
      return null
    }
    if (params.code_challenge !== null && (params.code_challenge_method ?? 'plain') !== 'S256') {
      redirectWith(reply, params.redirect_uri, {
        error: 'invalid_request',
        error_description: 'code_challenge_method must be S256.',
        state: params.state,
      })
      return null
    }
    if (params.code_challenge !== null && !/^[A-Za-z0-9\-._~]{43,128}$/.test(params.code_challenge)) {
      redirectWith(reply, params.redirect_uri, {
        error: 'invalid_request',
        error_description: 'code_challenge is malformed.',
        state: params.state,
      })
      return null
    }
    return params
  }

  app.get('/oauth/authorize', async (request, reply) => {
    const params = checkParams(request.query as Record<string, unknown>, reply)
    if (!params) return reply
    return reply.type('text/html; charset=utf-8').send(loginPage(params))
  })

  app.post('/oauth/authorize', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {}
    const params = checkParams(body, reply)
    if (!params) return reply
    const user = ctx.store.userByEmail(str(body['email']) ?? '')
    if (!user || !secretsEqual(user.password, str(body['password']) ?? '')) {
      return reply.code(401).type('text/html; charset=utf-8').send(loginPage(params, 'Invalid email or password.'))
    }
    const now = ctx.store.time()
    for (const [key, old] of interactions) if (old.expiresAt <= now) interactions.delete(key)
    const id = randomBytes(16).toString('hex')
    interactions.set(id, { params, userId: user.id, expiresAt: ctx.store.time() + INTERACTION_TTL_MS })
    return reply.type('text/html; charset=utf-8').send(consentPage(id, params.client_id, user.email))
  })

  app.post('/oauth/authorize/decision', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {}
    const id = str(body['interaction']) ?? ''
    const interaction = interactions.get(id)
    interactions.delete(id)
    if (!interaction || interaction.userId === null || interaction.expiresAt <= ctx.store.time()) {
      return errorPage(reply, 400, 'This sign-in has expired. Start again from the application.')
    }
    const { params } = interaction
    if (body['decision'] !== 'authorize') {
      return redirectWith(reply, params.redirect_uri, { error: 'access_denied', state: params.state })
    }
    const code = ctx.tokens.issueCode({
      userId: interaction.userId,
      clientId: params.client_id,
      redirectUri: params.redirect_uri,
      codeChallenge: params.code_challenge,
    })
    return redirectWith(reply, params.redirect_uri, { code, state: params.state })
  })

  app.post('/oauth/token', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {}
    reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache')
    const fail = (status: number, error: string, description: string) => {
      if (status === 401) reply.header('WWW-Authenticate', 'Basic realm="oauth"')
      return reply.code(status).send({ error, error_description: description })
    }
    const answer = (tokens: TokenResponse) =>
      sendTokenAnswer(reply, tokens, ctx.faults.get().tokenAnswer ?? 'normal', ctx.stats)
    let clientId = str(body['client_id'])
    let clientSecret = str(body['client_secret'])
    const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')
    if (basic) {
      const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8')
      const colon = decoded.indexOf(':')
      if (colon > 0) {
        clientId = decodeURIComponent(decoded.slice(0, colon))
        clientSecret = decodeURIComponent(decoded.slice(colon + 1))
      }
    }
    const grantType = str(body['grant_type'])
    if (!grantType) return fail(400, 'invalid_request', 'grant_type is required.')
    if (
      clientId !== DEMO_CLIENT.clientId ||
      clientSecret === null ||
      !secretsEqual(clientSecret, DEMO_CLIENT.clientSecret)
    ) {
      return fail(401, 'invalid_client', 'Client authentication failed.')
    }

    if (grantType === 'authorization_code') {
      const codeValue = str(body['code'])
      const redirectUri = str(body['redirect_uri'])
      if (!codeValue) return fail(400, 'invalid_request', 'code is required.')
      const code = ctx.tokens.findCode(codeValue)
      if (!code || code.clientId !== clientId) return fail(400, 'invalid_grant', 'The authorization code is invalid.')
      if (code.used) {
        ctx.tokens.revokeTokens(code.issued)
        return fail(400, 'invalid_grant', 'The authorization code has already been used.')
      }
      if (ctx.tokens.isExpired(code)) return fail(400, 'invalid_grant', 'The authorization code has expired.')
      if (redirectUri !== code.redirectUri)
        return fail(400, 'invalid_grant', 'redirect_uri does not match the authorization request.')
      const verifier = str(body['code_verifier'])
      if (code.codeChallenge !== null) {
        if (!verifier) return fail(400, 'invalid_request', 'code_verifier is required.')
        if (s256(verifier) !== code.codeChallenge) return fail(400, 'invalid_grant', 'PKCE verification failed.')
      } else if (verifier) {
        return fail(400, 'invalid_grant', 'code_verifier sent for a code issued without code_challenge.')
      }
      code.used = true
      const tokens = ctx.tokens.issueTokens(code.userId)
      code.issued.push(tokens.access_token, tokens.refresh_token)
      return answer(tokens)
    }

    if (grantType === 'refresh_token') {
      const refreshToken = str(body['refresh_token'])
      if (!refreshToken) return fail(400, 'invalid_request', 'refresh_token is required.')
      const userId = ctx.tokens.useRefreshToken(refreshToken)
      if (userId === null) return fail(400, 'invalid_grant', 'The refresh token is invalid, expired or revoked.')
      return answer(ctx.tokens.issueTokens(userId))
    }

    if (grantType === 'password') {
      const username = str(body['username'])
      const password = str(body['password'])
      if (!username || password === null) return fail(400, 'invalid_request', 'username and password are required.')
      const user = ctx.store.userByEmail(username)
      if (!user || !secretsEqual(user.password, password)) {
        return fail(400, 'invalid_grant', 'The user name or password is incorrect.')
      }
      return answer(ctx.tokens.issueTokens(user.id))
    }

    return fail(400, 'unsupported_grant_type', `Grant type ${grantType} is not supported.`)
  })
}
