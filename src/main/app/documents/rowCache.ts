import type { Acknowledgement } from '../../../shared/checks/acknowledgement'
import { supplierAccountRecordOf, type SupplierAccountRecord } from '../../../shared/checks/bankAccount'
import { agendaProfileOf, type AgendaProfile, type CheckedDocument } from '../../../shared/checks/context'
import type { ReferenceRateTable } from '../../../shared/checks/exchangeRate'
import type { DocumentRow } from '../../../shared/ipc'
import type { CachedDocument, OfflineWorkspace } from '../../offline'
import type { SubscribeToEvents } from '../eventBus'
import { DuplicateIndexBuilder, type DuplicateIndex } from './duplicateIndex'
import { createStringPool, toDocumentRow, type StringPool } from './rows'

/**
 * The part of the offline workspace the rows are read from; `listAgendas`, when given,
 * supplies the agenda's company and home currency to the rows' warning flags.
 */
export type RowsPort = Pick<OfflineWorkspace, 'forEachDocument' | 'getDocument'> &
  Partial<Pick<OfflineWorkspace, 'listAgendas' | 'acknowledgements' | 'allAcknowledgements'>>

/**
 * What the agenda and document handlers need of one agenda: the inbox rows (id descending,
 * as `OfflineWorkspace.listDocuments`, with their own warnings) and the duplicate index.
 * Neither is ever changed once handed out (a change builds new ones).
 */
export interface AgendaRows {
  rows: readonly DocumentRow[]
  /**
   * The archived documents of the agenda the cache still holds, id descending (the *Archived*
   * tab): in neither `rows` nor the duplicate index, since the service no longer lists them.
   */
  archived: readonly DocumentRow[]
  /**
   * The duplicate index: the ids of the documents under each of their duplicate keys (by the
   * keys' hashes; documents without a key are left out).
   */
  byKey: DuplicateIndex
  /** The agenda's company and home currency the rows were flagged against (null when unknown). */
  company: AgendaProfile | null
  /**
   * The bank account each listed (not archived) purchase document names, by document id: the
   * bank-account check's history of the suppliers' accounts, kept with the rows so opening a
   * document never reads the agendas' documents again.
   */
  accounts: ReadonlyMap<number, SupplierAccountRecord>
}

/** `accounts` with the records of `changed` replaced by those of `added` (same map when nothing moves). */
function withAccounts(
  accounts: ReadonlyMap<number, SupplierAccountRecord>,
  changed: ReadonlySet<number>,
  added: readonly CachedDocument[],
): ReadonlyMap<number, SupplierAccountRecord> {
  const next = new Map(accounts)
  for (const id of changed) next.delete(id)
  for (const doc of added) {
    const record = supplierAccountRecordOf(doc as CheckedDocument)
    if (record) next.set(doc.id, record)
  }
  return next
}

/** The company profile of `agendaId`, or null when the workspace cannot say. */
export async function companyOf(
  workspace: Partial<Pick<OfflineWorkspace, 'listAgendas'>>,
  agendaId: number,
): Promise<AgendaProfile | null> {
  if (!workspace.listAgendas) return null
  try {
    const agenda = (await workspace.listAgendas()).find((a) => a.id === agendaId)
    return agenda ? agendaProfileOf(agenda) : null
  } catch {
    return null
  }
}

/** One agenda's rows, or why they could not be read. */
export type RowsOrError = { rows: AgendaRows } | { error: unknown }

/** Above this many changed documents, an agenda is read again whole instead of one by one. */
const MAX_PATCHED = 200

const NO_ANSWERS: readonly Acknowledgement[] = Object.freeze([])

/**
 * Reads the rows of `agendaId` (and of its archived documents) through
 * `workspace.forEachDocument`: only the rows are kept,
 * never the whole agenda's documents at once (bench B6 measures that memory). `rates` is the
 * exchange-rate check's reference table (default: the shipped one). The person's answers to
 * warnings (`allAcknowledgements`, when the workspace has them) are applied to the rows.
 */
export async function readAgendaRows(
  workspace: Pick<RowsPort, 'forEachDocument' | 'listAgendas' | 'allAcknowledgements'>,
  agendaId: number,
  rates?: ReferenceRateTable,
): Promise<AgendaRows> {
  const company = await companyOf(workspace, agendaId)
  const answers = workspace.allAcknowledgements ? await workspace.allAcknowledgements() : new Map()
  const answersOf = (id: number) => answers.get(id) ?? NO_ANSWERS
  const index = new DuplicateIndexBuilder()
  const strings = createStringPool()
  const rows: DocumentRow[] = []
  const archived: DocumentRow[] = []
  const accounts = new Map<number, SupplierAccountRecord>()
  await workspace.forEachDocument(
    agendaId,
    (doc) => {
      if (doc.local.archived) return void archived.push(toDocumentRow(doc, company, rates, strings, answersOf(doc.id)))
      index.addDocument(doc)
      rows.push(toDocumentRow(doc, company, rates, strings, answersOf(doc.id)))
      const account = supplierAccountRecordOf(doc as CheckedDocument)
      if (account) accounts.set(doc.id, account)
    },
    { archived: true },
  )
  return { rows, archived, byKey: index.build(), company, accounts }
}

