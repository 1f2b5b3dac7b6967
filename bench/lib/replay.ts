import { request, type Agent } from 'undici'
import type { RequestSpan } from './inflight'

/** One request of a replay and the request it waits for (its index in the plan), or -1 to leave at once. */
export interface ReplayStep {
  method: string
  url: string
  after: number
}

/**
 * The order in which a recorded set of requests depended on each other, as the client showed
 * it: each request waits for the one that completed last before it was sent (the answer it was
 * most likely sent after: a page that opened the next, the agendas list before their pages),
 * or leaves at once when none had completed. Requests sent while others were in flight keep
 * that overlap. Only completed GET requests are kept (the replay must not change the service),
 * in the order they were sent; a request whose predecessor was dropped leaves at once.
 */
export function replayPlan(spans: readonly RequestSpan[]): ReplayStep[] {
  const kept = spans.filter((s) => s.method === 'GET' && s.endMs !== undefined).sort((a, b) => a.startMs - b.startMs)
  return kept.map((span) => {
    let after = -1
    let latestEnd = Number.NEGATIVE_INFINITY
    kept.forEach((other, index) => {
      if (other !== span && other.endMs! <= span.startMs && other.endMs! > latestEnd) {
        latestEnd = other.endMs!
        after = index
      }
    })
    return { method: span.method, url: `${span.origin}${span.path}`, after }
  })
}

/**
 * The transport alone making a plan's requests (plain undici, bearer `token`, bodies read and
 * dropped, nothing decoded or stored): each request is sent the moment the one it waits for has
 * completed. Resolves the time from the first request sent to the last one completed (ms).
 * Throws on any answer that is not 2xx.
 */
export async function replayRequests(plan: readonly ReplayStep[], token: string, dispatcher: Agent): Promise<number> {
  const started = performance.now()
  const done: Promise<void>[] = []
  for (const step of plan) {
    const waitFor = step.after >= 0 ? done[step.after]! : Promise.resolve()
    done.push(
      waitFor.then(async () => {
        const response = await request(step.url, {
          method: 'GET',
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
          dispatcher,
        })
        await response.body.arrayBuffer()
        if (response.statusCode < 200 || response.statusCode >= 300) {
          throw new Error(`replay: ${step.url} answered ${response.statusCode}`)
        }
      }),
    )
  }
  await Promise.all(done)
  return performance.now() - started
}
