import type { Document } from '../../../shared/api/document'
import type { EncodedDocument } from '../../api/documentPage'
import type { RepairFinished } from '../events'
import { returnEventOps } from '../serverCopies'
import type { Clock } from '../options'
import { isExportedBefore, isFinal, type WrittenFacts } from '../retention'
import { BatchValueRoom, type BatchOp, type DocumentRecord, type Store } from '../store'

/** What a pull learns across all its listings (filled by the {@link PageWriter}). */
export interface PullRun {
  /** Documents new or changed (`last_modified_at`, `comments_count`): their comments are pulled. */
  changed: Pick<Document, 'id' | 'comments_count'>[]
  /** Documents whose human review ended. */
  repaired: RepairFinished[]
  /** What the pull wrote, for the retention sweep. */
  written: Map<number, WrittenFacts>
  /** Ids outbox entries referred to when the pull began (cached even when past retention). */
  busy: ReadonlySet<number>
  /** Epoch ms before which an exported document is past the retention period. */
  cutoffMs: number
  /** True when a push wrote the document after the pull began (the pulled copy may be older). */
  pushedMeanwhile(id: number): boolean
  /** True when a push ever wrote the document in this process. */
  pushedEver(id: number): boolean
}

/** The state of one agenda's listing during a pull. */
export interface AgendaPull {
  agendaId: number
  /** Ids met in this listing (a document met twice, as page boundaries shift, is written once). */
  seen: Set<number>
  /** Ids the listing returned that the cache keeps (a full pull removes the other cached ones). */
  returned: Set<number>
  /** Exported documents past the retention period, set aside (cached only if an entry refers to them). */
  skipped: SetAsideDocument[]
  /** Ids of this listing's documents that are new or changed (what readers are told about). */
  changedIds: number[]
  /** Ids this listing wrote that the cache did not hold before (removed again when the listing is held as runaway). */
  added: number[]
  /** Full listing: the ids cached when the pull began (no other can have a stored copy); null in a delta (all are read). */
  cached: ReadonlySet<number> | null
}

/**
 * A set-aside document: its JSON bytes held as a one-byte string (each byte one character,
 * `latin1`), which lives in V8's heap, not in the allocator's.
 */
export type SetAsideDocument = Omit<EncodedDocument, 'json'> & { json: string }

/**
 * `doc` kept apart from its page until the pull ends. A decoded page's documents are views of
 * one buffer of the whole page (about 100 KB); a document kept past its page's write would keep
 * that buffer alive, and one in eight of a large agenda's documents can be set aside (bench
 * B9: nearly every page's buffer of a 100,000-document sync stayed in memory). A copy of the
 * bytes in a buffer of its own (2-3 KB each, 30 MB at 100,000 documents) was still a small
 * long-lived allocation between the sync's short-lived page buffers, store values and write
 * batches, so glibc could neither merge their free space nor give it back after the sync
 * (B9's first-sync reading). As a string the copy is in V8's heap, which the idle release
 * returns; {@link restored} gives the bytes back, unchanged, for the rare write.
 */
function setAside(doc: EncodedDocument): SetAsideDocument {
  return { ...doc, json: Buffer.from(doc.json.buffer, doc.json.byteOffset, doc.json.byteLength).toString('latin1') }
}

/** The {@link EncodedDocument} a {@link setAside} document was made from (the same bytes). */
function restored(doc: SetAsideDocument): EncodedDocument {
  const bytes = Buffer.from(doc.json, 'latin1')
  return { ...doc, json: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) }
}

/** A new {@link AgendaPull}. */
export function agendaPull(agendaId: number, cached: ReadonlySet<number> | null): AgendaPull {
  return { agendaId, seen: new Set(), returned: new Set(), skipped: [], changedIds: [], added: [], cached }
}

/**
 * Writes the pages of a pull's listings as they arrive, pipelined with the pages still on the
 * wire: one write at a time, taking every page that arrived meanwhile into one atomic batch
 * (group commit). Pages wait until {@link openFor} names the agendas listed; pages of other
 * agendas are dropped. A failed write stops the writer and calls `failed` (the pull aborts its
 * listings). Documents go to the store as the decoder encoded them (no parse or encode on this
 * thread), and stored copies are read only where one can exist (bench B1).
 */
