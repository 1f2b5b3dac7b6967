import { request, type Dispatcher } from 'undici'
import type { z } from 'zod'
import { errorBodySchema } from '../../shared/api/errors'
import { redact, redactKnownSecrets } from '../../shared/api/redact'
import { MAX_HOLD_OFF_MS, NotWantedError, ServiceBudget, type RequestPriority } from './budget'
import { createDispatcher, DEFAULT_MAX_RESPONSE_BYTES, type DispatcherOptions } from './dispatcher'
import { parseJsonBody, validateBody } from './documentPage'
import { ApiError, codeForStatus, defaultMessage, isApiError } from './errors'
import { readBounded } from './responseBody'
import {
  backoffDelay,
  parseRetryAfter,
  resolveRetryOptions,
  RETRYABLE_STATUSES,
  type ResolvedRetryOptions,
  type RetryOptions,
} from './retry'

/** Where the client gets bearer tokens (implemented by the auth layer's TokenManager). */
export interface TokenSource {
  /** A valid access token (refreshed ahead of expiry by the implementation). */
  getAccessToken(): Promise<string>
  /**
   * Called once when the service answered 401 to `failedToken`; returns a fresh token
   * (single flight across callers), or throws (e.g. AuthError `reauth_required`).
   */
  refreshAfterUnauthorized(failedToken: string): Promise<string>
  /**
   * Called when the service answered 401 to `token` again right after the refresh gave it:
   * the service does not accept this sign-in at all (the implementation signs the account out,
   * so the person is asked to sign in again). Optional.
   */
  refreshedTokenRefused?(token: string): Promise<void>
}

/** How the HTTP layer sends: where, with which tokens, timeouts, retries and log. */
export interface HttpClientOptions {
  /** The service's base URL, e.g. `https://service.example` (no trailing `/api`). */
  baseUrl: string
  tokens: TokenSource
  /** An undici dispatcher; default: a keep-alive Agent from {@link createDispatcher}. */
  dispatcher?: Dispatcher
  /** Timeouts and the response-size cap of the default dispatcher (ignored when `dispatcher` is given). */
  timeouts?: DispatcherOptions
  retry?: RetryOptions
  /** Receives one redacted line per request and retry. */
  log?: (line: string) => void
  /** Waits `ms` (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>
  /** Returns [0, 1) for backoff jitter (tests pass a fixed one). */
  random?: () => number
  /** Epoch ms, for Retry-After HTTP dates and the service-wide wait. */
  now?: () => number
  /**
   * The in-flight budget and service-wide Retry-After of the service (default: a new
   * {@link ServiceBudget} of 6 slots for this client). Clients of the same service may share one.
   */
  budget?: ServiceBudget
  /**
   * Largest response body of a request that does not set its own `maxResponseBytes`, in bytes
   * (default {@link DEFAULT_MAX_RESPONSE_BYTES}).
   */
  maxResponseBytes?: number
  /**
   * The deadline of one attempt of a request whose spec sets none, before the allowance for its
   * size, in ms (default {@link BASE_REQUEST_DEADLINE_MS}; see {@link requestDeadlineMs}).
   */
  baseDeadlineMs?: number
}

/** The part of every attempt's deadline that does not depend on its size: 60 s. */
export const BASE_REQUEST_DEADLINE_MS = 60_000
/** The slowest transfer a deadline allows for, in bytes per second: 128 KiB/s (about 1 Mbit/s). */
export const SLOWEST_TRANSFER_BYTES_PER_SEC = 128 * 1024

/**
 * The overall deadline of one attempt, in ms: from sending to the last byte of the answer,
 * whatever the pace (the dispatcher's timeouts only bound the wait for the headers and the
 * silence between two chunks, so a service that trickles a byte every 20 s would hold a
 * request for ever). `base` plus the time its largest allowed answer (`maxResponseBytes`, when
 * the request sets one) and its own body take at {@link SLOWEST_TRANSFER_BYTES_PER_SEC}: a
 * listing page (8 MiB) 124 s, a request with a small answer 60 s. Past it: `timeout`.
 */
