import { request, type Dispatcher } from 'undici'
import { createDispatcher } from '../api/dispatcher'
import { isApiError } from '../api/errors'
import { readBounded } from '../api/responseBody'
import { ReferenceRatesError } from './errors'
import type { FeedValidators } from './store'

/**
 * One GET of a reference-rate file, everything about it untrusted: a conditional request
 * when the last answer for the URL carried an ETag or Last-Modified (a 304 costs nothing and
 * changes nothing), a deadline for the whole exchange, a size cap enforced while the body is
 * read (an announced larger `Content-Length` is refused before a byte is read), redirects
 * followed only within the same origin, and the body decoded as strict UTF-8. No cookies, no
 * credentials, no compression (nothing to inflate past the cap).
 */

/** Largest file accepted, in bytes: the whole ECB history is about 6-9 MB, the 90-day file about 20 KB. */
export const MAX_FEED_BYTES = 16 * 1024 * 1024
/** Deadline of one fetch, redirects and body included, in ms. */
export const FEED_TIMEOUT_MS = 60_000
/** Redirects followed within the same origin. */
export const MAX_FEED_REDIRECTS = 3

export interface FetchFeedOptions {
  /** An undici dispatcher (tests); default: a fresh agent with connect/header/body timeouts, closed after the fetch. */
  dispatcher?: Dispatcher
  timeoutMs?: number
  maxBytes?: number
  maxRedirects?: number
  /** Stops the fetch (the app closing). */
  signal?: AbortSignal
}

/** What the server answered: the file has not changed since `validators`, or its text. */
export type FeedAnswer = { kind: 'not_modified' } | { kind: 'body'; text: string; validators: FeedValidators }

/**
 * Fetches `url`, conditional on `validators` when given. Throws {@link ReferenceRatesError}:
 * `offline`, `timeout`, `bad_status` (any status but 200, or 304 to an unconditional request),
 * `redirected` (to another origin, or more than `maxRedirects`), `too_large`, `bad_format`
 * (not UTF-8 text).
 */
export async function fetchFeed(
  url: string,
  validators: FeedValidators | undefined,
  options: FetchFeedOptions = {},
): Promise<FeedAnswer> {
  const maxBytes = options.maxBytes ?? MAX_FEED_BYTES
  const timeout = AbortSignal.timeout(options.timeoutMs ?? FEED_TIMEOUT_MS)
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout
  const ownDispatcher = options.dispatcher
    ? null
    : // the backstop a little above the cap, so the cap's own, clearer refusal comes first
      createDispatcher({ connections: 1, maxResponseBytes: maxBytes + 1024 * 1024, bodyTimeoutMs: 30_000 })
  const dispatcher = options.dispatcher ?? ownDispatcher!
  const conditional = Boolean(validators?.etag || validators?.lastModified)
  const headers: Record<string, string> = { accept: 'application/xml, text/xml', 'accept-encoding': 'identity' }
  if (validators?.etag) headers['if-none-match'] = validators.etag
  if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified
  const origin = new URL(url).origin
  let current = new URL(url)
  try {
    for (let redirects = 0; ; redirects++) {
      let response: Dispatcher.ResponseData
      try {
        response = await request(current, { method: 'GET', headers, dispatcher, signal })
      } catch (error) {
        throw connectionError(error, current, timeout)
      }
      const status = response.statusCode
      if (status === 200) return await bodyOf(response, current, maxBytes, timeout)
      await discard(response)
      if (status === 304) {
        if (conditional) return { kind: 'not_modified' }
        throw badStatus(status, current)
      }
      if (status >= 300 && status < 400) {
        const next = redirectTarget(response.headers['location'], current)
        if (!next || next.origin !== origin)
          throw new ReferenceRatesError(
            'redirected',
            `${current.host} redirected the reference rates to ${next ? next.origin : 'an unreadable address'}; Docket follows redirects only within ${origin}.`,
            { status, location: next?.href ?? null },
          )
        if (redirects >= (options.maxRedirects ?? MAX_FEED_REDIRECTS))
          throw new ReferenceRatesError(
            'redirected',
            `${current.host} redirected the reference rates too many times.`,
            {
              status,
            },
          )
        current = next
        continue
      }
      throw badStatus(status, current)
    }
  } finally {
    await ownDispatcher?.close().catch(() => undefined)
  }
}

async function bodyOf(
  response: Dispatcher.ResponseData,
  url: URL,
  maxBytes: number,
  timeout: AbortSignal,
): Promise<FeedAnswer> {
  let bytes: Buffer
  // A body refused before it is read is destroyed unread: its stream's abort error has no one else to go to.
  response.body.on('error', () => undefined)
  try {
    bytes = await readBounded(response, maxBytes, `the reference rates (${url.href})`)
  } catch (error) {
    const overCap = isApiError(error) && error.details?.['limitBytes'] !== undefined
    if (overCap || errorCode(error) === 'UND_ERR_RES_EXCEEDED_MAX_SIZE')
      throw new ReferenceRatesError(
        'too_large',
        `The reference-rate file from ${url.host} is larger than Docket accepts (${maxBytes} bytes); it was not read.`,
        { limitBytes: maxBytes },
        { cause: error },
      )
    throw connectionError(error, url, timeout)
  }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch (error) {
    throw new ReferenceRatesError(
      'bad_format',
      `The answer from ${url.host} is not the ECB's reference-rate file: it is not UTF-8 text.`,
      undefined,
      { cause: error },
    )
  }
  const validators: FeedValidators = {}
  const etag = single(response.headers['etag'])
  const lastModified = single(response.headers['last-modified'])
  if (etag && etag.length <= 1000) validators.etag = etag
  if (lastModified && lastModified.length <= 1000) validators.lastModified = lastModified
  return { kind: 'body', text, validators }
}

/** Reads and drops a body that is not used (so the connection can be reused), at most 64 KiB of it. */
async function discard(response: Dispatcher.ResponseData): Promise<void> {
  await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined)
}

function redirectTarget(location: string | string[] | undefined, base: URL): URL | null {
  const value = single(location)
  if (!value) return null
  try {
    return new URL(value, base)
  } catch {
    return null
  }
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

function badStatus(status: number, url: URL): ReferenceRatesError {
  return new ReferenceRatesError(
    'bad_status',
    `${url.host} answered ${status} for the reference rates (${url.pathname}).`,
    { status },
  )
}

const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
])

function connectionError(error: unknown, url: URL, timeout: AbortSignal): ReferenceRatesError {
  if (error instanceof ReferenceRatesError) return error
  const code = errorCode(error)
  if (timeout.aborted || (code !== undefined && TIMEOUT_CODES.has(code)))
    return new ReferenceRatesError('timeout', `${url.host} did not send the reference rates in time.`, undefined, {
      cause: error,
    })
  return new ReferenceRatesError(
    'offline',
    `Cannot reach ${url.host} for the reference rates (${code ?? 'network error'}).`,
    code ? { networkCode: code } : undefined,
    { cause: error },
  )
}

function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}
