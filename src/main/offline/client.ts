import type { Agenda, AgendaAttributes, AgendaUpdate } from '../../shared/api/agenda'
import type { Comment } from '../../shared/api/comment'
import type { Document, SettableState } from '../../shared/api/document'
import type { User } from '../../shared/api/user'
import type { EncodedDocument } from '../api/documentPage'

/**
 * How a request of the workspace's own waits for its turn in the service's request budget:
 * `background` goes after every request a person waits for; `stillWanted` is asked when its
 * turn comes (false: it is not sent, and rejects with code `not_wanted`).
 */
export interface RequestTurn {
  priority?: 'user' | 'background'
  stillWanted?: () => boolean
}

/**
 * The part of the service client (src/main/api `ApiClient`) the offline workspace uses; the
 * real client satisfies it structurally, tests pass a fake. Every method rejects with an
 * `ApiError` (`code`: network, timeout, unknown_outcome, not_found, bad_request, ...) or with
 * the token source's error (e.g. AuthError `reauth_required`).
 */
export interface WorkspaceClient {
  listDocuments(options: {
    agendaId?: number
    types?: readonly string[]
    ids?: readonly number[]
    states?: readonly string[]
    modifiedSince?: string | Date
    concurrency?: number
    signal?: AbortSignal
  }): Promise<Document[]>
  /**
   * Every page of a listing handed to `onPage` as it is decoded (validated documents with
   * their JSON text, see `ApiClient.listDocumentPages`); a pull stores them as they come.
   */
  listDocumentPages(options: {
    agendaId?: number
    types?: readonly string[]
    modifiedSince?: string | Date
    /** Most pages in flight (page 1 always goes alone; more only while pages come back full). */
    concurrency?: number
    /** `background` for pulls: requests a person waits for go first. */
    priority?: 'user' | 'background'
    /** Full pages after which the listing stops with `bad_response` (it would never end). */
    maxPages?: number
    onPage: (documents: EncodedDocument[], page: number) => void
    signal?: AbortSignal
  }): Promise<void>
  listDocumentsPage(
    query: { agendaId?: number; types?: readonly string[]; ids?: readonly number[] },
    page: number,
  ): Promise<Document[]>
  getDocument(id: number): Promise<Document[]>
  setDocumentState(id: number, state: SettableState): Promise<unknown>
  setDocumentStates(entries: readonly { id: number; state: SettableState }[]): Promise<{ message: string }>
  repairDocument(id: number, description?: string): Promise<Document>
  archiveDocument(id: number): Promise<Document>
  deleteDocument(id: number): Promise<void>
  uploadDocuments(options: {
    agendaId: number
    type: string
    files: readonly { filename: string; contentType: string; content: Uint8Array }[]
  }): Promise<number[]>
  /** `priority` `background` for pulls (a person's requests go first). */
  listComments(documentId: number, priority?: 'user' | 'background'): Promise<Comment[]>
  createComment(documentId: number, text: string): Promise<{ uuid: string }>
  updateComment(documentId: number, uuid: string, text: string): Promise<void>
  deleteComment(documentId: number, uuid: string): Promise<void>
  listAgendas(): Promise<Agenda[]>
  createAgendas(agendas: readonly AgendaAttributes[]): Promise<number[]>
  getAgenda(id: number): Promise<Agenda>
  updateAgenda(id: number, attributes: AgendaUpdate): Promise<Agenda>
  /** GET by the document's relative `preview` path (the whole document: every page, stacked). */
  getPreview(relativePath: string, turn?: RequestTurn): Promise<{ contentType: string; bytes: Uint8Array }>
  getOriginalFile(id: number, turn?: RequestTurn): Promise<{ fileName: string; contentType: string; bytes: Uint8Array }>
  me(): Promise<User>
  /**
   * The wait the service asked for (Retry-After on a 429 or 503) that holds back every request
   * now (`untilMs`: epoch ms), or null; absent on clients without a service-wide budget.
   */
  serviceHoldOff?(): { untilMs: number; requestedMs: number } | null
  /** Ends the service-wide wait now (the person pressed *Try now*); returns whether there was one. */
  liftServiceHoldOff?(): boolean
  /** Calls `listener` for every new service-wide wait; returns a function that stops it. */
  onServiceHoldOff?(listener: (holdOff: { untilMs: number; requestedMs: number }) => void): () => void
}

/** Document types the workspace pulls (without `type[]` the service returns only PurchaseInvoice). */
export const PULLED_TYPES = ['PurchaseInvoice', 'SalesInvoice'] as const

/** Documents per page of a listing: the service's fixed page size (docs/service-interface.md). */
export const PAGE_SIZE = 50

/** Ids asked for per listing by `ids[]` (docs/service-interface.md). */
export const IDS_PER_QUERY = 100
