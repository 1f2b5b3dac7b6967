/**
 * The one redactor of Docket: removes secrets from any text that may reach a log line, an
 * error message, the renderer or a stored value. It knows `access_token`, `refresh_token`,
 * `client_secret`, `code_verifier`, `password` and `id_token` as query or form parameters and
 * as JSON fields, the authorization `code` as a query parameter, `Bearer` tokens, and any
 * secret value the caller names (the token a request carried).
 *
 * Pure string functions (no Node, no Electron): main, the renderer and the tests use them.
 */

const REDACTED = '[REDACTED]'

/** Keys whose values are secrets wherever they appear (query string, form body, JSON). */
const SECRET_KEYS = ['access_token', 'refresh_token', 'client_secret', 'code_verifier', 'password', 'id_token']
/** Query-only secrets: the authorization code in a redirect URL. */
const QUERY_ONLY_KEYS = ['code']

const keyAlternation = SECRET_KEYS.join('|')
const queryAlternation = [...SECRET_KEYS, ...QUERY_ONLY_KEYS].join('|')
/**
 * `key=value` in a query string, a form body or free text: the key starts the text or follows
 * a character that cannot be part of a longer name (so `error_code=5` is no `code`); the value
 * ends at &, #, whitespace, a quote or an angle bracket.
 */
const QUERY_PARAM = new RegExp(`([^A-Za-z0-9_]|^)(${queryAlternation})=([^&#\\s"'<>]*)`, 'gi')
/** `"key": "value"` in JSON text. */
const JSON_FIELD = new RegExp(`("(?:${keyAlternation})"\\s*:\\s*)"((?:[^"\\\\]|\\\\.)*)"`, 'gi')
/** `Bearer <token>` in a header value or message (RFC 6750 b64token characters). */
const BEARER = /\b(Bearer)\s+[A-Za-z0-9\-._~+/]+=*/gi
/** A known secret shorter than this is not replaced: it would blank out ordinary words. */
const MIN_KNOWN_SECRET_LENGTH = 4

/**
 * Returns `text` with every secret replaced by `[REDACTED]`: access tokens in query
 * parameters (the service puts one in the `self` link of some responses), bearer tokens,
 * refresh tokens, client secrets, PKCE verifiers, passwords and authorization codes.
 * Never throws; non-string input is converted with `String()`.
 */
export function redact(text: unknown): string {
  const s = typeof text === 'string' ? text : String(text)
  return s
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(QUERY_PARAM, (_m, pre: string, key: string, value: string) =>
      value === '' ? `${pre}${key}=` : `${pre}${key}=${REDACTED}`,
    )
    .replace(JSON_FIELD, `$1"${REDACTED}"`)
}

/**
 * {@link redact}, and also every occurrence of the given secret values (e.g. the access token
 * a request carried, which a service may echo in an error body without any key before it).
 * Values shorter than 4 characters are ignored.
 */
export function redactKnownSecrets(text: unknown, secrets: readonly string[]): string {
  let out = redact(text)
  for (const secret of secrets) if (secret.length >= MIN_KNOWN_SECRET_LENGTH) out = out.split(secret).join(REDACTED)
  return out
}

/**
 * Removes the `access_token` query parameter from an href (used for stored `self` links).
 * Unparseable input falls back to {@link redact}.
 */
export function redactHref(href: string): string {
  if (!/access_token=/i.test(href)) return href
  try {
    const isAbsolute = /^[a-z][a-z0-9+.-]*:/i.test(href)
    const url = new URL(href, 'http://relative.invalid')
    for (const key of [...url.searchParams.keys()]) {
      if (SECRET_KEYS.includes(key.toLowerCase()) || QUERY_ONLY_KEYS.includes(key)) url.searchParams.delete(key)
    }
    if (isAbsolute) return url.toString()
    return url.pathname + url.search + url.hash
  } catch {
    return redact(href)
  }
}
