import type { WorkspaceClient } from './client'
import { Connectivity, type Reason } from './connectivity'
import { SyncEvents, type Emit, type RepairFinished, type SyncStatus } from './events'
import type { FileCache } from './files'
import type { Clock, EngineOptions } from './options'
import { classifyRequestError } from './outcomes'
import { Outbox, type Changes } from './outbox'
import { PullProgress } from './pull/progress'
import { Puller } from './pull/puller'
import { PushedDocuments } from './pushedDocuments'
import { Pusher } from './push/pusher'
import { RepairPoller } from './repairPoller'
import { Retention } from './retention'
import type { Mutex, Store } from './store'
import { Sleeps, Timer } from './timers'

/** What the engine is assembled from (openWorkspace gives it). */
export interface EngineParts {
  store: Store
  outbox: Outbox
  files: FileCache
  client: WorkspaceClient
  /** The signed-in user: author of comments created here. */
  userId: number
  /** The outbox's lock. */
  lock: Mutex
  clock: Clock
  emit: Emit
  options: EngineOptions
}

/**
 * The sync engine: schedules the background jobs and reports their status. A cycle pushes the
 * outbox (push/), pulls the service (pull/) and pushes what arrived meanwhile; it runs at
 * start, every `pullIntervalMs` while the service can be used, after a backoff while it cannot
 * (connectivity.ts), and on "sync now". An enqueue pushes at once; documents in repair are
 * polled on their own timer (repairPoller.ts).
 */
export class SyncEngine {
  private closed = false
  private started = false
  private syncing = false
  private counts = { pending: 0, failed: 0 }
  private cycleRun: Promise<void> | null = null
  private readonly cycleTimer = new Timer()
  private readonly retryTimer = new Timer()
  private readonly sleeps = new Sleeps()
  private readonly events: SyncEvents
  private readonly connectivity: Connectivity
  private readonly progress: PullProgress
  private readonly puller: Puller
  private readonly pusher: Pusher
  private readonly repairs: RepairPoller

  constructor(private readonly parts: EngineParts) {
    const { store, outbox, files, client, userId, lock, clock, options } = parts
    this.events = new SyncEvents(parts.emit)
    this.connectivity = new Connectivity(options, {
      changed: () => this.emitStatus(),
      usable: () => this.kick(),
      retryLater: () => this.scheduleRetry(),
    })
    this.progress = new PullProgress(() => this.emitStatus())
    const pushed = new PushedDocuments()
    const retention = new Retention(store, files, clock, options.retentionDays, () => outbox.busyDocumentIds())
    const shared = { store, client, clock, connectivity: this.connectivity, events: this.events }
    this.puller = new Puller({ ...shared, files, outbox, options, pushed, progress: this.progress, retention })
    this.pusher = new Pusher({
      settlement: { store, outbox, lock, clock, pushed },
      context: {
        store,
        outbox,
        files,
        client,
        userId,
        clock,
        options,
        sleep: (ms) => this.sleeps.sleep(ms),
        isClosed: () => this.closed,
      },
      connectivity: this.connectivity,
      events: this.events,
      policy: options,
      canSend: () => !this.closed && this.connectivity.usable,
      outboxChanged: (changes) => this.outboxChanged(changes),
      counts: () => this.counts,
      wake: () => this.kick(),
    })
    this.repairs = new RepairPoller(shared, { intervalMs: options.repairPollMs })
  }

  // ------------------------------------------------------------------ status

  /** The sync status as the renderer shows it (`sync.status`). */
  status(): SyncStatus {
    return {
      online: this.connectivity.online,
      syncing: this.syncing,
      paused: this.connectivity.paused,
      lastSyncAt: this.puller.lastSyncAt,
      pending: this.counts.pending,
      failed: this.counts.failed,
      progress: this.progress.snapshot(),
      lastError: this.connectivity.lastError,
    }
  }

  private emitStatus(): void {
    this.events.status(this.status())
  }

  /** Re-reads the outbox counts and tells the renderer what changed. */
  async outboxChanged(changes: Changes): Promise<void> {
    this.counts = Outbox.counts(await this.parts.store.outboxEntries())
    this.events.outboxChanged(this.counts, changes.entryIds)
    if (changes.documentIds.length > 0 || changes.agendaIds.length > 0)
      this.events.documentsChanged(changes.documentIds, changes.agendaIds)
    this.emitStatus()
  }

