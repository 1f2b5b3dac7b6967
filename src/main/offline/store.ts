import type { AbstractLevel, AbstractSublevel } from 'abstract-level'
import type { Agenda } from '../../shared/api/agenda'
import type { Comment } from '../../shared/api/comment'
import type { Document } from '../../shared/api/document'
import type { EncodedDocument } from '../api/documentPage'
import type { OutboxEntry } from '../../shared/outbox/entry'

/**
 * The local store of one account (issue 5, item 1): LevelDB (classic-level; memory-level in
 * tests) split into sublevels, all values JSON. Everything the UI shows is read from here.
 *
 * - `docs`        `<doc id>` -> {@link StoredDocument}: the document as the service last sent it
 * - `agendaDocs`  `<agenda id>!<doc id>` -> 1: index for listing an agenda (id descending)
 * - `agendas`     `<agenda id>` -> Agenda (as the service sent it)
 * - `comments`    `<doc id>!<uuid>` -> Comment (as the service sent it)
 * - `outbox`      `<seq>` -> OutboxEntry (entries not done; done ones are deleted)
 * - `outboxIds`   `<entry id>` -> seq
 * - `watch`       `<doc id>` -> agenda id: documents in repair, polled until review ends
 * - `files`       `<kind>!<doc id>` -> {@link FileRecord}: cached previews and originals
 * - `meta`        cursors, the outbox sequence, id maps (local comment uuid -> real uuid, ...)
 *
 * Optimistic effects are not written into `docs`: the view is the stored server state with
 * the effects of the live outbox entries applied on read (effects.ts), so an entry and its
 * effect are always written (or removed) in the same atomic batch, a pull never overwrites
 * a pending effect, and a rollback is the removal (or failure) of the entry.
 * Numeric keys are zero-padded so that key order is numeric order.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Level = AbstractLevel<any, string, any>
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Sub<V> = AbstractSublevel<any, any, string, V>

/** A document as last received from the service, with the facts the API does not carry. */
export interface StoredDocument {
  doc: Document
  agendaId: number
  /** Archived on the service (known from an archive we sent, or a pull that says so). */
  archived: boolean
  /** When this copy was written (UTC ISO 8601). */
  storedAt: string
}

/** A cached preview or original file (bytes in `<dir>/<kind>s/<doc id>`). */
export interface FileRecord {
  kind: 'preview' | 'original'
  documentId: number
  size: number
  contentType: string
  fileName?: string
  /** Epoch ms of the last read (least recently used leaves first). */
  lastAccess: number
}

/**
 * One operation of an atomic batch across sublevels. A put with `valueEncoding: 'utf8'`
 * writes `value` (a string holding JSON) as it is, for a value already encoded elsewhere
 * (a pulled document, encoded off the main thread); it reads back as JSON like any other.
 */
export type BatchOp =
  | { type: 'put'; sublevel: Sub<unknown>; key: string; value: unknown; valueEncoding?: 'utf8' }
  | { type: 'del'; sublevel: Sub<unknown>; key: string }

/** 12-digit zero padding so numeric keys sort numerically (ids up to 10^12). */
export function pad(n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`cannot use ${n} as a key`)
  return String(n).padStart(12, '0')
}

/** The sublevels of a store and the few read helpers every module uses. */
export class Store {
  readonly docs: Sub<StoredDocument>
  readonly agendaDocs: Sub<number>
  readonly agendas: Sub<Agenda>
  readonly comments: Sub<Comment>
  readonly outbox: Sub<OutboxEntry>
  readonly outboxIds: Sub<number>
  readonly watch: Sub<number>
  readonly files: Sub<FileRecord>
  readonly meta: Sub<unknown>

  constructor(
    readonly db: Level,
    /** fsync each batch (survives power loss, not only a killed process). */
    private readonly sync: boolean,
  ) {
    const json = { valueEncoding: 'json' as const }
    this.docs = db.sublevel<string, StoredDocument>('docs', json)
    this.agendaDocs = db.sublevel<string, number>('agendaDocs', json)
    this.agendas = db.sublevel<string, Agenda>('agendas', json)
    this.comments = db.sublevel<string, Comment>('comments', json)
    this.outbox = db.sublevel<string, OutboxEntry>('outbox', json)
    this.outboxIds = db.sublevel<string, number>('outboxIds', json)
    this.watch = db.sublevel<string, number>('watch', json)
    this.files = db.sublevel<string, FileRecord>('files', json)
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
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await this.db.batch(ops as any, { sync: this.sync && options.fsync !== false } as any)
  }

  async getMeta<T>(key: string): Promise<T | undefined> {
    return (await this.meta.get(key)) as T | undefined
  }

  putMeta(key: string, value: unknown): BatchOp {
    return { type: 'put', sublevel: this.meta as Sub<unknown>, key, value }
  }

  async getDocument(id: number): Promise<StoredDocument | undefined> {
    return this.docs.get(pad(id))
  }

  /**
   * Ops that write a document as the service sent it (and keep the indexes right).
   * `previous` is the stored copy (undefined: none). Every write of `docs` goes through here,
   * {@link putEncodedDocumentOps} and {@link deleteDocumentOps}, so a document without a stored copy has no `watch` key and
   * none is deleted for it (a first sync writes 10,000 documents: bench B1).
   */
  putDocumentOps(stored: StoredDocument, previous: StoredDocument | undefined): BatchOp[] {
    const put: BatchOp = { type: 'put', sublevel: this.docs as Sub<unknown>, key: pad(stored.doc.id), value: stored }
    return this.withIndexOps(put, stored.doc.id, stored.doc.state, stored.agendaId, stored.archived, previous)
  }

