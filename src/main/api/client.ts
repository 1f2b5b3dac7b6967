import { request, type Dispatcher } from 'undici'
import { z } from 'zod'
import {
  agendaListResponseSchema,
  createAgendasResponseSchema,
  type Agenda,
  type AgendaAttributes,
  type AgendaUpdate,
} from '../../shared/api/agenda'
import { commentListResponseSchema, createCommentResponseSchema, type Comment } from '../../shared/api/comment'
import {
  documentListResponseSchema,
  messageResponseSchema,
  originalFileResponseSchema,
  setStateResponseSchema,
  uploadResponseSchema,
  type Document,
  type SetStateResponse,
  type SettableState,
} from '../../shared/api/document'
import { errorBodySchema } from '../../shared/api/errors'
import { redact } from '../../shared/api/redact'
import { isLoopbackHost } from '../../shared/api/serviceUrl'
import { userSchema, type User } from '../../shared/api/user'
import { createDispatcher, type DispatcherOptions } from './dispatcher'
import { parseJsonBody, validateBody, type EncodedDocument } from './documentPage'
import { inlinePageDecoder, type DocumentPageDecoder } from './pageDecoder'
import { ApiError, codeForStatus, defaultMessage, isApiError } from './errors'
import {
  backoffDelay,
  parseRetryAfter,
  resolveRetryOptions,
  RETRYABLE_STATUSES,
  type ResolvedRetryOptions,
  type RetryOptions,
} from './retry'

export { compiledSchema } from './compiledSchema'

/** Documents per page of GET /api/v1_2/documents (spec "Limits"). */
export const PAGE_SIZE = 50
/** Largest request body the client sends (observed clients stay under 20 MB). */
export const MAX_REQUEST_BYTES = 20_000_000

/** Where the client gets bearer tokens (implemented by the auth layer's TokenManager). */
export interface TokenSource {
  /** A valid access token (refreshed ahead of expiry by the implementation). */
  getAccessToken(): Promise<string>
  /**
   * Called once when the service answered 401 to `failedToken`; returns a fresh token
   * (single flight across callers), or throws (e.g. AuthError `reauth_required`).
   */
  refreshAfterUnauthorized(failedToken: string): Promise<string>
}

export interface ApiClientOptions {
  /** The service's base URL, e.g. `https://service.example` (no trailing `/api`). */
  baseUrl: string
  tokens: TokenSource
  /** An undici dispatcher; default: a keep-alive Agent from {@link createDispatcher}. */
  dispatcher?: Dispatcher
  /** Timeouts of the default dispatcher (ignored when `dispatcher` is given). */
  timeouts?: DispatcherOptions
  retry?: RetryOptions
  /** Receives one redacted line per request and retry. */
  log?: (line: string) => void
  /** Waits `ms` (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>
  /** Returns [0, 1) for backoff jitter (tests pass a fixed one). */
  random?: () => number
  /** Epoch ms, for Retry-After HTTP dates. */
  now?: () => number
  /** Max request body in bytes for uploads (default {@link MAX_REQUEST_BYTES}). */
  maxRequestBytes?: number
  /**
   * Decodes the pages of {@link ApiClient.listDocumentPages} (default: on the calling thread).
   * The app passes a {@link WorkerPageDecoder}, shared by its clients and closed by its owner.
   */
  pageDecoder?: DocumentPageDecoder
}

/** Filters of GET /api/v1_2/documents (spec + observed clients). */
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

export interface ListDocumentsOptions extends DocumentQuery {
  /** Pages in flight at once (default 4). */
  concurrency?: number
  /** Called as each page arrives (pages may arrive out of order). */
  onPage?: (documents: Document[], page: number) => void
  /**
   * Keep the pages to return them (default true). False: pages go to `onPage` only and the
   * call resolves with an empty array, so a caller that stores pages as they arrive does not
   * hold every document of the agenda in memory meanwhile (a first sync: bench B1).
   */
  collect?: boolean
  signal?: AbortSignal
}

