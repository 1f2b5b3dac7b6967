import { randomUUID } from 'node:crypto'
import type { Agenda, AgendaAttributes, AgendaUpdate } from '../../../shared/api/agenda'
import type { Comment } from '../../../shared/api/comment'
import type { Document, SettableState } from '../../../shared/api/document'
import { encodeDocument } from '../../api/documentPage'
import { ApiError } from '../../api/errors'
import type { WorkspaceClient } from '../client'

/**
 * An in-memory stand-in for the service behind {@link WorkspaceClient}, for unit tests of the
 * offline workspace: documents, comments and agendas with the service's rules
 * (docs/service-interface.md: 50 per page, id descending, `modified_since`, repair only from
 * ready/not_ready, batch applied later), and switches to simulate being offline, refusals and
 * lost answers.
 */
export class FakeService implements WorkspaceClient {
  documents = new Map<number, Document & { agenda_id: number; archived?: boolean }>()
  comments: (Comment & { deleted?: boolean })[] = []
  agendas: Agenda[] = []
  /** Every call, as `method:arg`. */
  calls: string[] = []
  /** When true every call fails with `network`. */
  offline = false
  /** Errors thrown by the next call of a method (after applying it when `afterApply`). */
  private faults = new Map<string, { error: Error; afterApply: boolean }[]>()
  /** Batch updates waiting to be applied by `applyBatches()` (or after `batchDelayPolls` reads). */
  pendingBatches: { id: number; state: SettableState }[][] = []
  batchDelayPolls = 0
  private polls = 0
  private time = Date.parse('2026-11-01T10:00:00Z')
  private nextId = 1000

  constructor(options: { agendas?: number; documentsPerAgenda?: number; state?: string } = {}) {
    const agendas = options.agendas ?? 1
    for (let a = 1; a <= agendas; a++) {
      this.agendas.push({ id: a, name: `Agenda ${a}`, home_currency: 'EUR' } as Agenda)
      for (let i = 0; i < (options.documentsPerAgenda ?? 3); i++) this.addDocument(a, options.state ?? 'not_ready')
    }
  }

  /** Advances the service clock by `ms` and returns the new time (ISO). */
  tick(ms = 1000): string {
    this.time += ms
    return new Date(this.time).toISOString()
  }

  now(): string {
    return new Date(this.time).toISOString()
  }

  addDocument(agendaId: number, state = 'not_ready', extra: Partial<Document> = {}): Document {
    const id = this.nextId++
    const at = this.tick()
    const doc = {
      id,
      type: 'PurchaseInvoice',
      created_at: at,
      last_modified_at: at,
      state,
      comments_count: 0,
      preview: `/previews/${id}.png`,
      user_file_name: `invoice-${id}.pdf`,
      agenda_id: agendaId,
      ...extra,
    } as Document & { agenda_id: number }
    this.documents.set(id, doc)
    return doc
  }

  /** Changes a document as the service would (moves last_modified_at). */
  touch(id: number, change: Partial<Document>): void {
    const doc = this.documents.get(id)!
    Object.assign(doc, change, { last_modified_at: this.tick() })
  }

  /** The next call of `method` throws `error`; with `afterApply` the call takes effect first. */
  failNext(method: string, error: Error, afterApply = false): void {
    const list = this.faults.get(method) ?? []
    list.push({ error, afterApply })
    this.faults.set(method, list)
  }

  /**
   * Holds the next call of `method` before it answers: `reached` resolves when the call came,
   * and the call goes on (faults, answer) once `release()` is called. For answers that arrive
   * late, after something else changed.
   */
  holdNext(method: string): { reached: Promise<void>; release: () => void } {
    let arrived!: () => void
    const reached = new Promise<void>((resolve) => (arrived = resolve))
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    this.holds.set(method, { arrived, released })
    return { reached, release }
  }

  private readonly holds = new Map<string, { arrived: () => void; released: Promise<void> }>()

