import diagnostics from 'node:diagnostics_channel'

/** What an undici request looks like on its diagnostics channels (the fields used here). */
interface UndiciRequestInfo {
  request: { method: string; path: string; origin?: string }
}

/** Counts of the requests a piece of code made, taken from undici's diagnostics channels. */
export interface InflightStats {
  /** Requests whose path matched the filter and that were sent. */
  requests: number
  /** Most matching requests on the wire at once (sent, response not yet complete). */
  peakInFlight: number
  /** Every request sent (matching or not), by `METHOD path-without-query`. */
  byRoute: Record<string, number>
  /** Every request sent (matching or not) with its times, in the order sent. */
  spans: RequestSpan[]
}

/** One request as sent: method, origin, path with its query, and when it was sent and completed (`performance.now()` ms; `endMs` undefined when it never completed). */
export interface RequestSpan {
  method: string
  origin: string
  path: string
  startMs: number
  endMs?: number
}

/**
 * Watches every undici request of this process (channels `undici:client:sendHeaders`,
 * `undici:request:trailers`, `undici:request:error`) while `fn` runs and reports how many
 * requests whose path matches `filter` were sent and how many were in flight at most, and
 * every request's span (for replaying them: `replay.ts`), without touching the code under test. Returns `fn`'s result with the stats.
 */
export async function watchRequests<T>(
  filter: RegExp,
  fn: () => Promise<T>,
): Promise<{ value: T; stats: InflightStats }> {
  const live = new Set<object>()
  const spanOf = new Map<object, RequestSpan>()
  const stats: InflightStats = { requests: 0, peakInFlight: 0, byRoute: {}, spans: [] }
  const onSend = (message: unknown) => {
    const { request } = message as UndiciRequestInfo
    const route = `${request.method} ${request.path.split('?')[0]}`
    stats.byRoute[route] = (stats.byRoute[route] ?? 0) + 1
    const span: RequestSpan = {
      method: request.method,
      origin: String(request.origin ?? ''),
      path: request.path,
      startMs: performance.now(),
    }
    stats.spans.push(span)
    spanOf.set(request, span)
    if (!filter.test(request.path)) return
    stats.requests++
    live.add(request)
    stats.peakInFlight = Math.max(stats.peakInFlight, live.size)
  }
  const onDone = (message: unknown) => {
    const { request } = message as UndiciRequestInfo
    live.delete(request)
    const span = spanOf.get(request)
    if (span && span.endMs === undefined) span.endMs = performance.now()
  }
  diagnostics.subscribe('undici:client:sendHeaders', onSend)
  diagnostics.subscribe('undici:request:trailers', onDone)
  diagnostics.subscribe('undici:request:error', onDone)
  try {
    const value = await fn()
    return { value, stats }
  } finally {
    diagnostics.unsubscribe('undici:client:sendHeaders', onSend)
    diagnostics.unsubscribe('undici:request:trailers', onDone)
    diagnostics.unsubscribe('undici:request:error', onDone)
  }
}