export interface ListDocumentPagesOptions extends DocumentQuery {
  /** Pages in flight at once (default 4). */
  concurrency?: number
  /** Called as each page is decoded (pages may arrive out of order); a throw stops the listing and rejects. */
  onPage: (documents: EncodedDocument[], page: number) => void
  signal?: AbortSignal
}

/** One file to upload; `content` is the raw bytes. */
export interface UploadFile {
  filename: string
  contentType: string
  content: Uint8Array
}

export interface UploadOptions {
  agendaId: number
  /** Document type, e.g. PurchaseInvoice or SalesInvoice. */
  type: string
  files: readonly UploadFile[]
  /** Ask the service to split a multi-invoice file (`file_split`). */
  fileSplit?: boolean
  /** Send all files as the pages of one document instead of one document per file. */
  asOneDocument?: boolean
}

export interface OriginalFile {
  fileName: string
  contentType: string
  bytes: Uint8Array
}

export interface BinaryResponse {
  contentType: string
  bytes: Uint8Array
  /** From Content-Disposition when the service sends one. */
  fileName?: string
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

interface RequestSpec {
  method: Method
  /** A path under the base URL (`/api/...`) or, for signed downloads, an absolute URL. */
  path: string
  query?: URLSearchParams
  json?: unknown
  headers?: Record<string, string>
  /** Safe to send again after a lost connection (GET, PUT, DELETE, state PATCH). */
  idempotent: boolean
  /** Send the bearer token (default true). */
  auth?: boolean
  accept?: string
  signal?: AbortSignal
  /** For DELETE: a 404 after an ambiguous earlier attempt counts as done. */
  deleteSemantics?: boolean
}

interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

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

function errorCodeOf(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

function header(headers: RawResponse['headers'], name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** `2026-01-02T03:04:05.678Z` -> `2026-01-02T03:04:05Z` (the format observed clients send). */
export function formatModifiedSince(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) throw new TypeError(`modifiedSince is not a date: ${String(value)}`)
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** Decodes URL-safe base64 with `,` padding (observed clients: `-`→`+`, `_`→`/`, `,`→`=`). */
export function decodeUrlSafeBase64(text: string): Uint8Array {
  const standard = text.replace(/-/g, '+').replace(/_/g, '/').replace(/,/g, '=').replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(standard)) throw new TypeError('not base64')
  return new Uint8Array(Buffer.from(standard, 'base64'))
}

/**
 * The service client (service-api-v1_2.md + observed-in-public-clients.md): one typed method
 * per endpoint, every response parsed with the schemas of src/shared/api.
 *
 * Errors: every method rejects with {@link ApiError} (see its codes), or with whatever the
 * token source throws (e.g. AuthError `reauth_required`). Idempotent requests are retried
 * with backoff on network errors, 429 and 502/503/504 (honouring Retry-After); a POST is
 * retried only when the connection was never made. A 401 triggers one token refresh and
 * one retry. Log lines and error messages are redacted.
 */
export class ApiClient {
  readonly baseUrl: string
  private readonly tokens: TokenSource
  private readonly dispatcher: Dispatcher
  private readonly ownsDispatcher: boolean
  private readonly retry: ResolvedRetryOptions
  private readonly log: (line: string) => void
  private readonly sleep: (ms: number) => Promise<void>
  private readonly random: () => number
  private readonly now: () => number
  private readonly maxRequestBytes: number
  private readonly pageDecoder: DocumentPageDecoder

  constructor(options: ApiClientOptions) {
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
    this.maxRequestBytes = options.maxRequestBytes ?? MAX_REQUEST_BYTES
    this.pageDecoder = options.pageDecoder ?? inlinePageDecoder
  }

  /** Closes the keep-alive connections of the client's own dispatcher (not an injected one). */
  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close()
  }

  // ---------------------------------------------------------------- documents

  /** GET /api/v1_2/documents, one page (1-based); up to {@link PAGE_SIZE} documents, id descending. */
  async listDocumentsPage(query: DocumentQuery, page: number, signal?: AbortSignal): Promise<Document[]> {
    const spec = documentsPageSpec(query, page, signal)
    return this.decode(spec, await this.send(spec), documentListResponseSchema).documents
  }

  /**
   * Walks all pages of GET /api/v1_2/documents with at most `concurrency` (default 4) pages
   * in flight, stopping at the first page holding fewer than 50 documents. Returns the
   * documents de-duplicated by id, in id-descending order (none with `collect: false`).
   * Resolves as soon as every page up to that last one has arrived: requests already sent
   * for pages past it (at most `concurrency`) are left to finish on their own (their
   * connections stay open for the next requests) and are ignored, as are their failures.
   * Rejects with the first failure of a page up to the last one.
   */
  async listDocuments(options: ListDocumentsOptions = {}): Promise<Document[]> {
    const { concurrency = 4, onPage, signal, collect = true, ...query } = options
    return this.walkPages(
      query,
      { concurrency, signal, collect, onPage },
      (spec, response) => this.decode(spec, response, documentListResponseSchema).documents,
    )
  }

  /**
   * Walks the pages of GET /api/v1_2/documents as {@link listDocuments} does, handing each
   * page to `onPage` as {@link EncodedDocument}s (validated, with each document's JSON text),
   * decoded by the client's {@link DocumentPageDecoder}: in the app a worker thread, so a pull
   * of 10,000 documents leaves the main thread free (bench B1). Keeps nothing; resolves when
   * every page up to the last one was handed over. Rejects as {@link listDocuments} does; a
   * page that does not fit the schema is `bad_response` naming the field.
   */
  async listDocumentPages(options: ListDocumentPagesOptions): Promise<void> {
    const { concurrency = 4, onPage, signal, ...query } = options
    await this.walkPages(query, { concurrency, signal, collect: false, onPage }, async (spec, response) => {
      const decoded = await this.pageDecoder.decode(response.body, header(response.headers, 'content-type') ?? '')
      if (!decoded.ok)
        throw new ApiError(
          'bad_response',
          `Unexpected response from ${spec.method} ${describePath(spec.path)}: ${decoded.problem}`,
          { status: response.status },
        )
      return decoded.documents
    })
  }

  /** The page walk behind {@link listDocuments} and {@link listDocumentPages}, generic in how a page is decoded. */
  private walkPages<T extends { id: number }>(
    query: DocumentQuery,
    options: {
      concurrency: number
      signal: AbortSignal | undefined
      collect: boolean
      onPage: ((documents: T[], page: number) => void) | undefined
    },
    decodePage: (spec: RequestSpec, response: RawResponse) => T[] | Promise<T[]>,
  ): Promise<T[]> {
    const { concurrency, signal, collect, onPage } = options
    const pages = new Map<number, T[]>()
    const arrived = new Set<number>()
    /** Pages 1..contiguous have all arrived. */
    let contiguous = 0
    let nextPage = 1
    let lastPage = Number.POSITIVE_INFINITY
    let settled = false
    return new Promise<T[]>((resolve, reject) => {
      const finish = () => {
        settled = true
        const byId = new Map<number, T>()
        for (const page of [...pages.keys()].sort((a, b) => a - b)) {
          if (page > lastPage) continue
          for (const document of pages.get(page)!) if (!byId.has(document.id)) byId.set(document.id, document)
        }
        resolve([...byId.values()].sort((a, b) => b.id - a.id))
      }
      /** Sends the request of a page; the answer is decoded later (see the lane). */
      const fetchPage = (page: number) => {
        const spec = documentsPageSpec(query, page, signal)
        const response = this.send(spec)
        response.catch(() => undefined)
        return { page, spec, response }
      }
      /** Failures of pages past the last one do not count; otherwise the first one rejects. */
      const fail = (page: number, error: unknown) => {
        if (settled || page > lastPage) return
        settled = true
        reject(error)
      }
      // Each lane has one request on the wire at a time. Once its pages come back full, it
      // sends the next page's request as soon as an answer has arrived and decodes that answer
      // (JSON + schema, milliseconds for 50 documents) while the next one travels, instead of
      // after (bench B1). A listing of one page sends nothing more than before.
      const lane = async (): Promise<void> => {
        const first = nextPage++
        if (first > lastPage) return
        let current: ReturnType<typeof fetchPage> | null = fetchPage(first)
        let full = false
        while (current && !settled) {
          const { page, spec } = current
          let response: RawResponse
          try {
            response = await current.response
          } catch (error) {
            return fail(page, error)
          }
          if (settled || page > lastPage) return
          let next: ReturnType<typeof fetchPage> | null = null
          if (full) {
            const nextNumber = nextPage++
            if (nextNumber <= lastPage) {
              next = fetchPage(nextNumber)
              // Let the request leave before this thread is busy decoding.
              await new Promise((resolveTurn) => setImmediate(resolveTurn))
            }
          }
          let documents: T[]
          try {
            documents = await decodePage(spec, response)
          } catch (error) {
            return fail(page, error)
          }
          if (settled || page > lastPage) return
          if (collect) pages.set(page, documents)
          arrived.add(page)
          while (arrived.has(contiguous + 1)) contiguous++
          if (documents.length < PAGE_SIZE) lastPage = page
          else full = true
          try {
            onPage?.(documents, page)
          } catch (error) {
            settled = true
            reject(error)
            return
          }
          if (contiguous >= lastPage) return finish()
          if (!next) {
            const nextNumber = nextPage++
            if (nextNumber <= lastPage) next = fetchPage(nextNumber)
          }
          current = next
        }
      }
      for (let i = 0; i < Math.max(1, Math.floor(concurrency)); i++) void lane()
    })
  }

  /** GET /api/v1_2/documents/:id — several documents when the upload was split. */
  async getDocument(id: number): Promise<Document[]> {
    const body = await this.json(
      { method: 'GET', path: `/api/v1_2/documents/${id}`, idempotent: true },
      documentListResponseSchema,
    )
    return body.documents
  }

  /**
   * POST /api/v1_2/documents (observed clients): uploads files as base64, one document per
   * file (or one document when `asOneDocument`), in requests each under 20 MB. Returns the
   * new document ids in file order. A file too large for one request -> `bad_request`
   * before anything is sent. If a later request fails, the error's `details.createdIds`
   * holds the ids already created.
   */
  async uploadDocuments(options: UploadOptions): Promise<number[]> {
    const entries = (options.asOneDocument ? [options.files] : options.files.map((file) => [file])).map((files) => ({
      type: options.type,
      agenda_id: options.agendaId,
      file_split: options.fileSplit ?? false,
      files: files.map((file) => ({
        filename: file.filename,
        content_type: file.contentType,
        content: Buffer.from(file.content).toString('base64'),
      })),
    }))
    const batches: (typeof entries)[] = []
    let current: typeof entries = []
    let currentSize = 32
    for (const entry of entries) {
      const size = JSON.stringify(entry).length + 1
      if (size + 32 > this.maxRequestBytes) {
        throw new ApiError(
          'bad_request',
          `${entry.files.map((f) => f.filename).join(', ')} is too large to upload (limit ${this.maxRequestBytes} bytes per request).`,
        )
      }
      if (currentSize + size > this.maxRequestBytes && current.length > 0) {
        batches.push(current)
        current = []
        currentSize = 32
      }
      current.push(entry)
      currentSize += size
    }
    if (current.length > 0) batches.push(current)
    const createdIds: number[] = []
    for (const batch of batches) {
      try {
        const body = await this.json(
          { method: 'POST', path: '/api/v1_2/documents', json: { documents: batch }, idempotent: false },
          uploadResponseSchema,
        )
        createdIds.push(...body.documents.map((d) => d.id))
      } catch (error) {
        if (createdIds.length > 0 && isApiError(error)) {
          throw new ApiError(error.code, error.message, {
            status: error.status,
            errors: error.errors,
            retryAfterMs: error.retryAfterMs,
            details: { ...error.details, createdIds: [...createdIds] },
            cause: error,
          })
        }
        throw error
      }
    }
    return createdIds
  }

  /** DELETE /api/v1_2/documents/:id (observed clients). */
  async deleteDocument(id: number): Promise<void> {
    await this.empty({ method: 'DELETE', path: `/api/v1_2/documents/${id}`, idempotent: true, deleteSemantics: true })
  }

  /** GET /api/v1_2/documents/:id/original_file (observed clients): the uploaded file's bytes. */
  async getOriginalFile(id: number): Promise<OriginalFile> {
    const body = await this.json(
      { method: 'GET', path: `/api/v1_2/documents/${id}/original_file`, idempotent: true },
      originalFileResponseSchema,
    )
    const first = body.documents[0]!
    let bytes: Uint8Array
    try {
      bytes = decodeUrlSafeBase64(first.original_file_base64)
    } catch {
      throw new ApiError(
        'bad_response',
        `Unexpected response from GET /api/v1_2/documents/${id}/original_file: documents[0].original_file_base64 is not base64`,
      )
    }
    return { fileName: first.user_file_name, contentType: first.original_content_type, bytes }
  }

  /**
   * GETs a document's signed `original` address (no bearer token is sent: the address is
   * signed and may be on another host). Only https, or http on a loopback host.
   */
  async downloadOriginal(signedUrl: string): Promise<BinaryResponse> {
    const url = parseAllowedUrl(signedUrl, this.baseUrl)
    return this.binary({ method: 'GET', path: url.toString(), idempotent: true, auth: false, accept: '*/*' })
  }

  /**
   * GETs a preview image by the document's relative `preview` path (with the bearer token,
   * so only paths on the service's own origin are accepted).
   */
  async getPreview(relativePath: string): Promise<BinaryResponse> {
    const url = new URL(relativePath, this.baseUrl + '/')
    if (url.origin !== new URL(this.baseUrl).origin) {
      throw new ApiError('bad_request', 'A preview path must be on the service origin.')
    }
    return this.binary({ method: 'GET', path: url.toString(), idempotent: true, accept: 'image/*,*/*' })
  }

  /** PATCH /api/v1_2/documents/:id `{document:{state}}` (idempotent). 400 on an unsupported state. */
  async setDocumentState(id: number, state: SettableState): Promise<SetStateResponse> {
    return this.json(
      { method: 'PATCH', path: `/api/v1_2/documents/${id}`, json: { document: { state } }, idempotent: true },
      setStateResponseSchema,
    )
  }

  /** PATCH /api/v1_2/documents (batch): enqueued and applied later by background jobs. */
  async setDocumentStates(entries: readonly { id: number; state: SettableState }[]): Promise<{ message: string }> {
    const body = await this.json(
      {
        method: 'PATCH',
        path: '/api/v1_2/documents',
        json: { documents: entries.map(({ id, state }) => ({ id, state })) },
        headers: { grant_type: 'refresh_token' },
        idempotent: true,
      },
      messageResponseSchema,
    )
    return { message: body.message }
  }

  /** POST /api/v1_2/documents/:id/repair: sends for human review; returns the document (state repairing). */
  async repairDocument(id: number, description?: string): Promise<Document> {
    const body = await this.json(
      {
        method: 'POST',
        path: `/api/v1_2/documents/${id}/repair`,
        json: description === undefined ? {} : { repair_description: description },
        idempotent: false,
      },
      documentListResponseSchema,
    )
    return this.firstDocument(body.documents, `POST /api/v1_2/documents/${id}/repair`)
  }

  /** PUT /api/v1_2/documents/:id/archive: returns the document. */
  async archiveDocument(id: number): Promise<Document> {
    const body = await this.json(
      { method: 'PUT', path: `/api/v1_2/documents/${id}/archive`, idempotent: true },
      documentListResponseSchema,
    )
    return this.firstDocument(body.documents, `PUT /api/v1_2/documents/${id}/archive`)
  }

  // ---------------------------------------------------------------- comments

  /** GET /api/v1_2/documents/:id/comments (deleted comments are not returned). */
  async listComments(documentId: number): Promise<Comment[]> {
    const body = await this.json(
      { method: 'GET', path: `/api/v1_2/documents/${documentId}/comments`, idempotent: true },
      commentListResponseSchema,
    )
    return body.comments
  }

  /** POST /api/v1_2/documents/:id/comments `{comment:{text}}` -> `{ uuid }` (not retried). */
  async createComment(documentId: number, text: string): Promise<{ uuid: string }> {
    const body = await this.json(
      {
        method: 'POST',
        path: `/api/v1_2/documents/${documentId}/comments`,
        json: { comment: { text } },
        idempotent: false,
      },
      createCommentResponseSchema,
    )
    return { uuid: body.comment.uuid }
  }

  /** PUT /api/v1_2/documents/:id/comments/:uuid (204); 404 -> `not_found` "Comment not found". */
  async updateComment(documentId: number, uuid: string, text: string): Promise<void> {
    await this.empty({
      method: 'PUT',
      path: `/api/v1_2/documents/${documentId}/comments/${encodeURIComponent(uuid)}`,
      json: { comment: { text } },
      idempotent: true,
    })
  }

  /** DELETE /api/v1_2/documents/:id/comments/:uuid (204); 404 -> `not_found`. */
  async deleteComment(documentId: number, uuid: string): Promise<void> {
    await this.empty({
      method: 'DELETE',
      path: `/api/v1_2/documents/${documentId}/comments/${encodeURIComponent(uuid)}`,
      idempotent: true,
      deleteSemantics: true,
    })
  }

  // ---------------------------------------------------------------- agendas

  /** GET /api/v1_2/agendas: agendas where the user is owner, admin or user. */
  async listAgendas(): Promise<Agenda[]> {
    const body = await this.json(
      { method: 'GET', path: '/api/v1_2/agendas', idempotent: true },
      agendaListResponseSchema,
    )
    return body.agendas
  }

  /** POST /api/v1_2/agendas: returns the new ids in request order (not retried). */
  async createAgendas(agendas: readonly AgendaAttributes[]): Promise<number[]> {
    const body = await this.json(
      { method: 'POST', path: '/api/v1_2/agendas', json: { agendas }, idempotent: false },
      createAgendasResponseSchema,
    )
    return body.agendas.map((a) => a.id)
  }

  /** GET /api/v1_2/agendas/:id; 403 -> `forbidden`. */
  async getAgenda(id: number): Promise<Agenda> {
    const body = await this.json(
      { method: 'GET', path: `/api/v1_2/agendas/${id}`, idempotent: true },
      agendaListResponseSchema,
    )
    return this.firstItem(body.agendas, `GET /api/v1_2/agendas/${id}`, 'agendas')
  }

  /** PUT /api/v1_2/agendas/:id (owner only): only the attributes given are updated. */
  async updateAgenda(id: number, attributes: AgendaUpdate): Promise<Agenda> {
    const body = await this.json(
      { method: 'PUT', path: `/api/v1_2/agendas/${id}`, json: { agendas: [attributes] }, idempotent: true },
      agendaListResponseSchema,
    )
    return this.firstItem(body.agendas, `PUT /api/v1_2/agendas/${id}`, 'agendas')
  }

  /** DELETE /api/v1_2/agendas/:id (observed clients). */
  async deleteAgenda(id: number): Promise<void> {
    await this.empty({ method: 'DELETE', path: `/api/v1_2/agendas/${id}`, idempotent: true, deleteSemantics: true })
  }

  // ---------------------------------------------------------------- users, webhooks

  /** GET /api/v1_2/users/:id: a user of the caller's account (bare object). */
  async getUser(id: number): Promise<User> {
    return this.json({ method: 'GET', path: `/api/v1_2/users/${id}`, idempotent: true }, userSchema)
  }

  /** GET /api/v1_2/me (observed clients): the signed-in user. */
  async me(): Promise<User> {
    return this.json({ method: 'GET', path: '/api/v1_2/me', idempotent: true }, userSchema)
  }

  /** PUT /api/webhooks/:id with the URL as the JSON string body; returns the URL the service echoes. 422 -> `validation` with `errors`. */
  async updateWebhook(id: number, url: string): Promise<string> {
    const response = await this.send({
      method: 'PUT',
      path: `/api/webhooks/${id}`,
      json: url,
      idempotent: true,
      accept: '*/*',
    })
    const text = response.body.toString('utf8').trim()
    try {
      const parsed: unknown = JSON.parse(text)
      if (typeof parsed === 'string') return parsed
    } catch {
      /* plain text */
    }
    return text
  }

  /** DELETE /api/webhooks/:id (204). */
  async deleteWebhook(id: number): Promise<void> {
    await this.empty({ method: 'DELETE', path: `/api/webhooks/${id}`, idempotent: true, deleteSemantics: true })
  }

  // ---------------------------------------------------------------- plumbing

  private firstDocument(documents: Document[], what: string): Document {
    return this.firstItem(documents, what, 'documents')
  }

  private firstItem<T>(items: T[], what: string, key: string): T {
    const first = items[0]
    if (first === undefined) throw new ApiError('bad_response', `Unexpected response from ${what}: ${key} is empty`)
    return first
  }

  private async json<S extends z.ZodType>(spec: RequestSpec, schema: S): Promise<z.output<S>> {
    return this.decode(spec, await this.send(spec), schema)
  }

  /** Parses a 2xx response's JSON body with `schema`; `bad_response` when it is not JSON or does not fit. */
  private decode<S extends z.ZodType>(spec: RequestSpec, response: RawResponse, schema: S): z.output<S> {
    const what = `${spec.method} ${describePath(spec.path)}`
    const json = parseJsonBody(response.body.toString('utf8'), header(response.headers, 'content-type') ?? '')
    if (!json.ok)
      throw new ApiError('bad_response', `Unexpected response from ${what}: ${json.problem}`, {
        status: response.status,
      })
    const valid = validateBody(json.value, schema)
    if (!valid.ok) {
      throw new ApiError('bad_response', `Unexpected response from ${what}: ${valid.problem}`, {
        status: response.status,
        cause: valid.error,
      })
    }
    return valid.data
  }

  private async empty(spec: RequestSpec): Promise<void> {
    await this.send(spec)
  }

  private async binary(spec: RequestSpec): Promise<BinaryResponse> {
    const response = await this.send(spec)
    const result: BinaryResponse = {
      contentType: header(response.headers, 'content-type') ?? 'application/octet-stream',
      bytes: new Uint8Array(response.body.buffer, response.body.byteOffset, response.body.byteLength),
    }
    const fileName = fileNameFromDisposition(header(response.headers, 'content-disposition'))
    if (fileName) result.fileName = fileName
    return result
  }

  /** Sends a request with auth, retries and error mapping; resolves only on 2xx. */
  private async send(spec: RequestSpec): Promise<RawResponse> {
    const url = spec.path.startsWith('/') ? new URL(this.baseUrl + spec.path) : new URL(spec.path)
    if (spec.query) url.search = spec.query.toString()
    const what = `${spec.method} ${describePath(spec.path)}`
    const auth = spec.auth ?? true
    let token = auth ? await this.tokens.getAccessToken() : ''
    let refreshed = false
    let retries = 0
    let ambiguousEarlierAttempt = false
    const bodyText = spec.json === undefined ? undefined : JSON.stringify(spec.json)

    for (;;) {
      const headers: Record<string, string> = {
        accept: spec.accept ?? 'application/json',
        'user-agent': 'Docket',
        ...spec.headers,
      }
      if (auth) headers.authorization = `Bearer ${token}`
      if (bodyText !== undefined) headers['content-type'] = 'application/json'

      let response: RawResponse
      try {
        const res = await request(url, {
          method: spec.method,
          headers,
          body: bodyText,
          dispatcher: this.dispatcher,
          signal: spec.signal,
        })
        const body = Buffer.from(await res.body.arrayBuffer())
        response = { status: res.statusCode, headers: res.headers, body }
      } catch (error) {
        if (spec.signal?.aborted) throw error
        const code = errorCodeOf(error)
        if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') {
          throw new ApiError('bad_response', `The answer to ${what} is too large; Docket refused it.`, { cause: error })
        }
        const neverSent = code !== undefined && CONNECT_PHASE_CODES.has(code)
        const isTimeout = code !== undefined && TIMEOUT_CODES.has(code)
        if ((spec.idempotent || neverSent) && retries < this.retry.maxRetries) {
          const delay = backoffDelay(retries, this.retry, this.random)
          this.log(`${what} failed (${code ?? 'network error'}); retry ${retries + 1} in ${delay} ms`)
          if (!neverSent) ambiguousEarlierAttempt = true
          retries++
          await this.sleep(delay)
          continue
        }
        if (!spec.idempotent && !neverSent) {
          this.log(`${what} lost after sending (${code ?? 'network error'})`)
          throw new ApiError(
            'unknown_outcome',
            `The connection was lost after ${what} was sent; check whether it took effect before sending it again.`,
            { cause: error },
          )
        }
        this.log(`${what} failed (${code ?? 'network error'})`)
        throw new ApiError(
          isTimeout ? 'timeout' : 'network',
          isTimeout
            ? `The service did not answer in time (${what}).`
            : `Cannot reach the service at ${url.origin} (${code ?? 'network error'}).`,
          { cause: error },
        )
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

      if (status === 404 && spec.deleteSemantics && ambiguousEarlierAttempt) {
        this.log(`${what} -> 404 after an earlier attempt was lost; treating as deleted`)
        return response
      }

      const retryAfterMs = parseRetryAfter(response.headers['retry-after'], this.now())
      if (spec.idempotent && RETRYABLE_STATUSES.has(status) && retries < this.retry.maxRetries) {
        if (retryAfterMs === undefined || retryAfterMs <= this.retry.maxRetryAfterMs) {
          const delay = retryAfterMs ?? backoffDelay(retries, this.retry, this.random)
          this.log(`${what} -> ${status}; retry ${retries + 1} in ${delay} ms`)
          retries++
          await this.sleep(delay)
          continue
        }
      }

      throw errorFromResponse(response, what, retryAfterMs, auth ? [token] : [])
    }
  }
}

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
    const parsed = errorBodySchema.safeParse(JSON.parse(response.body.toString('utf8')))
    if (parsed.success) {
      message = parsed.data.message
      errors = parsed.data.errors
    } else {
      const body = JSON.parse(response.body.toString('utf8')) as Record<string, unknown>
      if (typeof body.error_description === 'string') message = body.error_description
      else if (typeof body.error === 'string') message = body.error
    }
  } catch {
    /* not JSON: keep the default message */
  }
  const init: ConstructorParameters<typeof ApiError>[2] = { status, details: { request: what } }
  if (errors) init.errors = errors
  if (retryAfterMs !== undefined) init.retryAfterMs = retryAfterMs
  return new ApiError(code, scrub(message ?? defaultMessage(code, status), knownSecrets), init)
}