export function requestDeadlineMs(
  spec: Pick<RequestSpec, 'maxResponseBytes' | 'deadlineMs'>,
  bodyBytes: number,
  base: number = BASE_REQUEST_DEADLINE_MS,
): number {
  if (spec.deadlineMs !== undefined) return spec.deadlineMs
  return base + Math.ceil((((spec.maxResponseBytes ?? 0) + bodyBytes) / SLOWEST_TRANSFER_BYTES_PER_SEC) * 1000)
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** One request as a resource module describes it; {@link HttpClient.send} does the rest. */
export interface RequestSpec {
  method: Method
  /** A path under the base URL (`/api/...`) or, for signed downloads, an absolute URL. */
  path: string
  query?: URLSearchParams
  json?: unknown
  headers?: Record<string, string>
  /**
   * Safe to send again after a lost connection or a 429/502/503/504 (GET, PUT, DELETE, the
   * state PATCHes). False for POST: it is sent again only when the connection was never made.
   */
  idempotent: boolean
  /** Send the bearer token (default true). */
  auth?: boolean
  accept?: string
  signal?: AbortSignal
  /** For DELETE: a 404 after an ambiguous earlier attempt counts as done. */
  deleteSemantics?: boolean
  /** Who waits for it (default `user`): decides its place in the service's budget. */
  priority?: RequestPriority
  /**
   * Asked when its turn in the budget comes (before every attempt): false -> it is not sent
   * and `send` rejects with an `AbortError` (a page asked ahead that the listing no longer needs).
   */
  stillWanted?: () => boolean
  /**
   * Largest body accepted for this answer, in bytes (default: the client's `maxResponseBytes`).
   * A larger `Content-Length` is refused before the body is read, a longer body as soon as it
   * passes the limit; both are `bad_response` and the connection is closed.
   */
  maxResponseBytes?: number
  /** The overall deadline of each attempt, in ms (default {@link requestDeadlineMs}); past it: `timeout`. */
  deadlineMs?: number
}

/** A 2xx answer: status, headers and the whole body (bounded by the dispatcher's size cap). */
export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** Socket errors raised before the request left: sending again cannot apply it twice. */
const CONNECT_PHASE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
])
const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
])

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * The HTTP layer of the service client: sends one {@link RequestSpec} with the bearer token,
 * retries it when that is safe, and turns every failure into an {@link ApiError}.
 *
 * Rules: a 2xx resolves; a 401 triggers one token refresh and one resend; an idempotent
 * request is retried with backoff (honouring Retry-After up to `maxRetryAfterMs`) on network
 * errors, 429 and 502/503/504; a POST only when the connection was never made, and a POST
 * whose connection was lost after sending is `unknown_outcome`. Timeouts come from the dispatcher
 * (`timeout`), and every attempt has an overall deadline ({@link requestDeadlineMs}, `timeout`); the size of each answer is capped per request (`bad_response`). Log lines and
 * error messages are redacted, including the token the request carried.
 *
 * Budget: every attempt takes a slot of the service's {@link ServiceBudget} (6 in flight, `user`
 * before `background`) while it is on the wire, and none while it waits to retry. A Retry-After
 * on 429 or 503 holds every request to the service back until it has passed (when it is longer
 * than `maxRetryAfterMs`, requests fail at once with `rate_limited` and the time left, unsent).
 */
export class HttpClient {
  readonly baseUrl: string
  private readonly tokens: TokenSource
  private readonly dispatcher: Dispatcher
  private readonly ownsDispatcher: boolean
  private readonly retry: ResolvedRetryOptions
  private readonly log: (line: string) => void
  private readonly sleep: (ms: number) => Promise<void>
  private readonly random: () => number
  private readonly now: () => number
  private readonly maxResponseBytes: number
  private readonly baseDeadlineMs: number
  /** The service's request budget and service-wide wait (shared when the options gave one). */
  readonly budget: ServiceBudget

