import type { AbstractLevel, AbstractSublevel } from 'abstract-level'
import type { Agenda } from '../../../shared/api/agenda'
import type { Comment } from '../../../shared/api/comment'
import type { OutboxEntry } from '../../../shared/outbox/entry'
import type { EncodedDocument } from '../../api/documentPage'
import {
  acknowledgementKey,
  agendaDocumentKey,
  correctionEventKey,
  correctionKey,
  commentKey,
  fileKey,
  historyKey,
  leadingId,
  META,
  pad,
  prefixed,
  trailingId,
  under,
} from './keys'
import { StorageGuard } from '../storageFailure'
import type { JournalChange, OutboxJournal } from './journal'
import { Mutex } from './mutex'
import type { BatchValueRoom } from './valueRoom'
import type { Acknowledgement } from '../../../shared/checks/acknowledgement'
import type { HistoryEvent } from '../../../shared/history/events'
import type { Correction, CorrectionEvent } from '../../../shared/corrections'
import type { AgendaOffline, ContentHashRecord, DocumentRecord, FileRecord, PullCursor } from './records'

/**
 * The local store of one account: LevelDB (classic-level; memory-level in tests) split into
 * sublevels, all values JSON. Everything the UI shows is read from here.
 *
 * - `docs`        `<doc id>` -> {@link DocumentRecord}: the document as the service last sent it
 * - `agendaDocs`  `<agenda id>!<doc id>` -> 1: index for listing an agenda (id descending)
 * - `agendas`     `<agenda id>` -> Agenda (as the service sent it)
 * - `comments`    `<doc id>!<uuid>` -> Comment (as the service sent it)
 * - `outbox`      `<seq>` -> OutboxEntry (entries not done; done ones are deleted)
 * - `outboxIds`   `<entry id>` -> seq
 * - `watch`       `<doc id>` -> agenda id: documents in repair, polled until review ends
 * - `files`       `<kind>!<doc id>` -> {@link FileRecord}: cached previews and originals
 * - `acks`        `<doc id>!<check code>` -> {@link Acknowledgement}: the person's answers to
 *                  warnings (*Not a duplicate*, *Acknowledge*); local only, never journaled,
 *                  untouched by pulls
 * - `history`     `<doc id>!<epoch ms>!<n>` -> {@link HistoryEvent}: what happened to each document
 *                  (offline/history.ts), written in the batch of what it records; local only,
 *                  never journaled, untouched by pulls, at most a cap of events per document
 * - `corrections` `<doc id>!<field path>` -> {@link Correction}: the person's corrections of
 *                  extracted fields; local only, never journaled; a pull drops one only when
 *                  the service's own value becomes the corrected one (offline/corrections.ts)
 * - `correctionLog` `<doc id>!<at>!<seq>` -> {@link CorrectionEvent}: what happened to them
 *                  (corrected, withdrawn, settled), for the document's history
 * - `hashes`      `<doc id>` -> {@link ContentHashRecord}: the SHA-256 of each version of the
 *                  document's original Docket held (viewed, copied offline or uploaded); local
 *                  only, untouched by pulls, removed with the document
 * - `evidence`    `<doc id>` -> what Docket read from the document's own file (src/shared/evidence);
 *                  local only, never journaled, removed with the document
 * - `meta`        the pull cursor, the outbox sequence, id maps (keys.ts `META`)
 *
 * Optimistic effects are not written into `docs`: the view is the stored server state with
 * the effects of the live outbox entries applied on read (effects.ts), so an entry and its
 * effect are always written (or removed) in the same atomic batch, a pull never overwrites
 * a pending effect, and a rollback is the removal (or failure) of the entry.
 *
 * Writes that must be atomic are built here as typed operations (`...Op`, `...Ops`) and
 * handed to {@link Store.batch}; no other module knows a sublevel or a key.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Level = AbstractLevel<any, string, any>

/** Documents read from LevelDB at once by a scan ({@link Store.forEachDocumentOf}). */
export const DOCUMENT_READ_CHUNK = 100
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Sub<V> = AbstractSublevel<any, any, string, V>

/**
 * One operation of an atomic batch across sublevels. A put with `valueEncoding: 'view'`
 * writes `value` (the UTF-8 bytes of JSON) as it is, for a value already encoded elsewhere
 * (a pulled document, encoded off the main thread); it reads back as JSON like any other.
 */
export type BatchOp =
  | { type: 'put'; sublevel: Sub<unknown>; key: string; value: unknown; valueEncoding?: 'view' }
  | { type: 'del'; sublevel: Sub<unknown>; key: string }

