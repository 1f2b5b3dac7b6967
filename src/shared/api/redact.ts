/**
 * Redaction of secrets from any text that may reach a log line, an error message or a
 * stored value: `access_token` / `refresh_token` / `client_secret` / `code_verifier` /
 * `password` query or form parameters, `Bearer` tokens, and the same keys in JSON text.
 *
 * Pure string functions (no Node, no Electron): the renderer may use them too.
 */

const REDACTED = '[REDACTED]'

/** Keys whose values are secrets wherever they appear (query string, form body, JSON). */
const SECRET_KEYS = ['access_token', 'refresh_token', 'client_secret', 'code_verifier', 'password', 'id_token']
/** Query-only secrets: the authorization code in a redirect URL. */
const QUERY_ONLY_KEYS = ['code']

const keyAlternation = SECRET_KEYS.join('|')
const queryAlternation = [...SECRET_KEYS, ...QUERY_ONLY_KEYS].join('|')
/** `key=value` in a query string or form body (value ends at &, #, whitespace or a quote). */
const QUERY_PARAM = new RegExp(`([?&#;\\s"']|^)(${queryAlternation})=([^&#\\s"'<>]*)`, 'gi')
/** `"key": "value"` in JSON text. */
const JSON_FIELD = new RegExp(`("(?:${keyAlternation})"\\s*:\\s*)"((?:[^"\\\\]|\\\\.)*)"`, 'gi')
/** `Bearer <token>` in a header value or message. */
const BEARER = /\b(Bearer)\s+[A-Za-z0-9\-._~+/]+=*/gi

/**
 * Returns `text` with every secret replaced by `[REDACTED]`: access tokens in query
 * parameters (`self` links carry one, spec "Resources and their fields"), bearer tokens,
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
