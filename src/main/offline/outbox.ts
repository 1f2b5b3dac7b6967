import { randomUUID } from 'node:crypto'
import { mkdir, rm, writeFile, open as openFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  documentIdsOf,
  isLocalCommentUuid,
  LOCAL_COMMENT_PREFIX,
  outboxActionSchema,
  type OutboxAction,
} from '../../shared/outbox/actions'
import type { OutboxEntry } from '../../shared/outbox/entry'
import { isLive } from './effects'
import { actionEvents, newEventOps, outcomeOps, type Actor } from './history'
import { OfflineError } from './errors'
import { migrateOutboxAction } from './outboxMigration'
import type { Clock } from './options'
import type { BatchOp, Mutex, Store } from './store'
import { undoWindowOf, type UndoWindows } from '../../shared/outbox/undoWindow'

/** A file to upload, with its bytes (kept in `<dir>/uploads/<entry id>/<index>` until sent). */
export interface UploadInput {
  fileName: string
  contentType: string
  bytes: Uint8Array
}

/** What changed, for events. */
export interface Changes {
  entryIds: string[]
  documentIds: number[]
  agendaIds: number[]
}

/**
 * The durable outbox: writes each action with its optimistic effect in one atomic batch (the
 * effect is derived from the entry on read: effects.ts), and implements undo (unsent only),
 * retry and discard of failed entries. State changes of entries go through `lock` so the sync
 * engine and the UI never race.
 */
export class Outbox {
  constructor(
    private readonly store: Store,
    private readonly dir: string,
    private readonly lock: Mutex,
    private readonly clock: Clock,
    /** A new entry is not sent before its undo window has passed (by kind: undoWindow.ts). */
    private readonly undoWindows: UndoWindows = { undoWindowMs: 0, longUndoWindowMs: 0 },
    /** Who the history names as having taken the actions enqueued here (offline/history.ts). */
    private readonly actor: Actor = { userId: 0 },
  ) {}

  /** The folder holding the bytes of an upload entry's files until it is done. */
  uploadDir(entryId: string): string {
    return join(this.dir, 'uploads', entryId)
  }

  /** Ids of the documents an outbox entry (pending, in flight or failed) refers to. */
  async busyDocumentIds(): Promise<Set<number>> {
    return new Set((await this.store.outboxEntries()).flatMap((e) => documentIdsOf(e.action)))
  }

