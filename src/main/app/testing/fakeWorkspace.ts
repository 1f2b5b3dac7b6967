import type { Agenda, Comment, Document } from '../../../shared/api'
import type { Acknowledgement } from '../../../shared/checks/acknowledgement'
import type { CheckCode } from '../../../shared/checks/result'
import type { Correction, CorrectionEvent } from '../../../shared/corrections'
import type { OutboxAction, OutboxEntry } from '../../../shared/outbox'
import { documentIdsOf } from '../../../shared/outbox/actions'
import type { HistoryEvent, HistoryItem } from '../../../shared/history/events'
import { actionEvents, correctedView, type CachedComment, type CachedDocument, type HistoryImport } from '../../offline'
import { AppError } from '../errors'
import type { TriagePort } from '../triage'

/**
 * A pending outbox entry for `action`, as `OfflineWorkspace.enqueue` answers it (times are
 * fixed: tests compare entries).
 */
export function pendingEntry(id: string, action: OutboxAction, seq = 0): OutboxEntry {
  return {
    id,
    seq,
    action,
    createdAt: '2026-01-01T00:00:00.000Z',
    baseLastModifiedAt: null,
    attempts: 0,
    status: 'pending',
    dependsOn: [],
  }
}

/**
 * An in-memory stand-in for the offline workspace, for tests and the e2e fake-store harness:
 * the store is a few maps, `enqueue` applies the optimistic effect at once and keeps the
 * entry "pending" until {@link FakeWorkspace.send} marks it sent (after which `undo` answers
 * `too_late`). Agenda and upload actions are not modelled (`unsupported`). Each action and
 * answer to a warning is a history event by {@link FakeWorkspace.actor}, as the real store keeps them.
 * Its events follow the real workspace's, so the app's row cache (AgendaRowCache) can run on it:
 * see {@link FakeWorkspace.subscribe}.
 */
export class FakeWorkspace implements TriagePort {
  readonly agendas: Agenda[] = []
  readonly documents = new Map<number, CachedDocument>()
  readonly comments = new Map<number, CachedComment[]>()
  readonly previews = new Map<number, { contentType: string; bytes: Uint8Array }>()
  readonly originals = new Map<number, { fileName: string; contentType: string; bytes: Uint8Array }>()
  /** Every entry ever enqueued, with its status and how to roll its effect back. */
  readonly outbox: { id: string; action: OutboxAction; sent: boolean; rollback: () => void }[] = []
  private next = 1
  private readonly listeners = new Set<(event: string, payload: unknown) => void>()