  constructor(options: HttpClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '')
    this.tokens = options.tokens
    this.ownsDispatcher = !options.dispatcher
    this.dispatcher = options.dispatcher ?? createDispatcher(options.timeouts)
    this.retry = resolveRetryOptions(options.retry)
    const log = options.log
    this.log = log ? (line) => log(redact(line)) : () => {}
    this.sleep = options.sleep ?? defaultSleep
    this.random = options.random ?? Math.random
    this.now = options.now ?? Date.now
    this.budget = options.budget ?? new ServiceBudget({ now: this.now })
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES
    this.baseDeadlineMs = options.baseDeadlineMs ?? BASE_REQUEST_DEADLINE_MS
  }

  /** Closes the keep-alive connections of its own dispatcher (not an injected one). */
  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close()
  }

  /** Sends `spec` and parses the 2xx JSON body with `schema` ({@link decode}). */
  async json<S extends z.ZodType>(spec: RequestSpec, schema: S): Promise<z.output<S>> {
    return this.decode(spec, await this.send(spec), schema)
  }

  /** Sends `spec` and ignores the body of its 2xx answer (204 and the like). */
  async empty(spec: RequestSpec): Promise<void> {
    await this.send(spec)
  }

  /** Parses a 2xx response's JSON body with `schema`; `bad_response` when it is not JSON or does not fit. */
  decode<S extends z.ZodType>(spec: RequestSpec, response: RawResponse, schema: S): z.output<S> {
    const what = describeRequest(spec)
    const json = parseJsonBody(response.body.toString('utf8'), header(response.headers, 'content-type') ?? '')
    if (!json.ok) throw badResponse(what, json.problem, response.status)
    const valid = validateBody(json.value, schema)
    if (!valid.ok) throw badResponse(what, valid.problem, response.status, valid.error)
    return valid.data
  }

  /** Sends a request with auth, retries and error mapping; resolves only on 2xx. */
  async send(spec: RequestSpec): Promise<RawResponse> {
    const url = spec.path.startsWith('/') ? new URL(this.baseUrl + spec.path) : new URL(spec.path)
    if (spec.query) url.search = spec.query.toString()
    const what = describeRequest(spec)
    const auth = spec.auth ?? true
    let token = auth ? await this.tokens.getAccessToken() : ''
    let refreshed = false
    let retries = 0
    let ambiguousEarlierAttempt = false
    /** The end of the service-wide wait this request already sat out (epoch ms). */
    let waitedUntil = 0
    const bodyText = spec.json === undefined ? undefined : JSON.stringify(spec.json)
    const limit = spec.maxResponseBytes ?? this.maxResponseBytes
    const deadlineMs = requestDeadlineMs(
      spec,
      bodyText === undefined ? 0 : Buffer.byteLength(bodyText),
      this.baseDeadlineMs,
    )

    for (;;) {
      waitedUntil = await this.waitForService(what, waitedUntil)
      const headers: Record<string, string> = {
        accept: spec.accept ?? 'application/json',
        'user-agent': 'Docket',
        ...spec.headers,
      }
      if (auth) headers.authorization = `Bearer ${token}`
      if (bodyText !== undefined) headers['content-type'] = 'application/json'

      let response: RawResponse
      try {
        response = await this.budget.run(
          async () => {
            // The deadline runs from when the attempt leaves (its slot), not while it waits for one.
            const deadline = new AbortController()
            const timer = setTimeout(() => deadline.abort(new DeadlineError(what, deadlineMs)), deadlineMs)
            try {
              const res = await request(url, {
                method: spec.method,
                headers,
                body: bodyText,
                dispatcher: this.dispatcher,
                signal: spec.signal ? AbortSignal.any([spec.signal, deadline.signal]) : deadline.signal,
              })
              const body = await readBounded(res, limit, what)
              return { status: res.statusCode, headers: res.headers, body }
            } catch (error) {
              if (deadline.signal.aborted && !spec.signal?.aborted) throw deadline.signal.reason as DeadlineError
              throw error
            } finally {
              clearTimeout(timer)
            }
          },
          {
            priority: spec.priority ?? 'user',
            ...(spec.stillWanted ? { stillWanted: spec.stillWanted } : {}),
            ...(spec.signal ? { signal: spec.signal } : {}),
          },
        )
      } catch (error) {
        // Our own refusals (too large, no longer wanted) and cancellations are final.
        if (isApiError(error) || error instanceof NotWantedError || spec.signal?.aborted) throw error
        // Past the deadline: final too (another attempt would take as long); a POST may have been applied.
        if (error instanceof DeadlineError) throw this.deadlineFailure(spec, error)
        const code = errorCodeOf(error)
        if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') {
          throw new ApiError('bad_response', `The answer to ${what} is too large; Docket refused it.`, { cause: error })
        }
        const neverSent = code !== undefined && CONNECT_PHASE_CODES.has(code)
        if ((spec.idempotent || neverSent) && retries < this.retry.maxRetries) {
          const delay = backoffDelay(retries, this.retry, this.random)
          this.log(`${what} failed (${code ?? 'network error'}); retry ${retries + 1} in ${delay} ms`)
          if (!neverSent) ambiguousEarlierAttempt = true
          retries++
          await this.sleep(delay)
          continue
        }
        throw this.connectionFailure(spec, url, code, neverSent, error)
      }

      this.log(
        `${what}${spec.query && spec.path.startsWith('/') ? `?${spec.query.toString()}` : ''} -> ${response.status}`,
      )
      const { status } = response
      if (status >= 200 && status < 300) return response

      if (status === 401 && auth && !refreshed) {
        refreshed = true
        token = await this.tokens.refreshAfterUnauthorized(token)
        continue
      }
      if (status === 401 && auth) {
        this.log(`${what} -> 401 with a token just refreshed; the sign-in is not accepted`)
        await this.tokens.refreshedTokenRefused?.(token)
      }

      if (status === 404 && spec.deleteSemantics && ambiguousEarlierAttempt) {
        this.log(`${what} -> 404 after an earlier attempt was lost; treating as deleted`)
        return response
      }

      const at = this.now()
      const retryAfterMs = this.cappedRetryAfter(what, status, parseRetryAfter(response.headers['retry-after'], at))
      // The service asked every client to wait, not this request alone: hold the whole service back.
      const holdOff =
        retryAfterMs !== undefined && HOLD_OFF_STATUSES.has(status) ? this.budget.holdOff(retryAfterMs, at) : null
      if (spec.idempotent && RETRYABLE_STATUSES.has(status) && retries < this.retry.maxRetries) {
        if (retryAfterMs === undefined || retryAfterMs <= this.retry.maxRetryAfterMs) {
          const delay = holdOff
            ? holdOff.untilMs - at
            : (retryAfterMs ?? backoffDelay(retries, this.retry, this.random))
          this.log(`${what} -> ${status}; retry ${retries + 1} in ${delay} ms`)
          retries++
          await this.sleep(delay)
          if (holdOff) waitedUntil = holdOff.untilMs
          continue
        }
      }

      throw errorFromResponse(response, what, retryAfterMs, auth ? [token] : [])
    }
  }

  /** A Retry-After of at most {@link MAX_HOLD_OFF_MS}; a longer one is cut to it, and logged. */
  private cappedRetryAfter(what: string, status: number, ms: number | undefined): number | undefined {
    if (ms === undefined || ms <= MAX_HOLD_OFF_MS) return ms
    this.log(
      `${what} -> ${status} asked to wait ${Math.round(ms / 1000)} s; Docket waits at most ${MAX_HOLD_OFF_MS / 1000} s`,
    )
    return MAX_HOLD_OFF_MS
  }

  /**
   * Waits out the service-wide wait in force (Retry-After), unless this request already sat
   * it out (`waitedUntil`); returns the end of the wait now sat out. A wait longer than
   * `maxRetryAfterMs` is not sat out: `rate_limited` with the time left, nothing sent.
   */
  private async waitForService(what: string, waitedUntil: number): Promise<number> {
    const holdOff = this.budget.currentHoldOff()
    if (!holdOff || holdOff.untilMs <= waitedUntil) return waitedUntil
    const waitMs = holdOff.untilMs - this.now()
    if (waitMs > this.retry.maxRetryAfterMs) {
      throw new ApiError(
        'rate_limited',
        `The service asked us to wait ${Math.ceil(waitMs / 1000)} s; ${what} was not sent.`,
        { retryAfterMs: waitMs, details: { request: what, notSent: true } },
      )
    }
    this.log(`${what} waits ${waitMs} ms: the service asked us to wait`)
    await this.sleep(waitMs)
    return holdOff.untilMs
  }

  /** `timeout` of an attempt past its overall deadline (`unknown_outcome` for a POST: it may have been applied). */
  private deadlineFailure(spec: RequestSpec, error: DeadlineError): ApiError {
    const what = describeRequest(spec)
    this.log(`${what} took longer than its ${error.deadlineMs} ms deadline; stopped`)
    if (!spec.idempotent)
      return new ApiError(
        'unknown_outcome',
        `The service took longer than ${Math.round(error.deadlineMs / 1000)} s to answer ${what}; check whether it took effect before sending it again.`,
        { cause: error, details: { request: what, deadlineMs: error.deadlineMs } },
      )
    return new ApiError(
      'timeout',
      `The service took longer than ${Math.round(error.deadlineMs / 1000)} s to answer ${what}; Docket stopped waiting.`,
      { cause: error, details: { request: what, deadlineMs: error.deadlineMs } },
    )
  }

  /** The error of a request whose connection failed and that is not retried (any more). */
  private connectionFailure(
    spec: RequestSpec,
    url: URL,
    code: string | undefined,
    neverSent: boolean,
    error: unknown,
  ): ApiError {
    const what = describeRequest(spec)
    if (!spec.idempotent && !neverSent) {
      this.log(`${what} lost after sending (${code ?? 'network error'})`)
      return new ApiError(
        'unknown_outcome',
        `The connection was lost after ${what} was sent; check whether it took effect before sending it again.`,
        { cause: error },
      )
    }
    this.log(`${what} failed (${code ?? 'network error'})`)
    const isTimeout = code !== undefined && TIMEOUT_CODES.has(code)
    return new ApiError(
      isTimeout ? 'timeout' : 'network',
      isTimeout
        ? `The service did not answer in time (${what}).`
        : `Cannot reach the service at ${url.origin} (${code ?? 'network error'}).`,
      { cause: error },
    )
  }
}