  /**
   * Validates `input`, resolves references to things created offline (a `local-` comment
   * uuid, a negative agenda id) and writes the entry with its effect and the history events of
   * the documents it acts on, atomically.
   * Errors: `invalid_action` (schema), `not_found` (a local reference to nothing).
   */
  async enqueue(input: unknown, uploadFiles?: readonly UploadInput[]): Promise<OutboxEntry> {
    // An action in the old names (a caller not yet renamed, e.g. a script) is read as today's.
    const parsed = outboxActionSchema.safeParse(migrateOutboxAction(input))
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new OfflineError(
        'invalid_action',
        `Invalid action${issue?.path.length ? ` at ${issue.path.join('.')}` : ''}: ${issue?.message ?? 'invalid'}`,
      )
    }
    const id = randomUUID()
    if (parsed.data.kind === 'upload.files') {
      if (!uploadFiles || uploadFiles.length !== parsed.data.files.length) {
        throw new OfflineError('invalid_action', 'An upload needs the bytes of each file (use enqueueUpload).')
      }
      // A full disk here is a storage failure like any other write of the cache (code `storage`).
      await this.store.guard
        .write(() => this.writeUploadFiles(id, uploadFiles))
        .catch(async (error: unknown) => {
          await rm(this.uploadDir(id), { recursive: true, force: true })
          throw error
        })
    }
    try {
      return await this.lock.run(async () => {
        const action = parsed.data
        // Read the outbox only when a reference to something created offline needs it (hot path: bench B5).
        const dependsOn = await this.resolveReferences(action, () => this.store.outboxEntries())
        const seq = (await this.store.outboxSeq()) + 1
        const ops: BatchOp[] = [this.store.putOutboxSeqOp(seq)]
        const now = this.clock()
        const entry: OutboxEntry = {
          id,
          seq,
          action,
          createdAt: now.toISOString(),
          baseLastModifiedAt: null,
          attempts: 0,
          status: 'pending',
          dependsOn,
        }
        const hold = undoWindowOf(action.kind, this.undoWindows)
        if (hold > 0) entry.nextAttemptAt = new Date(now.getTime() + hold).toISOString()
        // The version an action on one document was made on (a state change of one item too).
        const onDocuments = documentIdsOf(action)
        if (onDocuments.length === 1) {
          const stored = await this.store.getDocument(onDocuments[0]!)
          entry.baseLastModifiedAt = stored?.doc.last_modified_at ?? null
        }
        if (action.kind === 'agendas.create') {
          const local = (await this.store.lastLocalAgendaId()) - 1
          ops.push(this.store.putLastLocalAgendaIdOp(local))
          entry.localAgendaId = local
          // Agendas of that name before this create: a lost answer is never matched to them.
          entry.preexistingIds = (await this.store.listAgendas())
            .filter((agenda) => agenda.name === action.agenda.name)
            .map((agenda) => agenda.id)
        }
        ops.push(...this.store.addEntryOps(entry))
        ops.push(...(await newEventOps(this.store, actionEvents(entry, this.actor))))
        await this.store.batch(ops)
        return entry
      })
    } catch (error) {
      if (parsed.data.kind === 'upload.files') await rm(this.uploadDir(id), { recursive: true, force: true })
      throw error
    }
  }

  private async writeUploadFiles(id: string, files: readonly UploadInput[]): Promise<void> {
    const dir = this.uploadDir(id)
    await mkdir(dir, { recursive: true })
    for (const [index, file] of files.entries()) {
      const path = join(dir, String(index))
      await writeFile(path, file.bytes)
      const handle = await openFile(path, 'r')
      try {
        await handle.sync()
      } finally {
        await handle.close()
      }
    }
  }

  /** Rewrites references to things already created and returns the entries this one waits for. */
  private async resolveReferences(action: OutboxAction, loadEntries: () => Promise<OutboxEntry[]>): Promise<string[]> {
    if ((action.kind === 'comments.update' || action.kind === 'comments.delete') && isLocalCommentUuid(action.uuid)) {
      const createId = action.uuid.slice(LOCAL_COMMENT_PREFIX.length)
      const real = await this.store.realCommentUuid(action.uuid)
      if (real) {
        action.uuid = real
        return []
      }
      if ((await loadEntries()).some((e) => e.id === createId && e.action.kind === 'comments.create')) return [createId]
      throw new OfflineError('not_found', 'That comment no longer exists on this device.')
    }
    if ((action.kind === 'agendas.update' || action.kind === 'upload.files') && action.agendaId < 0) {
      const real = await this.store.realAgendaId(action.agendaId)
      if (real !== undefined) {
        action.agendaId = real
        return []
      }
      const create = (await loadEntries()).find(
        (e) => e.action.kind === 'agendas.create' && e.localAgendaId === action.agendaId,
      )
      if (create) return [create.id]
      throw new OfflineError('not_found', `Agenda ${action.agendaId} no longer exists on this device.`)
    }
    return []
  }

  /** Entries that (transitively) depend on `id`. */
  dependentsOf(id: string, entries: readonly OutboxEntry[]): OutboxEntry[] {
    const found: OutboxEntry[] = []
    const ids = new Set([id])
    for (const entry of entries) {
      if (entry.dependsOn.some((d) => ids.has(d))) {
        found.push(entry)
        ids.add(entry.id)
      }
    }
    return found
  }

  /**
   * Removes an entry not yet sent (pending, never attempted) and its effect, with the entries
   * depending on it. Errors: `not_found`, `too_late` (sent or being sent; or failed: discard it).
   */
  async undo(entryId: string): Promise<Changes> {
    const removed = await this.lock.run(async () => {
      const entry = await this.store.outboxEntry(entryId)
      if (!entry) throw new OfflineError('not_found', 'That action is no longer in the outbox.')
      if (entry.status !== 'pending' || entry.attempts > 0 || entry.uncertain) {
        throw new OfflineError('too_late', 'Too late to undo: the action was already sent.')
      }
      const entries = await this.store.outboxEntries()
      const dependents = this.dependentsOf(entryId, entries)
      if (dependents.some((d) => d.status === 'in_flight' || d.attempts > 0)) {
        throw new OfflineError('too_late', 'Too late to undo: an action based on it was already sent.')
      }
      const all = [entry, ...dependents]
      await this.store.batch([
        ...all.flatMap((e) => this.store.removeEntryOps(e)),
        ...(await outcomeOps(this.store, all, 'undone')),
      ])
      return all
    })
    await this.cleanUploads(removed)
    return changesOf(removed)
  }

  /** failed -> pending (and its dependents that failed because of it). Errors: `not_found`, `not_failed`. */
  async retry(entryId: string): Promise<Changes> {
    const changed = await this.lock.run(async () => {
      const entry = await this.store.outboxEntry(entryId)
      if (!entry) throw new OfflineError('not_found', 'That action is no longer in the outbox.')
      if (entry.status !== 'failed') throw new OfflineError('not_failed', 'Only a failed action can be retried.')
      const entries = await this.store.outboxEntries()
      const dependents = this.dependentsOf(entryId, entries).filter(
        (d) => d.status === 'failed' && d.error?.code === 'dependency_failed',
      )
      const all = [entry, ...dependents].map((e) => {
        const next: OutboxEntry = { ...e, status: 'pending' }
        delete next.error
        delete next.nextAttemptAt
        return next
      })
      await this.store.batch(all.map((e) => this.store.putEntryOp(e)))
      return all
    })
    return changesOf(changed)
  }

  /** Removes a failed entry (its effect is already rolled back) and the entries depending on it. */
  async discard(entryId: string): Promise<Changes> {
    const removed = await this.lock.run(async () => {
      const entry = await this.store.outboxEntry(entryId)
      if (!entry) throw new OfflineError('not_found', 'That action is no longer in the outbox.')
      if (entry.status !== 'failed')
        throw new OfflineError('not_failed', 'Only a failed action can be discarded; undo a pending one.')
      const entries = await this.store.outboxEntries()
      const dependents = this.dependentsOf(entryId, entries).filter((d) => d.status !== 'in_flight')
      const all = [entry, ...dependents]
      await this.store.batch([
        ...all.flatMap((e) => this.store.removeEntryOps(e)),
        ...(await outcomeOps(this.store, all, 'discarded')),
      ])
      return all
    })
    await this.cleanUploads(removed)
    return changesOf(removed)
  }

  /** Deletes the stored bytes of removed upload entries. */
  async cleanUploads(entries: readonly OutboxEntry[]): Promise<void> {
    for (const entry of entries) {
      if (entry.action.kind === 'upload.files') await rm(this.uploadDir(entry.id), { recursive: true, force: true })
    }
  }

  /** Counts of live (pending + in flight) and failed entries. */
  static counts(entries: readonly OutboxEntry[]): { pending: number; failed: number } {
    let pending = 0
    let failed = 0
    for (const entry of entries) {
      if (isLive(entry)) pending++
      else if (entry.status === 'failed') failed++
    }
    return { pending, failed }
  }
}

/** The entries, documents and agendas an operation on `entries` changed. */
export function changesOf(entries: readonly OutboxEntry[]): Changes {
  const documentIds = new Set<number>()
  const agendaIds = new Set<number>()
  for (const entry of entries) {
    const action = entry.action
    if ('documentId' in action) documentIds.add(action.documentId)
    if (action.kind === 'documents.setState') for (const item of action.items) documentIds.add(item.id)
    if ('agendaId' in action) agendaIds.add(action.agendaId)
    if (entry.localAgendaId !== undefined) agendaIds.add(entry.localAgendaId)
  }
  return { entryIds: entries.map((e) => e.id), documentIds: [...documentIds], agendaIds: [...agendaIds] }
}