/** The parts of the store a reader can follow the writes of ({@link Store.writesTo}). */
export type StoreSection = 'agendas' | 'outbox' | 'meta'

/** How a stored document record starts: `{"doc":` then the document's JSON. */
const DOC_VALUE_HEAD = Buffer.from('{"doc":')

/** The sublevels of a store, their reads and the operations that write them. */
export class Store {
  private readonly docs: Sub<DocumentRecord>
  private readonly agendaDocs: Sub<number>
  private readonly agendas: Sub<Agenda>
  private readonly comments: Sub<Comment>
  private readonly outbox: Sub<OutboxEntry>
  private readonly outboxIds: Sub<number>
  private readonly watch: Sub<number>
  private readonly files: Sub<FileRecord>
  private readonly acks: Sub<Acknowledgement>
  private readonly history: Sub<HistoryEvent>
  /** Tells apart history events written in the same millisecond (see `historyKey`). */
  private historyCounter = 0
  private readonly corrections: Sub<Correction>
  private readonly correctionLog: Sub<CorrectionEvent>
  private readonly hashes: Sub<ContentHashRecord>
  private readonly evidence: Sub<unknown>
  private readonly meta: Sub<unknown>
  /** Writes started and ended per sublevel ({@link writesTo}); a write of no known sublevel counts under `null`. */
  private readonly writeCounts = new Map<Sub<unknown> | null, number>()

  constructor(
    readonly db: Level,
    /** fsync each batch (survives power loss, not only a killed process). */
    private readonly sync: boolean,
    /** Runs every write: a full disk or read-only folder becomes a `StorageFailure` the engine hears of. */
    readonly guard: StorageGuard = new StorageGuard(''),
    /**
     * The outbox journal (journal.ts): every batch that touches the outbox or its meta values
     * is appended to it first; none in tests that do not need it.
     */
    readonly journal?: OutboxJournal,
  ) {
    const json = { valueEncoding: 'json' as const }
    this.docs = db.sublevel<string, DocumentRecord>('docs', json)
    this.agendaDocs = db.sublevel<string, number>('agendaDocs', json)
    this.agendas = db.sublevel<string, Agenda>('agendas', json)
    this.comments = db.sublevel<string, Comment>('comments', json)
    this.outbox = db.sublevel<string, OutboxEntry>('outbox', json)
    this.outboxIds = db.sublevel<string, number>('outboxIds', json)
    this.watch = db.sublevel<string, number>('watch', json)
    this.files = db.sublevel<string, FileRecord>('files', json)
    this.acks = db.sublevel<string, Acknowledgement>('acks', json)
    this.history = db.sublevel<string, HistoryEvent>('history', json)
    this.corrections = db.sublevel<string, Correction>('corrections', json)
    this.correctionLog = db.sublevel<string, CorrectionEvent>('correctionLog', json)
    this.hashes = db.sublevel<string, ContentHashRecord>('hashes', json)
    this.evidence = db.sublevel<string, unknown>('evidence', json)
    this.meta = db.sublevel<string, unknown>('meta', json)
  }

  /**
   * Writes all operations atomically (LevelDB batch): all or nothing. Fsynced when the store
   * is durable, unless `fsync: false`: for writes whose loss after a power cut is harmless
   * and that come after the fsynced writes they depend on (LevelDB keeps write order, so such
   * a write is never kept while an earlier one is lost), e.g. the pull cursor.
   */
  async batch(ops: BatchOp[], options: { fsync?: boolean } = {}): Promise<void> {
    if (ops.length === 0) return
    const write = () =>
      this.counted(
        ops.map((op) => op.sublevel),
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        () => this.guard.write(() => this.db.batch(ops as any, { sync: this.sync && options.fsync !== false } as any)),
      )
    const journal = this.journal
    const change = journal && this.journalChangeOf(ops)
    if (!journal || !change) return write()
    // The journal first (never behind the store), in the same order as the batches themselves.
    await this.journalLock.run(async () => {
      const inverse = journal.inverseOf(change)
      await this.guard.write(() => journal.append(change))
      try {
        await write()
      } catch (error) {
        // The batch did not happen: neither may the journal's record of it. If even this append
        // fails, the next open may restore an action the person was told was not kept (never the
        // other way round: nothing kept is lost).
        await journal.append(inverse).catch(() => {})
        throw error
      }
    })
  }

  private readonly journalLock = new Mutex()