  /**
   * Follows the store as the real workspace's events do: `outbox.changed` after every enqueue,
   * undo and send, each followed by `documents.changed` naming the documents the entries act
   * on; `documents.changed` too after an answer to a warning, a correction or its withdrawal,
   * and a document or agenda added (a pull). A test that edits the maps directly tells the
   * readers with {@link documentsChanged}. Returns a stop function.
   */
  subscribe(listener: (event: string, payload: unknown) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /**
   * Emits `documents.changed`: readers (the row cache, watched views) read the documents named
   * again, and the agendas named whole; naming neither drops everything.
   */
  documentsChanged(documentIds: readonly number[], agendaIds: readonly number[] = []): void {
    this.notify('documents.changed', { documentIds: [...documentIds], agendaIds: [...agendaIds] })
  }

  private notify(event: string, payload: unknown): void {
    for (const listener of [...this.listeners]) listener(event, payload)
  }

  /** `outbox.changed` for `entryIds`, then `documents.changed` for the documents they act on (if any). */
  private outboxChanged(entryIds: string[], actions: readonly OutboxAction[]): void {
    const pending = this.outbox.filter((e) => !e.sent).length
    this.notify('outbox.changed', { pending, failed: 0, entryIds })
    const documentIds = [...new Set(actions.flatMap(documentIdsOf))]
    if (documentIds.length > 0) this.documentsChanged(documentIds)
  }

  addAgenda(agenda: Agenda): this {
    this.agendas.push(agenda)
    this.documentsChanged([], [agenda.id])
    return this
  }

  addDocument(agendaId: number, doc: Document): this {
    this.documents.set(doc.id, {
      ...doc,
      agenda_id: agendaId,
      local: { pendingActions: 0, failed: null, archived: false },
    })
    this.documentsChanged([doc.id])
    return this
  }

  addComment(documentId: number, comment: Comment): this {
    const list = this.comments.get(documentId) ?? []
    list.push({ ...comment, local: { pending: false } })
    this.comments.set(documentId, list)
    return this
  }

  /** Marks every pending entry as sent (the sync engine pushed it). */
  send(): void {
    const sending = this.outbox.filter((e) => !e.sent)
    for (const entry of sending) entry.sent = true
    this.outboxChanged(
      this.outbox.map((e) => e.id),
      sending.map((e) => e.action),
    )
  }

  async listAgendas(): Promise<Agenda[]> {
    return [...this.agendas]
  }

  /** Offline settings by agenda id, as `agendaOfflineSettings` answers them. */
  readonly offline = new Map<number, { availableOffline: boolean; keepOriginalsOffline: boolean }>()
  /** Agendas noted as opened, in call order. */
  readonly opened: number[] = []

  async agendaOfflineSettings(): Promise<Map<number, { availableOffline: boolean; keepOriginalsOffline: boolean }>> {
    return new Map(this.offline)
  }

  /** The person's answers to warnings, by `<doc id>!<code>` (the store's `acks`); user 7 answers them. */
  readonly acks = new Map<string, Acknowledgement>()
  /** Who the history names as having acted. */
  actor = { userId: 7, name: 'Alex Fake' }
  /** The history events written, oldest first; undone ones marked. */
  readonly history: HistoryEvent[] = []

  async historyOf(documentId: number): Promise<HistoryItem[]> {
    return this.history.flatMap((event, index) => {
      if (event.documentId !== documentId) return []
      const entry = this.outbox.find((e) => e.id === event.entryId)
      const status = event.entryId ? (event.outcome ?? (entry && !entry.sent ? 'pending' : 'sent')) : undefined
      return [{ ...event, key: String(index), ...(status ? { status } : {}) } as HistoryItem]
    })
  }

  /** Nothing to import from an earlier version here. */
  async importHistory(): Promise<HistoryImport> {
    return { imported: 0, dropped: 0, alreadyDone: true }
  }

  async acknowledgements(documentId: number): Promise<Acknowledgement[]> {
    return [...this.acks.values()].filter((ack) => ack.documentId === documentId)
  }

  async allAcknowledgements(): Promise<Map<number, Acknowledgement[]>> {
    const byDocument = new Map<number, Acknowledgement[]>()
    for (const ack of this.acks.values())
      byDocument.set(ack.documentId, [...(byDocument.get(ack.documentId) ?? []), ack])
    return byDocument
  }

  async acknowledge(answer: Omit<Acknowledgement, 'at' | 'userId'>): Promise<Acknowledgement> {
    const stored = { ...answer, at: '2026-01-02T09:30:00.000Z', userId: 7 }
    this.acks.set(`${answer.documentId}!${answer.code}`, stored)
    this.history.push({
      documentId: answer.documentId,
      kind: answer.kind === 'not_duplicate' ? 'notDuplicate' : 'acknowledged',
      at: stored.at,
      by: this.actor.name,
      check: answer.code,
      ...(answer.reason ? { text: answer.reason } : {}),
    })
    this.documentsChanged([answer.documentId])
    return stored
  }

  async withdrawAcknowledgement(documentId: number, code: CheckCode): Promise<void> {
    this.acks.delete(`${documentId}!${code}`)
    this.history.push({
      documentId,
      kind: 'acknowledgementWithdrawn',
      at: '2026-01-02T09:31:00.000Z',
      by: this.actor.name,
      check: code,
    })
    this.documentsChanged([documentId])
  }

  async noteAgendaOpened(agendaId: number): Promise<void> {
    this.opened.push(agendaId)
  }

  async listDocuments(agendaId: number): Promise<CachedDocument[]> {
    return [...this.documents.values()]
      .filter((d) => d.agenda_id === agendaId && !d.local.archived)
      .sort((a, b) => b.id - a.id)
      .map((d) => this.corrected(d))
  }

  /** Corrections by `<doc id>!<field>` (the store's `corrections`); user 7 makes them. */
  readonly fieldCorrections = new Map<string, Correction>()
  /** What happened to corrections, in order (the store's `correctionLog`). */
  readonly correctionLog: CorrectionEvent[] = []

  private corrected(doc: CachedDocument): CachedDocument {
    return correctedView(
      doc,
      [...this.fieldCorrections.values()].filter((c) => c.documentId === doc.id),
    )
  }

  async corrections(documentId: number): Promise<Correction[]> {
    return [...this.fieldCorrections.values()].filter((c) => c.documentId === documentId)
  }

  async correct(input: Omit<Correction, 'at' | 'userId'>): Promise<Correction> {
    const key = `${input.documentId}!${input.field}`
    const earlier = this.fieldCorrections.get(key)
    const stored = {
      ...input,
      extracted: earlier ? earlier.extracted : input.extracted,
      at: '2026-01-02T09:30:00.000Z',
      userId: 7,
    }
    this.fieldCorrections.set(key, stored)
    this.correctionLog.push({ ...stored, kind: 'corrected' })
    this.documentsChanged([input.documentId])
    return stored
  }

  async withdrawCorrection(documentId: number, field: string, by: string | null): Promise<void> {
    const key = `${documentId}!${field}`
    const earlier = this.fieldCorrections.get(key)
    if (!earlier) return
    this.fieldCorrections.delete(key)
    this.correctionLog.push({ ...earlier, kind: 'withdrawn', by, at: '2026-01-02T09:31:00.000Z' })
    this.documentsChanged([documentId])
  }

  async correctionEvents(documentId: number): Promise<CorrectionEvent[]> {
    return this.correctionLog
      .filter((e) => e.documentId === documentId)
      .map(({ documentId, kind, field, extracted, value, at, by }) => ({
        documentId,
        kind,
        field,
        extracted,
        value,
        at,
        by,
      }))
  }

  /**
   * The same documents as {@link listDocuments}, one by one (through it, so a subclass counting
   * reads sees these); with `archived`, the archived ones of the agenda too, merged id descending.
   */
  async forEachDocument(
    agendaId: number,
    visit: (doc: CachedDocument) => void,
    options: { archived?: boolean } = {},
  ): Promise<void> {
    const listed = await this.listDocuments(agendaId)
    const archived = options.archived
      ? [...this.documents.values()].filter((d) => d.agenda_id === agendaId && d.local.archived)
      : []
    for (const doc of [...listed, ...archived].sort((a, b) => b.id - a.id)) visit(doc)
  }

  async getDocument(id: number): Promise<CachedDocument | null> {
    const doc = this.documents.get(id)
    return doc ? this.corrected(doc) : null
  }

  async listComments(documentId: number): Promise<CachedComment[]> {
    return [...(this.comments.get(documentId) ?? [])]
  }

  async getPreview(documentId: number) {
    return this.previews.get(documentId) ?? null
  }

  async getOriginal(documentId: number) {
    const original = this.originals.get(documentId)
    if (!original) throw new AppError('offline', 'The original file is not cached and Docket is offline.')
    return original
  }

  async enqueue(action: OutboxAction): Promise<OutboxEntry> {
    const seq = this.next++
    const id = `entry-${seq}`
    const rollback = this.apply(action)
    this.outbox.push({ id, action, sent: false, rollback })
    const entry = pendingEntry(id, action, seq)
    this.history.push(...actionEvents({ ...entry, createdAt: new Date().toISOString() }, this.actor))
    this.outboxChanged([id], [action])
    return entry
  }

  /**
   * The entries not yet done: those not sent (pending); sent ones count as done and settled,
   * as the real outbox forgets them.
   */
  async listOutbox(): Promise<OutboxEntry[]> {
    return this.outbox.filter((e) => !e.sent).map((e) => pendingEntry(e.id, e.action, Number(e.id.slice(6)) || 0))
  }

  /** Nothing fails here: retry and discard find no failed entry. */
  async retry(): Promise<void> {
    throw new AppError('not_failed', 'Only a failed action can be retried.')
  }

  async discard(): Promise<void> {
    throw new AppError('not_failed', 'Only a failed action can be discarded.')
  }

  async undo(entryId: string): Promise<void> {
    const index = this.outbox.findIndex((e) => e.id === entryId)
    if (index < 0) throw new AppError('not_found', 'No such outbox entry.')
    const entry = this.outbox[index]!
    if (entry.sent) throw new AppError('too_late', 'Already sent.')
    entry.rollback()
    this.outbox.splice(index, 1)
    for (const event of this.history) if (event.entryId === entryId) event.outcome = 'undone'
    this.outboxChanged([entryId], [entry.action])
  }

  private setDoc(id: number, change: (d: CachedDocument) => CachedDocument): () => void {
    const before = this.documents.get(id)
    if (!before) throw new AppError('not_found', `Document ${id} is not cached.`)
    const after = change(before)
    this.documents.set(id, { ...after, local: { ...after.local, pendingActions: before.local.pendingActions + 1 } })
    return () => this.documents.set(id, before)
  }

  private apply(action: OutboxAction): () => void {
    switch (action.kind) {
      case 'documents.setState': {
        const rollbacks = action.items.map((item) => this.setDoc(item.id, (d) => ({ ...d, state: item.state })))
        return () => rollbacks.reverse().forEach((r) => r())
      }
      case 'documents.repair':
        return this.setDoc(action.documentId, (d) => ({ ...d, state: 'repairing' }))
      case 'documents.archive':
        return this.setDoc(action.documentId, (d) => ({ ...d, local: { ...d.local, archived: true } }))
      case 'documents.delete': {
        const before = this.documents.get(action.documentId)
        if (!before) throw new AppError('not_found', `Document ${action.documentId} is not cached.`)
        this.documents.delete(action.documentId)
        return () => this.documents.set(action.documentId, before)
      }
      case 'comments.create': {
        const list = this.comments.get(action.documentId) ?? []
        const before = [...list]
        const uuid = `local-${this.next}`
        list.push({
          uuid,
          text: action.text,
          created_at: new Date().toISOString(),
          state: 'created',
          local: { pending: true },
        })
        this.comments.set(action.documentId, list)
        return () => this.comments.set(action.documentId, before)
      }
      case 'comments.update':
      case 'comments.delete': {
        const before = this.comments.get(action.documentId) ?? []
        if (!before.some((c) => c.uuid === action.uuid)) throw new AppError('not_found', 'Comment not found.')
        const after =
          action.kind === 'comments.delete'
            ? before.filter((c) => c.uuid !== action.uuid)
            : before.map((c) => (c.uuid === action.uuid ? { ...c, text: action.text, local: { pending: true } } : c))
        this.comments.set(action.documentId, after)
        return () => this.comments.set(action.documentId, before)
      }
      case 'agendas.create':
      case 'agendas.update':
      case 'upload.files':
        throw new AppError('unsupported', `The fake workspace does not model ${action.kind}.`)
    }
  }
}

/**
 * A purchase invoice for tests: `Supplier <id>`, invoice `INV-<id>`, 100 + 21 VAT = 121 EUR
 * (lowercase currency, as the service may send it), issued 2026-01-01, due 2026-01-31.
 */
export function sampleDocument(id: number, overrides: Partial<Document> = {}): Document {
  return {
    id,
    type: 'PurchaseInvoice',
    state: 'not_ready',
    created_at: '2026-01-01T00:00:00Z',
    last_modified_at: '2026-01-01T00:00:00Z',
    comments_count: 0,
    supplier: { name: `Supplier ${id}` },
    data: {
      header: {
        invoice_no: `INV-${id}`,
        variable_symbol: `${id}00`,
        issue_date: '2026-01-01',
        due_date: '2026-01-31',
        currency: 'eur',
      },
    },
    summary: { sub_total: 100, vat_total: 21, total: 121 },
    tax_lines: [{ percent: 21, sub_total: 100, vat_total: 21 }],
    items: [{ subtotal: 100 }],
    ...overrides,
  }
}

/**
 * The triage tests' workspace: agenda 1 "Demo s.r.o." (CZK) with documents 10 (not_ready),
 * 11 (ready), 12 (repairing), 13 (exported; same supplier and invoice number as 10) and
 * 14 (extracting, nothing extracted); agenda 2 "Empty".
 */
export function seededWorkspace(): FakeWorkspace {
  return new FakeWorkspace()
    .addAgenda({ id: 1, name: 'Demo s.r.o.', home_currency: 'CZK' })
    .addAgenda({ id: 2, name: 'Empty' })
    .addDocument(1, sampleDocument(10))
    .addDocument(1, sampleDocument(11, { state: 'ready' }))
    .addDocument(1, sampleDocument(12, { state: 'repairing' }))
    .addDocument(
      1,
      sampleDocument(13, {
        state: 'exported',
        supplier: { name: 'Supplier 10' },
        data: { header: { invoice_no: 'INV-10' } },
      }),
    )
    .addDocument(1, sampleDocument(14, { state: 'extracting', summary: null, data: null, supplier: null }))
}
