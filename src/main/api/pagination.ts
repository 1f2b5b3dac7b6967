import { documentListResponseSchema, type Document } from '../../shared/api/document'
import { DEFAULT_MAX_IN_FLIGHT, type RequestPriority } from './budget'
import type { EncodedDocument } from './documentPage'
import { ApiError } from './errors'
import { badResponse, describeRequest, header, type HttpClient, type RawResponse, type RequestSpec } from './http'
import type { DocumentPageDecoder } from './pageDecoder'
import { scanListingLayout, type ListingLayout } from './pageLayout'

/**
 * Paging of GET /api/v1_2/documents (docs/service-interface.md, "Listing documents"): the
 * service answers 50 documents a page, id descending, and a page holding fewer than 50 is the
 * last one. A walk asks page 1 alone and opens more pages in flight only while pages come back
 * full (slow start), hands each page over as it is decoded, and stops a listing that never
 * ends (repeated documents, a page cap) with `bad_response` naming the agenda.
 */

/** Documents per page of GET /api/v1_2/documents. */
export const PAGE_SIZE = 50
/** Most pages in flight for one listing when the caller does not say: the service's whole budget. */
export const DEFAULT_PAGE_CONCURRENCY = DEFAULT_MAX_IN_FLIGHT

/**
 * The most documents Docket lists in one agenda in one pull: 200,000. What a real agenda holds:
 * one company's documents, a busy one receiving 10,000 invoices a year, so twenty years of
 * them; and twice the largest agenda Docket is measured with (bench B9: 100,000 documents,
 * 118 MB of store, about 450 MB of memory after the first sync), so whatever the service sends,
 * one listing costs at most 4,000 requests and about twice what that agenda needs. A listing
 * that goes on past it is a service gone wrong: the walk stops with `bad_response` (the offline
 * pull then holds the agenda until the person asks for it again).
 */
export const MAX_DOCUMENTS_PER_LISTING = 200_000
/** {@link MAX_DOCUMENTS_PER_LISTING} in pages of {@link PAGE_SIZE}: 4,000. */
export const MAX_PAGES_PER_LISTING = MAX_DOCUMENTS_PER_LISTING / PAGE_SIZE

/**
 * Largest listing page accepted, in bytes: 8 MiB. The largest demo document is 3.5 KB as the
 * service sends it (7 line items at about 250 bytes each), so a page of 50 such is about
 * 180 KB; 8 MiB lets every document of a page carry about 600 line items. A bigger page is
 * refused unread (`bad_response`), so six pages in flight hold at most 48 MiB.
 */
export const MAX_LISTING_PAGE_BYTES = 8 * 1024 * 1024

/**
 * Why a walk stopped a listing that would never end, in the `listingStopped` detail of its
 * `bad_response`: `order` (ids not descending, or an id listed again out of place), `repeats`
 * (pages of documents already listed), `cap` (more than `maxPages` full pages).
 */
export type ListingStop = 'order' | 'repeats' | 'cap'

/** The {@link ListingStop} of an error that stopped a runaway listing, or undefined for any other error. */
export function listingStopOf(error: unknown): ListingStop | undefined {
  if (!(error instanceof ApiError) || error.code !== 'bad_response') return undefined
  const stop = (error.details as { listingStopped?: unknown } | undefined)?.listingStopped
  return stop === 'order' || stop === 'repeats' || stop === 'cap' ? stop : undefined
}

/** Filters of GET /api/v1_2/documents. */
export interface DocumentQuery {
  agendaId?: number
  /** `type[]`; without it the service returns only PurchaseInvoice documents. */
  types?: readonly string[]
  /** `ids[]`: restrict to these ids (with or without agendaId). */
  ids?: readonly number[]
  /** `states[]`: only documents in these states. */
  states?: readonly string[]
  /** `modified_since`: only documents changed since then (UTC ISO 8601 or Date; sent to the second). */
  modifiedSince?: string | Date
}

/** How a walk over the pages runs, for either way of handing pages over. */
export interface PagingOptions {
  /** Most pages in flight once pages come back full (default 6); page 1 always goes alone. */
  concurrency?: number
  /** Who waits for the pages (default `user`; a background pull says `background`). */
  priority?: RequestPriority
  /** Stop with `bad_response` at a full page number `maxPages` (default {@link MAX_PAGES_PER_LISTING}). */
  maxPages?: number
  signal?: AbortSignal
}