/** The abort reason of an attempt past its overall deadline. */
class DeadlineError extends Error {
  override readonly name = 'DeadlineError'
  constructor(
    what: string,
    readonly deadlineMs: number,
  ) {
    super(`${what} passed its ${deadlineMs} ms deadline`)
  }
}

/** Statuses whose Retry-After holds back every request to the service (RFC 9110 §10.2.3). */
const HOLD_OFF_STATUSES = new Set([429, 503])

/** The first value of a response header (undici gives repeated headers as an array). */
export function header(headers: RawResponse['headers'], name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** `GET /api/v1_2/documents` for messages: the method and the path without its query. */
export function describeRequest(spec: Pick<RequestSpec, 'method' | 'path'>): string {
  return `${spec.method} ${describePath(spec.path)}`
}

/** `bad_response` for an answer that does not fit: `Unexpected response from <what>: <problem>`. */
export function badResponse(what: string, problem: string, status?: number, cause?: unknown): ApiError {
  const init: ConstructorParameters<typeof ApiError>[2] = {}
  if (status !== undefined) init.status = status
  if (cause !== undefined) init.cause = cause
  return new ApiError('bad_response', `Unexpected response from ${what}: ${problem}`, init)
}

/** The first item of an envelope's array (`documents`, `agendas`); `bad_response` when it is empty. */
export function firstItem<T>(items: T[], what: string, key: string): T {
  const first = items[0]
  if (first === undefined) throw badResponse(what, `${key} is empty`)
  return first
}

/** The path part of a request for messages (no query: signed URLs carry signatures). */
function describePath(path: string): string {
  if (path.startsWith('/')) return path.split('?')[0]!
  try {
    const url = new URL(path)
    return `${url.origin}${url.pathname}`
  } catch {
    return '(invalid URL)'
  }
}

/** The first `code` string on an error or its causes (undici wraps socket errors). */
function errorCodeOf(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * The {@link ApiError} of a non-2xx answer: the code of its status (a 3xx is `bad_response`:
 * the service never redirects its API), the body's `message` (or an OAuth `error_description`
 * / `error`), the 422 `errors`, Retry-After; the token in use is scrubbed from the message.
 */
function errorFromResponse(
  response: RawResponse,
  what: string,
  retryAfterMs: number | undefined,
  knownSecrets: readonly string[],
): ApiError {
  const { status } = response
  const code = status >= 300 && status < 400 ? 'bad_response' : codeForStatus(status)
  let message: string | undefined
  let errors
  try {
    const body: unknown = JSON.parse(response.body.toString('utf8'))
    const parsed = errorBodySchema.safeParse(body)
    if (parsed.success) {
      message = parsed.data.message
      errors = parsed.data.errors
    } else {
      const fields = body as Record<string, unknown>
      if (typeof fields.error_description === 'string') message = fields.error_description
      else if (typeof fields.error === 'string') message = fields.error
    }
  } catch {
    // Not JSON (or JSON null): keep the default message.
  }
  const init: ConstructorParameters<typeof ApiError>[2] = { status, details: { request: what } }
  if (errors) init.errors = errors
  if (retryAfterMs !== undefined) init.retryAfterMs = retryAfterMs
  return new ApiError(code, redactKnownSecrets(message ?? defaultMessage(code, status), knownSecrets), init)
}