  /**
   * A number that moves whenever a write to one of `sections` starts and again when it ends
   * (whether it succeeds or not): a value read while the number stays the same is still what
   * the store holds, so a reader may keep what it worked out of those sections under it
   * (workspace.ts keeps the agendas so). Counts every write of this store object, nothing
   * written by another one.
   */
  writesTo(sections: readonly StoreSection[]): number {
    const sublevels: Record<StoreSection, Sub<unknown>> = {
      agendas: this.sub(this.agendas),
      outbox: this.sub(this.outbox),
      meta: this.meta,
    }
    let total = this.writeCounts.get(null) ?? 0
    for (const section of sections) total += this.writeCounts.get(sublevels[section]) ?? 0
    return total
  }

  /** Runs `write`, counting it for each sublevel it touches before it starts and after it ends. */
  private async counted<T>(sublevels: readonly (Sub<unknown> | undefined)[], write: () => Promise<T>): Promise<T> {
    const touched = new Set<Sub<unknown> | null>(sublevels.map((sublevel) => sublevel ?? null))
    const bump = () => {
      for (const sublevel of touched) this.writeCounts.set(sublevel, (this.writeCounts.get(sublevel) ?? 0) + 1)
    }
    bump()
    try {
      return await write()
    } finally {
      bump()
    }
  }

  /** The outbox part of a batch (entries and journaled meta values), or undefined when it has none. */
  private journalChangeOf(ops: readonly BatchOp[]): JournalChange | undefined {
    const outbox = this.sub(this.outbox)
    const meta = this.sub(this.meta)
    const change: Required<JournalChange> = { put: [], del: [], meta: {}, unmeta: [] }
    let any = false
    for (const op of ops) {
      if (op.sublevel === outbox) {
        if (op.type === 'put') change.put.push(op.value as OutboxEntry)
        else change.del.push(Number(op.key))
        any = true
      } else if (op.sublevel === meta && isJournaledMetaKey(op.key)) {
        if (op.type === 'put') change.meta[op.key] = op.value
        else change.unmeta.push(op.key)
        any = true
      }
    }
    return any ? change : undefined
  }

  /**
   * Rewrites a probe value (fsynced): resolves when the store can be written again, rejects
   * with a `StorageFailure` while it cannot (the retry after a full disk).
   */
  async probe(at: number): Promise<void> {
    await this.batch([this.putMetaOp(META.probe, at)])
  }

  // ------------------------------------------------------------------ documents

  /** The stored copy of document `id`, if cached. */
  async getDocument(id: number): Promise<DocumentRecord | undefined> {
    return this.docs.get(pad(id))
  }

  /**
   * The records of `ids`, index for index (undefined where none is stored); one read. Keep
   * `ids` short ({@link DOCUMENT_READ_CHUNK}): see {@link forEachDocumentOf}.
   */
  async getDocuments(ids: readonly number[]): Promise<(DocumentRecord | undefined)[]> {
    if (ids.length === 0) return []
    return this.docs.getMany(ids.map(pad))
  }

  /**
   * Visits the stored records of `ids` in their order (ids not stored are skipped), reading
   * {@link DOCUMENT_READ_CHUNK} at a time. Why chunks: LevelDB's `getMany` gathers every value
   * of a read in a thread of libuv's pool before handing them over, and glibc keeps a thread's
   * peak in that thread's malloc arena for the life of the process; a read of a whole agenda of
   * 10,000 documents left 100-200 MB of RSS behind, reads of 100 leave about 10 MB, at the same
   * speed. `visit` may be async; the next chunk is read after it settles.
   */
  async forEachDocumentOf(
    ids: readonly number[],
    visit: (record: DocumentRecord) => void | Promise<void>,
  ): Promise<void> {
    for (let start = 0; start < ids.length; start += DOCUMENT_READ_CHUNK) {
      for (const record of await this.getDocuments(ids.slice(start, start + DOCUMENT_READ_CHUNK))) {
        if (record) await visit(record)
      }
    }
  }

  /** Document ids of an agenda, id descending. */
  async documentIdsOf(agendaId: number): Promise<number[]> {
    const ids: number[] = []
    for await (const key of this.agendaDocs.keys({ ...under(agendaId), reverse: true })) ids.push(trailingId(key))
    return ids
  }

  /** Every cached document id, ascending (a scan of keys, no values read). */
  async *documentIds(): AsyncGenerator<number> {
    for await (const key of this.docs.keys()) yield Number(key)
  }

  /** Ids of the cached documents in repair (the `watch` index). */
  async documentsInRepair(): Promise<number[]> {
    const ids: number[] = []
    for await (const key of this.watch.keys()) ids.push(Number(key))
    return ids
  }

