import { Agent, type Dispatcher } from 'undici'
import { DEFAULT_MAX_IN_FLIGHT } from './budget'

/** Timeouts of the keep-alive dispatcher, in ms. */
export interface DispatcherOptions {
  /** TCP + TLS connect timeout (default 10 000). */
  connectTimeoutMs?: number
  /** Time to receive the response headers after the request was sent (default 30 000). */
  headersTimeoutMs?: number
  /** Maximum idle time between body chunks (default 60 000). */
  bodyTimeoutMs?: number
  /** How long an idle keep-alive socket stays open (default 30 000). */
  keepAliveTimeoutMs?: number
  /**
   * Parallel connections per origin (default {@link DEFAULT_MAX_IN_FLIGHT}, 6, as browsers open
   * per host): the same number as the requests the service's budget lets fly at once, so no
   * request ever waits inside undici, where priorities are unknown.
   */
  connections?: number
  /**
   * Largest response body the dispatcher accepts at all, in bytes (default 256 MiB); larger ->
   * `ApiError` `bad_response`. A backstop: each request also has its own, usually smaller,
   * limit (`RequestSpec.maxResponseBytes`, e.g. a listing page).
   */
  maxResponseBytes?: number
}

/** Default cap of one response body: originals arrive base64-encoded inside JSON. */
export const DEFAULT_MAX_RESPONSE_BYTES = 256 * 1024 * 1024

/**
 * Creates the keep-alive undici `Agent` used by {@link ApiClient}, with connect, header and
 * body timeouts (a timeout surfaces as `ApiError` code `timeout`).
 */
export function createDispatcher(options: DispatcherOptions = {}): Dispatcher {
  return new Agent({
    connect: { timeout: options.connectTimeoutMs ?? 10_000 },
    headersTimeout: options.headersTimeoutMs ?? 30_000,
    bodyTimeout: options.bodyTimeoutMs ?? 60_000,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 30_000,
    keepAliveMaxTimeout: 10 * 60_000,
    connections: options.connections ?? DEFAULT_MAX_IN_FLIGHT,
    maxResponseSize: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
  })
}