export class PageWriter {
  private readonly waiting: { pull: AgendaPull; documents: readonly EncodedDocument[] }[] = []
  private writing: Promise<void> | null = null
  private agendaIds: ReadonlySet<number> | null = null
  private error: unknown
  /** Agendas whose pages were written (named to readers even when the pull fails later). */
  readonly writtenAgendas = new Set<number>()
  /** Where the pages' stored values are laid out, one write at a time (see {@link BatchValueRoom}). */
  private readonly values = new BatchValueRoom()

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly run: PullRun,
    private readonly failed: () => void,
  ) {}

  /** The error of a failed write, if any. */
  get failure(): unknown {
    return this.error
  }

  /** Queues a page of `pull`'s listing. */
  add(pull: AgendaPull, documents: readonly EncodedDocument[]): void {
    this.waiting.push({ pull, documents })
    this.pump()
  }

  /** From now on pages are written; those of agendas not in `agendaIds` are dropped. */
  openFor(agendaIds: ReadonlySet<number>): void {
    this.agendaIds = agendaIds
    this.pump()
  }

  /** Resolves when no write is under way (or queued behind one). */
  async settled(): Promise<void> {
    while (this.writing) await this.writing
  }

  /** Writes the documents `pull` set aside that an outbox entry came to refer to meanwhile (`busy`). */
  writeSetAside(pull: AgendaPull, busy: ReadonlySet<number>): Promise<void> {
    return this.write([{ pull, docs: pull.skipped.filter((d) => busy.has(d.id)).map(restored) }])
  }

  private pump(): void {
    if (this.writing || this.waiting.length === 0 || this.error !== undefined || !this.agendaIds) return
    const known = this.agendaIds
    const pages = this.waiting.splice(0).filter((p) => known.has(p.pull.agendaId))
    this.writing = this.writePages(pages)
      .then(() => {
        for (const page of pages) this.writtenAgendas.add(page.pull.agendaId)
      })
      .catch((error: unknown) => {
        this.error = error
        this.failed()
      })
      .finally(() => {
        this.writing = null
        this.pump()
      })
  }

  /**
   * Writes pages in one batch: documents already seen in their listing are skipped, exported
   * documents past the retention period are set aside (`pull.skipped`) unless an outbox entry
   * refers to them.
   */
  private writePages(pages: readonly { pull: AgendaPull; documents: readonly EncodedDocument[] }[]): Promise<void> {
    const groups: { pull: AgendaPull; docs: EncodedDocument[] }[] = []
    for (const { pull, documents } of pages) {
      const docs: EncodedDocument[] = []
      for (const doc of documents) {
        if (pull.seen.has(doc.id)) continue
        pull.seen.add(doc.id)
        if (this.run.busy.has(doc.id) || !isExportedBefore(doc, this.run.cutoffMs)) docs.push(doc)
        else pull.skipped.push(setAside(doc))
      }
      groups.push({ pull, docs })
    }
    // Page writes run one at a time (pump), so the room is free: the last batch is written.
    this.values.reset()
    return this.write(groups, this.values)
  }

  /**
   * Writes pulled documents (one atomic batch) with their indexes, and notes in each `pull` and
   * in the run what changed. Documents a push wrote since the pull began are left as the push
   * wrote them. With `room` the stored values are laid out in it (page writes only: a
   * set-aside write may run beside them).
   */
  private async write(
    groups: readonly { pull: AgendaPull; docs: readonly EncodedDocument[] }[],
    room?: BatchValueRoom,
  ): Promise<void> {
    if (!groups.some((g) => g.docs.length > 0)) return
    const previous = await this.readPrevious(groups)
    const storedAt = this.clock().toISOString()
    const run = this.run
    const ops: BatchOp[] = []
    const returns: RepairFinished[] = []
    let at = 0
    for (const { pull, docs } of groups) {
      const agendaId = pull.agendaId
      for (const doc of docs) {
        const prev = previous[at++]
        pull.returned.add(doc.id)
        if (
          !prev ||
          prev.doc.last_modified_at !== doc.last_modified_at ||
          prev.doc.comments_count !== doc.comments_count
        ) {
          run.changed.push({ id: doc.id, comments_count: doc.comments_count })
          pull.changedIds.push(doc.id)
        }
        if (run.pushedMeanwhile(doc.id)) continue
        if (!prev) pull.added.push(doc.id)
        const archived = doc.archived ?? prev?.archived ?? false
        run.written.set(doc.id, {
          lastModifiedMs: Date.parse(doc.last_modified_at),
          final: isFinal(doc.state, archived),
        })
        for (const op of this.store.putEncodedDocumentOps(doc, { agendaId, archived, storedAt }, prev, room))
          ops.push(op)
        if (prev?.doc.state === 'repairing' && doc.state !== 'repairing')
          returns.push({ documentId: doc.id, agendaId, state: doc.state })
      }
    }
    // A return from repair goes into the document's history in the same batch.
    for (const op of await returnEventOps(this.store, returns, storedAt)) ops.push(op)
    await this.store.batch(ops)
    run.repaired.push(...returns)
  }

  /**
   * The stored copies of pulled documents, in the order of `groups`' documents. In a full
   * listing only the ids cached when the pull began, or that a push wrote, are read (a first
   * sync reads nothing: bench B1); otherwise all are.
   */
  private async readPrevious(
    groups: readonly { pull: AgendaPull; docs: readonly { id: number }[] }[],
  ): Promise<(DocumentRecord | undefined)[]> {
    const ids: number[] = []
    for (const { pull, docs } of groups)
      for (const doc of docs)
        if (!pull.cached || pull.cached.has(doc.id) || this.run.pushedEver(doc.id)) ids.push(doc.id)
    const found = new Map<number, DocumentRecord>()
    for (const stored of await this.store.getDocuments(ids)) if (stored) found.set(stored.doc.id, stored)
    return groups.flatMap(({ docs }) => docs.map((d) => found.get(d.id)))
  }
}