  /**
   * Ops that write a document as the service sent it (and keep the indexes right).
   * `previous` is the stored copy (undefined: none). Every write of `docs` goes through here,
   * {@link putEncodedDocumentOps} and {@link deleteDocumentOps}, so a document without a
   * stored copy has no `watch` key and none is deleted for it (a first sync writes 10,000
   * documents: bench B1).
   */
  putDocumentOps(record: DocumentRecord, previous: DocumentRecord | undefined): BatchOp[] {
    const put: BatchOp = { type: 'put', sublevel: this.sub(this.docs), key: pad(record.doc.id), value: record }
    return this.withIndexOps(put, record.doc.id, record.doc.state, record.agendaId, record.archived, previous)
  }

  /**
   * True when the level copies the bytes of a written value (a level that keeps its data on
   * disk: LevelDB copies them into its write batch), so their buffer may be reused once the
   * batch has settled. memory-level (tests) keeps the very view it is given.
   */
  private get copiesWrittenBytes(): boolean {
    return this.db.supports.permanence === true
  }

  /**
   * {@link putDocumentOps} for a document as a pull decoded it: the stored value is written
   * from the document's JSON bytes (`doc.json`, validated and encoded off the main thread)
   * without parsing or encoding it again; it reads back as the same {@link DocumentRecord}.
   * `storedAt` is UTC ISO 8601. With `room` the value is laid out in it (valid until its next
   * reset: reset it only once {@link batch} of these ops has settled) when the level copies the
   * bytes it is given (LevelDB), else in a buffer of its own.
   */
  putEncodedDocumentOps(
    doc: EncodedDocument,
    facts: { agendaId: number; archived: boolean; storedAt: string },
    previous: DocumentRecord | undefined,
    room?: BatchValueRoom,
  ): BatchOp[] {
    const tail = `,"agendaId":${facts.agendaId},"archived":${facts.archived},"storedAt":${JSON.stringify(facts.storedAt)}}`
    const length = DOC_VALUE_HEAD.byteLength + doc.json.byteLength + Buffer.byteLength(tail)
    const value = room && this.copiesWrittenBytes ? room.take(length) : Buffer.allocUnsafe(length)
    DOC_VALUE_HEAD.copy(value, 0)
    value.set(doc.json, DOC_VALUE_HEAD.byteLength)
    value.write(tail, DOC_VALUE_HEAD.byteLength + doc.json.byteLength, 'utf8')
    const put: BatchOp = { type: 'put', sublevel: this.sub(this.docs), key: pad(doc.id), value, valueEncoding: 'view' }
    return this.withIndexOps(put, doc.id, doc.state, facts.agendaId, facts.archived, previous)
  }

  /** `put` of a document followed by the ops that keep `agendaDocs` and `watch` right for it. */
  private withIndexOps(
    put: BatchOp,
    id: number,
    state: string,
    agendaId: number,
    archived: boolean,
    previous: DocumentRecord | undefined,
  ): BatchOp[] {
    const ops: BatchOp[] = [put]
    if (previous && previous.agendaId !== agendaId) {
      ops.push({ type: 'del', sublevel: this.sub(this.agendaDocs), key: agendaDocumentKey(previous.agendaId, id) })
    }
    ops.push({ type: 'put', sublevel: this.sub(this.agendaDocs), key: agendaDocumentKey(agendaId, id), value: 1 })
    if (state === 'repairing' && !archived) {
      ops.push({ type: 'put', sublevel: this.sub(this.watch), key: pad(id), value: agendaId })
    } else if (previous) {
      ops.push({ type: 'del', sublevel: this.sub(this.watch), key: pad(id) })
    }
    return ops
  }

  /** Ops that forget a document, its index entries, comments and file hashes (not its files). */
  async deleteDocumentOps(id: number): Promise<BatchOp[]> {
    const previous = await this.getDocument(id)
    const ops: BatchOp[] = [
      { type: 'del', sublevel: this.sub(this.docs), key: pad(id) },
      { type: 'del', sublevel: this.sub(this.watch), key: pad(id) },
      { type: 'del', sublevel: this.sub(this.hashes), key: pad(id) },
    ]
    if (previous)
      ops.push({ type: 'del', sublevel: this.sub(this.agendaDocs), key: agendaDocumentKey(previous.agendaId, id) })
    for await (const key of this.comments.keys(under(id))) ops.push(this.deleteCommentKeyOp(key))
    ops.push({ type: 'del', sublevel: this.sub(this.evidence), key: pad(id) })
    return ops
  }

  // ------------------------------------------------------------------ comments

  /** Comments of a document as the service sent them. */
  async commentsOf(documentId: number): Promise<Comment[]> {
    const comments: Comment[] = []
    for await (const value of this.comments.values(under(documentId))) comments.push(value)
    return comments
  }

