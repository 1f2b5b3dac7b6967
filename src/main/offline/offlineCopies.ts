import type { WorkspaceClient } from './client'
import type { Connectivity } from './connectivity'
import { documentView, entriesByDocument } from './effects'
import { isStorageFailure } from './storageFailure'
import type { FileCache } from './files'
import type { OfflineCopiesStopped } from '../../shared/ipc'
import type { Clock } from './options'
import { classifyRequestError } from './outcomes'
import type { AgendaOffline, Store } from './store'

/** Document states of the review queues (not ready, ready, in repair): what a reviewer checks offline. */
export const REVIEW_STATES: ReadonlySet<string> = new Set(['not_ready', 'ready', 'repairing'])

/** An agenda opened within this long is available offline unless the person turned it off (30 days). */
export const OPENED_RECENTLY_MS = 30 * 24 * 3_600_000

/** Copies in flight at once: two, so the person's own requests always find free slots. */
export const COPIES_IN_FLIGHT = 2

/** The progress the sync status shows (`offlineCopies`). */
export interface CopyProgress {
  /** Files of the plan already on this device. */
  done: number
  /** Files the plan wants on this device. */
  total: number
  /** True while copies are being fetched. */
  running: boolean
  /** Why files are missing while no run is under way (see {@link OfflineCopies.progress}); null otherwise. */
  stopped: OfflineCopiesStopped | null
}

/** How the last run ended: every file copied, the cache full, cut short (the service became unusable), or files skipped. */
type RunEnd = 'complete' | 'full' | 'cut short' | 'skipped'

/** Whether an agenda is available offline: the person's choice, else opened in the last 30 days. */
export function isAvailableOffline(settings: AgendaOffline, now: number): boolean {
  if (settings.availableOffline !== undefined) return settings.availableOffline
  return settings.openedAt !== undefined && now - Date.parse(settings.openedAt) <= OPENED_RECENTLY_MS
}

/** A file as the service sent it. */
interface CopiedFile {
  contentType: string
  bytes: Uint8Array
  fileName?: string
}

/** One file to copy. */
interface CopyJob {
  kind: 'preview' | 'original'
  documentId: number
  /** The relative preview path (previews only). */
  path?: string
}

/**
 * Offline copies: after each pull, fetches the preview of every document in the review queues
 * (`REVIEW_STATES`) of each agenda available offline ({@link isAvailableOffline}), and its
 * original when the agenda keeps originals offline, so a review can go on without the network.
 * Newest documents first (id descending), {@link COPIES_IN_FLIGHT} requests at a time at the
 * service budget's `background` priority (the person's requests go first), within the file
 * cache's cap: those documents are protected from eviction, and a run stops when a copy would
 * push out another protected file (the cache is full of review documents).
 *
 * A run stops when the service cannot be used (offline, signed out, the cache failing: the
 * failure goes to connectivity) and starts again on {@link run} (the engine asks after every
 * pull and whenever the service becomes usable). A preview the service fails or refuses is
 * skipped for this run. One job: {@link start} / {@link stop}; single flight.
 */
export class OfflineCopies {
  private stopped = true
  private current: Promise<void> | null = null
  private again = false
  private state: Omit<CopyProgress, 'stopped'> = { done: 0, total: 0, running: false }
  private lastEnd: RunEnd | null = null
  private lastEmit = 0
  private lastRunSettled = false

  constructor(
    private readonly deps: {
      store: Store
      files: FileCache
      client: WorkspaceClient
      clock: Clock
      connectivity: Connectivity
      /** The progress changed (the engine re-sends the sync status; called at most every `emitEveryMs`). */
      changed: () => void
      /** An unexpected error (not a request's outcome): the engine shows it. */
      unexpected: (error: unknown) => void
    },
    private readonly policy: { inFlight?: number; emitEveryMs?: number } = {},
  ) {}

  /** Lets runs start ({@link run}). */
  start(): void {
    this.stopped = false
  }

