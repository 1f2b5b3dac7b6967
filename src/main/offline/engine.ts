import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import PQueue from 'p-queue'
import type { Agenda } from '../../shared/api/agenda'
import type { Comment } from '../../shared/api/comment'
import type { Document, SettableState } from '../../shared/api/document'
import { CREATE_KINDS, documentIdsOf } from '../../shared/outbox/actions'
import type { OutboxEntry } from '../../shared/outbox/entry'
import type { SyncStatus } from '../../shared/ipc/channels/sync'
import type { EncodedDocument } from '../api/documentPage'
import { PULLED_TYPES, type WorkspaceClient } from './client'
import { localCommentUuid } from './effects'
import { codeOf, messageOf, OfflineError } from './errors'
import type { FileCache } from './files'
import { AGENDA_MAP, COMMENT_MAP, changesOf, Outbox, type Changes } from './outbox'
import { pad, type BatchOp, type Mutex, type Store, type StoredDocument } from './store'

/** Settings of the sync engine (durations in ms). */
export interface EngineOptions {
  /** Documents (resource lanes) pushed in parallel (default 4). */
  pushConcurrency: number
  /**
   * Pages (and comment lists) fetched in parallel during a pull (default 5: with pages decoded
   * off the main thread, five in flight come within 1.3x of their lower bound and more than 4x
   * faster than one at a time, bench B1; six crowd the two cores of the bench machine).
   */
  pullConcurrency: number
  /**
   * Pages in flight per agenda in a delta pull (`modified_since`; default 3): a delta is
   * usually one short page, and three still bring up to 100 changes (two full pages and the
   * empty one that ends the listing) in one round trip, with fewer requests for the service to
   * answer first (bench B2).
   */
  deltaPullConcurrency: number
  /** Between polls of documents in repair (default 30 000). */
  repairPollMs: number
  /** How long a batch state update is re-read before it counts as failed (default 60 000). */
  batchConfirmTimeoutMs: number
  /** Between re-reads of a batch update (default 1 000). */
  batchConfirmPollMs: number
  /** Between background pulls while online (default 60 000). */
  pullIntervalMs: number
  /** First backoff step while offline (default 1 000), doubled up to `backoffMaxMs` (default 60 000). */
  backoffBaseMs: number
  backoffMaxMs: number
  /** Subtracted from the last pull time for `modified_since` (default 5 000). */
  overlapMs: number
  /** A full pull (not a delta) at least this often (default 6 h), to notice removed documents. */
  fullPullIntervalMs: number
  /** Exported and archived documents untouched for longer leave the cache (default 30 days). */
  retentionDays: number
  /** Tolerated clock difference with the service when matching a create of unknown outcome (default 120 000). */
  clockSkewMs: number
  /** Attempts after which a server error (5xx, 429, bad response) fails the entry (default 8). */
  maxTransientAttempts: number
  /** A new entry waits this long before it is sent, so the person can still undo it (default 3 000). */
  undoWindowMs: number
}

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  pushConcurrency: 4,
  pullConcurrency: 5,
  deltaPullConcurrency: 3,
  repairPollMs: 30_000,
  batchConfirmTimeoutMs: 60_000,
  batchConfirmPollMs: 1_000,
  pullIntervalMs: 60_000,
  backoffBaseMs: 1_000,
  backoffMaxMs: 60_000,
  overlapMs: 5_000,
  fullPullIntervalMs: 6 * 3_600_000,
  retentionDays: 30,
  clockSkewMs: 120_000,
  maxTransientAttempts: 8,
  undoWindowMs: 3_000,
}

/** Event emitter the workspace was given (names and payloads of channels/sync.ts). */
export type Emit = (event: string, payload: unknown) => void

interface Cursor {
  lastPullAt: string
  lastFullPullAt: string
  agendaIds: number[]
}
const CURSOR_KEY = 'cursor'
const UPLOAD_CLAIM = 'uclaim!'

/** What sending an entry came to. */
interface DoneOutcome {
  type: 'done'
  ops: BatchOp[]
  changes: Omit<Changes, 'entryIds'>
  after?: () => Promise<void>
  repaired?: RepairFinished[]
}
type Outcome =
  | DoneOutcome
  | { type: 'failed'; error: { code: string; message: string } }
  | { type: 'retry'; error: { code: string; message: string }; offline: boolean; uncertain: boolean; delayMs?: number }
  | { type: 'pause'; error: { code: string; message: string } }

interface RepairFinished {
  documentId: number
  agendaId: number
  state: string
}

const OFFLINE_CODES = new Set(['network', 'timeout', 'unknown_outcome'])
const PAUSE_CODES = new Set(['unauthorized', 'reauth_required', 'signed_out', 'no_account'])
const REFUSED_CODES = new Set(['bad_request', 'forbidden', 'validation', 'conflict', 'not_found'])
const TRANSIENT_CODES = new Set(['server', 'rate_limited', 'bad_response'])

/** What the retention sweep needs of a document a pull just wrote. */
interface WrittenFacts {
  /** `last_modified_at` in epoch ms. */
  lastModifiedMs: number
  /** Exported (or auto-exported) or archived: leaves the cache after the retention period. */
  final: boolean
}

/** A page of an agenda's listing waiting to be written (documents decoded off the main thread). */
interface PulledPage {
  agendaId: number
  documents: readonly EncodedDocument[]
  pull: AgendaPull
}

/** The state of one agenda's listing during a pull (see `SyncEngine.storePages`). */
interface AgendaPull {
  /** Ids met in this listing (a document met twice is written once). */
  seen: Set<number>
  /** Ids the listing returned that the cache keeps (a full pull removes the other cached ones). */
  returned: Set<number>
  /** Exported documents past the retention period, set aside (cached only if an entry refers to them). */
  skipped: EncodedDocument[]
  /** Documents new or changed (`last_modified_at`, `comments_count`): their comments are pulled. Shared by all agendas. */
  changed: Pick<Document, 'id' | 'comments_count'>[]
  /** Ids of this listing's documents that are new or changed (what readers are told about). */
  changedIds: number[]
  /** Documents whose human review ended. Shared by all agendas. */
  repaired: RepairFinished[]
  /** What the pull wrote, for the retention sweep. Shared by all agendas. */
  written: Map<number, WrittenFacts>
  /** Ids outbox entries referred to when the pull began. */
  busy: ReadonlySet<number>
  /** Epoch ms before which an exported document is past the retention period. */
  cutoffMs: number
  pushedMeanwhile: (id: number) => boolean
  /** Full pull: the ids cached when the pull began (no other can have a stored copy); null in a delta (all are read). */
  cached: ReadonlySet<number> | null
}

/** Comment keys a delta's pull reads in one go to find the documents with stored comments (see `pullComments`). */
const COMMENT_SCAN_LIMIT = 2_000

/** Final states that leave the cache after the retention period. */
const EXPORTED_STATES = new Set(['exported', 'auto_exported'])

/**
 * The sync engine (issue 5, item 3): pulls the service into the store (all pages with bounded
 * concurrency, then `modified_since` deltas with an overlap) and pushes the outbox (in order
 * per document or agenda, in parallel across them), with the online state taken from request
 * outcomes and exponential backoff while offline. See {@link Outcome} handling in `settle`.
 */
export class SyncEngine {
  private online = true
  private syncing = false
  private paused = false
  private closed = false
  private started = false
  private lastSyncAt: string | null = null
  /** Epoch ms of the last retention sweep (0: none yet in this process). */
  private lastSweepAt = 0
  private lastError: { code: string; message: string } | null = null
  private progress = { done: 0, expected: 0 }
  private counts = { pending: 0, failed: 0 }
  private backoffStep = 0
  private cycleTimer: NodeJS.Timeout | null = null
  private retryTimer: NodeJS.Timeout | null = null
  private repairTimer: NodeJS.Timeout | null = null
  private pushPromise: Promise<void> | null = null
  private pushAgain = false
  private cyclePromise: Promise<void> | null = null
  private readonly sleepers = new Set<() => void>()
  /** Document id -> when a push last wrote its server state (epoch ms); a pull that began earlier must not overwrite it. */
  private readonly pushedAt = new Map<number, number>()