/**
 * The rows of the agendas the renderer lists, kept in main between calls so that opening an
 * agenda, the sidebar counts and the duplicate check of `documents.get` do not read (and
 * JSON-parse) every cached document of the agenda each time: 10,000 documents are about
 * 30 MB of JSON in the store, 300 ms and tens of MB of native memory per read (bench B3, B6).
 *
 * Exactness comes from the workspace's events, which follow every store write:
 * - `documents.changed` marks its `documentIds` for re-reading one by one (an outbox action,
 *   a push's answer, the documents a delta pull brought) and drops the agendas in `agendaIds`
 *   (a full listing, an agenda whose documents were removed, an upload; a pull that fails
 *   half-way, the agendas whose pages it wrote) to be read again whole; without either,
 *   everything is dropped. A pull that changed nothing emits nothing.
 * Marked documents are re-read before the next answer (more than 200 drop the agenda
 * instead). A whole read that overlapped an event dropping agendas is answered but not kept;
 * documents marked while a read or a re-read runs stay marked for the next answer, so a stream
 * of single-document events (evidence read, actions settling) never makes an agenda of 10,000
 * be read whole again and again. Calls are served one at a time, so an answer always reflects
 * every event emitted before it was asked for.
 * An answer to a warning (*Acknowledge*, *Not a duplicate*, or its withdrawal) comes with a
 * `documents.changed` naming the document, so its row is read again with the answers applied.
 * The cache belongs to one workspace object: another one (account switch) starts empty.
 * `rates` gives the exchange-rate check's table at each read (new reference days come with a
 * `documents.changed` that drops everything).
 */
export class AgendaRowCache {
  private workspace: RowsPort | null = null
  private readonly agendas = new Map<number, AgendaRows>()
  private readonly dirty = new Set<number>()
  private generation = 0
  private tail: Promise<unknown> = Promise.resolve()
  private readonly unsubscribe: () => void

  constructor(
    private readonly getWorkspace: () => RowsPort,
    subscribe: SubscribeToEvents,
    private readonly rates?: () => ReferenceRateTable,
  ) {
    this.unsubscribe = subscribe((event, payload) => this.onEvent(event, payload))
  }

  /** Stops following events (the cache then only serves fresh reads). */
  close(): void {
    this.unsubscribe()
    this.dropAll()
  }

  /**
   * The rows and duplicate index of an agenda, from the cache when it is current, else read
   * from the workspace. Errors of the workspace (e.g. `not_signed_in`) pass through.
   */
  get(agendaId: number): Promise<AgendaRows> {
    const run = this.tail.then(() => this.serve(agendaId))
    this.tail = run.catch(() => undefined)
    return run
  }

  /**
   * The rows of each of `agendaIds`, in order, each as {@link get} answers it (an agenda that
   * cannot be read answers its error in its place), served as one call: the All agendas queue
   * and the sidebar ask for 200 agendas on every view, and 200 calls in the queue cost more
   * than the answers themselves once the agendas are cached.
   */
  getEach(agendaIds: readonly number[]): Promise<RowsOrError[]> {
    const run = this.tail.then(async () => {
      const answers: RowsOrError[] = []
      for (const agendaId of agendaIds) {
        try {
          answers.push({ rows: await this.serve(agendaId) })
        } catch (error) {
          answers.push({ error })
        }
      }
      return answers
    })
    this.tail = run.catch(() => undefined)
    return run
  }

  private async serve(agendaId: number): Promise<AgendaRows> {
    const workspace = this.getWorkspace()
    if (workspace !== this.workspace) {
      this.workspace = workspace
      this.dropAll()
    }
    if (agendaId <= 0) return readAgendaRows(workspace, agendaId, this.rates?.())
    let patched = true
    if (this.dirty.size > MAX_PATCHED) this.dropAll()
    else if (this.dirty.size > 0) patched = await this.patch(workspace)
    const cached = this.agendas.get(agendaId)
    // Documents marked while the patch ran came after this call was asked: the next answer has them.
    if (cached && patched) return cached
    const generation = this.generation
    const read = await readAgendaRows(workspace, agendaId, this.rates?.())
    if (generation === this.generation && workspace === this.workspace) this.agendas.set(agendaId, read)
    return read
  }

