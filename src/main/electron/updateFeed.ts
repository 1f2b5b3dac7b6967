import { isLoopbackHost } from '../../shared/api/serviceUrl'

/**
 * Where the packaged app looks for updates: a static folder served over HTTPS holding the
 * `latest*.yml` files and installers electron-builder publishes. It must equal `publish.url`
 * in electron-builder.yml (a test compares them). The `.invalid` domain is a placeholder: a
 * build for real users changes both places to the release server (see the README, "Updates").
 */
export const UPDATE_FEED_URL = 'https://updates.docket.invalid/desktop/'

/** Why an update address was refused; a program branches on `code`, a person reads `message`. */
export class UpdateUrlError extends Error {
  constructor(
    readonly code: 'insecure_feed' | 'insecure_download',
    message: string,
  ) {
    super(message)
    this.name = 'UpdateUrlError'
  }
}

/**
 * Options of the address rule. `allowLoopbackHttp` lets tests serve a feed from
 * `http://127.0.0.1`; the app never sets it.
 */
export interface UpdateUrlRule {
  allowLoopbackHttp?: boolean
}

/**
 * Checks the feed address: absolute `https:` with a host and no user name or password (the
 * installers it lists are executed, so nobody on the way may swap them), or plain http on a
 * loopback host when `allowLoopbackHttp` is set. Returns the URL with a trailing slash, so
 * relative file names resolve inside the folder. Throws UpdateUrlError `insecure_feed`.
 */
export function checkUpdateFeedUrl(text: string, rule: UpdateUrlRule = {}): URL {
  const url = parseUpdateUrl(text)
  if (!url || !isSecure(url, rule) || url.username || url.password || url.search || url.hash) {
    throw new UpdateUrlError('insecure_feed', 'Docket checks for updates only at an https address without credentials.')
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/'
  return url
}

/**
 * Checks the addresses of the files an update lists (relative names resolve against the feed;
 * the feed may also name absolute URLs): each must follow the same rule as the feed, so an
 * https feed cannot send the download over http. Throws UpdateUrlError `insecure_download`.
 */
export function checkUpdateFileUrls(files: readonly string[], feed: URL, rule: UpdateUrlRule = {}): void {
  for (const name of files) {
    let url: URL | null
    try {
      url = new URL(name, feed)
    } catch {
      url = null
    }
    if (!url || !isSecure(url, rule) || url.username || url.password) {
      throw new UpdateUrlError('insecure_download', 'The update names a download that is not at an https address.')
    }
  }
}

/** The release notes a feed carries in each of electron-builder's forms. */
export type FeedReleaseNotes = string | readonly { version: string; note: string | null }[] | null | undefined

/** The longest release notes kept, in characters; a feed is not trusted to be short. */
export const MAX_RELEASE_NOTES_LENGTH = 8000

/**
 * Release notes as plain text for the UI: HTML tags dropped and the common entities decoded
 * (electron-builder often publishes notes as HTML; the renderer shows text, never markup),
 * a list of per-version notes joined with the version as a heading, whitespace tidied,
 * capped at {@link MAX_RELEASE_NOTES_LENGTH}. Null when there are none.
 */
export function releaseNotesText(notes: FeedReleaseNotes): string | null {
  if (notes == null) return null
  const raw =
    typeof notes === 'string' ? notes : notes.map((entry) => `${entry.version}\n${entry.note ?? ''}`).join('\n\n')
  const text = raw
    .replace(/<(br|\/p|\/li|\/h[1-6])\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  if (text === '') return null
  return text.length > MAX_RELEASE_NOTES_LENGTH ? `${text.slice(0, MAX_RELEASE_NOTES_LENGTH - 1)}…` : text
}

function parseUpdateUrl(text: string): URL | null {
  try {
    return new URL(text)
  } catch {
    return null
  }
}

function isSecure(url: URL, rule: UpdateUrlRule): boolean {
  if (url.protocol === 'https:') return url.hostname.length > 0
  return url.protocol === 'http:' && rule.allowLoopbackHttp === true && isLoopbackHost(url.hostname)
}