  constructor(
    private readonly store: Store,
    private readonly outbox: Outbox,
    private readonly files: FileCache,
    private readonly client: WorkspaceClient,
    private readonly userId: number,
    private readonly dir: string,
    private readonly lock: Mutex,
    private readonly clock: () => Date,
    emit: Emit,
    private readonly options: EngineOptions,
  ) {
    // A failing listener must never break a sync or leave an entry half settled.
    this.emit = (event, payload) => {
      try {
        emit(event, payload)
      } catch {
        /* the host's problem; the store stays the source of truth */
      }
    }
  }

  private readonly emit: Emit

  // ------------------------------------------------------------------ state

  status(): SyncStatus {
    return {
      online: this.online,
      syncing: this.syncing,
      paused: this.paused,
      lastSyncAt: this.lastSyncAt,
      pending: this.counts.pending,
      failed: this.counts.failed,
      progress: { ...this.progress },
      lastError: this.lastError,
    }
  }

  private emitStatus(): void {
    this.emit('sync.status', this.status())
  }

  /** Re-reads the outbox counts and tells the renderer what changed. */
  async outboxChanged(changes: Changes): Promise<void> {
    this.counts = Outbox.counts(await this.store.outboxEntries())
    this.emit('outbox.changed', { ...this.counts, entryIds: changes.entryIds })
    if (changes.documentIds.length > 0 || changes.agendaIds.length > 0) {
      this.emit('documents.changed', { documentIds: changes.documentIds, agendaIds: changes.agendaIds })
    }
    this.emitStatus()
  }

  async init(): Promise<void> {
    this.lastSyncAt = (await this.store.getMeta<Cursor>(CURSOR_KEY))?.lastPullAt ?? null
    this.counts = Outbox.counts(await this.store.outboxEntries())
  }

  private noteOnline(): void {
    this.backoffStep = 0
    if (!this.online) {
      this.online = true
      this.emitStatus()
      this.kick()
    }
  }

  private noteOffline(error: { code: string; message: string }): void {
    this.lastError = error
    if (this.online) {
      this.online = false
      this.emitStatus()
    }
    this.scheduleRetry()
  }