  /**
   * Re-reads the marked documents and moves them into (or out of) the cached agendas. False
   * when an agenda was dropped meanwhile (the documents stay marked).
   */
  private async patch(workspace: RowsPort): Promise<boolean> {
    const ids = [...this.dirty]
    this.dirty.clear()
    const generation = this.generation
    const views = await Promise.all(ids.map((id) => workspace.getDocument(id)))
    const answers = new Map<number, readonly Acknowledgement[]>()
    if (workspace.acknowledgements) {
      const read = await Promise.all(ids.map((id) => workspace.acknowledgements!(id)))
      ids.forEach((id, i) => answers.set(id, read[i]!))
    }
    if (generation !== this.generation) {
      // An agenda was dropped meanwhile; the documents may have changed again: read them next time.
      for (const id of ids) this.dirty.add(id)
      return false
    }
    const changed = new Set(ids)
    const rates = this.rates?.()
    for (const [agendaId, entry] of this.agendas) {
      // The rows read again share their names and dates with the rows they replace.
      const strings = createStringPool()
      const keep = (list: readonly DocumentRow[]): DocumentRow[] => {
        const kept: DocumentRow[] = []
        for (const row of list) {
          if (!changed.has(row.id)) kept.push(row)
          else poolStringsOf(row, strings)
        }
        return kept
      }
      const kept = keep(entry.rows)
      const keptArchived = keep(entry.archived)
      const inAgenda = views.filter((doc): doc is CachedDocument => doc !== null && doc.agenda_id === agendaId)
      const added = inAgenda.filter((doc) => !doc.local.archived)
      const addedArchived = inAgenda.filter((doc) => doc.local.archived)
      const rowsSame = kept.length === entry.rows.length && added.length === 0
      const archivedSame = keptArchived.length === entry.archived.length && addedArchived.length === 0
      if (rowsSame && archivedSame) continue
      const toRow = (doc: CachedDocument) =>
        toDocumentRow(doc, entry.company, rates, strings, answers.get(doc.id) ?? NO_ANSWERS)
      this.agendas.set(agendaId, {
        // Unchanged lists stay the same arrays: what is derived from them (sort orders, counts) stays too.
        rows: rowsSame ? entry.rows : mergeById(kept, added.map(toRow)),
        archived: archivedSame ? entry.archived : mergeById(keptArchived, addedArchived.map(toRow)),
        byKey: rowsSame ? entry.byKey : entry.byKey.with(changed, added),
        company: entry.company,
        accounts: rowsSame ? entry.accounts : withAccounts(entry.accounts, changed, added),
      })
    }
    return true
  }

  private onEvent(event: string, payload: unknown): void {
    if (event === 'documents.changed') {
      const { documentIds, agendaIds } = (payload ?? {}) as { documentIds?: unknown; agendaIds?: unknown }
      const docs = Array.isArray(documentIds) ? documentIds.filter((id): id is number => typeof id === 'number') : []
      const agendas = Array.isArray(agendaIds) ? agendaIds.filter((id): id is number => typeof id === 'number') : []
      if (docs.length === 0 && agendas.length === 0) return this.dropAll()
      // Only dropping an agenda makes a read under way stale; a marked document is re-read anyway.
      if (agendas.length > 0) this.generation++
      for (const id of agendas) this.agendas.delete(id)
      for (const id of docs) this.dirty.add(id)
    }
  }

  private dropAll(): void {
    this.generation++
    this.agendas.clear()
    this.dirty.clear()
  }
}

/** Puts the names and dates of `row` into `strings`. */
function poolStringsOf(row: DocumentRow, strings: StringPool): void {
  for (const value of [row.supplierName, row.counterpartyName, row.issueDate, row.dueDate]) if (value) strings(value)
}

/**
 * `rows` (id descending) and `added` (any order, ids not in `rows`; sorted in place) in one
 * array, id descending: `rows` itself when nothing is added.
 */
function mergeById(rows: DocumentRow[], added: DocumentRow[]): DocumentRow[] {
  if (added.length === 0) return rows
  added.sort((a, b) => b.id - a.id)
  const merged: DocumentRow[] = new Array<DocumentRow>(rows.length + added.length)
  let r = 0
  let a = 0
  for (let i = 0; i < merged.length; i++) {
    merged[i] = a >= added.length || (r < rows.length && rows[r]!.id > added[a]!.id) ? rows[r++]! : added[a++]!
  }
  return merged
}