  /** Stops: requests still waiting for their turn are not sent, a run under way ends after the ones on the wire. */
  stop(): void {
    this.stopped = true
  }

  /**
   * The progress for the sync status. While files are missing and no run is under way,
   * `stopped` says why: `paused` (stopped, signed out, or the cache cannot be written), `full`
   * (the last run found the cache full of review documents), `waiting` (the service cannot be
   * reached now, or the next sync has not come yet), `failing` (the last run skipped files the
   * service failed or refused).
   */
  progress(): CopyProgress {
    const { done, total, running } = this.state
    let stopped: OfflineCopiesStopped | null = null
    if (!running && done < total) {
      const { connectivity } = this.deps
      if (this.stopped || connectivity.paused || connectivity.storageError) stopped = 'paused'
      else if (this.lastEnd === 'full') stopped = 'full'
      else if (!connectivity.usable) stopped = 'waiting'
      else if (this.lastEnd === 'skipped') stopped = 'failing'
      else stopped = 'waiting'
    }
    return { ...this.state, stopped }
  }

  /**
   * True when the last run ended with nothing a new run could add until the cached documents
   * or the settings change: every planned file copied, or the cache full of review documents.
   * False before the first run, while one runs, and after a run cut short (offline, paused, the
   * cache failing) or one that skipped files the service failed (the next run tries them).
   * A pull that changed nothing then need not plan again: planning reads every cached document
   * of the agendas available offline (bench B9: 100,000 of them, after every minute's pull).
   */
  get settled(): boolean {
    return this.lastRunSettled && !this.current
  }

  /** The run under way, if any (close waits for it). */
  get busy(): Promise<void> | null {
    return this.current
  }

  /**
   * Plans the copies now and fetches what is missing; resolves when the run ends. A call
   * while one runs asks for one more run after it (the pull changed the plan). Never rejects:
   * failures go to connectivity.
   */
  run(): Promise<void> {
    if (this.stopped) return Promise.resolve()
    if (this.current) {
      this.again = true
      return this.current
    }
    this.current = (async () => {
      try {
        do {
          this.again = false
          await this.runOnce().catch((error: unknown) => {
            if (!isStorageFailure(error)) this.deps.unexpected(error)
          })
        } while (this.again && !this.stopped && this.deps.connectivity.usable)
      } finally {
        this.current = null
        this.setProgress({ running: false }, true)
      }
    })()
    return this.current
  }

  private wanted = (): boolean => !this.stopped && this.deps.connectivity.usable

  private async runOnce(): Promise<void> {
    this.lastRunSettled = false
    const jobs = await this.plan()
    const missing: CopyJob[] = []
    for (const job of jobs) if (!(await this.deps.files.has(job.kind, job.documentId))) missing.push(job)
    this.setProgress({ total: jobs.length, done: jobs.length - missing.length, running: missing.length > 0 }, true)
    let next = 0
    /** Why the run stops early: the cache is full of review documents, or it cannot go on now. */
    let ended: 'full' | 'cut short' | null = null
    let skipped = 0
    // A file is written while the next request is on the wire: the wire stays the limit.
    const writes = new Set<Promise<void>>()
    const worker = async (): Promise<void> => {
      while (ended === null && next < missing.length && this.wanted()) {
        const job = missing[next++]!
        const file = await this.fetch(job)
        if (file === 'stop') ended = 'cut short'
        if (file === 'skipped') skipped++
        if (typeof file !== 'object') continue
        const write: Promise<void> = this.store(job, file).then((outcome) => {
          writes.delete(write)
          if (outcome === 'copied') this.setProgress({ done: this.state.done + 1 })
          else ended ??= outcome
        })
        writes.add(write)
        // At most one write waiting per request in flight: memory stays bounded.
        if (writes.size >= workers) await Promise.race(writes)
      }
    }
    const workers = Math.max(1, this.policy.inFlight ?? COPIES_IN_FLIGHT)
    await Promise.all(Array.from({ length: workers }, () => worker()))
    await Promise.all(writes)
    this.lastRunSettled =
      skipped === 0 && (ended === 'full' || (ended === null && next >= missing.length && this.wanted()))
    this.lastEnd = ended === 'full' ? 'full' : skipped > 0 ? 'skipped' : ended === null ? 'complete' : 'cut short'
  }