  /** True when the comment `uuid` of the document is stored. */
  async hasComment(documentId: number, uuid: string): Promise<boolean> {
    return (await this.comments.get(commentKey(documentId, uuid))) !== undefined
  }

  /** The stored comment `uuid` of the document, if any. */
  async getComment(documentId: number, uuid: string): Promise<Comment | undefined> {
    return this.comments.get(commentKey(documentId, uuid))
  }

  /** Op writing a comment of `documentId` (the document asked for, not the comment's own claim). */
  putCommentOp(documentId: number, comment: Comment): BatchOp {
    return { type: 'put', sublevel: this.sub(this.comments), key: commentKey(documentId, comment.uuid), value: comment }
  }

  /** Op removing the stored comment `uuid` of the document. */
  deleteCommentOp(documentId: number, uuid: string): BatchOp {
    return this.deleteCommentKeyOp(commentKey(documentId, uuid))
  }

  private deleteCommentKeyOp(key: string): BatchOp {
    return { type: 'del', sublevel: this.sub(this.comments), key }
  }

  /** Ops that replace every stored comment of a document with `comments`. */
  async replaceCommentsOps(documentId: number, comments: readonly Comment[]): Promise<BatchOp[]> {
    const ops: BatchOp[] = []
    for await (const key of this.comments.keys(under(documentId))) ops.push(this.deleteCommentKeyOp(key))
    for (const comment of comments) ops.push(this.putCommentOp(documentId, comment))
    return ops
  }

  /** Ids of every document with stored comments: one scan of the comment keys. */
  async documentsWithAnyComment(): Promise<Set<number>> {
    const ids = new Set<number>()
    for await (const key of this.comments.keys()) ids.add(leadingId(key))
    return ids
  }

  /**
   * Which of `ids` (ascending) have stored comments. Usually few comments lie between the
   * first and the last of them: one read of those keys; past `scanLimit` keys, one seek per
   * document instead.
   */
  async documentsWithComments(ids: readonly number[], scanLimit: number): Promise<Set<number>> {
    const found = new Set<number>()
    if (ids.length === 0) return found
    const inRange = await this.comments
      .keys({ gte: `${pad(ids[0]!)}!`, lt: `${pad(ids.at(-1)!)}~`, limit: scanLimit })
      .all()
    if (inRange.length < scanLimit) {
      const wanted = new Set(ids)
      for (const key of inRange) {
        const id = leadingId(key)
        if (wanted.has(id)) found.add(id)
      }
      return found
    }
    const keys = this.comments.keys()
    try {
      for (const id of ids) {
        keys.seek(`${pad(id)}!`)
        const key = await keys.next()
        if (key?.startsWith(`${pad(id)}!`)) found.add(id)
      }
    } finally {
      await keys.close()
    }
    return found
  }

  // ------------------------------------------------------------------ agendas

  /** The cached agendas as the service sent them, id ascending. */
  async listAgendas(): Promise<Agenda[]> {
    return this.agendas.values().all()
  }

  /** Op writing an agenda as the service sent it. */
  putAgendaOp(agenda: Agenda): BatchOp {
    return { type: 'put', sublevel: this.sub(this.agendas), key: pad(agenda.id), value: agenda }
  }

  /** Op removing a cached agenda (its documents are removed on their own). */
  deleteAgendaOp(id: number): BatchOp {
    return { type: 'del', sublevel: this.sub(this.agendas), key: pad(id) }
  }

  // ------------------------------------------------------------------ meta

  /** Where the last complete pull left off, if one ever completed. */
  async getCursor(): Promise<PullCursor | undefined> {
    return (await this.meta.get(META.cursor)) as PullCursor | undefined
  }

  /** Op writing the pull cursor. */
  putCursorOp(cursor: PullCursor): BatchOp {
    return this.putMetaOp(META.cursor, cursor)
  }

  /** Op forgetting the pull cursor: the next pull is a full one (after the store was damaged). */
  deleteCursorOp(): BatchOp {
    return { type: 'del', sublevel: this.sub(this.meta), key: META.cursor }
  }

  /** The last outbox sequence number given out (0: none yet). */
  async outboxSeq(): Promise<number> {
    return ((await this.meta.get(META.outboxSeq)) as number | undefined) ?? 0
  }

  /** Op recording the last outbox sequence number given out. */
  putOutboxSeqOp(seq: number): BatchOp {
    return this.putMetaOp(META.outboxSeq, seq)
  }

  /** The last local (negative) agenda id given out (0: none yet). */
  async lastLocalAgendaId(): Promise<number> {
    return ((await this.meta.get(META.localAgenda)) as number | undefined) ?? 0
  }