  private async call<T>(method: string, arg: unknown, apply: () => T | Promise<T>): Promise<T> {
    this.calls.push(`${method}:${typeof arg === 'object' ? JSON.stringify(arg) : String(arg)}`)
    const hold = this.holds.get(method)
    if (hold) {
      this.holds.delete(method)
      hold.arrived()
      await hold.released
    }
    await Promise.resolve()
    if (this.offline) throw new ApiError('network', 'Cannot reach the service (fake offline).')
    const fault = this.faults.get(method)?.shift()
    if (fault && !fault.afterApply) throw fault.error
    const result = await apply()
    if (fault) throw fault.error
    return result
  }

  private view(doc: Document & { agenda_id: number }): Document {
    const copy = structuredClone(doc) as Document & { agenda_id?: number }
    delete copy.agenda_id
    copy.comments_count = this.comments.filter((c) => c.document_id === doc.id && !c.deleted).length
    return copy
  }

  private requireDocument(id: number): Document & { agenda_id: number; archived?: boolean } {
    const doc = this.documents.get(id)
    if (!doc) throw new ApiError('not_found', 'Not found.', { status: 404 })
    return doc
  }

  private query(options: { agendaId?: number; ids?: readonly number[]; modifiedSince?: string | Date }): Document[] {
    const since = options.modifiedSince === undefined ? undefined : new Date(options.modifiedSince).getTime()
    return [...this.documents.values()]
      .filter((d) => !d.archived)
      .filter((d) => options.agendaId === undefined || d.agenda_id === options.agendaId)
      .filter((d) => options.ids === undefined || options.ids.includes(d.id))
      .filter((d) => since === undefined || Date.parse(d.last_modified_at) >= since)
      .sort((a, b) => b.id - a.id)
      .map((d) => this.view(d))
  }

  /** A read by `ids[]` (how a batch update is confirmed): counts towards `batchDelayPolls`, may fail (`idReadFaults`). */
  private idRead(ids: readonly number[] | undefined): void {
    if (!ids) return
    const fault = this.idReadFaults.shift()
    if (fault) throw fault
    this.polls++
    if (this.batchDelayPolls > 0 && this.polls >= this.batchDelayPolls) this.applyBatches()
  }

  /** Errors thrown by the next reads with `ids[]` (listDocuments or listDocumentsPage), one each. */
  idReadFaults: Error[] = []

  listDocuments: WorkspaceClient['listDocuments'] = (options) =>
    this.call(
      'listDocuments',
      { agendaId: options.agendaId, ids: options.ids, modifiedSince: options.modifiedSince },
      () => {
        this.idRead(options.ids)
        return this.query(options)
      },
    )

  listDocumentPages: WorkspaceClient['listDocumentPages'] = (options) =>
    this.call('listDocumentPages', { agendaId: options.agendaId, modifiedSince: options.modifiedSince }, () => {
      const docs = this.query(options).map(encodeDocument)
      for (let page = 0; page * 50 <= docs.length; page++)
        options.onPage(docs.slice(page * 50, page * 50 + 50), page + 1)
    })

  listDocumentsPage: WorkspaceClient['listDocumentsPage'] = (query, page) =>
    this.call('listDocumentsPage', { agendaId: query.agendaId, ids: query.ids, page }, () => {
      this.idRead(query.ids)
      return this.query(query).slice((page - 1) * 50, page * 50)
    })

  getDocument = (id: number) => this.call('getDocument', id, () => [this.view(this.requireDocument(id))])

  setDocumentState = (id: number, state: SettableState) =>
    this.call('setDocumentState', { id, state }, () => {
      this.requireDocument(id)
      this.touch(id, { state })
      return { document: { state }, message: 'ok' }
    })

  setDocumentStates = (entries: readonly { id: number; state: SettableState }[]) =>
    this.call('setDocumentStates', entries.length, () => {
      this.pendingBatches.push(entries.map((e) => ({ ...e })))
      this.polls = 0
      return { message: 'Documents were enqueued.' }
    })

  /** Applies the batch updates waiting (the service's background jobs). */
  applyBatches(): void {
    for (const batch of this.pendingBatches.splice(0))
      for (const e of batch) if (this.documents.has(e.id)) this.touch(e.id, { state: e.state })
  }

