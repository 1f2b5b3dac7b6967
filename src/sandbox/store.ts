import type {
  AgendaAddress,
  BankAccount,
  DocumentState,
  DocumentType,
  ExtractedData,
  Header,
  Item,
  Party,
  Summary,
  TaxLine,
} from './model'

/**
 * The sandbox's in-memory data: users, agendas, documents, comments, webhooks and batch jobs,
 * with the few invariants every route relies on (ids, list order, last_modified_at moving on
 * every change, comments_count). Routes check rights and validate input; the store does not.
 * Times are ms since epoch.
 */

export type Role = 'owner' | 'admin' | 'user'

export interface UserRecord {
  id: number
  accountId: number
  email: string
  password: string
  name: string
  surname: string
}

export interface AgendaRecord {
  id: number
  accountId: number
  ownerId: number
  /** rights of users other than the owner */
  members: Map<number, Role>
  name: string
  address: AgendaAddress
  company_id: string | null
  company_tax_id: string | null
  company_vat_id: string | null
  home_currency: string
  email_alias: string
  email_whitelist: string
  external_id: string | null
  default_view_detail: string
  active_addons: string[]
  client_id: string | null
}

/** Where a document's original file and preview come from. */
export interface DocumentFiles {
  original: Buffer | null
  originalContentType: string
  /** a preview image shipped with a demo invoice, shown as it is; null: the preview is made from `original` */
  png: Buffer | null
}

export interface DocumentData {
  invoice_type: number
  header: Header
  supplier: Party
  customer: Party
  summary: Summary
  bank_account: BankAccount
  tax_lines: TaxLine[]
  items: Item[]
}

export interface DocumentRecord {
  id: number
  agendaId: number
  type: DocumentType
  state: DocumentState
  archived: boolean
  createdAt: number
  lastModifiedAt: number
  parentId: number | null
  userFileName: string
  commentsCount: number
  data: DocumentData
  files: DocumentFiles
}

export interface CommentRecord {
  uuid: string
  documentId: number
  authorId: number
  text: string
  state: 'created' | 'deleted'
  createdAt: number
  lastModifiedAt: number
}

export interface WebhookRecord {
  id: number
  accountId: number
  url: string
  authCredentials: { username: string | null; password: string | null } | null
  settings: unknown
  updatedAt: number
}

export interface BatchJobRecord {
  id: number
  userId: number
  status: 'queued' | 'applied'
  createdAt: number
  appliedAt: number | null
  entries: Array<{ id: number; state: string; result: 'pending' | 'applied' | 'not_found' | 'forbidden' }>
}

export interface RepairRecord {
  documentId: number
  description: string | null
  requestedAt: number
  completedAt: number | null
}

export class SandboxStore {
  readonly users = new Map<number, UserRecord>()
  readonly agendas = new Map<number, AgendaRecord>()
  readonly documents = new Map<number, DocumentRecord>()
  /** document ids, descending: the list order */
  private order: number[] = []
  private orderDirty = false
  /** Moves on every document change (add, delete, {@link touch}): keys the list caches. */
  private documentsVersion = 0
  /** Document ids per agenda in list order (see {@link documentIdsOfAgenda}), valid for `byAgendaVersion`. */
  private byAgenda = new Map<number, number[]>()
  private byAgendaVersion = -1
  /** Matching ids of recent list queries (see {@link matchingIds}), valid for `listCacheVersion`. */
  private readonly listCache = new Map<string, number[]>()
  private listCacheVersion = -1
  /** List queries computed (not served from the cache) since the start: the work a listing cost (benchmarks). */
  listQueriesComputed = 0
  readonly comments = new Map<string, CommentRecord>()
  readonly webhooks = new Map<number, WebhookRecord>()
  readonly batchJobs: BatchJobRecord[] = []
  readonly repairs: RepairRecord[] = []
  private nextDocumentId = 1
  private nextAgendaId = 1
  private nextLineId = 1
  private nextItemId = 1
  private nextBatchJobId = 1