  /** Op recording the last local agenda id given out. */
  putLastLocalAgendaIdOp(id: number): BatchOp {
    return this.putMetaOp(META.localAgenda, id)
  }

  /** The real uuid of a comment created offline (`local-<entry id>`), once the service made it. */
  async realCommentUuid(localUuid: string): Promise<string | undefined> {
    return (await this.meta.get(`${META.commentIds}${localUuid}`)) as string | undefined
  }

  /** Op mapping a comment created offline to the uuid the service gave it. */
  putCommentUuidOp(localUuid: string, realUuid: string): BatchOp {
    return this.putMetaOp(`${META.commentIds}${localUuid}`, realUuid)
  }

  /** Local comment uuid -> real uuid, for every create done. */
  async commentUuidMap(): Promise<Map<string, string>> {
    return this.metaMap<string, string>(META.commentIds, (local) => local)
  }

  /** The real id of an agenda created offline (negative local id), once the service made it. */
  async realAgendaId(localId: number): Promise<number | undefined> {
    return (await this.meta.get(`${META.agendaIds}${localId}`)) as number | undefined
  }

  /** Op mapping an agenda created offline to the id the service gave it. */
  putAgendaIdOp(localId: number, realId: number): BatchOp {
    return this.putMetaOp(`${META.agendaIds}${localId}`, realId)
  }

  /** Local (negative) agenda id -> real id, for every create done. */
  async agendaIdMap(): Promise<Map<number, number>> {
    return this.metaMap<number, number>(META.agendaIds, Number)
  }

  /** The offline settings of every agenda that has some, by agenda id. */
  async agendaOfflineSettings(): Promise<Map<number, AgendaOffline>> {
    return this.metaMap<number, AgendaOffline>(META.agendaOffline, Number)
  }

  /** The offline settings of one agenda ({} when it has none). */
  async agendaOffline(agendaId: number): Promise<AgendaOffline> {
    return ((await this.meta.get(`${META.agendaOffline}${agendaId}`)) as AgendaOffline | undefined) ?? {}
  }

  /** Op writing the offline settings of an agenda. */
  putAgendaOfflineOp(agendaId: number, settings: AgendaOffline): BatchOp {
    return this.putMetaOp(`${META.agendaOffline}${agendaId}`, settings)
  }

  /** The person's answers to the warnings of document `documentId`, by check code order of writing. */
  async acknowledgementsOf(documentId: number): Promise<Acknowledgement[]> {
    const found: Acknowledgement[] = []
    for await (const value of this.acks.values(under(documentId))) found.push(value)
    return found
  }

  /**
   * Every answer to a warning the account holds, by document id (the inbox rows read them with
   * an agenda: one scan of the `acks` sublevel, which holds only what a person answered).
   */
  async allAcknowledgements(): Promise<Map<number, Acknowledgement[]>> {
    const found = new Map<number, Acknowledgement[]>()
    for await (const value of this.acks.values()) {
      const list = found.get(value.documentId)
      if (list) list.push(value)
      else found.set(value.documentId, [value])
    }
    return found
  }

  /** Op writing (or replacing) the answer to one check of a document. */
  putAcknowledgementOp(ack: Acknowledgement): BatchOp {
    return { type: 'put', sublevel: this.sub(this.acks), key: acknowledgementKey(ack.documentId, ack.code), value: ack }
  }

  /** Op removing the answer to one check of a document (nothing when there is none). */
  deleteAcknowledgementOp(documentId: number, code: string): BatchOp {
    return { type: 'del', sublevel: this.sub(this.acks), key: acknowledgementKey(documentId, code) }
  }

  // ------------------------------------------------------------------ history

  /**
   * The history events of document `documentId`, oldest first, each with its key (opaque to
   * callers: pass it back to {@link putHistoryEventOp} or {@link deleteHistoryEventOp}).
   */
  async historyOf(documentId: number): Promise<{ key: string; event: HistoryEvent }[]> {
    const found: { key: string; event: HistoryEvent }[] = []
    for await (const [key, event] of this.history.iterator(under(documentId))) found.push({ key, event })
    return found
  }

  /** Keys of the history events of `documentId`, oldest first (no values read). */
  async historyKeysOf(documentId: number): Promise<string[]> {
    return this.history.keys(under(documentId)).all()
  }

  /** Op adding a history event (keyed by its document and time), or rewriting the one at `key`. */
  putHistoryEventOp(event: HistoryEvent, key?: string): BatchOp {
    const at = key ?? historyKey(event.documentId, Date.parse(event.at), this.historyCounter++)
    return { type: 'put', sublevel: this.sub(this.history), key: at, value: event }
  }