/** Replaces known secret values (the bearer token in use) wherever they appear. */
function scrub(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[REDACTED]')
  return out
}

/** The request of one page of GET /api/v1_2/documents. */
function documentsPageSpec(query: DocumentQuery, page: number, signal?: AbortSignal): RequestSpec {
  const params = documentQueryParams(query)
  params.set('page', String(page))
  return { method: 'GET', path: '/api/v1_2/documents', query: params, idempotent: true, signal }
}

function documentQueryParams(query: DocumentQuery): URLSearchParams {
  const params = new URLSearchParams()
  if (query.agendaId !== undefined) params.set('agenda_id', String(query.agendaId))
  for (const type of query.types ?? []) params.append('type[]', type)
  for (const id of query.ids ?? []) params.append('ids[]', String(id))
  for (const state of query.states ?? []) params.append('states[]', state)
  if (query.modifiedSince !== undefined) params.set('modified_since', formatModifiedSince(query.modifiedSince))
  return params
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

/** Accepts https, or http on a loopback host (127.0.0.0/8, ::1, localhost). */
export function isAllowedServiceUrl(url: URL): boolean {
  if (url.protocol === 'https:') return true
  return url.protocol === 'http:' && isLoopbackHost(url.hostname)
}

function parseAllowedUrl(text: string, baseUrl: string): URL {
  let url: URL
  try {
    url = new URL(text, baseUrl + '/')
  } catch {
    throw new ApiError('bad_request', 'The download address is not a valid URL.')
  }
  if (!isAllowedServiceUrl(url)) throw new ApiError('bad_request', 'The download address must use https.')
  return url
}

function fileNameFromDisposition(value: string | undefined): string | undefined {
  if (!value) return undefined
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(value)
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''))
    } catch {
      /* fall through */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(value)
  return plain ? (plain[2] ?? plain[1]!).trim() : undefined
}
