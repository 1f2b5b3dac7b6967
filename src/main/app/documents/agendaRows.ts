import { duplicateCandidateOf, duplicateKeysOf, type DuplicateCandidate } from '../../../shared/checks/duplicates'
import type { ReferenceRateTable } from '../../../shared/checks/exchangeRate'
import type { DocumentRow } from '../../../shared/ipc'
import type { CachedDocument } from '../../offline'
import type { SubscribeToEvents } from '../eventBus'
import { duplicateKeyStrings } from './duplicateIndex'
import { AgendaRowCache, readAgendaRows, type AgendaRows, type RowsOrError, type RowsPort } from './rowCache'
import { withDuplicateFlags } from './rows'

/** Where the agenda and document handlers get an agenda's rows and duplicate candidates. */
export interface AgendaRowsSource {
  /** The inbox rows (own warnings only) and duplicate index of an agenda. Workspace errors pass through. */
  rowsOf(agendaId: number): Promise<AgendaRows>
  /**
   * What {@link rowsOf} answers for each of `agendaIds`, in order, an agenda that cannot be
   * read answering its error in its place: one call for the agendas of All agendas and the
   * sidebar instead of one per agenda. Never rejects.
   */
  rowsOfEach(agendaIds: readonly number[]): Promise<RowsOrError[]>
  /**
   * The inbox rows of an agenda, id descending, with `duplicate` added to the warnings of each
   * document that shares a duplicate key with another one ({@link withDuplicateFlags}). With
   * the row cache, the same array while the agenda is unchanged and a new one after any
   * change (callers may key what they derive by it); without it, a new array at each call.
   * The array and its rows are never changed. Workspace errors pass through.
   */
  flaggedRowsOf(agendaId: number): Promise<readonly DocumentRow[]>
  /**
   * The rows of the agenda's archived documents the cache still holds, id descending (the
   * *Archived* tab; no duplicate flags: they are out of the duplicate check). The same array
   * while they are unchanged. Workspace errors pass through.
   */
  archivedRowsOf(agendaId: number): Promise<readonly DocumentRow[]>
  /**
   * The documents of the account (`doc`'s agenda first, then every other cached agenda) that
   * share one of its duplicate keys (all the check needs to see; in other agendas the
   * supplier's keys and the file's content hash, not its file name), each with its agenda's
   * name, `doc` included when it is listed. Exact: the documents the agendas' indexes name are read from the workspace and kept
   * only when they are still in that agenda, not archived, and carry one of the keys; an agenda
   * other than `doc`'s that cannot be read adds none. At most {@link MAX_DUPLICATE_CANDIDATES} others (the newest the index
   * names), so a file name thousands of uploads share costs a few dozen reads, not thousands.
   * Workspace errors pass through.
   */
  candidatesOf(doc: CachedDocument): Promise<readonly DuplicateCandidate[]>
  /**
   * The rows of an agenda as the checks of `documents.get` read them (duplicates, the
   * suppliers' bank accounts): the row cache's, exact, when events are given; without them, the
   * last read while younger than `duplicateIndexMaxAgeMs`, so opening documents does not read
   * every agenda again each time. Workspace errors pass through.
   */
  recentRowsOf(agendaId: number): Promise<AgendaRows>
  /** {@link recentRowsOf} of each of `agendaIds`, in order, errors in their places, in one call. Never rejects. */
  recentRowsOfEach(agendaIds: readonly number[]): Promise<RowsOrError[]>
}

export interface AgendaRowsOptions {
  /** The current time, for the age of the duplicate index (defaults to the system clock). */
  now?: () => Date
  /**
   * How long the supplier + invoice number index of an agenda (duplicate check) may be reused
   * by `documents.get` without reading the agenda again, in ms (default 60,000). Every
   * `documents.query` and `agendas.list` refreshes it, and main works the watched views out again
   * on each `documents.changed` (watch.ts), so in practice it is current; reading 10,000 documents per open
   * would not be.
   */
  duplicateIndexMaxAgeMs?: number
  /**
   * The app's events (`bus.connect`). Given, the rows and duplicate index of each listed agenda
   * are kept between calls and updated from `documents.changed` ({@link AgendaRowCache}), and
   * `duplicateIndexMaxAgeMs` no longer applies; without it, every listing reads the agenda again.
   */
  subscribe?: SubscribeToEvents
  /** The exchange-rate check's reference table, asked at each read (default: the one shipped with Docket). */
  referenceRates?: () => ReferenceRateTable
}

/**
 * Other documents a duplicate check names at most: enough to act on, and a bound on the
 * documents read to find them (each is read from the store and its keys checked exactly).
 */
export const MAX_DUPLICATE_CANDIDATES = 25
/** Candidate documents read at once. */
const CANDIDATE_BATCH = 25

/**
 * The rows of each agenda for `agendas.list`, `documents.query`, `documents.rows` and the duplicate check of
 * `documents.get`: from the {@link AgendaRowCache} when events are given, else read on each
 * listing, with the last read reused for the duplicate check while younger than
 * `duplicateIndexMaxAgeMs`. `getWorkspace` is called on each request (it changes with the account).
 */