  /** Op removing the history event at `key` (a key {@link historyOf} answered). */
  deleteHistoryEventOp(key: string): BatchOp {
    return { type: 'del', sublevel: this.sub(this.history), key }
  }

  /** True once the history an earlier Docket kept in the window's storage was imported. */
  async historyImported(): Promise<boolean> {
    return (await this.meta.get(META.historyImported)) !== undefined
  }

  /** Op noting that the earlier history was imported (at `at`, UTC ISO 8601): never again. */
  putHistoryImportedOp(at: string): BatchOp {
    return this.putMetaOp(META.historyImported, at)
  }

  // ------------------------------------------------------------------ corrections

  /** The person's corrections of document `documentId`, by field path order. */
  async correctionsOf(documentId: number): Promise<Correction[]> {
    return this.corrections.values(under(documentId)).all()
  }

  /** Ids of every document with a correction: one scan of the correction keys. */
  async documentsWithCorrections(): Promise<Set<number>> {
    const ids = new Set<number>()
    for await (const key of this.corrections.keys()) ids.add(leadingId(key))
    return ids
  }

  /** Op writing (or replacing) the correction of one field of a document. */
  putCorrectionOp(correction: Correction): BatchOp {
    return {
      type: 'put',
      sublevel: this.sub(this.corrections),
      key: correctionKey(correction.documentId, correction.field),
      value: correction,
    }
  }

  /** Op removing the correction of one field of a document (nothing when there is none). */
  deleteCorrectionOp(documentId: number, field: string): BatchOp {
    return { type: 'del', sublevel: this.sub(this.corrections), key: correctionKey(documentId, field) }
  }

  /** What happened to the corrections of document `documentId`, oldest first. */
  async correctionEventsOf(documentId: number): Promise<CorrectionEvent[]> {
    return this.correctionLog.values(under(documentId)).all()
  }

  /** Op recording one correction event; `seq` orders events written in the same millisecond. */
  putCorrectionEventOp(event: CorrectionEvent, seq: number): BatchOp {
    return {
      type: 'put',
      sublevel: this.sub(this.correctionLog),
      key: correctionEventKey(event.documentId, event.at, seq),
      value: event,
    }
  }

  // ------------------------------------------------------------------ content hashes

  /** The content hashes of a document's original file (every version Docket held), if any. */
  async contentHashOf(documentId: number): Promise<ContentHashRecord | undefined> {
    return this.hashes.get(pad(documentId))
  }

  /**
   * The SHA-256 of the newest version of each document's original Docket held, by document id:
   * one scan of the `hashes` sublevel, which holds only the documents whose bytes Docket held.
   */
  async newestContentHashes(): Promise<Map<number, string>> {
    const found = new Map<number, string>()
    for await (const record of this.hashes.values()) {
      const newest = record.versions.at(-1)
      if (newest) found.set(record.documentId, newest.sha256)
    }
    return found
  }

  /** Op writing (replacing) the content hashes of a document's original file. */
  putContentHashOp(record: ContentHashRecord): BatchOp {
    return { type: 'put', sublevel: this.sub(this.hashes), key: pad(record.documentId), value: record }
  }

  // ------------------------------------------------------------------ evidence

  /**
   * What Docket read from a document's own file (src/shared/evidence: words with boxes, an
   * embedded e-invoice, payment QR codes), as stored; undefined when not read yet. The caller
   * validates it (a value written by another version of Docket may differ).
   */
  async evidenceOf(documentId: number): Promise<unknown> {
    return this.evidence.get(pad(documentId))
  }

  /** Op writing the evidence of a document (local only, never journaled; forgotten with the document). */
  putEvidenceOp(documentId: number, value: unknown): BatchOp {
    return { type: 'put', sublevel: this.sub(this.evidence), key: pad(documentId), value }
  }

  /** Records that an upload entry created a document, so no other upload takes it for its own. */
  putUploadClaimOp(documentId: number, entryId: string): BatchOp {
    return this.putMetaOp(`${META.uploadClaims}${documentId}`, entryId)
  }

  /** Ids of the documents uploads created. */
  async uploadClaims(): Promise<Set<number>> {
    const ids = new Set<number>()
    for await (const key of this.meta.keys(prefixed(META.uploadClaims)))
      ids.add(Number(key.slice(META.uploadClaims.length)))
    return ids
  }

  /** The `meta` entries under `prefix`, keyed by `key(the rest of their key)`. */
  private async metaMap<K, V>(prefix: string, key: (rest: string) => K): Promise<Map<K, V>> {
    const map = new Map<K, V>()
    for await (const [k, value] of this.meta.iterator(prefixed(prefix)))
      map.set(key(k.slice(prefix.length)), value as V)
    return map
  }