  constructor(private readonly now: () => number = Date.now) {}

  /** Current time in ms, for records created by routes. */
  time(): number {
    return this.now()
  }

  addUser(user: UserRecord): void {
    this.users.set(user.id, user)
  }

  userByEmail(email: string): UserRecord | undefined {
    const wanted = email.trim().toLowerCase()
    for (const user of this.users.values()) if (user.email.toLowerCase() === wanted) return user
    return undefined
  }

  addAgenda(agenda: Omit<AgendaRecord, 'id'>, id?: number): AgendaRecord {
    const record: AgendaRecord = { ...agenda, id: id ?? this.nextAgendaId }
    this.nextAgendaId = Math.max(this.nextAgendaId, record.id + 1)
    this.agendas.set(record.id, record)
    return record
  }

  /** The caller's role on an agenda, or null without rights. */
  roleOf(agenda: AgendaRecord, userId: number): Role | null {
    if (agenda.ownerId === userId) return 'owner'
    return agenda.members.get(userId) ?? null
  }

  /** Agendas where the user is owner, admin or user, by id ascending. */
  agendasOf(userId: number): AgendaRecord[] {
    return [...this.agendas.values()].filter((a) => this.roleOf(a, userId) !== null).sort((a, b) => a.id - b.id)
  }

  /** Removes an agenda with its documents and their comments. */
  deleteAgenda(id: number): void {
    this.agendas.delete(id)
    for (const doc of [...this.documents.values()]) if (doc.agendaId === id) this.deleteDocument(doc.id)
  }

  /** Adds a document; it gets the next id (the list shows it first). */
  addDocument(input: {
    agendaId: number
    type: DocumentType
    state: DocumentState
    createdAt: number
    lastModifiedAt?: number
    parentId?: number | null
    userFileName: string
    data: ExtractedData
    files: DocumentFiles
  }): DocumentRecord {
    const record: DocumentRecord = {
      id: this.nextDocumentId++,
      agendaId: input.agendaId,
      type: input.type,
      state: input.state,
      archived: false,
      createdAt: input.createdAt,
      lastModifiedAt: input.lastModifiedAt ?? input.createdAt,
      parentId: input.parentId ?? null,
      userFileName: input.userFileName,
      commentsCount: 0,
      data: this.withIds(input.data),
      files: input.files,
    }
    this.documents.set(record.id, record)
    this.order.push(record.id)
    this.orderDirty = true
    this.documentsVersion++
    return record
  }

  /** Replaces a document's extracted data (new tax line and item ids) and marks it changed. */
  setDocumentData(doc: DocumentRecord, data: ExtractedData): void {
    doc.data = this.withIds(data)
    this.touch(doc)
  }

  private withIds(data: ExtractedData): DocumentData {
    return {
      invoice_type: data.invoice_type,
      header: { ...data.header },
      supplier: { ...data.supplier },
      customer: { ...data.customer },
      summary: { ...data.summary },
      bank_account: { ...data.bank_account },
      tax_lines: data.tax_lines.map((t) => ({ id: this.nextLineId++, ...t })),
      items: data.items.map((i) => ({ id: this.nextItemId++, ...i })),
    }
  }

  deleteDocument(id: number): void {
    if (!this.documents.delete(id)) return
    this.documentsVersion++
    this.order = this.order.filter((d) => d !== id)
    for (const [uuid, comment] of this.comments) if (comment.documentId === id) this.comments.delete(uuid)
  }

  /** All document ids, descending. */
  documentIdsDescending(): number[] {
    if (this.orderDirty) {
      this.order.sort((a, b) => b - a)
      this.orderDirty = false
    }
    return this.order
  }