export interface ListDocumentsOptions extends DocumentQuery, PagingOptions {
  /** Called as each page arrives (pages may arrive out of order). */
  onPage?: (documents: Document[], page: number) => void
  /**
   * Keep the pages to return them (default true). False: pages go to `onPage` only and the
   * call resolves with an empty array, so a caller that stores pages as they arrive does not
   * hold every document of the agenda in memory meanwhile (a first sync: bench B1).
   */
  collect?: boolean
}

export interface ListDocumentPagesOptions extends DocumentQuery, PagingOptions {
  /** Called as each page is decoded (pages may arrive out of order); a throw stops the listing and rejects. */
  onPage: (documents: EncodedDocument[], page: number) => void
}

/** `2026-01-02T03:04:05.678Z` -> `2026-01-02T03:04:05Z` (the service's `modified_since` takes whole seconds). */
export function formatModifiedSince(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) throw new TypeError(`modifiedSince is not a date: ${String(value)}`)
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** The query string of a listing: `agenda_id`, `type[]`, `ids[]`, `states[]`, `modified_since`, in that order. */
export function documentQueryParams(query: DocumentQuery): URLSearchParams {
  const params = new URLSearchParams()
  if (query.agendaId !== undefined) params.set('agenda_id', String(query.agendaId))
  for (const type of query.types ?? []) params.append('type[]', type)
  for (const id of query.ids ?? []) params.append('ids[]', String(id))
  for (const state of query.states ?? []) params.append('states[]', state)
  if (query.modifiedSince !== undefined) params.set('modified_since', formatModifiedSince(query.modifiedSince))
  return params
}

/**
 * The request of one page (1-based) of GET /api/v1_2/documents: the query's parameters (a
 * query, or its {@link documentQueryParams} built once for a whole walk), then `page`.
 */
export function documentsPageRequest(
  query: DocumentQuery | URLSearchParams,
  page: number,
  signal?: AbortSignal,
): RequestSpec {
  const params = query instanceof URLSearchParams ? new URLSearchParams(query) : documentQueryParams(query)
  params.set('page', String(page))
  return {
    method: 'GET',
    path: '/api/v1_2/documents',
    query: params,
    idempotent: true,
    signal,
    maxResponseBytes: MAX_LISTING_PAGE_BYTES,
  }
}

/** GET /api/v1_2/documents, one page (1-based); up to {@link PAGE_SIZE} documents, id descending. */
export async function listDocumentsPage(
  http: HttpClient,
  query: DocumentQuery,
  page: number,
  signal?: AbortSignal,
): Promise<Document[]> {
  const spec = documentsPageRequest(query, page, signal)
  return http.decode(spec, await http.send(spec), documentListResponseSchema).documents
}

/**
 * Walks all pages of GET /api/v1_2/documents as {@link PageWalk} does (page 1 alone, more in
 * flight while pages come back full, at most `concurrency`), stopping at the first page
 * holding fewer than 50 documents. Returns the documents de-duplicated by id, in id-descending
 * order (none with `collect: false`). Resolves as soon as every page up to that last one has
 * arrived: requests already sent for pages past it are left to finish on their own (their
 * connections stay open for the next requests) and ignored, as are their failures; those
 * still waiting for their turn are never sent. Rejects with the first failure of a page up to
 * the last one, or `bad_response` when the listing does not end (see {@link PageWalk}).
 */
export function listDocuments(http: HttpClient, options: ListDocumentsOptions = {}): Promise<Document[]> {
  const { concurrency, priority, maxPages, onPage, signal, collect = true, ...query } = options
  return walkPages(
    http,
    query,
    { concurrency, priority, maxPages, signal, collect, onPage },
    (spec, response) => http.decode(spec, response, documentListResponseSchema).documents,
  )
}

/**
 * Walks the pages of GET /api/v1_2/documents as {@link listDocuments} does, handing each
 * page to `onPage` as {@link EncodedDocument}s (validated, with each document's JSON text),
 * decoded by `pageDecoder`: in the app a worker thread, so a pull of 10,000 documents leaves
 * the main thread free (bench B1). Keeps nothing; resolves when every page up to the last one
 * was handed over. Rejects as {@link listDocuments} does; a page that does not fit the schema
 * is `bad_response` naming the field.
 */
