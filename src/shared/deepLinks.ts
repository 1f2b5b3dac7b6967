/**
 * Links that open Docket at a document or an agenda: `docket://document/<id>` and
 * `docket://agenda/<id>`. The operating system hands such a link to the app from any other
 * program (a browser, a chat, an e-mail), so the text is untrusted: the parser accepts these
 * two shapes and nothing else, and the formatter writes the one canonical form.
 *
 * Pure functions (no Node, no Electron): main parses what the OS passes, the renderer formats
 * *Copy link*.
 */

/** The URL scheme Docket registers with the operating system. */
export const DEEP_LINK_SCHEME = 'docket'

/** What a link can open. */
export const DEEP_LINK_TARGETS = ['document', 'agenda'] as const
export type DeepLinkTarget = (typeof DEEP_LINK_TARGETS)[number]

/** A parsed link: the kind of thing it opens and its service id (a positive safe integer). */
export interface DeepLink {
  target: DeepLinkTarget
  id: number
}

/**
 * The longest text the parser looks at, in characters. The canonical form of the largest id
 * is 35 characters; anything much longer is not a link Docket wrote.
 */
export const MAX_DEEP_LINK_LENGTH = 64

/**
 * The whole grammar: scheme, `//`, target, `/`, an id without leading zeros, and at most one
 * trailing slash (Windows adds one when it passes a custom-scheme URL on the command line).
 * Scheme and target are case-insensitive, as URL schemes and hosts are. No query, fragment,
 * user info, port, percent-encoding or extra path segment is accepted.
 */
const GRAMMAR = /^docket:\/\/(document|agenda)\/([1-9][0-9]{0,15})\/?$/i

/**
 * Parses a deep link. Returns null for anything that is not exactly one of the two shapes
 * (see {@link GRAMMAR}), for an id above `Number.MAX_SAFE_INTEGER`, for text longer than
 * {@link MAX_DEEP_LINK_LENGTH} and for non-strings. Never throws.
 */
export function parseDeepLink(text: unknown): DeepLink | null {
  if (typeof text !== 'string' || text.length > MAX_DEEP_LINK_LENGTH) return null
  const match = GRAMMAR.exec(text)
  if (!match) return null
  const id = Number(match[2])
  if (!Number.isSafeInteger(id)) return null
  return { target: match[1]!.toLowerCase() as DeepLinkTarget, id }
}

/**
 * The canonical text of a link, e.g. `docket://document/42`. Throws a RangeError when the id
 * is not a positive safe integer or the target is unknown, so a bad link is never copied.
 */
export function formatDeepLink(link: DeepLink): string {
  if (!DEEP_LINK_TARGETS.includes(link.target)) throw new RangeError(`Unknown deep link target: ${String(link.target)}`)
  if (!Number.isSafeInteger(link.id) || link.id < 1) throw new RangeError(`A deep link id must be a positive integer.`)
  return `${DEEP_LINK_SCHEME}://${link.target}/${link.id}`
}

/**
 * The first deep link among command-line arguments (Windows and Linux start the app, or
 * hand a running one, `argv` with the link as one argument), or null. Other arguments
 * (the executable, Chromium switches, a file path) are ignored.
 */
export function findDeepLinkInArgs(argv: readonly string[]): DeepLink | null {
  for (const arg of argv) {
    const link = parseDeepLink(arg)
    if (link) return link
  }
  return null
}