  /** While offline and started: try again after an exponential backoff (with jitter). */
  private scheduleRetry(): void {
    if (!this.started || this.closed || this.paused || this.retryTimer) return
    const ceiling = Math.min(this.options.backoffMaxMs, this.options.backoffBaseMs * 2 ** this.backoffStep)
    this.backoffStep++
    const delay = Math.round(ceiling / 2 + (ceiling / 2) * Math.random())
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      void this.cycle().catch(() => undefined)
    }, delay)
  }

  /** Stops sending (the account must sign in again); the outbox is kept. */
  pause(reason: { code: string; message: string } = { code: 'paused', message: 'Sync is paused.' }): void {
    if (this.paused) return
    this.paused = true
    this.lastError = reason
    this.emitStatus()
  }

  /** Resumes after {@link pause} and pushes what waits. */
  resume(): void {
    if (!this.paused) return
    this.paused = false
    this.lastError = null
    this.emitStatus()
    this.kick()
  }

  // ------------------------------------------------------------------ loop

  /** Starts the background loop: a sync now, then pulls every `pullIntervalMs`, repair polls. */
  start(): void {
    if (this.started || this.closed) return
    this.started = true
    void this.cycle().catch(() => undefined)
    const pollRepairs = () => {
      this.repairTimer = setTimeout(async () => {
        if (!this.closed && !this.paused && this.online) await this.pollRepairs().catch(() => undefined)
        if (!this.closed) pollRepairs()
      }, this.options.repairPollMs)
    }
    pollRepairs()
  }

  /** Pushes the outbox soon (after an enqueue or retry); no-op while offline (backoff retries). */
  kick(): void {
    if (this.closed || this.paused || !this.online) return
    void this.pushAll().catch(() => undefined)
  }

  /** One sync: push, pull, push what arrived meanwhile; single flight. Resolves when done (also when offline). */
  cycle(): Promise<void> {
    if (this.cyclePromise) return this.cyclePromise
    if (this.cycleTimer) {
      clearTimeout(this.cycleTimer)
      this.cycleTimer = null
    }
    this.cyclePromise = (async () => {
      try {
        if (this.closed || this.paused) return
        // Push first so what waits reaches the service soonest; the pull then brings the result.
        await this.pushAll()
        await this.pull()
        if (this.online && !this.paused && !this.closed && this.counts.pending > 0) await this.pushAll()
      } finally {
        this.cyclePromise = null
        if (this.started && !this.closed && this.online && !this.paused) {
          this.cycleTimer = setTimeout(() => void this.cycle().catch(() => undefined), this.options.pullIntervalMs)
        }
      }
    })()
    return this.cyclePromise
  }

  /** "Sync now": clears the backoff and runs a cycle. */
  async syncNow(): Promise<void> {
    if (this.retryTimer) {
      clearTimeout(this.retryTimer)
      this.retryTimer = null
    }
    this.backoffStep = 0
    if (this.cyclePromise) await this.cyclePromise
    await this.cycle()
  }

  async close(): Promise<void> {
    this.closed = true
    for (const timer of [this.cycleTimer, this.retryTimer, this.repairTimer]) if (timer) clearTimeout(timer)
    for (const wake of this.sleepers) wake()
    const busy = [this.pushPromise, this.cyclePromise].filter(Boolean) as Promise<void>[]
    await Promise.race([Promise.allSettled(busy), new Promise((r) => setTimeout(r, 5_000).unref())])
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.sleepers.delete(done)
        resolve()
      }
      const timer = setTimeout(done, ms)
      this.sleepers.add(done)
    })
  }

  // ------------------------------------------------------------------ push

  /** Pushes until nothing is runnable (single flight; a call while running asks for another round). */
  pushAll(): Promise<void> {
    if (this.pushPromise) {
      this.pushAgain = true
      return this.pushPromise
    }
    this.pushPromise = (async () => {
      try {
        do {
          this.pushAgain = false
          await this.pushRound()
        } while (this.pushAgain && !this.closed && !this.paused && this.online)
      } finally {
        this.pushPromise = null
      }
    })()
    return this.pushPromise
  }

  private async pushRound(): Promise<void> {
    const running = new Map<string, Promise<void>>()
    let wakeAt = Number.POSITIVE_INFINITY
    for (;;) {
      if (this.closed || this.paused || !this.online) break
      const entries = await this.store.outboxEntries()
      const plan = planPush(entries, new Set(running.keys()), this.clock().getTime())
      if (plan.dependencyFailed.length > 0) {
        await this.failDependents(plan.dependencyFailed)
        continue
      }
      wakeAt = plan.wakeAt
      for (const entry of plan.runnable) {
        if (running.size >= this.options.pushConcurrency) break
        running.set(
          entry.id,
          this.sendEntry(entry).finally(() => running.delete(entry.id)),
        )
      }
      if (running.size === 0) break
      await Promise.race(running.values())
    }
    await Promise.allSettled(running.values())
    if (Number.isFinite(wakeAt) && !this.closed) {
      const delay = Math.max(10, wakeAt - this.clock().getTime())
      setTimeout(() => this.kick(), delay).unref?.()
    }
  }

  private async failDependents(entries: OutboxEntry[]): Promise<void> {
    const changed = await this.lock.run(async () => {
      const ops: BatchOp[] = []
      const out: OutboxEntry[] = []
      for (const stale of entries) {
        const entry = await this.store.outboxEntry(stale.id)
        if (!entry || entry.status !== 'pending') continue
        const next: OutboxEntry = {
          ...entry,
          status: 'failed',
          error: { code: 'dependency_failed', message: 'It waits for an earlier action that failed.' },
        }
        ops.push(this.store.putEntryOp(next))
        out.push(next)
      }
      await this.store.batch(ops)
      return out
    })
    await this.outboxChanged(changesOf(changed))
  }

  private async sendEntry(stale: OutboxEntry): Promise<void> {
    const entry = await this.lock.run(async () => {
      const current = await this.store.outboxEntry(stale.id)
      if (!current || current.status !== 'pending') return null
      const next: OutboxEntry = {
        ...current,
        status: 'in_flight',
        attempts: current.attempts + 1,
        // While the outcome of an earlier request is unknown, keep the time that request was
        // sent: a check before re-sending compares the service's changes with it (repairs).
        lastAttemptAt: current.uncertain && current.lastAttemptAt ? current.lastAttemptAt : this.clock().toISOString(),
      }
      delete next.nextAttemptAt
      await this.store.batch([this.store.putEntryOp(next)])
      return next
    })
    if (!entry) return
    this.emit('outbox.changed', { ...this.counts, entryIds: [entry.id] })
    let outcome: Outcome
    try {
      outcome = await this.perform(entry)
    } catch (error) {
      outcome = this.classify(entry, error)
    }
    await this.settle(entry, outcome)
  }

  /** Maps an error of a send to what happens to the entry (issue 5, item 3 rules). */
  private classify(entry: OutboxEntry, error: unknown): Outcome {
    const code = codeOf(error) ?? 'internal'
    const message = messageOf(error)
    const reason = { code, message }
    const create = CREATE_KINDS.has(entry.action.kind) || entry.action.kind === 'document.repair'
    // A multi-request upload that failed after creating some documents: look before re-sending.
    const createdIds = (error as { details?: { createdIds?: unknown } }).details?.createdIds
    const partlyDone = Array.isArray(createdIds) && createdIds.length > 0
    if (OFFLINE_CODES.has(code)) {
      return {
        type: 'retry',
        error: reason,
        offline: true,
        uncertain: code === 'unknown_outcome' || partlyDone || entry.uncertain === true,
      }
    }
    if (PAUSE_CODES.has(code)) return { type: 'pause', error: reason }
    if (TRANSIENT_CODES.has(code)) {
      if (entry.attempts >= this.options.maxTransientAttempts) return { type: 'failed', error: reason }
      const retryAfterMs = (error as { retryAfterMs?: unknown }).retryAfterMs
      const ceiling = Math.min(this.options.backoffMaxMs, this.options.backoffBaseMs * 2 ** (entry.attempts - 1))
      return {
        type: 'retry',
        error: reason,
        offline: false,
        uncertain: entry.uncertain === true || partlyDone || (create && code === 'bad_response'),
        delayMs: typeof retryAfterMs === 'number' ? retryAfterMs : ceiling,
      }
    }
    if (partlyDone)
      return { type: 'retry', error: reason, offline: false, uncertain: true, delayMs: this.options.backoffBaseMs }
    if (REFUSED_CODES.has(code)) return { type: 'failed', error: reason }
    return { type: 'failed', error: reason }
  }

  /** Writes the outcome of a send (entry state + server state) in one atomic batch. */
  private async settle(entry: OutboxEntry, outcome: Outcome): Promise<void> {
    if (this.closed && outcome.type !== 'done') return
    const changes = await this.lock.run(async (): Promise<Changes> => {
      const base = changesOf([entry])
      if (outcome.type === 'done') {
        const at = Date.now()
        for (const id of [...base.documentIds, ...outcome.changes.documentIds]) this.pushedAt.set(id, at)
        await this.store.batch([...this.store.removeEntryOps(entry), ...outcome.ops])
        return {
          entryIds: [entry.id],
          documentIds: [...new Set([...base.documentIds, ...outcome.changes.documentIds])],
          agendaIds: [...new Set([...base.agendaIds, ...outcome.changes.agendaIds])],
        }
      }
      if (outcome.type === 'failed') {
        const entries = await this.store.outboxEntries()
        const failed: OutboxEntry = { ...entry, status: 'failed', error: outcome.error }
        delete failed.uncertain
        const dependents = this.outbox
          .dependentsOf(entry.id, entries)
          .filter((d) => d.status === 'pending')
          .map((d): OutboxEntry => ({
            ...d,
            status: 'failed',
            error: {
              code: 'dependency_failed',
              message: `It waits for an action that failed: ${outcome.error.message}`,
            },
          }))
        await this.store.batch([failed, ...dependents].map((e) => this.store.putEntryOp(e)))
        return changesOf([failed, ...dependents])
      }
      const next: OutboxEntry = { ...entry, status: 'pending', error: outcome.error }
      if (outcome.type === 'retry') {
        if (outcome.uncertain) next.uncertain = true
        if (outcome.delayMs !== undefined)
          next.nextAttemptAt = new Date(this.clock().getTime() + outcome.delayMs).toISOString()
      } else {
        next.attempts = Math.max(0, entry.attempts - 1)
      }
      await this.store.batch([this.store.putEntryOp(next)])
      return { entryIds: [entry.id], documentIds: [], agendaIds: [] }
    })
    if (outcome.type === 'done') {
      this.noteOnline()
      await outcome.after?.().catch(() => undefined)
      for (const repaired of outcome.repaired ?? []) this.emit('documents.repairFinished', repaired)
    } else if (outcome.type === 'failed') {
      this.noteOnline()
    } else if (outcome.type === 'retry') {
      if (outcome.offline) this.noteOffline(outcome.error)
    } else {
      this.pause(outcome.error)
    }
    await this.outboxChanged(changes)
  }

  /** Sends one entry; returns the server-state writes for `done`, or throws (classified). */
  private async perform(entry: OutboxEntry): Promise<Outcome> {
    const action = entry.action
    const client = this.client
    switch (action.kind) {
      case 'document.setState': {
        await client.setDocumentState(action.documentId, action.state)
        return this.done(
          await this.patchStored(action.documentId, (s) => ({ ...s, doc: { ...s.doc, state: action.state } })),
        )
      }
      case 'documents.setStates':
        return this.setStates(entry, action.items)
      case 'document.repair': {
        if (entry.uncertain) {
          // The answer to an earlier repair was lost (or the process died while sending it).
          const [doc] = await client.getDocument(action.documentId)
          if (doc && repairAlreadyApplied(doc, entry.lastAttemptAt)) {
            const written = await this.writeDocuments([doc])
            return this.done(written.ops, {}, written.repaired)
          }
        }
        const doc = await client.repairDocument(action.documentId, action.description)
        const written = await this.writeDocuments([{ ...doc, state: doc.state || 'repairing' }])
        return this.done(written.ops, {}, written.repaired)
      }
      case 'document.archive': {
        const doc = await client.archiveDocument(action.documentId)
        const written = await this.writeDocuments([doc], { archived: true })
        return this.done(written.ops)
      }
      case 'document.delete': {
        try {
          await client.deleteDocument(action.documentId)
        } catch (error) {
          // Gone already: what the person wanted (e.g. our earlier attempt did it).
          if (codeOf(error) !== 'not_found') throw error
        }
        const ops = await this.store.deleteDocumentOps(action.documentId)
        return { ...this.done(ops), after: () => this.files.remove(action.documentId) }
      }
      case 'comment.create':
        return this.createComment(entry, action.documentId, action.text)
      case 'comment.update': {
        const uuid = await this.realCommentUuid(action.uuid)
        await client.updateComment(action.documentId, uuid, action.text)
        const key = this.store.commentKey(action.documentId, uuid)
        const stored = await this.store.comments.get(key)
        const ops: BatchOp[] = stored
          ? [
              {
                type: 'put',
                sublevel: this.store.sub(this.store.comments),
                key,
                value: { ...stored, text: action.text },
              },
            ]
          : []
        return this.done(ops)
      }
      case 'comment.delete': {
        const uuid = await this.realCommentUuid(action.uuid)
        try {
          await client.deleteComment(action.documentId, uuid)
        } catch (error) {
          if (codeOf(error) !== 'not_found') throw error
        }
        const key = this.store.commentKey(action.documentId, uuid)
        const existed = (await this.store.comments.get(key)) !== undefined
        const ops: BatchOp[] = [{ type: 'del', sublevel: this.store.sub(this.store.comments), key }]
        if (existed) {
          ops.push(
            ...(await this.patchStored(action.documentId, (s) => ({
              ...s,
              doc: { ...s.doc, comments_count: Math.max(0, (s.doc.comments_count ?? 1) - 1) },
            }))),
          )
        }
        return this.done(ops)
      }
      case 'agenda.create':
        return this.createAgenda(entry)
      case 'agenda.update': {
        const agendaId = await this.realAgendaId(action.agendaId)
        const agenda = await client.updateAgenda(agendaId, action.attrs)
        return this.done(
          [{ type: 'put', sublevel: this.store.sub(this.store.agendas), key: pad(agenda.id), value: agenda }],
          {
            agendaIds: [agenda.id],
          },
        )
      }
      case 'documents.upload':
        return this.upload(entry)
    }
  }

  private done(
    ops: BatchOp[],
    changes: Partial<Omit<Changes, 'entryIds'>> = {},
    repaired?: RepairFinished[],
  ): DoneOutcome {
    const outcome: DoneOutcome = {
      type: 'done',
      ops,
      changes: { documentIds: changes.documentIds ?? [], agendaIds: changes.agendaIds ?? [] },
    }
    if (repaired) outcome.repaired = repaired
    return outcome
  }

  private async patchStored(id: number, change: (s: StoredDocument) => StoredDocument): Promise<BatchOp[]> {
    const stored = await this.store.getDocument(id)
    if (!stored) return []
    const next = change(stored)
    return this.store.putDocumentOps({ ...next, storedAt: this.clock().toISOString() }, stored)
  }

  private async realCommentUuid(uuid: string): Promise<string> {
    if (!uuid.startsWith('local-')) return uuid
    const real = await this.store.getMeta<string>(`${COMMENT_MAP}${uuid}`)
    if (!real) throw new OfflineError('dependency_failed', 'The comment was never created on the service.')
    return real
  }

  private async realAgendaId(id: number): Promise<number> {
    if (id > 0) return id
    const real = await this.store.getMeta<number>(`${AGENDA_MAP}${id}`)
    if (real === undefined) throw new OfflineError('dependency_failed', 'The agenda was never created on the service.')
    return real
  }

  /** Comment create; after an unknown outcome, first looks for it on the service (text, author, time). */
  private async createComment(entry: OutboxEntry, documentId: number, text: string): Promise<Outcome> {
    const local = localCommentUuid(entry.id)
    let uuid: string | undefined
    let createdAt = this.clock().toISOString()
    if (entry.uncertain) {
      const since = Date.parse(entry.createdAt) - this.options.clockSkewMs
      const claimed = new Set((await this.outbox.commentMap()).values())
      const match = (await this.client.listComments(documentId))
        .filter(
          (c) =>
            c.text === text &&
            (c.author_id == null || c.author_id === this.userId) &&
            Date.parse(c.created_at) >= since &&
            !claimed.has(c.uuid),
        )
        .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at))[0]
      if (match) {
        uuid = match.uuid
        createdAt = match.created_at
      }
    }
    if (!uuid) uuid = (await this.client.createComment(documentId, text)).uuid
    const key = this.store.commentKey(documentId, uuid)
    const already = (await this.store.comments.get(key)) !== undefined
    const comment: Comment = {
      uuid,
      text,
      author_id: this.userId,
      document_id: documentId,
      state: 'created',
      created_at: createdAt,
      last_modified_at: createdAt,
    }
    const ops: BatchOp[] = [
      this.store.putMeta(`${COMMENT_MAP}${local}`, uuid),
      { type: 'put', sublevel: this.store.sub(this.store.comments), key, value: comment },
    ]
    if (!already) {
      ops.push(
        ...(await this.patchStored(documentId, (s) => ({
          ...s,
          doc: { ...s.doc, comments_count: (s.doc.comments_count ?? 0) + 1 },
        }))),
      )
    }
    return this.done(ops)
  }

  /** Agenda create; after an unknown outcome, first looks for a new agenda of that name. */
  private async createAgenda(entry: OutboxEntry): Promise<Outcome> {
    if (entry.action.kind !== 'agenda.create') throw new Error('not an agenda create')
    const attrs = entry.action.agenda
    let agenda: Agenda | undefined
    if (entry.uncertain) {
      const claimed = new Set((await this.outbox.agendaMap()).values())
      const preexisting = new Set(entry.preexistingIds ?? [])
      agenda = (await this.client.listAgendas()).find(
        (a) =>
          a.name === attrs.name &&
          !claimed.has(a.id) &&
          !preexisting.has(a.id) &&
          (attrs.external_id == null || a.external_id === attrs.external_id) &&
          (attrs.email_alias === undefined || a.email_alias === attrs.email_alias),
      )
    }
    if (!agenda) {
      const [id] = await this.client.createAgendas([attrs])
      if (id === undefined) throw new OfflineError('bad_response', 'The service created no agenda.')
      agenda = await this.client.getAgenda(id).catch(() => ({ ...attrs, id, address: attrs.address ?? null }) as Agenda)
    }
    const ops: BatchOp[] = [
      { type: 'put', sublevel: this.store.sub(this.store.agendas), key: pad(agenda.id), value: agenda },
    ]
    if (entry.localAgendaId !== undefined)
      ops.push(this.store.putMeta(`${AGENDA_MAP}${entry.localAgendaId}`, agenda.id))
    return this.done(ops, { agendaIds: [agenda.id] })
  }

  /** Upload; after an unknown outcome, first looks for new documents with the same file names. */
  private async upload(entry: OutboxEntry): Promise<Outcome> {
    if (entry.action.kind !== 'documents.upload') throw new Error('not an upload')
    const action = entry.action
    const agendaId = await this.realAgendaId(action.agendaId)
    const dir = this.outbox.uploadDir(entry.id)
    const contents: Uint8Array[] = []
    for (const index of action.files.keys()) {
      try {
        contents.push(await readFile(join(dir, String(index))))
      } catch {
        throw new OfflineError(
          'upload_file_missing',
          `The file ${action.files[index]!.fileName} to upload is no longer on this device.`,
        )
      }
    }
    const ids: (number | undefined)[] = action.files.map(() => undefined)
    if (entry.uncertain) {
      const since = Date.parse(entry.createdAt) - this.options.clockSkewMs
      const claimed = new Set<number>()
      for await (const key of this.store.meta.keys({ gt: UPLOAD_CLAIM, lt: `${UPLOAD_CLAIM}~` })) {
        claimed.add(Number(key.slice(UPLOAD_CLAIM.length)))
      }
      const recent = (
        await this.client.listDocuments({
          agendaId,
          types: [...new Set([action.type, ...PULLED_TYPES])],
          modifiedSince: new Date(since),
          concurrency: this.options.pullConcurrency,
        })
      ).filter((d) => Date.parse(d.created_at) >= since && !claimed.has(d.id))
      recent.sort((a, b) => a.id - b.id)
      action.files.forEach((file, index) => {
        const match = recent.find((d) => d.user_file_name === file.fileName)
        if (match) {
          ids[index] = match.id
          recent.splice(recent.indexOf(match), 1)
        }
      })
    }
    const missing = action.files.map((_, i) => i).filter((i) => ids[i] === undefined)
    if (missing.length > 0) {
      const created = await this.client.uploadDocuments({
        agendaId,
        type: action.type,
        files: missing.map((i) => ({
          filename: action.files[i]!.fileName,
          contentType: action.files[i]!.contentType,
          content: contents[i]!,
        })),
      })
      missing.forEach((fileIndex, k) => (ids[fileIndex] = created[k]))
    }
    const newIds = ids.filter((id): id is number => id !== undefined)
    const ops: BatchOp[] = newIds.map((id) => this.store.putMeta(`${UPLOAD_CLAIM}${id}`, entry.id))
    try {
      const docs =
        newIds.length > 0
          ? await this.client.listDocuments({ ids: newIds, types: [...new Set([action.type, ...PULLED_TYPES])] })
          : []
      ops.push(...(await this.writeDocuments(docs, { agendaId })).ops)
    } catch {
      /* the next pull brings them */
    }
    return {
      ...this.done(ops, { documentIds: newIds, agendaIds: [agendaId] }),
      after: () => this.outbox.cleanUploads([entry]),
    }
  }

  /**
   * A batch state update (PATCH /documents, applied later by a background job; spec "PATCH
   * /api/v1_2/documents"). Documents already in their target state are left out of the request:
   * the service's job would change nothing, but a job still queued when a later action on the
   * same document is sent would undo that action (per-document order). After an unknown outcome,
   * an earlier request may still be queued: its job is waited for (until `batchConfirmTimeoutMs`
   * after it was sent) before anything is sent again. Once the PATCH is answered 200 the entry is
   * only confirmed by reads (see {@link confirmBatch}), never sent again.
   */
  private async setStates(
    entry: OutboxEntry,
    items: readonly { id: number; state: SettableState }[],
  ): Promise<Outcome> {
    const target = new Map(items.map((i) => [i.id, i.state]))
    let seen = await this.readBatch([...target.keys()])
    let todo = items.filter((i) => seen.get(i.id)?.state !== i.state)
    if (todo.length > 0 && entry.uncertain && entry.lastAttemptAt) {
      const until = Date.parse(entry.lastAttemptAt) + this.options.batchConfirmTimeoutMs
      const waited = await this.pollBatch(new Map(todo.map((i) => [i.id, i.state])), until, seen)
      seen = waited.docs
      todo = items.filter((i) => seen.get(i.id)?.state !== i.state)
    }
    if (todo.length > 0) {
      await this.client.setDocumentStates(todo)
      const confirmed = await this.confirmBatch(
        new Map(todo.map((i) => [i.id, i.state])),
        this.clock().getTime() + this.options.batchConfirmTimeoutMs,
        seen,
      )
      seen = confirmed
    }
    const docs = [...seen.values()]
    const written = await this.writeDocuments(docs)
    return this.done(written.ops, { documentIds: docs.map((d) => d.id) }, written.repaired)
  }

  /**
   * Reads the documents `ids` page by page (`ids[]` in chunks of 100, 50 per page: at most
   * ceil(n/50) requests, one at a time). Documents the service does not list (deleted, archived,
   * another type) are absent. Throws the client's error.
   */
  private async readBatch(ids: readonly number[]): Promise<Map<number, Document>> {
    const docs = new Map<number, Document>()
    for (let i = 0; i < ids.length; i += 100) {
      const chunk = ids.slice(i, i + 100)
      for (let page = 1; (page - 1) * 50 < chunk.length; page++) {
        const listed = await this.client.listDocumentsPage({ ids: chunk, types: PULLED_TYPES }, page)
        for (const doc of listed) docs.set(doc.id, doc)
        if (listed.length < 50) break
      }
    }
    return docs
  }

  /**
   * Re-reads (every `batchConfirmPollMs`) the documents of `target` not known to be in their
   * state until each is, or `until` (epoch ms) passes. A document counts as there when a read
   * showed it in its state, or did not list it (deleted, archived, another type); `unread` ids
   * need a read first. A read error is not an attempt: it waits for the next poll (an
   * authorization error is thrown, so the engine pauses). Returns the latest copies, the ids
   * still waiting, whether any read succeeded and the last read error.
   */
  private async pollBatch(
    target: ReadonlyMap<number, string>,
    until: number,
    seen: ReadonlyMap<number, Document>,
    unread: ReadonlySet<number> = new Set(),
  ): Promise<{ docs: Map<number, Document>; waiting: number[]; read: boolean; lastError: unknown }> {
    const docs = new Map(seen)
    const stale = new Set(unread)
    const waitingIds = () =>
      [...target]
        .filter(([id, state]) => stale.has(id) || (docs.has(id) && docs.get(id)!.state !== state))
        .map(([id]) => id)
    let lastError: unknown
    let read = false
    for (;;) {
      const waiting = waitingIds()
      if (waiting.length === 0 || this.clock().getTime() >= until) return { docs, waiting, read, lastError }
      await this.sleep(this.options.batchConfirmPollMs)
      if (this.closed) throw new OfflineError('network', 'Closed while confirming a batch update.')
      try {
        const fresh = await this.readBatch(waiting)
        for (const id of waiting) {
          const doc = fresh.get(id)
          if (doc) docs.set(id, doc)
          else docs.delete(id)
          stale.delete(id)
        }
        read = true
        lastError = undefined
      } catch (error) {
        if (PAUSE_CODES.has(codeOf(error) ?? '')) throw error
        lastError = error
      }
    }
  }

  /**
   * Confirms a batch update the service answered 200 (issue 5: "confirmed by re-reading the
   * documents"): re-reads its documents until each is in its state; it is never sent again.
   * Fails with `not_confirmed` when `deadline` (epoch ms) passes with documents read and still
   * not there; when no read at all succeeded by then, throws the last read error (the entry is
   * retried). Returns `seen` updated with the fresh copies.
   */
  private async confirmBatch(
    target: ReadonlyMap<number, string>,
    deadline: number,
    seen: ReadonlyMap<number, Document>,
  ): Promise<Map<number, Document>> {
    const result = await this.pollBatch(target, deadline, seen, new Set(target.keys()))
    if (result.waiting.length === 0) return result.docs
    if (!result.read && result.lastError !== undefined) throw result.lastError
    throw new OfflineError(
      'not_confirmed',
      `The service accepted the batch update but ${result.waiting.length} of ${target.size} documents did not reach their state in ${Math.round(this.options.batchConfirmTimeoutMs / 1000)} s.`,
    )
  }

  // ------------------------------------------------------------------ pull

  /**
   * Ops writing documents as the service sent them; `agendaId` for documents not yet cached.
   * Reports documents that left `repairing` (human review ended). `previous` (the stored copies,
   * index for index, as {@link Store.getDocuments} returns them) saves the read when the caller
   * already has them.
   */
  private async writeDocuments(
    docs: readonly Document[],
    options: { agendaId?: number; archived?: boolean } = {},
    previous?: readonly (StoredDocument | undefined)[],
  ): Promise<{ ops: BatchOp[]; repaired: RepairFinished[] }> {
    const ops: BatchOp[] = []
    const repaired: RepairFinished[] = []
    const prevs = previous ?? (await this.store.getDocuments(docs.map((d) => d.id)))
    const now = this.clock().toISOString()
    docs.forEach((doc, index) => {
      const prev = prevs[index]
      const agendaId = options.agendaId ?? prev?.agendaId ?? (doc as { agenda_id?: unknown }).agenda_id
      if (typeof agendaId !== 'number') return
      const wire = (doc as { archived?: unknown }).archived
      const archived = options.archived ?? (typeof wire === 'boolean' ? wire : (prev?.archived ?? false))
      ops.push(...this.store.putDocumentOps({ doc, agendaId, archived, storedAt: now }, prev))
      if (prev?.doc.state === 'repairing' && doc.state !== 'repairing')
        repaired.push({ documentId: doc.id, agendaId, state: doc.state })
    })
    return { ops, repaired }
  }

  /** Ids of the documents an outbox entry (pending, in flight or failed) refers to. */
  private async busyDocumentIds(): Promise<Set<number>> {
    return new Set((await this.store.outboxEntries()).flatMap((e) => documentIdsOf(e.action)))
  }

  /**
   * Writes pages of agenda listings as they arrive (pipelined with the pages still on the
   * wire; pages that arrived while the previous write ran go into one batch): documents
   * already seen in their listing are skipped (a page boundary can shift while listing),
   * exported documents past the retention period are set aside (`pull.skipped`) unless an
   * outbox entry refers to them, and documents a push wrote since the pull began are left as
   * the push wrote them. One atomic batch for all the pages given.
   */
  private async storePages(pages: readonly PulledPage[]): Promise<void> {
    const groups: { agendaId: number; docs: EncodedDocument[]; pull: AgendaPull }[] = []
    for (const { agendaId, documents, pull } of pages) {
      const docs: EncodedDocument[] = []
      for (const doc of documents) {
        if (pull.seen.has(doc.id)) continue
        pull.seen.add(doc.id)
        if (
          pull.busy.has(doc.id) ||
          !(EXPORTED_STATES.has(doc.state) && Date.parse(doc.last_modified_at) < pull.cutoffMs)
        )
          docs.push(doc)
        else pull.skipped.push(doc)
      }
      groups.push({ agendaId, docs, pull })
    }
    await this.writePulled(groups)
  }

  /**
   * The stored copies of pulled documents, in the order of `groups`' documents. In a full pull
   * only the ids cached when the pull began, or that a push wrote since, are read (a first
   * sync reads nothing: bench B1); otherwise all are.
   */
  private async readPrevious(
    groups: readonly { docs: readonly { id: number }[]; pull: AgendaPull }[],
  ): Promise<(StoredDocument | undefined)[]> {
    const ids: number[] = []
    for (const { docs, pull } of groups)
      for (const doc of docs) if (!pull.cached || pull.cached.has(doc.id) || this.pushedAt.has(doc.id)) ids.push(doc.id)
    const found = new Map<number, StoredDocument>()
    for (const stored of await this.store.getDocuments(ids)) if (stored) found.set(stored.doc.id, stored)
    return groups.flatMap(({ docs }) => docs.map((d) => found.get(d.id)))
  }

  /**
   * Writes pulled documents, grouped by agenda (one atomic batch), and notes what changed in
   * each `pull`: their JSON texts go to the store as the decoder encoded them (no parse or
   * encode on this thread), with the indexes, and documents that left `repairing` are noted.
   */
  private async writePulled(
    groups: readonly { agendaId: number; docs: readonly EncodedDocument[]; pull: AgendaPull }[],
  ): Promise<void> {
    if (!groups.some((g) => g.docs.length > 0)) return
    const previous = await this.readPrevious(groups)
    const storedAt = this.clock().toISOString()
    const ops: BatchOp[] = []
    let at = 0
    for (const { agendaId, docs, pull } of groups) {
      for (const doc of docs) {
        const prev = previous[at++]
        pull.returned.add(doc.id)
        if (
          !prev ||
          prev.doc.last_modified_at !== doc.last_modified_at ||
          prev.doc.comments_count !== doc.comments_count
        ) {
          pull.changed.push({ id: doc.id, comments_count: doc.comments_count })
          pull.changedIds.push(doc.id)
        }
        if (pull.pushedMeanwhile(doc.id)) continue
        const archived = doc.archived ?? prev?.archived ?? false
        pull.written.set(doc.id, {
          lastModifiedMs: Date.parse(doc.last_modified_at),
          final: EXPORTED_STATES.has(doc.state) || archived,
        })
        for (const op of this.store.putEncodedDocumentOps(doc, { agendaId, archived, storedAt }, prev)) ops.push(op)
        if (prev?.doc.state === 'repairing' && doc.state !== 'repairing')
          pull.repaired.push({ documentId: doc.id, agendaId, state: doc.state })
      }
    }
    await this.store.batch(ops)
  }

  /**
   * Pulls agendas, documents (full the first time and every `fullPullIntervalMs`, otherwise
   * `modified_since` the last pull minus the overlap) and the comments of changed documents.
   * Every agenda's listing starts at once and each page is written to the store as it arrives,
   * so store work overlaps with the pages still on the wire (bench B1); a failed listing
   * leaves the pages written so far (they are the service's state) and the cursor unmoved.
   * Returns false when offline or paused (the error is recorded, not thrown).
   */
  async pull(): Promise<boolean> {
    if (this.paused) return false
    this.syncing = true
    this.progress = { done: 0, expected: 0 }
    this.emitStatus()
    const pullStartedMs = Date.now()
    /** True when a push wrote the document's state after this pull began (the pulled copy may be older). */
    const pushedMeanwhile = (id: number) => (this.pushedAt.get(id) ?? 0) >= pullStartedMs
    const abortListings = new AbortController()
    // Store writes of arrived pages: one write at a time, taking every page that arrived
    // meanwhile (group commit); a failure stops the pull. Pages wait until the agendas are known.
    const waiting: PulledPage[] = []
    let writing: Promise<void> | null = null
    let writeFailure: unknown
    let agendaIds: ReadonlySet<number> | null = null
    /** Agendas whose pages this pull wrote (told to the renderer even when the pull fails later). */
    const pagesWrittenFor = new Set<number>()
    let succeeded = false
    const pump = (): void => {
      if (writing || waiting.length === 0 || writeFailure !== undefined || !agendaIds) return
      const known = agendaIds
      const pages = waiting.splice(0).filter((p) => known.has(p.agendaId))
      writing = this.storePages(pages)
        .then(() => {
          for (const page of pages) pagesWrittenFor.add(page.agendaId)
        })
        .catch((error: unknown) => {
          writeFailure = error
          abortListings.abort()
        })
        .finally(() => {
          writing = null
          pump()
        })
    }
    const writesDone = async () => {
      while (writing) await writing
    }
    try {
      const startedAt = this.clock()
      const cursor = await this.store.getMeta<Cursor>(CURSOR_KEY)
      const globalFull =
        !cursor || startedAt.getTime() - Date.parse(cursor.lastFullPullAt) > this.options.fullPullIntervalMs
      const expected = new Map<number, number>()
      const setProgress = () => {
        this.progress = { done: this.progress.done, expected: [...expected.values()].reduce((a, b) => a + b, 0) }
        this.emitStatus()
      }
      const changedDocs: Pick<Document, 'id' | 'comments_count'>[] = []
      const repaired: RepairFinished[] = []
      const documentIds: number[] = []
      /** Agendas a reader must read again whole: listed in full, record changed or gone, documents removed. */
      const touchedAgendas = new Set<number>()
      const written = new Map<number, WrittenFacts>()
      // Exported documents past the retention period are not cached (sweepRetention drops old copies).
      const cutoffMs = this.clock().getTime() - this.options.retentionDays * 86_400_000
      const busy = await this.busyDocumentIds()
      /** Starts an agenda's listing (pullConcurrency pages in flight); pages are written as they arrive. */
      const startListing = (agendaId: number, full: boolean, cached: ReadonlySet<number> | null) => {
        const counter = { pages: 0 }
        const pull: AgendaPull = {
          seen: new Set(),
          returned: new Set(),
          skipped: [],
          changed: changedDocs,
          changedIds: [],
          repaired,
          written,
          busy,
          cutoffMs,
          pushedMeanwhile,
          cached,
        }
        const own = new AbortController()
        const listed = this.client.listDocumentPages({
          agendaId,
          types: PULLED_TYPES,
          concurrency: full ? this.options.pullConcurrency : this.options.deltaPullConcurrency,
          signal: AbortSignal.any([abortListings.signal, own.signal]),
          ...(full ? {} : { modifiedSince: new Date(Date.parse(cursor!.lastPullAt) - this.options.overlapMs) }),
          onPage: (page) => {
            counter.pages++
            this.progress.done++
            expected.set(agendaId, Math.max(expected.get(agendaId) ?? 1, counter.pages + (page.length === 50 ? 1 : 0)))
            setProgress()
            waiting.push({ agendaId, documents: page, pull })
            pump()
          },
        })
        // Awaited in order below; this only keeps a later listing's failure from going unhandled meanwhile.
        listed.catch(() => undefined)
        return { full, counter, listed, pull, abort: () => own.abort() }
      }
      // A delta lists the agendas of the last pull alongside the agenda list (one round trip
      // instead of two: bench B2); an agenda that is gone has its listing dropped.
      const early = new Map<number, ReturnType<typeof startListing>>()
      // The agenda list is asked first, so the service answers it first.
      const agendaList = this.client.listAgendas()
      agendaList.catch(() => undefined)
      // The stored agendas are read while the list is on the wire (bench B2).
      const storedAgendaRecords = this.store.agendas.iterator().all()
      storedAgendaRecords.catch(() => undefined)
      if (!globalFull) for (const id of cursor.agendaIds) early.set(id, startListing(id, false, null))

      const agendas = await agendaList
      this.noteOnline()
      const listedAgendaIds = new Set(agendas.map((a) => a.id))
      const fullAgendas = agendas.filter((a) => !early.has(a.id))
      // A full listing returns every document of its agenda: only those cached when the pull
      // began (or written by a push since) can have a stored copy to read (a first sync reads
      // none: bench B1). Filled below by one scan of the keys, before any page is written.
      const storedIds: Set<number> | null = fullAgendas.length > 0 ? new Set() : null
      // Every agenda's listing runs at once (each with pullConcurrency pages in flight): a
      // delta costs one round trip, not one per agenda (bench B2). The full listings start
      // now, so their first pages travel while the store work below runs (bench B1); pages are
      // written as they arrive once that work is done, and the listings are finished in order.
      const listings = agendas.map((agenda) => early.get(agenda.id) ?? startListing(agenda.id, true, storedIds))
      // Agendas: only what changed is written (a delta usually writes none: one fsync less, bench B2).
      const agendaOps: BatchOp[] = []
      const storedAgendas = new Map<number, string>()
      for (const [key, value] of await storedAgendaRecords) {
        if (!listedAgendaIds.has(Number(key))) {
          agendaOps.push({ type: 'del', sublevel: this.store.sub(this.store.agendas), key })
          touchedAgendas.add(Number(key))
        } else storedAgendas.set(Number(key), JSON.stringify(value))
      }
      for (const agenda of agendas)
        if (storedAgendas.get(agenda.id) !== JSON.stringify(agenda)) {
          touchedAgendas.add(agenda.id)
          agendaOps.push({
            type: 'put',
            sublevel: this.store.sub(this.store.agendas),
            key: pad(agenda.id),
            value: agenda,
          })
        }
      await this.store.batch(agendaOps)
      for (const [id, listing] of early) {
        if (listedAgendaIds.has(id)) continue
        listing.abort()
        expected.delete(id)
      }
      /** Per fully pulled agenda, the ids it had cached when the pull began (candidates for removal). */
      const cachedAtStart = new Map<number, number[]>()
      for (const agenda of agendas) {
        if (early.has(agenda.id)) {
          expected.set(agenda.id, Math.max(1, expected.get(agenda.id) ?? 1))
          continue
        }
        cachedAtStart.set(agenda.id, await this.store.documentIdsOf(agenda.id))
        expected.set(
          agenda.id,
          Math.max(expected.get(agenda.id) ?? 1, Math.ceil(cachedAtStart.get(agenda.id)!.length / 50)),
        )
      }
      if (storedIds) for await (const key of this.store.docs.keys()) storedIds.add(Number(key))
      // From here on, pages are written (pump waits for the agendas).
      agendaIds = listedAgendaIds
      pump()
      setProgress()
      for (const [index, agenda] of agendas.entries()) {
        const { full, counter, listed, pull } = listings[index]!
        try {
          await listed
        } catch (error) {
          throw writeFailure ?? error
        }
        await writesDone()
        if (writeFailure !== undefined) throw writeFailure
        expected.set(agenda.id, counter.pages)
        // Set-aside documents an outbox entry came to refer to meanwhile are cached after all.
        const busyNow = await this.busyDocumentIds()
        await this.writePulled([{ agendaId: agenda.id, docs: pull.skipped.filter((d) => busyNow.has(d.id)), pull }])
        documentIds.push(...pull.changedIds)
        const ops: BatchOp[] = []
        const removed: number[] = []
        if (full) {
          // Only documents cached when the pull began can be missing from the listing: one a
          // push added since is left alone (pushedMeanwhile), and nothing else adds documents.
          for (const id of cachedAtStart.get(agenda.id) ?? []) {
            if (!pull.returned.has(id) && !pushedMeanwhile(id)) {
              removed.push(id)
              ops.push(...(await this.store.deleteDocumentOps(id)))
            }
          }
        }
        await this.store.batch(ops)
        for (const id of removed) await this.files.remove(id)
        documentIds.push(...removed)
        // Changed documents are named one by one (readers re-read just those); an agenda is
        // named (read again whole) when it was listed in full or lost documents.
        if (full || removed.length > 0) touchedAgendas.add(agenda.id)
      }
      setProgress()

      await this.pullComments(changedDocs, pushedMeanwhile)
      // Not fsynced (one fsync less per pull, bench B2): everything it vouches for was written
      // (fsynced) before it, and losing it to a power cut only makes the next pull longer.
      await this.store.batch(
        [
          this.store.putMeta(CURSOR_KEY, {
            lastPullAt: startedAt.toISOString(),
            lastFullPullAt: globalFull ? startedAt.toISOString() : cursor!.lastFullPullAt,
            agendaIds: agendas.map((a) => a.id),
          } satisfies Cursor),
        ],
        { fsync: false },
      )
      // Retention is counted in days: sweep on full pulls and at most hourly otherwise, not on
      // every delta (hot path: bench B2). What this pull wrote is judged from memory; only the
      // other cached documents are read back (hot path: bench B1).
      if (globalFull || startedAt.getTime() - this.lastSweepAt >= 3_600_000) {
        const known = new Map<number, WrittenFacts>()
        for (const [id, facts] of written) if (!pushedMeanwhile(id)) known.set(id, facts)
        // After a full pull of every agenda the cached documents are those cached when it began,
        // those it wrote, and those pushes wrote meanwhile: no need to scan the store for them.
        const candidates =
          globalFull && storedIds
            ? new Set([...storedIds, ...written.keys(), ...[...this.pushedAt.keys()].filter(pushedMeanwhile)])
            : undefined
        const swept = await this.sweepRetention(known, candidates)
        // Rare (retention is counted in days): every agenda is read again rather than looking up where they were.
        if (swept.length > 0) {
          documentIds.push(...swept)
          for (const agenda of agendas) touchedAgendas.add(agenda.id)
        }
        this.lastSweepAt = startedAt.getTime()
      }
      this.lastSyncAt = startedAt.toISOString()
      this.lastError = null
      succeeded = true
      // Only what this pull changed: a delta names its new or changed documents, and a quiet one
      // (the background pull each minute) says nothing, so nobody reads an agenda's 10,000 rows
      // again for it.
      if (documentIds.length > 0 || touchedAgendas.size > 0)
        this.emit('documents.changed', { documentIds: [...new Set(documentIds)], agendaIds: [...touchedAgendas] })
      for (const r of repaired) this.emit('documents.repairFinished', r)
      return true
    } catch (error) {
      // Stop the listings still running (after success, requests for pages past the last
      // one may still be finishing: they are left alone so their connections stay open).
      abortListings.abort()
      const reason = { code: codeOf(error) ?? 'internal', message: messageOf(error) }
      if (OFFLINE_CODES.has(reason.code)) this.noteOffline(reason)
      else if (PAUSE_CODES.has(reason.code)) this.pause(reason)
      else {
        // The service answered (5xx, 429, an odd page): try again after a backoff.
        this.lastError = reason
        this.scheduleRetry()
      }
      return false
    } finally {
      // Let the page writes settle before the pull ends.
      await writesDone()
      // A pull that failed half-way kept the pages it wrote (the service's state): say so.
      if (!succeeded && pagesWrittenFor.size > 0) {
        this.emit('documents.changed', { documentIds: [], agendaIds: [...pagesWrittenFor] })
      }
      this.syncing = false
      this.emitStatus()
    }
  }

  /** Replaces the stored comments of documents that changed (bounded concurrency). */
  private async pullComments(
    docs: readonly Pick<Document, 'id' | 'comments_count'>[],
    pushedMeanwhile: (id: number) => boolean,
  ): Promise<void> {
    const queue = new PQueue({ concurrency: this.options.pullConcurrency })
    const wanted = docs.filter((d) => d.comments_count === undefined || d.comments_count > 0)
    // Documents whose stored comments must be refreshed too (their count may have dropped to 0).
    // Many documents (a first sync): one scan of the comment keys (hot path: bench B1); few (a
    // delta): the keys between the first and the last of them, or one seek per document when
    // there are many of those (hot path: bench B2).
    const wantedIds = new Set(wanted.map((d) => d.id))
    const stored = new Set<number>()
    if (docs.length > 200) {
      for await (const key of this.store.comments.keys()) stored.add(Number(key.slice(0, key.indexOf('!'))))
    } else {
      const ids = docs
        .filter((d) => !wantedIds.has(d.id))
        .map((d) => d.id)
        .sort((a, b) => a - b)
      if (ids.length > 0) {
        // Usually few comments are stored between the first and the last of these documents:
        // one read of those keys; past COMMENT_SCAN_LIMIT, one seek per document instead.
        const inRange = await this.store.comments
          .keys({ gte: `${pad(ids[0]!)}!`, lt: `${pad(ids.at(-1)!)}~`, limit: COMMENT_SCAN_LIMIT })
          .all()
        if (inRange.length < COMMENT_SCAN_LIMIT) {
          const wantedHere = new Set(ids)
          for (const key of inRange) {
            const id = Number(key.slice(0, key.indexOf('!')))
            if (wantedHere.has(id)) stored.add(id)
          }
        } else {
          const keys = this.store.comments.keys()
          try {
            for (const id of ids) {
              keys.seek(`${pad(id)}!`)
              const key = await keys.next()
              if (key?.startsWith(`${pad(id)}!`)) stored.add(id)
            }
          } finally {
            await keys.close()
          }
        }
      }
    }
    for (const d of docs) {
      if (stored.has(d.id) && !wantedIds.has(d.id)) {
        wanted.push(d)
        wantedIds.add(d.id)
      }
    }
    let failure: unknown
    for (const doc of wanted) {
      void queue.add(async () => {
        if (failure) return
        try {
          const comments = await this.client.listComments(doc.id)
          if (pushedMeanwhile(doc.id)) return
          const ops: BatchOp[] = []
          for await (const key of this.store.comments.keys({ gt: `${pad(doc.id)}!`, lt: `${pad(doc.id)}~` })) {
            ops.push({ type: 'del', sublevel: this.store.sub(this.store.comments), key })
          }
          for (const comment of comments) {
            ops.push({
              type: 'put',
              sublevel: this.store.sub(this.store.comments),
              key: this.store.commentKey(doc.id, comment.uuid),
              value: comment,
            })
          }
          await this.store.batch(ops)
        } catch (error) {
          failure ??= error
        }
      })
    }
    await queue.onIdle()
    if (failure) throw failure
  }

  /**
   * Exported and archived documents untouched for `retentionDays` leave the cache (with their
   * files); documents an outbox entry refers to stay. `known` holds what the caller just wrote
   * (document id -> facts), judged without reading the store; every other cached document is
   * read back. `candidates`, when given, are all the ids that can be cached (a superset; ids
   * not cached are skipped), instead of a scan of the store's keys. Returns the ids removed.
   */
  async sweepRetention(
    known: ReadonlyMap<number, WrittenFacts> = new Map(),
    candidates?: ReadonlySet<number>,
  ): Promise<number[]> {
    const cutoff = this.clock().getTime() - this.options.retentionDays * 86_400_000
    const busy = await this.busyDocumentIds()
    const gone: number[] = []
    const judge = (id: number, final: boolean, lastModifiedMs: number) => {
      if (final && lastModifiedMs < cutoff && !busy.has(id)) gone.push(id)
    }
    const unknown: string[] = []
    const readBack = async () => {
      for (const stored of await this.store.docs.getMany(unknown.splice(0))) {
        if (!stored) continue
        const final = stored.archived || EXPORTED_STATES.has(stored.doc.state)
        judge(stored.doc.id, final, Date.parse(stored.doc.last_modified_at))
      }
    }
    /** Judges a document from `known`, or queues it to be read back; true when the queue is full. */
    const consider = (id: number): boolean => {
      const facts = known.get(id)
      if (facts) judge(id, facts.final, facts.lastModifiedMs)
      else return unknown.push(pad(id)) >= 500
      return false
    }
    if (candidates) {
      for (const id of candidates) if (consider(id)) await readBack()
    } else for await (const key of this.store.docs.keys()) if (consider(Number(key))) await readBack()
    await readBack()
    for (const id of gone) {
      await this.store.batch(await this.store.deleteDocumentOps(id))
      await this.files.remove(id)
    }
    return gone
  }

  /** Re-reads documents in repair; tells the renderer about those whose human review ended. */
  async pollRepairs(): Promise<RepairFinished[]> {
    const ids: number[] = []
    for await (const key of this.store.watch.keys()) ids.push(Number(key))
    const finished: RepairFinished[] = []
    for (let i = 0; i < ids.length; i += 100) {
      let docs: Document[]
      try {
        docs = await this.client.listDocuments({ ids: ids.slice(i, i + 100), types: PULLED_TYPES })
      } catch (error) {
        const reason = { code: codeOf(error) ?? 'internal', message: messageOf(error) }
        if (OFFLINE_CODES.has(reason.code)) this.noteOffline(reason)
        return finished
      }
      this.noteOnline()
      const written = await this.writeDocuments(docs.filter((d) => d.state !== 'repairing'))
      await this.store.batch(written.ops)
      finished.push(...written.repaired)
    }
    if (finished.length > 0) {
      this.emit('documents.changed', {
        documentIds: finished.map((f) => f.documentId),
        agendaIds: [...new Set(finished.map((f) => f.agendaId))],
      })
      for (const f of finished) this.emit('documents.repairFinished', f)
    }
    return finished
  }

  /** Records a request outcome from a read path (previews, originals). */
  noteRequestError(error: unknown): void {
    const reason = { code: codeOf(error) ?? 'internal', message: messageOf(error) }
    if (OFFLINE_CODES.has(reason.code)) this.noteOffline(reason)
    else if (PAUSE_CODES.has(reason.code)) this.pause(reason)
  }

  noteRequestOk(): void {
    this.noteOnline()
  }

  isOnline(): boolean {
    return this.online && !this.paused
  }
}

