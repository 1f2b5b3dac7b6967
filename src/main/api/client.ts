import type { Agenda, AgendaAttributes, AgendaUpdate } from '../../shared/api/agenda'
import type { Comment } from '../../shared/api/comment'
import type { Document, SetStateResponse, SettableState } from '../../shared/api/document'
import type { User } from '../../shared/api/user'
import { createAgendas, deleteAgenda, getAgenda, listAgendas, updateAgenda } from './agendas'
import { createComment, deleteComment, listComments, updateComment } from './comments'
import {
  archiveDocument,
  deleteDocument,
  getDocument,
  repairDocument,
  setDocumentState,
  setDocumentStates,
} from './documents'
import type { HoldOff, RequestPriority } from './budget'
import { HttpClient, type HttpClientOptions } from './http'
import {
  downloadOriginal,
  getOriginalFile,
  getPreview,
  type BinaryResponse,
  type FileRequestTurn,
  type OriginalFile,
} from './originals'
import { inlinePageDecoder, type DocumentPageDecoder } from './pageDecoder'
import {
  listDocumentPages,
  listDocuments,
  listDocumentsPage,
  type DocumentQuery,
  type ListDocumentPagesOptions,
  type ListDocumentsOptions,
} from './pagination'
import { MAX_REQUEST_BYTES, uploadDocuments, type UploadOptions } from './uploads'
import { getUser, me } from './users'
import { deleteWebhook, updateWebhook, type WebhookRecord } from './webhooks'

export interface ApiClientOptions extends HttpClientOptions {
  /** Max request body in bytes for uploads (default {@link MAX_REQUEST_BYTES}). */
  maxRequestBytes?: number
  /**
   * Decodes the pages of {@link ApiClient.listDocumentPages} (default: on the calling thread).
   * The app passes a {@link WorkerPageDecoder}, shared by its clients and closed by its owner.
   */
  pageDecoder?: DocumentPageDecoder
}

/**
 * The service client: one typed method per endpoint, every response parsed with the schemas
 * of src/shared/api. Each method is a function of a resource module (agendas, comments,
 * documents, originals, pagination, uploads, users, webhooks) bound to one {@link HttpClient};
 * the docstrings there give each endpoint's rules.
 *
 * Errors: every method rejects with {@link ApiError} (see its codes), or with whatever the
 * token source throws (e.g. AuthError `reauth_required`). Idempotent requests are retried
 * with backoff on network errors, 429 and 502/503/504 (honouring Retry-After); a POST is
 * retried only when the connection was never made. A 401 triggers one token refresh and
 * one retry. Log lines and error messages are redacted.
 */
export class ApiClient {
  readonly baseUrl: string
  private readonly http: HttpClient
  private readonly maxRequestBytes: number
  private readonly pageDecoder: DocumentPageDecoder

  constructor(options: ApiClientOptions) {
    this.http = new HttpClient(options)
    this.baseUrl = this.http.baseUrl
    this.maxRequestBytes = options.maxRequestBytes ?? MAX_REQUEST_BYTES
    this.pageDecoder = options.pageDecoder ?? inlinePageDecoder
  }

  /** Closes the keep-alive connections of the client's own dispatcher (not an injected one). */
  close(): Promise<void> {
    return this.http.close()
  }

  /**
   * The wait the service asked for (Retry-After on a 429 or 503) that holds back every request
   * of this client now, or null: for the sync status ("The service asked us to wait 30 s").
   */
  serviceHoldOff(): HoldOff | null {
    return this.http.budget.currentHoldOff()
  }

  /** Ends the service's wait now (*Try now*); returns whether there was one. */
  liftServiceHoldOff(): boolean {
    return this.http.budget.liftHoldOff()
  }

  /** Calls `listener` each time the service asks for a new wait; returns a function that stops it. */
  onServiceHoldOff(listener: (holdOff: HoldOff) => void): () => void {
    return this.http.budget.onHoldOff(listener)
  }

