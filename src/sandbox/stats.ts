import type { FastifyReply, FastifyRequest } from 'fastify'

/** The request log summary of GET /_sandbox/stats (and `Sandbox.stats()`). */
export interface SandboxStats {
  /** Requests received since the start or the last reset. */
  requests: number
  /** Requests by `METHOD /route/pattern` (e.g. `GET /api/v1_2/documents`). */
  byRoute: Record<string, number>
  /** Requests being answered now. */
  inFlight: number
  /** Most requests being answered at once since the start or the last reset. */
  peakInFlight: number
  /** Bytes of hostile huge listing pages sent (fault `hugePageBytes`): a client that refuses them reads little. */
  hugePageBytesSent: number
  /** Bytes of the hostile token answer sent (fault `tokenAnswer: 'bomb'`). */
  tokenBombBytesSent: number
  /** When counting began (UTC ISO 8601): the start or the last reset. */
  since: string
}

/**
 * Counts the requests a sandbox receives, so benchmarks and tests can say what a client cost
 * the service: requests per route and the most in flight at once (from arrival until the
 * answer is sent or the connection closes). `reset()` starts a new count (the requests in
 * flight stay counted as in flight).
 */
export class RequestStats {
  private requests = 0
  private byRoute: Record<string, number> = {}
  private inFlight = 0
  private peak = 0
  private since = new Date()
  /** Added to by the hostile huge page as it streams. */
  hugePageBytesSent = 0
  /** Added to by the token bomb as it streams. */
  tokenBombBytesSent = 0

  /** Counts `request` and keeps it in flight until its answer is sent or its connection closes. */
  arrived(request: FastifyRequest, reply: FastifyReply): void {
    this.requests++
    const route = `${request.method} ${request.routeOptions.url ?? '(no route)'}`
    this.byRoute[route] = (this.byRoute[route] ?? 0) + 1
    this.inFlight++
    this.peak = Math.max(this.peak, this.inFlight)
    // A response closes once, when it was sent or when its connection went away (a dropped request).
    reply.raw.once('close', () => this.inFlight--)
  }

  /** The summary now. */
  snapshot(): SandboxStats {
    return {
      requests: this.requests,
      byRoute: { ...this.byRoute },
      inFlight: this.inFlight,
      peakInFlight: this.peak,
      hugePageBytesSent: this.hugePageBytesSent,
      tokenBombBytesSent: this.tokenBombBytesSent,
      since: this.since.toISOString(),
    }
  }

  /** Starts a new count. */
  reset(): void {
    this.requests = 0
    this.byRoute = {}
    this.peak = this.inFlight
    this.hugePageBytesSent = 0
    this.tokenBombBytesSent = 0
    this.since = new Date()
  }
}
