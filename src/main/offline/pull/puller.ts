import { ApiError } from '../../api/errors'
import { listingStopOf } from '../../api/pagination'
import { PAGE_SIZE, type WorkspaceClient } from '../client'
import type { Connectivity, Reason } from '../connectivity'
import type { SyncEvents } from '../events'
import type { FileCache } from '../files'
import type { Clock, EngineOptions } from '../options'
import { classifyRequestError } from '../outcomes'
import type { Outbox } from '../outbox'
import type { PushedDocuments } from '../pushedDocuments'
import type { Retention, WrittenFacts } from '../retention'
import type { PullCursor, Store } from '../store'
import { settleCorrections } from '../corrections'
import { reconcileAgendas } from './agendas'
import { pullComments } from './comments'
import { agendaSince, nextCursor, planPull } from './cursor'
import { startListing, type Listing } from './listing'
import { agendaPull, PageWriter, type AgendaPull, type PullRun } from './pageWriter'
import type { PullProgress } from './progress'
import { removeUnlisted } from './removals'

/** What a pull uses. */
export interface PullerDeps {
  store: Store
  client: WorkspaceClient
  files: FileCache
  outbox: Outbox
  clock: Clock
  options: Pick<
    EngineOptions,
    'pullConcurrency' | 'maxPagesPerListing' | 'pullDeadlineMs' | 'overlapMs' | 'fullPullIntervalMs'
  >
  connectivity: Connectivity
  events: SyncEvents
  pushed: PushedDocuments
  progress: PullProgress
  retention: Retention
}

/** What a complete pull listed: for the poll schedule (quiet agendas are polled less often). */
export interface PullSummary {
  full: boolean
  /** The agendas of the account. */
  agendaIds: number[]
  /** Every agenda listed, and whether its listing changed anything in the store. */
  agendas: { agendaId: number; changed: boolean }[]
}

/**
 * Pulls the service into the store: agendas, documents (full the first time and every
 * `fullPullIntervalMs`, otherwise `modified_since` each agenda's last listing minus the
 * overlap; a background pull may list only the agendas due, `scope`) and the
 * comments of changed documents, then sweeps retention when due. Every agenda's listing
 * starts at once and each page is written as it arrives (pull/pageWriter.ts), so store work
 * overlaps with the pages still on the wire (bench B1). A delta lists the agendas of the last
 * pull alongside `GET /agendas` (one round trip, not two: bench B2); an agenda gone meanwhile
 * has its listing dropped, a new one is listed in full. A failed listing leaves the pages
 * written so far (they are the service's state) and the cursor unmoved, so the next pull
 * repeats it. A listing that would never end (`listingStopOf`: ids out of order, pages
 * repeating themselves, past `maxPagesPerListing` pages) does not fail the pull: its agenda is
 * held ({@link heldAgendas}), the documents that listing added to the cache are removed again,
 * and the other agendas go on; held agendas are not listed until "sync now" lifts the hold.
 */
export class Puller {
  /** When the last complete pull began (UTC ISO 8601), or null. */
  lastSyncAt: string | null = null
  /** Agendas whose listing ran away (`listingStopOf`), with why: not listed until {@link releaseHeld}. */
  private readonly held = new Map<number, Reason>()
  /**
   * The stored pull cursor as this puller last read or wrote it (undefined: none stored; null:
   * not read yet). The puller is the cursor's only writer once the workspace is open (opening
   * may delete it, before {@link init}), so a pull plans from memory and its listings leave
   * without waiting for a store read (bench B2: under load that read took up to 15 ms).
   */
  private cursor: PullCursor | undefined | null = null

  constructor(private readonly deps: PullerDeps) {}

  /**
   * The agendas held after a listing that would never end (out of order, repeating itself,
   * past the cap of `maxPagesPerListing` pages): pulls leave them alone, so a service gone
   * wrong costs one listing's requests, not one per pull. The person lifts the hold with "sync
   * now" ({@link releaseHeld}).
   */
  heldAgendas(): { agendaId: number; code: string; message: string }[] {
    return [...this.held].map(([agendaId, reason]) => ({ agendaId, ...reason }))
  }

