import ipaddr from 'ipaddr.js'

/**
 * The webhook address rule. A webhook is called by the service, not by Docket, with the
 * webhook's password: an address that points back into the service's own machine or network
 * (loopback, a private or link-local range, the cloud metadata address 169.254.169.254) would
 * make the service post that password, and the document data, to something it can reach but the
 * public cannot (server-side request forgery). So, unlike the service address rule
 * (serviceUrl.ts), a webhook URL:
 *
 * - uses https (never plain http, not even to loopback);
 * - carries no user name or password (they go in the webhook's credentials, not in the URL);
 * - names a public host: no IP address outside the public unicast space in any notation
 *   (decimal `2130706433`, hex `0x7f.0.0.1`, octal `0177.0.0.1`, short `127.1`, IPv4-mapped
 *   `[::ffff:127.0.0.1]`, IPv4-compatible `[::127.0.0.1]`, NAT64, 6to4): the WHATWG URL parser
 *   normalises every IPv4 notation to dotted decimal and IPv6 to its canonical form, and
 *   ipaddr.js names the range (loopback, RFC 1918 private, RFC 4193 unique local, link-local,
 *   CGNAT 100.64.0.0/10, multicast, broadcast, unspecified, reserved); only `unicast` passes.
 *   The names `localhost` and `*.localhost` are loopback by definition (RFC 6761).
 *
 * A host name that resolves to a private address cannot be judged here (Docket never resolves
 * it; the service does, when it calls): the service must check the address it connects to.
 * Pure (no Node, no DOM): main's handler and the renderer's form both call it.
 */

/** Why a webhook URL is refused (a stable code; the form and main word it for people). */
export type WebhookUrlProblem = 'missing' | 'invalid' | 'not_https' | 'credentials' | 'local_address'

/** The English sentence of each problem (main's `validation` error; the renderer uses its catalogs). */
export const WEBHOOK_URL_MESSAGES: Record<WebhookUrlProblem, string> = {
  missing: 'Enter the webhook URL.',
  invalid: 'The webhook URL is not a complete address (it must start with https://).',
  not_https: 'The webhook URL must use https://.',
  credentials: 'The webhook URL must not contain a user name or password: use the webhook credentials.',
  local_address:
    'The webhook URL must be a public address: not this computer, a private network, link-local, multicast or a reserved range.',
}

/** Why `text` is not an acceptable webhook URL, or null when it is (see the module comment). */
export function webhookUrlProblem(text: string): WebhookUrlProblem | null {
  const trimmed = text.trim()
  if (trimmed === '') return 'missing'
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return 'invalid'
  }
  if (url.protocol === 'http:') return 'not_https'
  if (url.protocol !== 'https:' || url.hostname === '') return 'invalid'
  if (url.username !== '' || url.password !== '') return 'credentials'
  return isPublicHost(url.hostname) ? null : 'local_address'
}

/** True unless `hostname` (as the URL parser left it) is a non-public address or a localhost name. */
export function isPublicHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost')) return false
  if (!ipaddr.isValid(host)) return true
  let address = ipaddr.parse(host)
  if (address.kind() === 'ipv6') {
    const v6 = address as ipaddr.IPv6
    if (v6.isIPv4MappedAddress()) address = v6.toIPv4Address()
    // ::a.b.c.d (IPv4-compatible, deprecated): the last 32 bits are an IPv4 address too
    else if (v6.parts.slice(0, 6).every((part) => part === 0)) return false
  }
  return address.range() === 'unicast'
}
