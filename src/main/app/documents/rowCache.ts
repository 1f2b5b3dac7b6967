import { agendaProfileOf, type AgendaProfile } from '../../../shared/checks/context'
import { duplicateCandidateOf, duplicateKeysOf, type DuplicateCandidate } from '../../../shared/checks/duplicates'
import type { ReferenceRateTable } from '../../../shared/checks/exchangeRate'
import type { DocumentRow } from '../../../shared/ipc'
import type { CachedDocument, OfflineWorkspace } from '../../offline'
import type { SubscribeToEvents } from '../eventBus'
import { toDocumentRow } from './rows'

/**
 * The part of the offline workspace the rows are read from; `listAgendas`, when given,
 * supplies the agenda's company and home currency to the rows' warning flags.
 */
export type RowsWorkspace = Pick<OfflineWorkspace, 'forEachDocument' | 'getDocument'> &
  Partial<Pick<OfflineWorkspace, 'listAgendas'>>

/**
 * What the agenda and document handlers need of one agenda: the inbox rows (id descending,
 * as `OfflineWorkspace.listDocuments`) and the supplier + invoice number index of the duplicate
 * check. Arrays and maps are never mutated once handed out (a change builds new ones).
 */
export interface AgendaRows {
  rows: readonly DocumentRow[]
  /** Duplicate candidates by each of their {@link duplicateKeysOf} (documents without a key are left out). */
  byKey: ReadonlyMap<string, readonly DuplicateCandidate[]>
  /** The agenda's company and home currency the rows were flagged against (null when unknown). */
  company: AgendaProfile | null
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

/** Above this many changed documents, an agenda is read again whole instead of one by one. */
const MAX_PATCHED = 200

/**
 * Reads the rows of `agendaId` through `workspace.forEachDocument`: only the rows are kept,
 * never the whole agenda's documents at once (bench B6 measures that memory). `rates` is the
 * exchange-rate check's reference table (default: the shipped one).
 */
export async function readAgendaRows(
  workspace: Pick<RowsWorkspace, 'forEachDocument' | 'listAgendas'>,
  agendaId: number,
  rates?: ReferenceRateTable,
): Promise<AgendaRows & { byKey: Map<string, DuplicateCandidate[]> }> {
  const company = await companyOf(workspace, agendaId)
  const byKey = new Map<string, DuplicateCandidate[]>()
  const rows: DocumentRow[] = []
  await workspace.forEachDocument(agendaId, (doc) => {
    addCandidate(byKey, doc)
    rows.push(toDocumentRow(doc, company, rates))
  })
  return { rows, byKey, company }
}

function addCandidate(byKey: Map<string, DuplicateCandidate[]>, doc: CachedDocument): void {
  const candidate = duplicateCandidateOf(doc)
  for (const { key } of duplicateKeysOf(candidate)) {
    const list = byKey.get(key)
    if (list) list.push(candidate)
    else byKey.set(key, [candidate])
  }
}

interface Entry extends AgendaRows {
  byKey: Map<string, DuplicateCandidate[]>
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
 * instead). A read that overlapped an event is answered but not kept. Calls are served one
 * at a time, so an answer always reflects every event emitted before it was asked for.
 * The cache belongs to one workspace object: another one (account switch) starts empty.
 * `rates` gives the exchange-rate check's table at each read (new reference days come with a
 * `documents.changed` that drops everything).
 */
export class AgendaRowCache {
  private workspace: RowsWorkspace | null = null
  private readonly agendas = new Map<number, Entry>()
  private readonly dirty = new Set<number>()
  private generation = 0
  private tail: Promise<unknown> = Promise.resolve()
  private readonly unsubscribe: () => void

  constructor(
    private readonly getWorkspace: () => RowsWorkspace,
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

  private async serve(agendaId: number): Promise<AgendaRows> {
    const workspace = this.getWorkspace()
    if (workspace !== this.workspace) {
      this.workspace = workspace
      this.dropAll()
    }
    if (agendaId <= 0) return readAgendaRows(workspace, agendaId, this.rates?.())
    if (this.dirty.size > MAX_PATCHED) this.dropAll()
    else if (this.dirty.size > 0) await this.patch(workspace)
    const cached = this.agendas.get(agendaId)
    if (cached && this.dirty.size === 0) return cached
    const generation = this.generation
    const read = await readAgendaRows(workspace, agendaId, this.rates?.())
    if (generation === this.generation && workspace === this.workspace) this.agendas.set(agendaId, read)
    return read
  }

  /** Re-reads the marked documents and moves them into (or out of) the cached agendas. */
  private async patch(workspace: RowsWorkspace): Promise<void> {
    const ids = [...this.dirty]
    this.dirty.clear()
    const generation = this.generation
    const views = await Promise.all(ids.map((id) => workspace.getDocument(id)))
    if (generation !== this.generation) {
      // An agenda was dropped meanwhile; the documents may have changed again: read them next time.
      for (const id of ids) this.dirty.add(id)
      return
    }
    const changed = new Set(ids)
    for (const [agendaId, entry] of this.agendas) {
      let rows = entry.rows.filter((row) => !changed.has(row.id))
      const added = views.filter(
        (doc): doc is CachedDocument => doc !== null && doc.agenda_id === agendaId && !doc.local.archived,
      )
      if (rows.length === entry.rows.length && added.length === 0) continue
      for (const doc of added) rows = insertById(rows, toDocumentRow(doc, entry.company, this.rates?.()))
      const byKey = new Map<string, DuplicateCandidate[]>()
      for (const [key, list] of entry.byKey) {
        const kept = list.filter((c) => !changed.has(c.id))
        if (kept.length > 0) byKey.set(key, kept)
      }
      for (const doc of added) addCandidate(byKey, doc)
      this.agendas.set(agendaId, { rows, byKey, company: entry.company })
    }
  }

  private onEvent(event: string, payload: unknown): void {
    if (event === 'documents.changed') {
      const { documentIds, agendaIds } = (payload ?? {}) as { documentIds?: unknown; agendaIds?: unknown }
      const docs = Array.isArray(documentIds) ? documentIds.filter((id): id is number => typeof id === 'number') : []
      const agendas = Array.isArray(agendaIds) ? agendaIds.filter((id): id is number => typeof id === 'number') : []
      this.generation++
      if (docs.length === 0 && agendas.length === 0) return this.dropAll()
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

/** A copy of `rows` (id descending) with `row` at its place. */
function insertById(rows: readonly DocumentRow[], row: DocumentRow): DocumentRow[] {
  let low = 0
  let high = rows.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (rows[mid]!.id > row.id) low = mid + 1
    else high = mid
  }
  return [...rows.slice(0, low), row, ...rows.slice(low)]
}
