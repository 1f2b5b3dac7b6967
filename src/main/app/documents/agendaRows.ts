import { duplicateCandidateOf, duplicateKeysOf, type DuplicateCandidate } from '../../../shared/checks/duplicates'
import type { ReferenceRateTable } from '../../../shared/checks/exchangeRate'
import type { CachedDocument } from '../../offline'
import type { SubscribeToEvents } from '../eventBus'
import { AgendaRowCache, readAgendaRows, type AgendaRows, type RowsWorkspace } from './rowCache'

/** Where the agenda and document handlers get an agenda's rows and duplicate candidates. */
export interface AgendaRowsSource {
  /** The inbox rows and duplicate index of an agenda. Workspace errors pass through. */
  rowsOf(agendaId: number): Promise<AgendaRows>
  /** The documents of `doc`'s agenda that share one of its duplicate keys (all the check needs to see). */
  candidatesOf(doc: CachedDocument): Promise<readonly DuplicateCandidate[]>
}

export interface AgendaRowsOptions {
  /** The current time, for the age of the duplicate index (defaults to the system clock). */
  now?: () => Date
  /**
   * How long the supplier + invoice number index of an agenda (duplicate check) may be reused
   * by `documents.get` without reading the agenda again, in ms (default 60,000). Every
   * `documents.list` and `agendas.list` refreshes it, and the renderer lists again on each
   * `documents.changed`, so in practice it is current; reading 10,000 documents per open
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
 * The rows of each agenda for `agendas.list`, `documents.list` and the duplicate check of
 * `documents.get`: from the {@link AgendaRowCache} when events are given, else read on each
 * listing, with the last read reused for the duplicate check while younger than
 * `duplicateIndexMaxAgeMs`. `getWorkspace` is called on each request (it changes with the account).
 */
export function createAgendaRowsSource(
  getWorkspace: () => RowsWorkspace,
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

  return {
    rowsOf,
    async candidatesOf(doc) {
      const keys = duplicateKeysOf(duplicateCandidateOf(doc))
      if (keys.length === 0) return []
      const timed = cache ? undefined : lastRead.get(doc.agenda_id)
      const rows = await (timed && now().getTime() - timed.at <= maxAge ? timed.rows : rowsOf(doc.agenda_id))
      const found = new Map<number, DuplicateCandidate>()
      for (const { key } of keys) for (const candidate of rows.byKey.get(key) ?? []) found.set(candidate.id, candidate)
      return [...found.values()]
    },
  }
}
