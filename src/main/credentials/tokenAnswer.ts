import { tokenResponseSchema } from '../../shared/api/token'
import { AuthError } from './errors'

/**
 * What Docket accepts from the token endpoint (RFC 6749 §5.1, RFC 6750 §2.1). The endpoint is
 * the service's, but its answer is untrusted all the same: a proxy or a service gone wrong can
 * send anything, and the access token ends up in the `Authorization` header of every request.
 */

/** Largest token answer read, in bytes: 64 KiB. A real one is a few hundred bytes (a JWT a few KB). */
export const MAX_TOKEN_ANSWER_BYTES = 64 * 1024
/** Longest access or refresh token accepted, in characters: 8,192 (large JWTs are about 4 KB). */
export const MAX_TOKEN_LENGTH = 8192
/** Longest `expires_in` taken as given, in seconds: a year. */
export const MAX_EXPIRES_IN_SEC = 365 * 24 * 60 * 60
/** The lifetime assumed when `expires_in` is missing from the rule (negative, fractional, over a year): 5 minutes. */
export const SHORT_LIFETIME_SEC = 5 * 60

/** RFC 6750 §2.1 `b64token`: the characters an access token may hold in an `Authorization: Bearer` header. */
const ACCESS_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/
/** RFC 6749 Appendix A `VSCHAR` without the space: printable ASCII. */
const REFRESH_TOKEN = /^[\x21-\x7e]+$/

/** Tokens as Docket keeps them. Times are epoch ms. */
export interface TokenSet {
  accessToken: string
  /** Absent when the service issues none (then the account must sign in again on expiry). */
  refreshToken?: string
  /** When the access token expires (epoch ms); undefined when the service did not say. */
  expiresAt?: number
}

/**
 * The {@link TokenSet} of a 2xx token answer (parsed JSON), or AuthError
 * `invalid_token_response` when it breaks the rule: no access token, a token longer than
 * {@link MAX_TOKEN_LENGTH} or with characters outside its charset, a `token_type` other than
 * `Bearer` (any case). An `expires_in` that is not a positive whole number of seconds up to a
 * year is not fatal: the token is taken as living {@link SHORT_LIFETIME_SEC} (refreshed soon)
 * and `log` says why. `now` is epoch ms.
 */
export function tokenSetFromAnswer(json: unknown, now: number, log: (line: string) => void): TokenSet {
  const parsed = tokenResponseSchema.safeParse(json)
  if (!parsed.success) throw invalidAnswer('without an access token')
  const answer = parsed.data
  if (answer.token_type.toLowerCase() !== 'bearer')
    throw invalidAnswer(`with a token type Docket cannot use (${answer.token_type.slice(0, 40)}; Bearer expected)`)
  checkToken('access token', answer.access_token, ACCESS_TOKEN)
  const tokens: TokenSet = { accessToken: answer.access_token }
  if (answer.refresh_token !== undefined) {
    checkToken('refresh token', answer.refresh_token, REFRESH_TOKEN)
    tokens.refreshToken = answer.refresh_token
  }
  if (answer.expires_in !== undefined) tokens.expiresAt = now + lifetimeSec(answer.expires_in, log) * 1000
  return tokens
}

/** `expires_in` when it is a positive integer up to a year, else {@link SHORT_LIFETIME_SEC} (logged). */
function lifetimeSec(expiresIn: number, log: (line: string) => void): number {
  if (Number.isInteger(expiresIn) && expiresIn > 0 && expiresIn <= MAX_EXPIRES_IN_SEC) return expiresIn
  log(
    `The token endpoint answered expires_in ${String(expiresIn).slice(0, 40)}, outside 1 s to a year; the token is treated as living ${SHORT_LIFETIME_SEC} s.`,
  )
  return SHORT_LIFETIME_SEC
}

function checkToken(what: string, token: string, charset: RegExp): void {
  if (token.length > MAX_TOKEN_LENGTH)
    throw invalidAnswer(`whose ${what} is ${token.length} characters long (at most ${MAX_TOKEN_LENGTH})`)
  if (!charset.test(token)) throw invalidAnswer(`whose ${what} holds characters a token cannot hold`)
}

/** AuthError `invalid_token_response`: the account must sign in again. */
export function invalidAnswer(problem: string): AuthError {
  return new AuthError(
    'invalid_token_response',
    `The service answered the token request ${problem}; Docket did not use it. Please sign in again.`,
  )
}