  /** Reads the state a previous session left: the last pull, the outbox counts. */
  async init(): Promise<void> {
    await this.puller.init()
    this.counts = Outbox.counts(await this.parts.store.outboxEntries())
  }

  /** Stops sending (the account must sign in again); the outbox is kept. */
  pause(reason: Reason = { code: 'paused', message: 'Sync is paused.' }): void {
    this.connectivity.pause(reason)
  }

  /** Resumes after {@link pause} and pushes what waits. */
  resume(): void {
    this.connectivity.resume()
  }

  /** Online and not paused. */
  isOnline(): boolean {
    return this.connectivity.usable
  }

  /** Records the failure of a read the workspace made itself (previews, originals). */
  noteRequestError(error: unknown): void {
    this.connectivity.noteFailure(classifyRequestError(error))
  }

  /** Records that a read the workspace made itself got an answer. */
  noteRequestOk(): void {
    this.connectivity.reached()
  }

  // ------------------------------------------------------------------ scheduling

  /** Starts the background jobs: a cycle now, then on their timers. */
  start(): void {
    if (this.started || this.closed) return
    this.started = true
    void this.cycle().catch(() => undefined)
    this.repairs.start()
  }

  /** Pushes the outbox soon (after an enqueue or retry); no-op while offline (the backoff retries). */
  kick(): void {
    if (this.closed || !this.connectivity.usable) return
    void this.pusher.pushAll().catch(() => undefined)
  }

  /** One cycle: push, pull, push what arrived meanwhile; single flight. Resolves when done (also when offline). */
  cycle(): Promise<void> {
    if (this.cycleRun) return this.cycleRun
    this.cycleTimer.cancel()
    this.cycleRun = (async () => {
      try {
        if (this.closed || this.connectivity.paused) return
        // Push first so what waits reaches the service soonest; the pull then brings the result.
        await this.pusher.pushAll()
        await this.pull()
        if (this.connectivity.usable && !this.closed && this.counts.pending > 0) await this.pusher.pushAll()
      } finally {
        this.cycleRun = null
        if (this.started && !this.closed && this.connectivity.usable)
          this.cycleTimer.start(this.parts.options.pullIntervalMs, () => void this.cycle().catch(() => undefined))
      }
    })()
    return this.cycleRun
  }

  /** "Sync now": clears the backoff and runs a cycle (after the one under way). */
  async syncNow(): Promise<void> {
    this.retryTimer.cancel()
    this.connectivity.resetBackoff()
    if (this.cycleRun) await this.cycleRun
    await this.cycle()
  }

  /** Re-reads documents in repair now (the poller does it every `repairPollMs`). */
  pollRepairs(): Promise<RepairFinished[]> {
    return this.repairs.poll()
  }

  /** Stops every timer and waits (at most 5 s) for the push and cycle under way. */
  async close(): Promise<void> {
    this.closed = true
    this.cycleTimer.cancel()
    this.retryTimer.cancel()
    this.repairs.stop()
    this.pusher.stop()
    this.sleeps.wakeAll()
    const busy = [this.pusher.busy, this.cycleRun].filter((p): p is Promise<void> => p !== null)
    const giveUp = new Timer({ unref: true })
    await Promise.race([Promise.allSettled(busy), new Promise<void>((resolve) => giveUp.start(5_000, resolve))])
    giveUp.cancel()
  }

  private async pull(): Promise<boolean> {
    if (this.connectivity.paused) return false
    this.syncing = true
    this.progress.reset()
    this.emitStatus()
    try {
      return await this.puller.pull()
    } finally {
      this.syncing = false
      this.emitStatus()
    }
  }

  /** While the service cannot be used and the loop runs: a cycle after the next backoff step. */
  private scheduleRetry(): void {
    if (!this.started || this.closed || this.connectivity.paused || this.retryTimer.pending) return
    this.retryTimer.start(this.connectivity.nextRetryDelayMs(), () => void this.cycle().catch(() => undefined))
  }
}