export function createAgendaRowsSource(
  getWorkspace: () => RowsPort,
  options: AgendaRowsOptions = {},
): AgendaRowsSource {
  const now = options.now ?? (() => new Date())
  const maxAge = options.duplicateIndexMaxAgeMs ?? 60_000
  const cache = options.subscribe ? new AgendaRowCache(getWorkspace, options.subscribe, options.referenceRates) : null
  /** Without the row cache: the last read of each agenda (a read in flight is shared). */
  const lastRead = new Map<number, { at: number; rows: Promise<AgendaRows> }>()

  const rowsOf = (agendaId: number): Promise<AgendaRows> => {
    if (cache) return cache.get(agendaId)
    const rows = readAgendaRows(getWorkspace(), agendaId, options.referenceRates?.())
    lastRead.set(agendaId, { at: now().getTime(), rows })
    rows.catch(() => {
      if (lastRead.get(agendaId)?.rows === rows) lastRead.delete(agendaId)
    })
    return rows
  }

  const rowsOfEach = (agendaIds: readonly number[]): Promise<RowsOrError[]> =>
    cache ? cache.getEach(agendaIds) : eachInTurn(agendaIds, rowsOf)

  const recentRowsOf = (agendaId: number): Promise<AgendaRows> => {
    const timed = cache ? undefined : lastRead.get(agendaId)
    return timed && now().getTime() - timed.at <= maxAge ? timed.rows : rowsOf(agendaId)
  }

  /** {@link recentRowsOf} of each agenda, in order, in one call of the row cache (errors in their places). */
  const recentRowsOfEach = (agendaIds: readonly number[]): Promise<RowsOrError[]> =>
    cache ? cache.getEach(agendaIds) : eachInTurn(agendaIds, recentRowsOf)

  return {
    rowsOf,
    rowsOfEach,
    recentRowsOf,
    recentRowsOfEach,
    async flaggedRowsOf(agendaId) {
      const listed = await rowsOf(agendaId)
      return withDuplicateFlags(listed.rows, listed.byKey)
    },
    async archivedRowsOf(agendaId) {
      return (await rowsOf(agendaId)).archived
    },
    async candidatesOf(doc) {
      const keys = duplicateKeyStrings(doc)
      if (keys.length === 0) return []
      // Across agendas only the supplier's keys and the file's bytes count: a shared file name
      // ("scan.pdf") in another company's agenda says nothing.
      const supplierKeys = duplicateKeysOf(duplicateCandidateOf(doc))
        .filter(({ match }) => match !== 'file')
        .map(({ key }) => key)
      /** Each document an index names under one of the keys, with the agenda whose index named it. */
      const agendaOf = new Map<number, number>()
      const collect = (agendaId: number, rows: AgendaRows, keys: readonly string[]): void => {
        for (const key of keys)
          for (const id of rows.byKey.idsUnder(key)) if (!agendaOf.has(id)) agendaOf.set(id, agendaId)
      }
      // The document's own agenda first (its errors pass through), then every other agenda of
      // the account: the same invoice booked in two agendas is paid twice all the same.
      collect(doc.agenda_id, await recentRowsOf(doc.agenda_id), keys)
      const workspace = getWorkspace()
      const agendas = workspace.listAgendas ? await workspace.listAgendas().catch(() => []) : []
      const otherAgendas = supplierKeys.length === 0 ? [] : agendas.filter((agenda) => agenda.id !== doc.agenda_id)
      const otherRows = await recentRowsOfEach(otherAgendas.map((agenda) => agenda.id))
      otherAgendas.forEach((agenda, index) => {
        const read = otherRows[index]!
        // An agenda the cache cannot read adds no candidates; the others are still compared.
        if ('rows' in read) collect(agenda.id, read.rows, supplierKeys)
      })
      const ids = [...agendaOf.keys()]
      const wanted = new Set(keys)
      const wantedElsewhere = new Set(supplierKeys)
      /** Still a candidate: listed in the agenda that named it, not archived, and carrying one of the keys. */
      const qualifies = (other: CachedDocument | null | undefined): other is CachedDocument => {
        if (!other || other.agenda_id !== agendaOf.get(other.id) || other.local?.archived) return false
        const keysHere = other.agenda_id === doc.agenda_id ? wanted : wantedElsewhere
        return duplicateKeyStrings(other).some((key) => keysHere.has(key))
      }
      /** A candidate with the name of its agenda (the check names it for a byte-identical file). */
      const named = (other: CachedDocument): DuplicateCandidate => ({
        ...duplicateCandidateOf(other),
        agendaName: agendas.find((agenda) => agenda.id === other.agenda_id)?.name ?? null,
      })
      const found: DuplicateCandidate[] = ids.includes(doc.id) && qualifies(doc) ? [named(doc)] : []
      const otherIds = ids.filter((id) => id !== doc.id)
      let others = 0
      // Read in small batches and stop once enough are found: a file name that thousands of
      // uploads share ("scan.pdf") would otherwise read thousands of documents per open.
      for (let start = 0; start < otherIds.length && others < MAX_DUPLICATE_CANDIDATES; start += CANDIDATE_BATCH) {
        const read = await Promise.all(
          otherIds.slice(start, start + CANDIDATE_BATCH).map((id) => workspace.getDocument(id)),
        )
        for (const other of read) {
          if (others >= MAX_DUPLICATE_CANDIDATES || !qualifies(other)) continue
          others++
          found.push(named(other))
        }
      }
      return found
    },
  }
}

/** `read` of each agenda one after the other (never many agendas' documents read at once), errors in their places. */
async function eachInTurn(
  agendaIds: readonly number[],
  read: (agendaId: number) => Promise<AgendaRows>,
): Promise<RowsOrError[]> {
  const answers: RowsOrError[] = []
  for (const agendaId of agendaIds) {
    try {
      answers.push({ rows: await read(agendaId) })
    } catch (error) {
      answers.push({ error })
    }
  }
  return answers
}