  // Documents: listing (pagination.ts), one document (documents.ts), files (originals.ts), uploads (uploads.ts).
  /** GET /api/v1_2/documents, one page (1-based): up to 50 documents, id descending. */
  listDocumentsPage(query: DocumentQuery, page: number, signal?: AbortSignal): Promise<Document[]> {
    return listDocumentsPage(this.http, query, page, signal)
  }
  /** Every page of GET /api/v1_2/documents, a few in flight; the documents by id, descending. */
  listDocuments(options: ListDocumentsOptions = {}): Promise<Document[]> {
    return listDocuments(this.http, options)
  }
  /** Every page of GET /api/v1_2/documents handed to `onPage` as decoded by the page decoder. */
  listDocumentPages(options: ListDocumentPagesOptions): Promise<void> {
    return listDocumentPages(this.http, this.pageDecoder, options)
  }
  /** GET /api/v1_2/documents/:id: several documents when the upload was split. */
  getDocument(id: number): Promise<Document[]> {
    return getDocument(this.http, id)
  }
  /** POST /api/v1_2/documents in requests under the request-size limit; the new ids in file order. */
  uploadDocuments(options: UploadOptions): Promise<number[]> {
    return uploadDocuments(this.http, options, this.maxRequestBytes)
  }
  /** DELETE /api/v1_2/documents/:id. */
  deleteDocument(id: number): Promise<void> {
    return deleteDocument(this.http, id)
  }
  /** GET /api/v1_2/documents/:id/original_file: the uploaded file (`turn`: background copies go after a person's requests). */
  getOriginalFile(id: number, turn?: FileRequestTurn): Promise<OriginalFile> {
    return getOriginalFile(this.http, id, turn)
  }
  /** GET of a signed `original` address (https or loopback only, no bearer token). */
  downloadOriginal(signedUrl: string): Promise<BinaryResponse> {
    return downloadOriginal(this.http, signedUrl)
  }
  /** GET of a relative `preview` path on the service origin (`turn`: background copies go after a person's requests). */
  getPreview(relativePath: string, turn?: FileRequestTurn): Promise<BinaryResponse> {
    return getPreview(this.http, relativePath, turn)
  }
  /** PATCH /api/v1_2/documents/:id: state `ready` or `exported`. */
  setDocumentState(id: number, state: SettableState): Promise<SetStateResponse> {
    return setDocumentState(this.http, id, state)
  }
  /** PATCH /api/v1_2/documents (batch, applied later by the service). */
  setDocumentStates(entries: readonly { id: number; state: SettableState }[]): Promise<{ message: string }> {
    return setDocumentStates(this.http, entries)
  }
  /** POST /api/v1_2/documents/:id/repair: sends for human review. */
  repairDocument(id: number, description?: string): Promise<Document> {
    return repairDocument(this.http, id, description)
  }
  /** PUT /api/v1_2/documents/:id/archive. */
  archiveDocument(id: number): Promise<Document> {
    return archiveDocument(this.http, id)
  }

  // Comments (comments.ts).
  /** GET /api/v1_2/documents/:id/comments. */
  listComments(documentId: number, priority?: RequestPriority): Promise<Comment[]> {
    return listComments(this.http, documentId, priority)
  }
  /** POST /api/v1_2/documents/:id/comments: the new comment's uuid. */
  createComment(documentId: number, text: string): Promise<{ uuid: string }> {
    return createComment(this.http, documentId, text)
  }
  /** PUT /api/v1_2/documents/:id/comments/:uuid. */
  updateComment(documentId: number, uuid: string, text: string): Promise<void> {
    return updateComment(this.http, documentId, uuid, text)
  }
  /** DELETE /api/v1_2/documents/:id/comments/:uuid. */
  deleteComment(documentId: number, uuid: string): Promise<void> {
    return deleteComment(this.http, documentId, uuid)
  }

  // Agendas (agendas.ts).
  /** GET /api/v1_2/agendas. */
  listAgendas(): Promise<Agenda[]> {
    return listAgendas(this.http)
  }
  /** POST /api/v1_2/agendas: the new ids in request order. */
  createAgendas(agendas: readonly AgendaAttributes[]): Promise<number[]> {
    return createAgendas(this.http, agendas)
  }
  /** GET /api/v1_2/agendas/:id. */
  getAgenda(id: number): Promise<Agenda> {
    return getAgenda(this.http, id)
  }
  /** PUT /api/v1_2/agendas/:id: only the attributes given. */
  updateAgenda(id: number, attributes: AgendaUpdate): Promise<Agenda> {
    return updateAgenda(this.http, id, attributes)
  }
  /** DELETE /api/v1_2/agendas/:id. */
  deleteAgenda(id: number): Promise<void> {
    return deleteAgenda(this.http, id)
  }

  // Users (users.ts) and webhooks (webhooks.ts).
  /** GET /api/v1_2/users/:id. */
  getUser(id: number): Promise<User> {
    return getUser(this.http, id)
  }
  /** GET /api/v1_2/me: the signed-in user. */
  me(): Promise<User> {
    return me(this.http)
  }
  /** PUT /api/webhooks/:id with the URL or the webhook record; the URL echoed. */
  updateWebhook(id: number, body: string | WebhookRecord): Promise<string> {
    return updateWebhook(this.http, id, body)
  }
  /** DELETE /api/webhooks/:id. */
  deleteWebhook(id: number): Promise<void> {
    return deleteWebhook(this.http, id)
  }
}