/** Resource lanes of an entry: entries sharing a lane are sent one after the other, in order. */
export function lanesOf(entry: OutboxEntry): string[] {
  const action = entry.action
  const lanes = documentIdsOf(action).map((id) => `d:${id}`)
  if (action.kind === 'agenda.update' || action.kind === 'documents.upload') lanes.push(`a:${action.agendaId}`)
  if (action.kind === 'agenda.create') lanes.push(`a:${entry.localAgendaId ?? entry.id}`)
  return lanes
}

/**
 * Which pending entries may be sent now: in write order per lane, after their dependencies,
 * not before `nextAttemptAt`. `dependencyFailed` lists pending entries whose dependency failed.
 */
export function planPush(
  entries: readonly OutboxEntry[],
  running: ReadonlySet<string>,
  now: number,
): { runnable: OutboxEntry[]; dependencyFailed: OutboxEntry[]; wakeAt: number } {
  const blocked = new Set<string>()
  const live = new Set(entries.filter((e) => e.status === 'pending' || e.status === 'in_flight').map((e) => e.id))
  const failed = new Set(entries.filter((e) => e.status === 'failed').map((e) => e.id))
  const runnable: OutboxEntry[] = []
  const dependencyFailed: OutboxEntry[] = []
  let wakeAt = Number.POSITIVE_INFINITY
  for (const entry of entries) {
    if (entry.status === 'failed' || entry.status === 'done') continue
    const lanes = lanesOf(entry)
    const block = () => lanes.forEach((lane) => blocked.add(lane))
    if (running.has(entry.id) || entry.status === 'in_flight') {
      block()
      continue
    }
    if (lanes.some((lane) => blocked.has(lane))) {
      block()
      continue
    }
    if (entry.dependsOn.some((id) => failed.has(id))) {
      dependencyFailed.push(entry)
      continue
    }
    if (entry.dependsOn.some((id) => live.has(id))) {
      block()
      continue
    }
    if (entry.nextAttemptAt && Date.parse(entry.nextAttemptAt) > now) {
      wakeAt = Math.min(wakeAt, Date.parse(entry.nextAttemptAt))
      block()
      continue
    }
    runnable.push(entry)
    block()
  }
  return { runnable, dependencyFailed, wakeAt }
}

/**
 * Whether a repair whose answer was lost already reached the service: the document is in
 * repair, or it is `ready`/`repairing` and the service changed it after `sentAt` (the time the
 * repair request was sent, UTC ISO 8601) — a repair is the only action sent on it meanwhile
 * (per-document order), so a later change is that repair or the human review that ended it.
 */
export function repairAlreadyApplied(
  doc: Pick<Document, 'state' | 'last_modified_at'>,
  sentAt: string | undefined,
): boolean {
  if (doc.state === 'repairing') return true
  if (doc.state !== 'ready' || !sentAt) return false
  const modified = Date.parse(doc.last_modified_at)
  const sent = Date.parse(sentAt)
  return Number.isFinite(modified) && Number.isFinite(sent) && modified > sent
}