export async function listDocumentPages(
  http: HttpClient,
  pageDecoder: DocumentPageDecoder,
  options: ListDocumentPagesOptions,
): Promise<void> {
  const { concurrency, priority, maxPages, onPage, signal, ...query } = options
  /** Each answer's layout, from the scan that counted its documents, for its decode (one scan a page, not two). */
  const layouts = new WeakMap<RawResponse, ListingLayout | null>()
  const countPage = (response: RawResponse): number | undefined => {
    const layout = scanListingLayout(response.body)
    layouts.set(response, layout)
    const counted = layout?.documents?.starts.length
    // A full listing (no `modifiedSince`) whose page comes back full is a long one: the decoder
    // gets ready for its pages while the next ones travel (a delta's few pages decode here).
    if (counted === PAGE_SIZE && query.modifiedSince === undefined) pageDecoder.expectPages?.()
    return counted
  }
  const walk = { concurrency, priority, maxPages, signal, collect: false, onPage, countPage }
  await walkPages(http, query, walk, async (spec, response) => {
    const contentType = header(response.headers, 'content-type') ?? ''
    const decoded = await pageDecoder.decode(response.body, contentType, layouts.get(response))
    if (!decoded.ok) throw badResponse(describeRequest(spec), decoded.problem, response.status)
    return decoded.documents
  })
}

/** How a walk runs: pages in flight, priority, cap, cancellation, whether pages are kept, who gets each page. */
export interface PageWalkOptions<T> extends PagingOptions {
  /** Keep the pages to resolve with their documents (else resolve with `[]`). */
  collect: boolean
  onPage: ((documents: T[], page: number) => void) | undefined
  /**
   * How many documents an answer's bytes hold, counted without decoding them (undefined when
   * it cannot tell): a page that shows itself full opens the next pages before it is decoded.
   * Only a hint: the decoded page still decides where the listing ends.
   */
  countPage?: (response: RawResponse) => number | undefined
}

/**
 * The documents of a listing page as its bytes place them ({@link scanListingLayout}: one pass,
 * no parse), or undefined when they place none.
 */
export function countListedDocuments(response: RawResponse): number | undefined {
  return scanListingLayout(response.body)?.documents?.starts.length
}

/** Turns a page's 2xx answer into its documents; a throw fails the walk (if the page counts). */
export type PageDecode<T> = (spec: RequestSpec, response: RawResponse) => T[] | Promise<T[]>

/**
 * The page walk behind {@link listDocuments} and {@link listDocumentPages}, generic in how a
 * page is decoded. Resolves with the kept documents, de-duplicated by id, id descending;
 * rejects at once (nothing sent) when the query cannot be sent, e.g. `modifiedSince` is no date.
 */
export function walkPages<T extends { id: number }>(
  http: HttpClient,
  query: DocumentQuery,
  options: PageWalkOptions<T>,
  decodePage: PageDecode<T>,
): Promise<T[]> {
  return new Promise<T[]>((resolve, reject) => {
    new PageWalk(http, query, options, decodePage, resolve, reject).start()
  })
}

/** A page whose request has left: its number, its request and the pending answer. */
interface AskedPage {
  page: number
  spec: RequestSpec
  response: Promise<RawResponse>
}

/**
 * One walk over the pages of a listing.
 *
 * Adaptive paging, like TCP's slow start: page 1 goes alone (most listings are one short page:
 * a small agenda, a quiet delta), and each full page lets one more page fly, up to
 * `concurrency`: 1, 2, 4, ... pages per round trip while pages come back full. Once pages
 * come back full, the next request leaves as soon as an answer arrives, and that answer is
 * decoded (JSON + schema, milliseconds for 50 documents) while the next one travels, instead
 * of after (bench B1). No page is asked once a short page has arrived; pages asked ahead that
 * are still waiting for their turn in the service's budget are then never sent.
 *
 * A listing that never ends is stopped with `bad_response` naming the agenda: a full page that
 * brings no document the listing had not already listed, or more documents listed twice than
 * one page holds, or a full page number `maxPages` (there would be more). The interface lists
 * ids descending, and the walk holds the service to it: within a page each id is below the one
 * before, and every id of a page is below the lowest of the page before, except the ids that
 * page also held (documents added while the walk runs shift the later pages by as many places,
 * so a page may begin with the end of the one before). Anything else, an id going up or one of
 * an earlier page coming back, stops the listing (`listingStopped: 'order'`).
 */
