import { Agent, request } from 'undici'

/** Page size of GET /api/v1_2/documents (docs/service-interface.md, "Limits"). */
export const PAGE_SIZE = 50

/** Result of one sequential walk. */
export interface SequentialSync {
  documents: number
  /** id, state and last_modified_at of every document received. */
  received: { id: number; state: string; last_modified_at: string }[]
  pages: number
  ms: number
}

/**
 * The baseline "the simple way", as the public PHP clients of the service do it:
 * GET /api/v1_2/documents?agenda_id=..&page=1,2,... one request at a time, in order, with plain
 * undici `request`, decoding each JSON body, stopping at the first page holding fewer than 50.
 * `types` is sent as `type[]` so it fetches the same set as Docket; `maxPages` cuts a warm-up short.
 * Throws on any non-200.
 */
export async function sequentialSync(
  url: string,
  token: string,
  agendaId: number,
  types: readonly string[],
  dispatcher: Agent,
  maxPages = Number.POSITIVE_INFINITY,
): Promise<SequentialSync> {
  const started = performance.now()
  let documents = 0
  const received: SequentialSync['received'] = []
  let page = 1
  for (;;) {
    const query = new URLSearchParams({ agenda_id: String(agendaId), page: String(page) })
    for (const type of types) query.append('type[]', type)
    const response = await request(`${url}/api/v1_2/documents?${query}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      dispatcher,
    })
    const body = (await response.body.json()) as { documents?: unknown[] }
    if (response.statusCode !== 200 || !Array.isArray(body.documents)) {
      throw new Error(`baseline: page ${page} answered ${response.statusCode}`)
    }
    documents += body.documents.length
    for (const d of body.documents as { id: number; state: string; last_modified_at: string }[]) {
      received.push({ id: d.id, state: d.state, last_modified_at: d.last_modified_at })
    }
    if (body.documents.length < PAGE_SIZE || page >= maxPages) break
    page++
  }
  return { documents, received, pages: page, ms: performance.now() - started }
}

/**
 * The transport alone, for context: pages 1..`pages` of the same listing fetched with
 * `inFlight` requests on the wire at once (plain undici, a new request as soon as one answer's
 * body has arrived), bodies read and not decoded or stored. Its time is what any client with
 * that many pages in flight gets from this service on this machine, so Docket's time over it
 * is Docket's own cost, and its ratio to the bound is the share of the gap that lies outside
 * Docket (service time per request, scheduling on a shared machine). Returns the time in ms.
 * Throws on any non-200.
 */
export async function parallelTransport(
  url: string,
  token: string,
  agendaId: number,
  types: readonly string[],
  dispatcher: Agent,
  inFlight: number,
  pages: number,
  /**
   * Open the pages in flight as Docket's listing does (src/main/api/pagination.ts): page 1
   * alone, one more in flight per full page answered, up to `inFlight`. Every page before the
   * last is full in this listing, so each answer but the last widens the window.
   */
  slowStart = false,
): Promise<number> {
  const started = performance.now()
  let next = 1
  let window = slowStart ? 1 : Math.max(1, inFlight)
  let running = 0
  const fetchPage = async (page: number): Promise<void> => {
    const query = new URLSearchParams({ agenda_id: String(agendaId), page: String(page) })
    for (const type of types) query.append('type[]', type)
    const response = await request(`${url}/api/v1_2/documents?${query}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      dispatcher,
    })
    await response.body.arrayBuffer()
    if (response.statusCode !== 200) throw new Error(`transport: page ${page} answered ${response.statusCode}`)
  }
  await new Promise<void>((resolve, reject) => {
    const fill = (): void => {
      if (next > pages && running === 0) return resolve()
      while (running < window && next <= pages) {
        const page = next++
        running++
        fetchPage(page).then(() => {
          running--
          if (page < pages) window = Math.min(Math.max(1, inFlight), window + 1)
          fill()
        }, reject)
      }
    }
    fill()
  })
  return performance.now() - started
}
