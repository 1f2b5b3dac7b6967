import type { EncodedDocument } from '../../api/documentPage'
import { PULLED_TYPES, type WorkspaceClient } from '../client'

/** One agenda's listing under way. */
export interface Listing {
  readonly agendaId: number
  /** Every document (true) or those changed since `modifiedSince`. */
  readonly full: boolean
  /** Pages received so far. */
  readonly pages: number
  /** Settles when the listing ends; rejects with the client's error (never unhandled while nobody awaits it). */
  readonly done: Promise<void>
  /** Stops this listing alone (its agenda left the account). */
  abort(): void
}

/**
 * Starts listing an agenda's documents of the pulled types (`ApiClient.listDocumentPages`):
 * page 1 alone, then more pages in flight while pages come back full, at most `concurrency`,
 * at background priority (a person's requests go first in the service's budget); a listing
 * that never ends stops at `maxPages` full pages or at repeated documents (`bad_response`).
 * Each page goes to `onPage` as it is decoded (documents validated and encoded off the main
 * thread). `signal` stops every listing of a pull.
 */
export function startListing(
  client: WorkspaceClient,
  options: {
    agendaId: number
    full: boolean
    modifiedSince?: Date
    concurrency: number
    maxPages: number
    signal: AbortSignal
    onPage: (documents: EncodedDocument[], listing: Listing) => void
  },
): Listing {
  const own = new AbortController()
  let pages = 0
  const listing: Listing = {
    agendaId: options.agendaId,
    full: options.full,
    get pages() {
      return pages
    },
    done: client.listDocumentPages({
      agendaId: options.agendaId,
      types: PULLED_TYPES,
      concurrency: options.concurrency,
      priority: 'background',
      maxPages: options.maxPages,
      signal: AbortSignal.any([options.signal, own.signal]),
      ...(options.modifiedSince ? { modifiedSince: options.modifiedSince } : {}),
      onPage: (documents) => {
        pages++
        options.onPage(documents, listing)
      },
    }),
    abort: () => own.abort(),
  }
  // Listings are awaited in order; this only keeps a later one's failure from going unhandled meanwhile.
  listing.done.catch(() => undefined)
  return listing
}