  /**
   * {@link putDocumentOps} for a document as a pull decoded it: the stored value is written
   * from the document's JSON text (`doc.json`, validated and encoded off the main thread)
   * without parsing or encoding it again; it reads back as the same {@link StoredDocument}.
   * `storedAt` is UTC ISO 8601.
   */
  putEncodedDocumentOps(
    doc: EncodedDocument,
    facts: { agendaId: number; archived: boolean; storedAt: string },
    previous: StoredDocument | undefined,
  ): BatchOp[] {
    const value = `{"doc":${doc.json},"agendaId":${facts.agendaId},"archived":${facts.archived},"storedAt":${JSON.stringify(facts.storedAt)}}`
    const put: BatchOp = {
      type: 'put',
      sublevel: this.docs as Sub<unknown>,
      key: pad(doc.id),
      value,
      valueEncoding: 'utf8',
    }
    return this.withIndexOps(put, doc.id, doc.state, facts.agendaId, facts.archived, previous)
  }

  /** `put` of a document followed by the ops that keep `agendaDocs` and `watch` right for it. */
  private withIndexOps(
    put: BatchOp,
    id: number,
    state: string,
    agendaId: number,
    archived: boolean,
    previous: StoredDocument | undefined,
  ): BatchOp[] {
    const ops: BatchOp[] = [put]
    if (previous && previous.agendaId !== agendaId) {
      ops.push({ type: 'del', sublevel: this.agendaDocs as Sub<unknown>, key: `${pad(previous.agendaId)}!${pad(id)}` })
    }
    ops.push({ type: 'put', sublevel: this.agendaDocs as Sub<unknown>, key: `${pad(agendaId)}!${pad(id)}`, value: 1 })
    if (state === 'repairing' && !archived) {
      ops.push({ type: 'put', sublevel: this.watch as Sub<unknown>, key: pad(id), value: agendaId })
    } else if (previous) {
      ops.push({ type: 'del', sublevel: this.watch as Sub<unknown>, key: pad(id) })
    }
    return ops
  }

  /** Ops that forget a document, its index entries and comments (not its files). */
  async deleteDocumentOps(id: number): Promise<BatchOp[]> {
    const previous = await this.getDocument(id)
    const ops: BatchOp[] = [
      { type: 'del', sublevel: this.docs as Sub<unknown>, key: pad(id) },
      { type: 'del', sublevel: this.watch as Sub<unknown>, key: pad(id) },
    ]
    if (previous)
      ops.push({ type: 'del', sublevel: this.agendaDocs as Sub<unknown>, key: `${pad(previous.agendaId)}!${pad(id)}` })
    for await (const key of this.comments.keys({ gt: `${pad(id)}!`, lt: `${pad(id)}~` })) {
      ops.push({ type: 'del', sublevel: this.comments as Sub<unknown>, key })
    }
    return ops
  }

  /** Document ids of an agenda, id descending. */
  async documentIdsOf(agendaId: number): Promise<number[]> {
    const ids: number[] = []
    for await (const key of this.agendaDocs.keys({ gt: `${pad(agendaId)}!`, lt: `${pad(agendaId)}~`, reverse: true })) {
      ids.push(Number(key.slice(key.indexOf('!') + 1)))
    }
    return ids
  }

  async getDocuments(ids: readonly number[]): Promise<(StoredDocument | undefined)[]> {
    if (ids.length === 0) return []
    return this.docs.getMany(ids.map(pad))
  }

  /** Comments of a document as the service sent them. */
  async commentsOf(documentId: number): Promise<Comment[]> {
    const comments: Comment[] = []
    for await (const value of this.comments.values({ gt: `${pad(documentId)}!`, lt: `${pad(documentId)}~` })) {
      comments.push(value)
    }
    return comments
  }

  commentKey(documentId: number, uuid: string): string {
    return `${pad(documentId)}!${uuid}`
  }

  /** Every entry in the outbox (not done), in write order. */
  async outboxEntries(): Promise<OutboxEntry[]> {
    const entries: OutboxEntry[] = []
    for await (const value of this.outbox.values()) entries.push(value)
    return entries
  }

  async outboxEntry(id: string): Promise<OutboxEntry | undefined> {
    const seq = await this.outboxIds.get(id)
    if (seq === undefined) return undefined
    return this.outbox.get(pad(seq))
  }

  putEntryOp(entry: OutboxEntry): BatchOp {
    return { type: 'put', sublevel: this.outbox as Sub<unknown>, key: pad(entry.seq), value: entry }
  }

  /** Ops that add a new entry (entry + id index). */
  addEntryOps(entry: OutboxEntry): BatchOp[] {
    return [
      this.putEntryOp(entry),
      { type: 'put', sublevel: this.outboxIds as Sub<unknown>, key: entry.id, value: entry.seq },
    ]
  }

  removeEntryOps(entry: OutboxEntry): BatchOp[] {
    return [
      { type: 'del', sublevel: this.outbox as Sub<unknown>, key: pad(entry.seq) },
      { type: 'del', sublevel: this.outboxIds as Sub<unknown>, key: entry.id },
    ]
  }

  sub<V>(s: Sub<V>): Sub<unknown> {
    return s as Sub<unknown>
  }
}

/** Serialises async critical sections (outbox state changes) within one process. */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve()

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn, fn)
    this.tail = result.catch(() => undefined)
    return result
  }
}