class PageWalk<T extends { id: number }> {
  private readonly pages = new Map<number, T[]>()
  private readonly arrived = new Set<number>()
  /** Pages 1..contiguous have all arrived. */
  private contiguous = 0
  private nextPage = 1
  /** The first short page seen so far (the listing's end); pages past it do not count. */
  private lastPage = Number.POSITIVE_INFINITY
  private settled = false
  /** Pages that may be in flight now: 1, then one more per full page, up to `maxWindow`. */
  private window = 1
  private readonly maxWindow: number
  /** Pages asked whose answer has not arrived yet. */
  private inFlight = 0
  /** A page came back full: answers no longer wait for their decode before the next page leaves. */
  private fullSeen = false
  /** Ids listed so far, and how many came again on a later page. */
  private readonly seen = new Set<number>()
  /** Of each arrived page whose neighbours are not both checked: its lowest id and its ids (for the order check). */
  private readonly bounds = new Map<number, { lowest: number; ids: Set<number> }>()
  private repeats = 0
  private readonly maxPages: number
  /** The query's parameters, built (and checked: a `modifiedSince` that is no date throws) once. */
  private readonly params: URLSearchParams

  constructor(
    private readonly http: HttpClient,
    private readonly query: DocumentQuery,
    private readonly options: PageWalkOptions<T>,
    private readonly decodePage: PageDecode<T>,
    private readonly resolve: (documents: T[]) => void,
    private readonly reject: (error: unknown) => void,
  ) {
    this.params = documentQueryParams(query)
    this.maxWindow = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_PAGE_CONCURRENCY))
    this.maxPages = Math.max(1, Math.floor(options.maxPages ?? MAX_PAGES_PER_LISTING))
  }

  /** Asks page 1. */
  start(): void {
    this.fill()
  }

  /** Asks pages until `window` are in flight, while there may be more (before the end and the cap). */
  private fill(): void {
    while (!this.settled && this.inFlight < this.window) {
      const page = this.claimPage()
      if (page === null) return
      this.inFlight++
      void this.handle(this.ask(page))
    }
  }

  /** The next page number to ask, or null when no page may be asked any more (past the end or the cap). */
  private claimPage(): number | null {
    if (this.nextPage > this.lastPage || this.nextPage > this.maxPages) return null
    return this.nextPage++
  }

  /** Sends the request of a page; it waits in the service's budget, and is dropped there once past the end. */
  private ask(page: number): AskedPage {
    const spec: RequestSpec = {
      ...documentsPageRequest(this.params, page, this.options.signal),
      priority: this.options.priority ?? 'user',
      stillWanted: () => !this.settled && page <= this.lastPage,
    }
    const response = this.http.send(spec)
    response.catch(() => undefined)
    return { page, spec, response }
  }

  private async handle({ page, spec, response: pending }: AskedPage): Promise<void> {
    let response: RawResponse
    try {
      response = await pending
    } catch (error) {
      this.inFlight--
      return this.fail(page, error)
    }
    this.inFlight--
    if (this.settled || page > this.lastPage) return
    // Before any page came back full (page 1 of a listing), a page whose bytes hold a full page
    // opens the next ones now rather than after its decode (milliseconds on the wire saved per
    // listing: bench B2).
    const counted = this.options.countPage?.(response)
    const widened = !this.fullSeen && counted === PAGE_SIZE
    if (widened) this.widen()
    // A page whose bytes show it short is decoded at once (it likely ends the listing, and its
    // decode says so sooner); the decode still decides.
    const shortByBytes = counted !== undefined && counted < PAGE_SIZE
    if (this.fullSeen && !shortByBytes) {
      this.fill()
      // Let the requests leave before this thread is busy (a decode here, a page's write). A
      // request asked from here reaches its socket on the event loop's next turn, not in this
      // one; with one turn, pages 2 and 3 of a delta left only once page 1 was decoded (bench
      // B2). A walk that cannot count its pages' documents keeps one turn.
      await nextTurn()
      if (counted !== undefined) await nextTurn()
    }
    let documents: T[]
    try {
      documents = await this.decodePage(spec, response)
    } catch (error) {
      return this.fail(page, error)
    }
    if (this.settled || page > this.lastPage) return
    if (documents.length < PAGE_SIZE) this.lastPage = page
    else if (!widened) this.widen()
    if (!this.accept(page, documents)) return
    if (this.contiguous >= this.lastPage) return this.finish()
    this.fill()
  }

  /** A page came back full: one more page may be in flight, and the next leave before answers are decoded. */
  private widen(): void {
    this.fullSeen = true
    this.window = Math.min(this.maxWindow, this.window + 1)
  }

  /** Records a decoded page and hands it to `onPage`; false when the walk rejected (a runaway listing, or `onPage` threw). */
  private accept(page: number, documents: T[]): boolean {
    const runaway = this.runaway(page, documents)
    if (runaway) {
      this.stop(runaway)
      return false
    }
    if (this.options.collect) this.pages.set(page, documents)
    this.arrived.add(page)
    while (this.arrived.has(this.contiguous + 1)) this.contiguous++
    try {
      this.options.onPage?.(documents, page)
    } catch (error) {
      this.stop(error)
      return false
    }
    return true
  }

  /** The error that stops a listing that would never end, when `documents` (page `page`) shows it. */
  private runaway(page: number, documents: T[]): ApiError | null {
    return this.repeated(page, documents) ?? this.outOfOrder(page, documents)
  }

  /** `bad_response` naming the agenda, with why the listing stopped (`listingStopped`). */
  private stopError(page: number, stop: ListingStop, message: (agenda: string) => string): ApiError {
    const agenda = this.query.agendaId === undefined ? 'the listing' : `agenda ${this.query.agendaId}`
    const details = { request: 'GET /api/v1_2/documents', agendaId: this.query.agendaId, page, listingStopped: stop }
    return new ApiError('bad_response', message(agenda), { details })
  }

  /**
   * The order check (see the class): ids descending within `documents` and across its
   * neighbours that have arrived. Pages arrive out of order, so each pair is checked when its
   * second page arrives; a page's ids are dropped once both its neighbours were checked.
   */
  private outOfOrder(page: number, documents: T[]): ApiError | null {
    for (let i = 1; i < documents.length; i++) {
      if (documents[i]!.id >= documents[i - 1]!.id) return this.orderError(page, documents[i]!.id, documents[i - 1]!.id)
    }
    if (documents.length === 0) return null
    const own = { lowest: documents[documents.length - 1]!.id, ids: new Set(documents.map((d) => d.id)) }
    const before = this.bounds.get(page - 1)
    const after = this.bounds.get(page + 1)
    if (before) {
      const wrong = documents.find((d) => d.id >= before.lowest && !before.ids.has(d.id))
      if (wrong) return this.orderError(page, wrong.id, before.lowest)
    }
    if (after) {
      const wrong = [...after.ids].find((id) => id >= own.lowest && !own.ids.has(id))
      if (wrong !== undefined) return this.orderError(page + 1, wrong, own.lowest)
    }
    this.bounds.set(page, own)
    // A page whose both neighbours are checked is not needed any more (page 1 has no page before).
    if (before && (page - 1 === 1 || this.arrived.has(page - 2))) this.bounds.delete(page - 1)
    if (after && this.arrived.has(page + 2)) this.bounds.delete(page + 1)
    return null
  }

  private orderError(page: number, id: number, above: number): ApiError {
    return this.stopError(
      page,
      'order',
      (agenda) =>
        `The service listed ${agenda} out of order on page ${page} (id ${id} after id ${above}; ids must go down); Docket stopped the listing.`,
    )
  }

  /** The stop of a listing that repeats itself or goes on past the cap. */
  private repeated(page: number, documents: T[]): ApiError | null {
    let fresh = 0
    for (const { id } of documents) {
      if (this.seen.has(id)) this.repeats++
      else {
        this.seen.add(id)
        fresh++
      }
    }
    const full = documents.length === PAGE_SIZE
    if ((full && fresh === 0) || this.repeats > PAGE_SIZE) {
      return this.stopError(
        page,
        'repeats',
        (agenda) =>
          `The service listed documents of ${agenda} again on page ${page} that earlier pages already held; the listing would never end, so Docket stopped it.`,
      )
    }
    if (full && page >= this.maxPages) {
      const most = (this.maxPages * PAGE_SIZE).toLocaleString('en')
      return this.stopError(
        page,
        'cap',
        (agenda) =>
          `The service lists more than ${most} documents in ${agenda} (${this.maxPages.toLocaleString('en')} pages); Docket stops there.`,
      )
    }
    return null
  }

  /** Failures of pages past the last one do not count; otherwise the first one rejects. */
  private fail(page: number, error: unknown): void {
    if (this.settled || page > this.lastPage) return
    this.stop(error)
  }

  private stop(error: unknown): void {
    this.settled = true
    this.reject(error)
  }

  private finish(): void {
    this.settled = true
    const byId = new Map<number, T>()
    for (const page of [...this.pages.keys()].sort((a, b) => a - b)) {
      if (page > this.lastPage) continue
      for (const document of this.pages.get(page)!) if (!byId.has(document.id)) byId.set(document.id, document)
    }
    this.resolve([...byId.values()].sort((a, b) => b.id - a.id))
  }
}

/** Resolves after the event loop's current turn (its I/O callbacks included). */
function nextTurn(): Promise<void> {
  return new Promise((resolveTurn) => setImmediate(resolveTurn))
}