  /** Lifts every hold: the next pull lists those agendas again, in full. */
  releaseHeld(): void {
    this.held.clear()
  }

  /** Reads where the last pull (of an earlier session) left off. */
  async init(): Promise<void> {
    this.cursor = await this.deps.store.getCursor()
    this.lastSyncAt = this.cursor?.lastPullAt ?? null
  }

  /**
   * One pull. `scope`: in a delta, list only these known agendas (new agendas are listed in
   * full all the same; a full pull lists every agenda). Returns what it listed, or null when
   * it failed: the error went to connectivity (offline, paused, or the service failing:
   * retried after a backoff), never thrown.
   */
  async pull(scope?: ReadonlySet<number>): Promise<PullSummary | null> {
    const { store, client, files, outbox, clock, options, connectivity, events, pushed, progress, retention } =
      this.deps
    const mark = pushed.mark()
    // A refusal answered to the sign-in before the next one pauses nothing (connectivity.ts).
    const sentUnder = connectivity.signInEpoch
    const pushedMeanwhile = (id: number) => pushed.since(mark, id)
    const abortListings = new AbortController()
    let writer: PageWriter | null = null
    let succeeded = false
    // The step's own deadline: a service answering every page slowly, each within its request's deadline.
    let pastDeadline = false
    const deadline = setTimeout(() => {
      pastDeadline = true
      abortListings.abort()
    }, options.pullDeadlineMs)
    deadline.unref?.()
    try {
      const startedAt = clock()
      // The agenda list is asked before any store read, so it leaves at once and the service
      // answers it first; with the cursor in memory a delta's listings leave right after it,
      // and the outbox is read while they are on the wire (bench B1, B2, B8); if a read fails,
      // the answers are dropped.
      const agendaList = client.listAgendas()
      agendaList.catch(() => undefined)
      const busyRead = outbox.busyDocumentIds()
      busyRead.catch(() => undefined)
      if (this.cursor === null) this.cursor = await store.getCursor()
      const cursor = this.cursor
      const plan = planPull(cursor, startedAt, options)
      /** Ids outbox entries refer to; filled before any page is written (`openFor` below). */
      const busy = new Set<number>()
      const documentIds: number[] = []
      /** Agendas a reader must read again whole: listed in full, record changed or gone, documents removed. */
      const touched = new Set<number>()
      const run: PullRun = {
        changed: [],
        repaired: [],
        written: new Map(),
        // Exported documents past the retention period are not cached (the sweep drops old copies).
        cutoffMs: retention.cutoffMs(),
        busy,
        pushedMeanwhile,
        pushedEver: (id) => pushed.ever(id),
      }
      const pages = new PageWriter(store, clock, run, () => abortListings.abort())
      writer = pages
      const start = (agendaId: number, full: boolean, cached: ReadonlySet<number> | null) => {
        const pull = agendaPull(agendaId, cached)
        const listing = startListing(client, {
          agendaId,
          full,
          concurrency: options.pullConcurrency,
          maxPages: options.maxPagesPerListing,
          signal: abortListings.signal,
          ...(full ? {} : { modifiedSince: agendaSince(cursor!, agendaId, options.overlapMs) }),
          onPage: (documents, { pages: received }) => {
            progress.pageArrived(agendaId, received, documents.length === PAGE_SIZE)
            pages.add(pull, documents)
          },
        })
        return { listing, pull }
      }
      // The stored agendas are read while the agenda list is on the wire, and a delta's known
      // agendas are listed meanwhile.
      const storedAgendas = store.listAgendas()
      storedAgendas.catch(() => undefined)
      const early = new Map<number, { listing: Listing; pull: AgendaPull }>()
      const known = new Set(plan.full ? [] : cursor!.agendaIds)
      if (!plan.full)
        for (const id of known)
          if ((!scope || scope.has(id)) && !this.held.has(id)) early.set(id, start(id, false, null))

      const agendas = await agendaList
      connectivity.reached()
      const listedIds = new Set(agendas.map((a) => a.id))
      // Listed in full: every agenda in a full pull, and agendas new since the last pull.
      const fullIds = new Set(agendas.filter((a) => !known.has(a.id)).map((a) => a.id))
      // A full listing returns every document of its agenda: only those cached when the pull
      // began (or written by a push) can have a stored copy to read (a first sync reads none:
      // bench B1). Filled below by one scan of the keys, before any page is written.
      const storedIds: Set<number> | null = fullIds.size > 0 ? new Set() : null
      // The full listings start now, so their first pages travel while the store work below runs.
      const listings = agendas.map(
        (agenda) =>
          early.get(agenda.id) ??
          (fullIds.has(agenda.id) && !this.held.has(agenda.id) ? start(agenda.id, true, storedIds) : null),
      )
      const reconciled = reconcileAgendas(store, await storedAgendas, agendas)
      for (const id of reconciled.touched) touched.add(id)
      await store.batch(reconciled.ops)
      for (const [id, { listing }] of early) {
        if (listedIds.has(id)) continue
        listing.abort()
        progress.forget(id)
      }
      /** Per fully listed agenda, the ids it had cached when the pull began (candidates for removal). */
      const cachedAtStart = new Map<number, number[]>()
      for (const agenda of agendas) {
        if (!fullIds.has(agenda.id)) {
          if (early.has(agenda.id)) progress.atLeast(agenda.id, 1)
          continue
        }
        const ids = await store.documentIdsOf(agenda.id)
        cachedAtStart.set(agenda.id, ids)
        progress.atLeast(agenda.id, Math.ceil(ids.length / PAGE_SIZE))
      }
      if (storedIds) for await (const id of store.documentIds()) storedIds.add(id)
      for (const id of await busyRead) busy.add(id)
      pages.openFor(listedIds)
      progress.publish()
      const summary: PullSummary = { full: plan.full, agendaIds: agendas.map((a) => a.id), agendas: [] }
      for (const [index, agenda] of agendas.entries()) {
        const started = listings[index]
        if (!started) continue
        const { listing, pull } = started
        try {
          await listing.done
        } catch (error) {
          if (pages.failure !== undefined || listingStopOf(error) === undefined) throw pages.failure ?? error
          // A listing that would never end: hold its agenda, drop what it brought, go on with the others.
          await pages.settled()
          if (pages.failure !== undefined) throw pages.failure
          this.held.set(agenda.id, { code: 'bad_response', message: (error as Error).message })
          progress.ended(agenda.id, listing.pages)
          documentIds.push(...(await removeUnlisted(store, files, pull.added, new Set(), pushedMeanwhile)))
          touched.add(agenda.id)
          continue
        }
        await pages.settled()
        if (pages.failure !== undefined) throw pages.failure
        progress.ended(agenda.id, listing.pages)
        // The outbox is read again only for documents set aside: most listings set none aside,
        // and a read per agenda kept a quiet delta of 203 agendas reading it 203 times (bench B8).
        if (pull.skipped.length > 0) await pages.writeSetAside(pull, await outbox.busyDocumentIds())
        documentIds.push(...pull.changedIds)
        const removed = listing.full
          ? await removeUnlisted(store, files, cachedAtStart.get(agenda.id) ?? [], pull.returned, pushedMeanwhile)
          : []
        documentIds.push(...removed)
        // Changed documents are named one by one (readers re-read just those); an agenda is
        // named (read again whole) when it was listed in full or lost documents.
        if (listing.full || removed.length > 0) touched.add(agenda.id)
        summary.agendas.push({ agendaId: agenda.id, changed: pull.changedIds.length > 0 || removed.length > 0 })
      }
      progress.publish()

      await pullComments(store, client, run.changed, pushedMeanwhile, options.pullConcurrency)
      // Corrections the service's new data agrees with are dropped (told once the pull is done).
      // (A pull that changed nothing settles none: no read of the corrections.)
      const settled =
        run.changed.length === 0
          ? []
          : await settleCorrections(
              store,
              clock,
              run.changed.map((doc) => doc.id),
            )
      // Not fsynced (one fsync less per pull, bench B2): everything it vouches for was written
      // (fsynced) before it, and losing it to a power cut only makes the next pull longer.
      const reached = nextCursor(
        cursor,
        startedAt,
        plan,
        // A held agenda is left out, so the pull after the hold lists it in full.
        agendas.map((a) => a.id).filter((id) => !this.held.has(id)),
        new Set(summary.agendas.map((a) => a.agendaId)),
      )
      await store.batch([store.putCursorOp(reached)], { fsync: false })
      this.cursor = reached
      if (retention.due(startedAt.getTime(), plan.full)) {
        // What this pull wrote is judged from memory; only the other cached documents are read back (bench B1).
        const known = new Map<number, WrittenFacts>()
        for (const [id, facts] of run.written) if (!pushedMeanwhile(id)) known.set(id, facts)
        // After a full pull of every agenda the cached documents are those cached when it began,
        // those it wrote, and those pushes wrote meanwhile: no need to scan the store for them.
        const candidates =
          plan.full && storedIds ? new Set([...storedIds, ...run.written.keys(), ...pushed.idsSince(mark)]) : undefined
        const swept = await retention.sweep(startedAt.getTime(), known, candidates)
        // Rare (retention is counted in days): every agenda is read again rather than looking up where they were.
        if (swept.length > 0) {
          documentIds.push(...swept)
          for (const agenda of agendas) touched.add(agenda.id)
        }
      }
      this.lastSyncAt = startedAt.toISOString()
      connectivity.clearError()
      // A held agenda stays the last error until the person lifts the hold.
      const stillHeld = this.held.values().next()
      if (!stillHeld.done) connectivity.noteError(stillHeld.value)
      succeeded = true
      // Only what this pull changed: a quiet delta (the background pull each minute) says
      // nothing, so nobody reads an agenda's 10,000 rows again for it.
      if (documentIds.length > 0 || touched.size > 0) events.documentsChanged([...new Set(documentIds)], [...touched])
      for (const repaired of run.repaired) events.repairFinished(repaired)
      events.correctionsSettled(settled)
      return summary
    } catch (error) {
      // Stop the listings still running (after success, requests for pages past the last
      // one may still be finishing: they are left alone so their connections stay open).
      abortListings.abort()
      const failure = classifyRequestError(pastDeadline ? pullTimeout(options.pullDeadlineMs, error) : error)
      connectivity.noteFailure(failure, undefined, sentUnder)
      // The service answered (5xx, 429, an odd page): try again after a backoff.
      if (failure.kind === 'transient' || failure.kind === 'refused') connectivity.failing(failure.reason)
      return null
    } finally {
      clearTimeout(deadline)
      // Let the page writes settle before the pull ends.
      await writer?.settled()
      // A pull that failed half-way kept the pages it wrote (the service's state): say so.
      if (!succeeded && writer && writer.writtenAgendas.size > 0)
        events.documentsChanged([], [...writer.writtenAgendas])
    }
  }
}

/** `timeout` of a pull whose listings ran past `pullDeadlineMs` (`cause`: what the stop made of them). */
function pullTimeout(deadlineMs: number, cause: unknown): ApiError {
  return new ApiError(
    'timeout',
    `The service took longer than ${deadlineMs >= 60_000 ? `${Math.round(deadlineMs / 60_000)} min` : `${Math.round(deadlineMs / 1000)} s`} to list the documents; Docket stopped this sync and will try again.`,
    { cause, details: { deadlineMs } },
  )
}