  repairDocument = (id: number, description?: string) =>
    this.call('repairDocument', { id, description }, () => {
      const doc = this.requireDocument(id)
      if (doc.state !== 'ready' && doc.state !== 'not_ready') {
        throw new ApiError('bad_request', `Document in state ${doc.state} cannot be repaired.`, { status: 400 })
      }
      this.touch(id, { state: 'repairing' })
      return this.view(doc)
    })

  archiveDocument = (id: number) =>
    this.call('archiveDocument', id, () => {
      const doc = this.requireDocument(id)
      doc.archived = true
      this.touch(id, {})
      return this.view(doc)
    })

  deleteDocument = (id: number) =>
    this.call('deleteDocument', id, () => {
      this.requireDocument(id)
      this.documents.delete(id)
    })

  uploadDocuments: WorkspaceClient['uploadDocuments'] = (options) =>
    this.call('uploadDocuments', options.files.length, () =>
      options.files.map((f) => this.addDocument(options.agendaId, 'extracting', { user_file_name: f.filename }).id),
    )

  listComments = (documentId: number) =>
    this.call('listComments', documentId, () =>
      this.comments.filter((c) => c.document_id === documentId && !c.deleted).map((c) => ({ ...c })),
    )

  createComment = (documentId: number, text: string) =>
    this.call('createComment', { documentId, text }, () => {
      this.requireDocument(documentId)
      const at = this.tick()
      const uuid = randomUUID()
      this.comments.push({
        uuid,
        text,
        author_id: 7,
        document_id: documentId,
        state: 'created',
        created_at: at,
        last_modified_at: at,
      })
      this.touch(documentId, {})
      return { uuid }
    })

  updateComment = (documentId: number, uuid: string, text: string) =>
    this.call('updateComment', { documentId, uuid, text }, () => {
      const comment = this.comments.find((c) => c.uuid === uuid && c.document_id === documentId && !c.deleted)
      if (!comment) throw new ApiError('not_found', 'Comment not found', { status: 404 })
      comment.text = text
      comment.last_modified_at = this.tick()
    })

  deleteComment = (documentId: number, uuid: string) =>
    this.call('deleteComment', { documentId, uuid }, () => {
      const comment = this.comments.find((c) => c.uuid === uuid && c.document_id === documentId && !c.deleted)
      if (!comment) throw new ApiError('not_found', 'Comment not found', { status: 404 })
      comment.deleted = true
    })

  listAgendas = () => this.call('listAgendas', '', () => this.agendas.map((a) => ({ ...a })))

  createAgendas = (agendas: readonly AgendaAttributes[]) =>
    this.call('createAgendas', agendas.length, () =>
      agendas.map((attrs) => {
        const id = this.agendas.reduce((max, a) => Math.max(max, a.id), 0) + 1
        this.agendas.push({ ...attrs, id } as Agenda)
        return id
      }),
    )

  getAgenda = (id: number) =>
    this.call('getAgenda', id, () => {
      const agenda = this.agendas.find((a) => a.id === id)
      if (!agenda) throw new ApiError('not_found', 'Not found.', { status: 404 })
      return { ...agenda }
    })

  updateAgenda = (id: number, attributes: AgendaUpdate) =>
    this.call('updateAgenda', id, () => {
      const agenda = this.agendas.find((a) => a.id === id)
      if (!agenda) throw new ApiError('not_found', 'Not found.', { status: 404 })
      Object.assign(agenda, attributes)
      return { ...agenda }
    })

  getPreview = (relativePath: string) =>
    this.call('getPreview', relativePath, () => ({ contentType: 'image/png', bytes: new Uint8Array(100).fill(1) }))

  getOriginalFile = (id: number) =>
    this.call('getOriginalFile', id, () => ({
      fileName: this.requireDocument(id).user_file_name ?? 'x.pdf',
      contentType: 'application/pdf',
      bytes: new Uint8Array(50).fill(2),
    }))

  me = () => this.call('me', '', () => ({ id: 7, email: 'demo@docket.test', name: 'Demo', surname: 'User' }))

  /** Calls of `method` so far. */
  count(method: string): number {
    return this.calls.filter((c) => c.startsWith(`${method}:`)).length
  }
}