  /** Every file the copies want, newest document first; protects their documents from eviction. */
  private async plan(): Promise<CopyJob[]> {
    const { store, files, clock } = this.deps
    const now = clock().getTime()
    const settings = await store.agendaOfflineSettings()
    const agendas = await store.listAgendas()
    const byDoc = entriesByDocument(await store.outboxEntries())
    const jobs: CopyJob[] = []
    const protectedIds = new Set<number>()
    for (const agenda of agendas) {
      const offline = settings.get(agenda.id) ?? {}
      if (!isAvailableOffline(offline, now)) continue
      await store.forEachDocumentOf(await store.documentIdsOf(agenda.id), (record) => {
        const view = documentView(record, byDoc.get(record.doc.id) ?? [])
        if (!view || view.local.archived || !REVIEW_STATES.has(view.state)) return
        protectedIds.add(view.id)
        if (typeof view.preview === 'string' && view.preview !== '')
          jobs.push({ kind: 'preview', documentId: view.id, path: view.preview })
        if (offline.keepOriginalsOffline) jobs.push({ kind: 'original', documentId: view.id })
      })
    }
    files.protect(protectedIds)
    // Newest first: ids grow with upload time; a document's preview before its original.
    jobs.sort((a, b) => b.documentId - a.documentId || (a.kind === 'preview' ? -1 : 1))
    return jobs
  }

  /** Fetches one file: its bytes, `skipped` (the service had none or failed) or `stop` (the run ends). */
  private async fetch(job: CopyJob): Promise<CopiedFile | 'skipped' | 'stop'> {
    const { client, connectivity } = this.deps
    const turn = { priority: 'background' as const, stillWanted: this.wanted }
    const sentUnder = connectivity.signInEpoch
    try {
      const file: CopiedFile =
        job.kind === 'preview'
          ? await client.getPreview(job.path!, turn)
          : await client.getOriginalFile(job.documentId, turn)
      connectivity.reached()
      return file
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === 'not_wanted') return 'stop'
      const failure = classifyRequestError(error)
      connectivity.noteFailure(failure, this.deps.clock().getTime(), sentUnder)
      if (failure.kind === 'offline' || failure.kind === 'paused' || failure.kind === 'storage') return 'stop'
      // The service failed or refused this one: skip it this run, the next pull's run tries again.
      return 'skipped'
    }
  }

  /** Writes one fetched file: `copied`, `full` (the cache is full of review documents) or `cut short` (the cache fails). */
  private async store(job: CopyJob, file: CopiedFile): Promise<'copied' | 'full' | 'cut short'> {
    try {
      const meta: { contentType: string; fileName?: string } = { contentType: file.contentType }
      if (file.fileName !== undefined) meta.fileName = file.fileName
      const put = await this.deps.files.put(job.kind, job.documentId, file.bytes, meta)
      // The cache is full of review documents: copying more would only push out other copies.
      return put.evictedProtected ? 'full' : 'copied'
    } catch (error) {
      // A storage failure was told to the engine by the store's guard (sync pauses, the write is retried).
      if (!isStorageFailure(error)) this.deps.unexpected(error)
      return 'cut short'
    }
  }

  private setProgress(change: Partial<Omit<CopyProgress, 'stopped'>>, force = false): void {
    this.state = { ...this.state, ...change }
    const now = Date.now()
    if (!force && now - this.lastEmit < (this.policy.emitEveryMs ?? 250)) return
    this.lastEmit = now
    this.deps.changed()
  }
}