  private putMetaOp(key: string, value: unknown): BatchOp {
    return { type: 'put', sublevel: this.meta, key, value }
  }

  // ------------------------------------------------------------------ outbox

  /** Every entry in the outbox (not done), in write order. */
  async outboxEntries(): Promise<OutboxEntry[]> {
    const entries: OutboxEntry[] = []
    for await (const value of this.outbox.values()) entries.push(value)
    return entries
  }

  /** The journaled meta values (outbox sequence, local ids, id maps, upload claims) as stored. */
  async journaledMeta(): Promise<Map<string, unknown>> {
    const values = new Map<string, unknown>()
    for await (const [key, value] of this.meta.iterator()) if (isJournaledMetaKey(key)) values.set(key, value)
    return values
  }

  /**
   * Writes the outbox part of the store as it should be (after the journal's replay: outbox.ts
   * `replayJournal`): `entries` replace every stored entry, `meta` values are written. Not
   * journaled (the journal is rewritten from the same values).
   */
  async replaceOutbox(entries: readonly OutboxEntry[], meta: ReadonlyMap<string, unknown>): Promise<void> {
    const ops: BatchOp[] = []
    for await (const key of this.outbox.keys()) ops.push({ type: 'del', sublevel: this.sub(this.outbox), key })
    for await (const key of this.outboxIds.keys()) ops.push({ type: 'del', sublevel: this.sub(this.outboxIds), key })
    for (const entry of entries) ops.push(...this.addEntryOps(entry))
    for (const [key, value] of meta) ops.push(this.putMetaOp(key, value))
    await this.counted(
      [this.sub(this.outbox), this.sub(this.outboxIds), this.sub(this.meta)],
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      () => this.guard.write(() => this.db.batch(ops as any, { sync: this.sync } as any)),
    )
  }

  /** The outbox entry `id`, if it is still in the outbox. */
  async outboxEntry(id: string): Promise<OutboxEntry | undefined> {
    const seq = await this.outboxIds.get(id)
    if (seq === undefined) return undefined
    return this.outbox.get(pad(seq))
  }

  /** Op rewriting an entry already in the outbox (a state change). */
  putEntryOp(entry: OutboxEntry): BatchOp {
    return { type: 'put', sublevel: this.sub(this.outbox), key: pad(entry.seq), value: entry }
  }

  /** Ops that add a new entry (entry + id index). */
  addEntryOps(entry: OutboxEntry): BatchOp[] {
    return [
      this.putEntryOp(entry),
      { type: 'put', sublevel: this.sub(this.outboxIds), key: entry.id, value: entry.seq },
    ]
  }

  /** Ops that remove an entry (done, undone or discarded) and its id index. */
  removeEntryOps(entry: OutboxEntry): BatchOp[] {
    return [
      { type: 'del', sublevel: this.sub(this.outbox), key: pad(entry.seq) },
      { type: 'del', sublevel: this.sub(this.outboxIds), key: entry.id },
    ]
  }

  // ------------------------------------------------------------------ files

  /** The record of a cached preview or original, if any. */
  async getFileRecord(kind: FileRecord['kind'], documentId: number): Promise<FileRecord | undefined> {
    return this.files.get(fileKey(kind, documentId))
  }

  /** Writes a file's record now (the file cache's index needs no atomic batch with anything else). */
  async putFileRecord(record: FileRecord): Promise<void> {
    await this.counted([this.sub(this.files)], () =>
      this.guard.write(() => this.files.put(fileKey(record.kind, record.documentId), record)),
    )
  }

  /** Removes the record of a cached file now (the file cache removes the bytes). */
  async deleteFileRecord(kind: FileRecord['kind'], documentId: number): Promise<void> {
    await this.counted([this.sub(this.files)], () => this.guard.write(() => this.files.del(fileKey(kind, documentId))))
  }

  /** Every cached file's record. */
  async fileRecords(): Promise<FileRecord[]> {
    return this.files.values().all()
  }

  private sub<V>(s: Sub<V>): Sub<unknown> {
    return s as Sub<unknown>
  }
}

/** Meta keys the outbox journal keeps: what replaying queued actions needs besides the entries. */
function isJournaledMetaKey(key: string): boolean {
  return (
    key === META.outboxSeq ||
    key === META.localAgenda ||
    key.startsWith(META.commentIds) ||
    key.startsWith(META.agendaIds) ||
    key.startsWith(META.uploadClaims)
  )
}