  /**
   * Ids of one agenda's documents, id descending (the list order), so a listing of one agenda
   * goes through its own documents only, as a real service's index would: with 200 agendas the
   * sandbox's CPU per list request would otherwise grow with the whole account (bench B8).
   * Rebuilt after any document change, on first use.
   */
  documentIdsOfAgenda(agendaId: number): readonly number[] {
    if (this.byAgendaVersion !== this.documentsVersion) {
      this.byAgenda = new Map()
      for (const id of this.documentIdsDescending()) {
        const agenda = this.documents.get(id)!.agendaId
        const ids = this.byAgenda.get(agenda)
        if (ids) ids.push(id)
        else this.byAgenda.set(agenda, [id])
      }
      this.byAgendaVersion = this.documentsVersion
    }
    return this.byAgenda.get(agendaId) ?? []
  }

  /**
   * Ids of the documents a list query matches, in list order (id descending), computed by
   * `compute` at most once per `key` between document changes: every change goes through
   * {@link addDocument}, {@link deleteDocument} or {@link touch}, which drop the cached lists.
   * The sandbox pages through one list 50 at a time (GET /api/v1_2/documents), so page N no
   * longer re-filters every document. `key` must name everything the filter depends on
   * besides the documents (agendas, types, states, ids, modified_since).
   */
  matchingIds(key: string, compute: () => number[]): readonly number[] {
    if (this.listCacheVersion !== this.documentsVersion) {
      this.listCache.clear()
      this.listCacheVersion = this.documentsVersion
    }
    let ids = this.listCache.get(key)
    if (!ids) {
      ids = compute()
      this.listQueriesComputed++
      if (this.listCache.size >= 64) this.listCache.clear()
      this.listCache.set(key, ids)
    }
    return ids
  }

  /**
   * Forgets every cached list query ({@link matchingIds}) and the per-agenda id lists
   * ({@link documentIdsOfAgenda}), as a document change does, without changing any document:
   * the next listing computes its ids again. For benchmarks that must meet the service in the
   * state another client met it (a floor measured right after Docket would otherwise be served
   * the lists Docket's requests just computed).
   */
  dropListCaches(): void {
    this.listCache.clear()
    this.listCacheVersion = this.documentsVersion
    this.byAgendaVersion = -1
  }

  /**
   * Marks a document changed: last_modified_at moves forward by at least 1 ms. Every change of
   * a document's fields calls this (list caches and rendered JSON are keyed on it).
   */
  touch(doc: DocumentRecord): void {
    doc.lastModifiedAt = Math.max(this.now(), doc.lastModifiedAt + 1)
    this.documentsVersion++
  }

  setState(doc: DocumentRecord, state: DocumentState): void {
    doc.state = state
    this.touch(doc)
  }

  addComment(comment: CommentRecord): void {
    this.comments.set(comment.uuid, comment)
    const doc = this.documents.get(comment.documentId)
    if (doc) {
      doc.commentsCount++
      this.touch(doc)
    }
  }

  /** Live (not deleted) comments of a document, oldest first. */
  commentsOf(documentId: number): CommentRecord[] {
    return [...this.comments.values()]
      .filter((c) => c.documentId === documentId && c.state !== 'deleted')
      .sort((a, b) => a.createdAt - b.createdAt)
  }

  updateComment(comment: CommentRecord, text: string): void {
    comment.text = text
    comment.lastModifiedAt = Math.max(this.now(), comment.lastModifiedAt + 1)
    const doc = this.documents.get(comment.documentId)
    if (doc) this.touch(doc)
  }

  deleteComment(comment: CommentRecord): void {
    comment.state = 'deleted'
    comment.lastModifiedAt = Math.max(this.now(), comment.lastModifiedAt + 1)
    const doc = this.documents.get(comment.documentId)
    if (doc) {
      doc.commentsCount = Math.max(0, doc.commentsCount - 1)
      this.touch(doc)
    }
  }

  addBatchJob(userId: number, entries: Array<{ id: number; state: string }>): BatchJobRecord {
    const job: BatchJobRecord = {
      id: this.nextBatchJobId++,
      userId,
      status: 'queued',
      createdAt: this.now(),
      appliedAt: null,
      entries: entries.map((e) => ({ ...e, result: 'pending' as const })),
    }
    this.batchJobs.push(job)
    return job
  }
}
