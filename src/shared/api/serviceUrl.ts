/**
 * The one address rule of Docket: an address of the service (its base URL, its sign-in
 * pages, a signed download, a redirect URI on http) uses https, or plain http only on a
 * loopback host (127.0.0.0/8, ::1, localhost), because a token or an authorization code sent
 * over plain http to another machine can be read on the way. Every check of a URL in main,
 * the renderer and the test harness calls these functions; none restates the rule.
 * Pure functions (no Node, no Electron): the sign-in form validates as the user types.
 */

/** True for 127.0.0.0/8, ::1 and localhost (with or without IPv6 brackets, any case). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

/** True when a parsed URL follows the rule: `https:`, or `http:` on a loopback host. */
export function isAllowedServiceUrl(url: URL): boolean {
  if (url.protocol === 'https:') return true
  return url.protocol === 'http:' && isLoopbackHost(url.hostname)
}

/**
 * True when `redirectUri` is plain http on a loopback host: the only kind a local listener
 * can receive the browser's redirect on, so the only kind "Sign in with the system browser"
 * can use (RFC 8252 §7.3). Unparsable text is not.
 */
export function isLoopbackRedirectUri(redirectUri: string): boolean {
  try {
    const url = new URL(redirectUri)
    return url.protocol === 'http:' && isLoopbackHost(url.hostname)
  } catch {
    return false
  }
}

export type UrlCheck = { ok: true; url: string } | { ok: false; message: string }

/**
 * Checks a base URL typed by the user: absolute, https (or http on loopback), no credentials,
 * query or fragment. Returns the normalized URL (no trailing slash) or a readable message.
 */
export function checkServiceUrl(text: string): UrlCheck {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, message: 'Enter the service address, e.g. https://service.example.com' }
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return { ok: false, message: 'This is not a complete address (it must start with https://).' }
  }
  const rule = schemeProblem(url)
  if (rule) return { ok: false, message: rule }
  if (url.username || url.password)
    return { ok: false, message: 'The address must not contain a user name or password.' }
  if (url.search || url.hash) return { ok: false, message: 'The address must not contain ? or #.' }
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` }
}

/**
 * Checks a redirect URI as registered in the service's API settings: https, or http on
 * loopback (needed for "Sign in with the system browser", RFC 8252 §7.3); custom schemes
 * are accepted too (the login window intercepts them). No fragment.
 */
export function checkRedirectUri(text: string): UrlCheck {
  const trimmed = text.trim()
  if (trimmed === '')
    return { ok: false, message: 'Enter the redirect URI registered for Docket in the service API settings.' }
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return { ok: false, message: 'This is not a complete URI (e.g. http://127.0.0.1:53682/oauth/callback).' }
  }
  if (url.hash) return { ok: false, message: 'A redirect URI must not contain #.' }
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    const rule = schemeProblem(url)
    if (rule) return { ok: false, message: rule }
  } else if (['javascript:', 'data:', 'file:', 'blob:', 'about:'].includes(url.protocol)) {
    return { ok: false, message: `A redirect URI cannot use ${url.protocol}` }
  }
  return { ok: true, url: url.toString() }
}

/** Why `url` breaks the rule, for a person; null when it follows it. */
function schemeProblem(url: URL): string | null {
  if (isAllowedServiceUrl(url)) return null
  if (url.protocol === 'http:') return 'Use https:// (plain http is allowed only for 127.0.0.1 / localhost).'
  return 'Use an https:// address.'
}
