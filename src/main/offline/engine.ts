import type { ConnectionState, StorageError } from '../../shared/ipc/channels/sync'
import type { WorkspaceClient } from './client'
import { Connectivity, type Reason } from './connectivity'
import { SyncEvents, type Emit, type RepairFinished, type SyncStatus } from './events'
import type { FileCache } from './files'
import type { Clock, EngineOptions } from './options'
import { classifyRequestError } from './outcomes'
import { OfflineCopies } from './offlineCopies'
import { Outbox, type Changes } from './outbox'
import { agendaPulledAt } from './pull/cursor'
import { PollSchedule } from './pull/pollSchedule'
import { PullProgress } from './pull/progress'
import { Puller } from './pull/puller'
import { PushedDocuments } from './pushedDocuments'
import { Pusher } from './push/pusher'
import { RepairPoller } from './repairPoller'
import { Retention } from './retention'
import type { Mutex, Store } from './store'
import { isStorageFailure } from './storageFailure'
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
 * outbox (push/), pulls the service (pull/) and pushes what arrived meanwhile. It runs at start
 * and on "sync now" (every agenda), in the background when an agenda is due (only the agendas
 * due: `pull/pollSchedule.ts`, 1 min for the open agenda up to 10 min for agendas not opened
 * today), and after a backoff while the service cannot be used (connectivity.ts). A background
 * cycle is skipped while another runs. An enqueue pushes at once; documents in repair are
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
  private readonly copies: OfflineCopies
  /** The next try of a failed cache write while the cache fails (`storage_failing`). */
  private readonly storageTimer = new Timer()
  private storageStep = 0
  private readonly schedule: PollSchedule
  /** Tells the renderer when a service-wide wait (Retry-After) is over. */
  private readonly holdOffTimer = new Timer({ unref: true })
  private readonly stopHoldOffs: () => void

  constructor(private readonly parts: EngineParts) {
    const { store, outbox, files, client, userId, lock, clock, options } = parts
    this.events = new SyncEvents(parts.emit)
    this.connectivity = new Connectivity(options, {
      changed: () => this.emitStatus(),
      usable: () => this.becameUsable(),
      retryLater: () => this.scheduleRetry(),
      storageFailed: () => this.scheduleStorageRetry(),
    })
    store.guard.onFailure((failure) => this.connectivity.storageFailing(failure.storageError))
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
      unexpected: (error) => this.unexpected(error),
    })
    this.repairs = new RepairPoller(shared, { intervalMs: options.repairPollMs })
    this.copies = new OfflineCopies({
      store,
      files,
      client,
      clock,
      connectivity: this.connectivity,
      changed: () => this.emitStatus(),
      unexpected: (error) => this.unexpected(error),
    })
    this.schedule = new PollSchedule(options, clock)
    const stop: unknown = client.onServiceHoldOff?.((holdOff) => {
      this.emitStatus()
      this.holdOffTimer.start(Math.max(0, holdOff.untilMs - clock().getTime()), () => this.emitStatus())
    })
    // A stand-in client (tests, benchmarks) may answer every method with a promise instead.
    if (stop instanceof Promise) stop.catch(() => undefined)
    this.stopHoldOffs = typeof stop === 'function' ? (stop as () => void) : () => undefined
  }

  /**
   * Until when the service asked us to send nothing (Retry-After on a 429 or 503, UTC ISO
   * 8601), or null: every request waits for it, and the status says "The service asked us to
   * wait 30 s".
   */
  serviceWaitUntil(): string | null {
    const holdOff: unknown = this.parts.client.serviceHoldOff?.()
    if (holdOff instanceof Promise) holdOff.catch(() => undefined)
    const untilMs = (holdOff as { untilMs?: unknown } | null)?.untilMs
    return typeof untilMs === 'number' ? new Date(untilMs).toISOString() : null
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
      // While the service asks us to wait (Retry-After), it is failing for the status bar, which then says how long.
      connection:
        this.connectivity.connection === 'online' && this.serviceWaitUntil() !== null
          ? 'service_failing'
          : this.connectivity.connection,
      retryAt: isoOrNull(this.connectivity.retryAt()),
      waitUntil: this.serviceWaitUntil() ?? isoOrNull(this.connectivity.waitUntil(this.parts.clock().getTime())),
      storageError: this.connectivity.storageError,
      offlineCopies: this.copies.progress(),
      signedOutQueued: this.connectivity.paused ? this.counts.pending : 0,
      heldAgendas: this.puller.heldAgendas(),
    }
  }

  /**
   * An error no request outcome explains (a bug, a file the system refused): shown as the
   * last error, never dropped. A storage failure is the guard's to report (the cache fails).
   */
  private unexpected(error: unknown): void {
    if (isStorageFailure(error)) return
    this.connectivity.noteError({
      code: 'internal',
      message: `Docket could not finish a sync step: ${error instanceof Error ? error.message : String(error)}`,
    })
  }

  private emitStatus(): void {
    // A closing workspace (sign out, another account) has no state to show: a last status from
    // it would put "Online" back in the status bar of a signed-out window.
    if (this.closed) return
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
    const cursor = await this.parts.store.getCursor()
    for (const id of cursor?.agendaIds ?? []) this.schedule.remember(id, Date.parse(agendaPulledAt(cursor!, id)))
  }

  /**
   * The person opened agenda `agendaId` (it is pulled every minute from now on), or did
   * something else (`agendaId` undefined): quiet agendas are pulled at their shortest interval
   * again, and the next background pull is scheduled anew.
   */
  noteActivity(agendaId?: number): void {
    if (agendaId !== undefined && agendaId > 0 && agendaId !== this.schedule.openAgenda) this.schedule.opened(agendaId)
    else this.schedule.activity()
    if (this.started && !this.closed && !this.cycleRun && this.connectivity.usable) this.schedulePoll()
  }

  /** Stops sending (the account must sign in again); the outbox is kept. */
  pause(reason: Reason = { code: 'paused', message: 'Sync is paused.' }): void {
    this.connectivity.pause(reason)
  }

  /** Resumes after {@link pause} (signed in again): sends what waits, in order, then pulls. */
  resume(): void {
    if (!this.connectivity.paused) return
    this.connectivity.resume()
    this.retryTimer.cancel()
    if (this.started && !this.closed) void this.cycle().catch((error: unknown) => this.unexpected(error))
  }

  /**
   * Tries the failed cache write again now (`sync.retryStorage`): a probe write of the store
   * and of the files folder. When it succeeds, sending resumes (the outcomes kept meanwhile
   * are written first) and a cycle runs; when it fails, the status still says why.
   */
  async retryStorage(): Promise<void> {
    this.storageTimer.cancel()
    try {
      await this.parts.store.probe(this.parts.clock().getTime())
      await this.parts.files.probe()
    } catch (error) {
      if (!isStorageFailure(error)) this.unexpected(error)
      return
    }
    this.storageStep = 0
    this.connectivity.storageRestored()
    if (this.started && !this.closed) await this.cycle()
  }

  /** While the cache fails: try the write again after a backoff (1 s doubling up to `backoffMaxMs`). */
  private scheduleStorageRetry(): void {
    if (this.closed || this.storageTimer.pending) return
    const { backoffBaseMs, backoffMaxMs } = this.parts.options
    const delay = Math.min(backoffMaxMs, backoffBaseMs * 2 ** this.storageStep++)
    this.storageTimer.start(delay, () => void this.retryStorage().catch((error: unknown) => this.unexpected(error)))
  }

  /** The service can be used again (online, resumed, the cache writable): send what waits, copy what is missing. */
  private becameUsable(): void {
    this.kick()
    if (this.started && !this.closed) void this.copies.run()
  }

  /** Online and not paused. */
  isOnline(): boolean {
    return this.connectivity.usable
  }

  /** The headline state of the status (`online`, `offline`, `signed_out`, ...). */
  connection(): ConnectionState {
    return this.connectivity.connection
  }

  /** Why the cache cannot be written, or null: the person's new actions are refused meanwhile. */
  storageError(): StorageError | null {
    return this.connectivity.storageError
  }

  /** The agendas available offline or their options changed: plan the offline copies again. */
  offlineSettingsChanged(): void {
    if (this.started && !this.closed && this.connectivity.usable) void this.copies.run()
  }

  /**
   * Records the failure of a read the workspace made itself (previews, originals); `sentUnder`
   * is the {@link signInEpoch} it left under (a refusal of an older sign-in pauses nothing).
   */
  noteRequestError(error: unknown, sentUnder?: number): void {
    this.connectivity.noteFailure(classifyRequestError(error), this.parts.clock().getTime(), sentUnder)
  }

  /** The sign-in requests leave under now (grows at each resume); see {@link noteRequestError}. */
  signInEpoch(): number {
    return this.connectivity.signInEpoch
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
    this.copies.start()
    void this.cycle().catch((error: unknown) => this.unexpected(error))
    this.repairs.start()
  }

  /** Pushes the outbox soon (after an enqueue or retry); no-op while offline (the backoff retries). */
  kick(): void {
    if (this.closed || !this.connectivity.usable) return
    void this.pusher.pushAll().catch((error: unknown) => this.unexpected(error))
  }

  /**
   * One cycle: push (when anything waits), pull (every agenda, or with `due` only the agendas
   * due), push what arrived meanwhile; single flight (a cycle asked while one runs is that one). Resolves when done
   * (also when offline).
   */
  cycle(which: 'all' | 'due' = 'all'): Promise<void> {
    if (this.cycleRun) return this.cycleRun
    this.cycleTimer.cancel()
    this.cycleRun = (async () => {
      try {
        if (this.closed || this.connectivity.paused) return
        // Push first so what waits reaches the service soonest; the pull then brings the result.
        // With nothing live in the outbox (the counts are read again after every change, before
        // the push an enqueue starts) there is nothing to send, and the pull's first request
        // leaves at once instead of after a read of the outbox (bench B2).
        if (this.counts.pending > 0) await this.pusher.pushAll()
        const due = which === 'due' ? this.schedule.due() : null
        if (!due || due.length > 0) await this.pull(due ? new Set(due) : undefined)
        if (this.connectivity.usable && !this.closed && this.counts.pending > 0) await this.pusher.pushAll()
      } finally {
        this.cycleRun = null
        if (this.started && !this.closed && this.connectivity.usable) this.schedulePoll()
      }
    })()
    return this.cycleRun
  }

  /** The next background cycle: when the next agenda is due (at least 1 s, or `pullIntervalMs` when shorter, from now). */
  private schedulePoll(): void {
    const wait = Math.max(Math.min(1_000, this.parts.options.pullIntervalMs), this.schedule.nextDueInMs())
    this.cycleTimer.start(wait, () => void this.cycle('due').catch((error: unknown) => this.unexpected(error)))
  }

  /**
   * "Sync now": clears the backoff, lifts the hold on agendas whose listing ran away (they are
   * listed again, in full) and runs a cycle (after the one under way).
   */
  async syncNow(): Promise<void> {
    this.retryTimer.cancel()
    this.connectivity.resetBackoff()
    this.puller.releaseHeld()
    if (this.cycleRun) await this.cycleRun
    await this.cycle()
  }

  /**
   * *Try now*: ends the wait the service asked for (Retry-After, at most 10 minutes) and sends
   * the person's queued actions at once, those held back by a backoff included. The background
   * pull keeps its own schedule. Resolves when the push is done; a new 429 or 503 sets a new wait.
   */
  async tryNow(): Promise<void> {
    // A stand-in client (tests, benchmarks) may answer every method with a promise instead.
    const lifted: unknown = this.parts.client.liftServiceHoldOff?.()
    if (lifted instanceof Promise) lifted.catch(() => undefined)
    this.holdOffTimer.cancel()
    this.connectivity.liftWait()
    this.emitStatus()
    if (this.closed || !this.connectivity.usable) return
    await this.pusher.tryNow()
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
    this.copies.stop()
    this.storageTimer.cancel()
    this.holdOffTimer.cancel()
    this.stopHoldOffs()
    this.pusher.stop()
    this.sleeps.wakeAll()
    const busy = [this.pusher.busy, this.cycleRun, this.copies.busy].filter((p): p is Promise<void> => p !== null)
    const giveUp = new Timer({ unref: true })
    await Promise.race([Promise.allSettled(busy), new Promise<void>((resolve) => giveUp.start(5_000, resolve))])
    giveUp.cancel()
  }

  private async pull(scope?: ReadonlySet<number>): Promise<void> {
    if (this.connectivity.paused) return
    this.syncing = true
    this.progress.reset()
    this.emitStatus()
    try {
      const at = this.parts.clock().getTime()
      const summary = await this.puller.pull(scope)
      if (!summary) {
        // A pull the service failed still leaves the copies it skipped worth another try while it answers.
        if (!this.copies.settled && this.connectivity.usable) void this.copies.run()
        return
      }
      // The images a reviewer needs offline follow every pull, in the background (offlineCopies.ts);
      // after a pull that changed nothing, only when the last run left something to copy.
      if (summary.full || summary.agendas.some((a) => a.changed) || !this.copies.settled) void this.copies.run()
      this.schedule.retain(summary.agendaIds)
      for (const { agendaId, changed } of summary.agendas) this.schedule.pulled(agendaId, at, changed)
    } finally {
      this.syncing = false
      this.emitStatus()
    }
  }

  /** While the service cannot be used and the loop runs: a cycle after the next backoff step. */
  private scheduleRetry(): void {
    if (!this.started || this.closed || this.connectivity.paused || this.retryTimer.pending) return
    this.retryTimer.start(
      this.connectivity.nextRetryDelayMs(this.parts.clock().getTime()),
      () => void this.cycle().catch((error: unknown) => this.unexpected(error)),
    )
  }
}

/** Epoch ms as UTC ISO 8601, null as null. */
function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString()
}
