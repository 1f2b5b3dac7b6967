import { ApiClient } from '../../src/main/api'

/** Document types Docket pulls (the service returns only PurchaseInvoice without `type[]`). */
export const SYNC_TYPES = ['PurchaseInvoice', 'SalesInvoice'] as const

/** Overlap subtracted from the delta cursor, in ms (the second-resolution `modified_since`). */
const CURSOR_OVERLAP_MS = 2000

/** One way of running Docket's sync against a service, for B1 and B2. */
export interface DocketSyncer {
  /** Which Docket code path runs (written to results.json). */
  path: string
  /** The first, full sync (what is timed). */
  full(): Promise<void>
  /** How many documents of the agenda Docket now holds (untimed, after `full()`). */
  count(): Promise<number>
  /** A delta sync after changes; resolves when Docket holds the changes. */
  delta(): Promise<void>
  /** The state Docket holds for each id, to check the sync really happened. */
  states(ids: readonly number[]): Promise<Map<number, string | undefined>>
  /** Time spent inside service-client calls since the last call (sequential sum, ms), when known. */
  breakdown?(): { clientCallsMs: number; clientCalls: Record<string, number> }
  close(): Promise<void>
}

/**
 * The fallback when the offline workspace cannot be opened: ApiClient.listDocuments with its
 * default concurrency for the full pull, then `modified_since` (the newest `last_modified_at`
 * seen minus an overlap) for the delta, merged into a Map like a store would be.
 */
export function apiClientSyncer(url: string, token: string, agendaId: number): DocketSyncer {
  const tokens = { getAccessToken: async () => token, refreshAfterUnauthorized: async () => token }
  const client = new ApiClient({ baseUrl: url, tokens })
  const held = new Map<number, { state: string; last_modified_at: string }>()
  let cursor = 0
  const take = (docs: readonly { id: number; state: string; last_modified_at: string }[]) => {
    for (const doc of docs) {
      held.set(doc.id, { state: doc.state, last_modified_at: doc.last_modified_at })
      cursor = Math.max(cursor, Date.parse(doc.last_modified_at))
    }
  }
  return {
    path: 'ApiClient.listDocuments (default concurrency) + modified_since delta',
    async full() {
      take(await client.listDocuments({ agendaId, types: SYNC_TYPES }))
    },
    async count() {
      return held.size
    },
    async delta() {
      take(
        await client.listDocuments({
          agendaId,
          types: SYNC_TYPES,
          modifiedSince: new Date(cursor - CURSOR_OVERLAP_MS),
        }),
      )
    },
    async states(ids) {
      return new Map(ids.map((id) => [id, held.get(id)?.state]))
    },
    close: () => client.close(),
  }
}
