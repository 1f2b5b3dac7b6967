import type { UploadProgress } from '../../../shared/ipc'
import type { OfflineWorkspace } from '../../offline'

/** One file of an upload outbox entry, as its progress events name it. */
export interface FollowedFile {
  uploadId: string
  fileName: string
}

/** How an entry left the outbox at the user's request (undo before it was sent, or discard after it failed). */
export type UserRemoval = 'undone' | 'discarded'

type Phase = UploadProgress['phase']

interface Followed {
  workspace: Pick<OfflineWorkspace, 'listOutbox'>
  files: readonly FollowedFile[]
  phase: Phase
  reason?: string
}

const FRACTION: Record<Phase, number> = { checking: 0, queued: 0.25, sending: 0.5, refused: 1, sent: 1, failed: 1 }

const REMOVED_REASON: Record<UserRemoval, string> = {
  undone: 'The upload was undone before it was sent.',
  discarded: 'The failed upload was discarded.',
}

/**
 * Sends `upload.progress` for the files of each upload outbox entry written in this session,
 * on every change of the entry, so the renderer never has to poll the outbox.
 *
 * It follows the workspace's `outbox.changed` events: when one names a followed entry, the
 * outbox is read (one read at a time, in event order) and the entry's status becomes the
 * files' phase: pending -> `queued`, in flight -> `sending`, failed -> `failed` with the
 * service's reason; gone from the outbox -> `sent`, unless the user's undo or discard removed
 * it ({@link duringRemoval}), which is `failed` with a reason saying so. An event is sent
 * only when a file's phase or reason changes. Entries of another workspace (account switch)
 * stop being followed when their outbox can no longer be read.
 */
export class UploadProgressReporter {
  private readonly followed = new Map<string, Followed>()
  private removal: UserRemoval | null = null
  private removals = 0
  private tail: Promise<void> = Promise.resolve()

  /** @param emit sends one event (`(p) => bus.emit('upload.progress', p)`); a throwing emit is ignored. */
  constructor(private readonly emit: (progress: UploadProgress) => void) {}

  /** Sends one progress event; a failing listener never fails the upload. */
  report(progress: UploadProgress): void {
    try {
      this.emit(progress)
    } catch {
      /* progress is news, not part of the upload */
    }
  }

  /**
   * Starts following an upload entry just written (its files were reported `queued`), and
   * reads its status once at once: the entry may already have moved before this call.
   */
  follow(workspace: Pick<OfflineWorkspace, 'listOutbox'>, entryId: string, files: readonly FollowedFile[]): void {
    this.followed.set(entryId, { workspace, files, phase: 'queued' })
    this.schedule([entryId], null)
  }

  /** Feeds one app event (`bus.connect`); only `outbox.changed` naming a followed entry matters. */
  onEvent(event: string, payload: unknown): void {
    if (event !== 'outbox.changed' || this.followed.size === 0) return
    const entryIds = (payload as { entryIds?: unknown } | null)?.entryIds
    if (!Array.isArray(entryIds)) return
    const ours = entryIds.filter((id): id is string => typeof id === 'string' && this.followed.has(id))
    // Whether a user's removal is under way is decided now, when the event is emitted (the
    // removal emits it before it resolves), not when the outbox has been read.
    if (ours.length > 0) this.schedule(ours, this.removals > 0 ? this.removal : null)
  }

  /**
   * Runs the user's undo or discard (`outbox.undo`, `documents.undo`, `outbox.discard`):
   * followed entries it removes are reported `failed` with a reason saying so, not `sent`.
   */
  async duringRemoval<T>(how: UserRemoval, run: () => Promise<T>): Promise<T> {
    this.removals++
    this.removal = how
    try {
      return await run()
    } finally {
      this.removals--
    }
  }

  /** Resolves when the outbox reads started so far are done (tests, shutdown). */
  idle(): Promise<void> {
    return this.tail
  }

  private schedule(entryIds: readonly string[], removal: UserRemoval | null): void {
    this.tail = this.tail.then(() => this.read(entryIds, removal))
  }

  private async read(entryIds: readonly string[], removal: UserRemoval | null): Promise<void> {
    const byWorkspace = new Map<Followed['workspace'], string[]>()
    for (const id of entryIds) {
      const followed = this.followed.get(id)
      if (followed) byWorkspace.set(followed.workspace, [...(byWorkspace.get(followed.workspace) ?? []), id])
    }
    for (const [workspace, ids] of byWorkspace) {
      let entries
      try {
        entries = await workspace.listOutbox()
      } catch {
        // A closed workspace (account switched or signed out): its entries are no longer ours to follow.
        for (const id of ids) this.followed.delete(id)
        continue
      }
      const byId = new Map(entries.map((entry) => [entry.id, entry]))
      for (const id of ids) {
        const followed = this.followed.get(id)
        if (!followed) continue
        const entry = byId.get(id)
        if (!entry || entry.status === 'done') {
          // Undo needs an entry never sent and discard a failed one: an entry last seen in flight was sent.
          const removed = entry === undefined && removal !== null && followed.phase !== 'sending'
          this.followed.delete(id)
          this.update(followed, removed ? 'failed' : 'sent', removed ? REMOVED_REASON[removal] : undefined)
        } else if (entry.status === 'in_flight') this.update(followed, 'sending')
        else if (entry.status === 'failed')
          this.update(followed, 'failed', entry.error?.message ?? 'The upload failed.')
        else this.update(followed, 'queued')
      }
    }
  }

  private update(followed: Followed, phase: Phase, reason?: string): void {
    if (followed.phase === phase && followed.reason === reason) return
    followed.phase = phase
    if (reason === undefined) delete followed.reason
    else followed.reason = reason
    for (const file of followed.files) {
      this.report({ ...file, phase, fraction: FRACTION[phase], ...(reason !== undefined ? { reason } : {}) })
    }
  }
}
