import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { ApiClient } from '../../api'
import {
  openWorkspace,
  OUTBOX_JOURNAL_FILE,
  queuedActionsIn,
  type OfflineWorkspace,
  type WorkspaceOptions,
} from '../../offline'
import { AppError } from '../errors'

/** An error for the renderer (`not_signed_in`): nobody is signed in, so there is no workspace to read. */
export class NotSignedInError extends AppError {
  override readonly name = 'NotSignedInError'
  constructor() {
    super('not_signed_in', 'Sign in to see your documents.')
  }
}

/** Where an account's offline store and cached files live: `<userData>/accounts/<id>`. */
export function accountDir(userDataDir: string, accountId: string): string {
  return join(userDataDir, 'accounts', accountId.replace(/[^A-Za-z0-9_-]/g, '_'))
}

/**
 * Keeps the offline workspace of the current account open: `activate` opens the account's
 * workspace (closing the previous one), `deactivate` closes it (its data stays on disk; the
 * outbox is replayed at the next sign-in), `clearCache` deletes the account's folder (with
 * `keepQueue`, all but its queued actions: the outbox journal and the files of queued uploads).
 * Opening is serialised so two quick account switches never open two stores at once.
 */
export class WorkspaceSession {
  private current: { accountId: string; workspace: OfflineWorkspace } | null = null
  private queue: Promise<unknown> = Promise.resolve()
  /** The file cache cap (bytes) the person chose; null: the workspace's default. */
  private cacheCapBytes: number | null = null

  constructor(
    private readonly deps: {
      userDataDir: string
      clientFor: (accountId: string) => ApiClient
      emit: (event: string, payload: unknown) => void
      log: (line: string) => void
      /** Extra workspace options (engine timings in tests). */
      workspaceOptions?: WorkspaceOptions['options']
    },
  ) {}

  /** The open workspace. Throws {@link NotSignedInError} (`not_signed_in`) when there is none. */
  get(): OfflineWorkspace {
    if (!this.current) throw new NotSignedInError()
    return this.current.workspace
  }

  /** The account whose workspace is open, or null. */
  accountId(): string | null {
    return this.current?.accountId ?? null
  }

  /**
   * Opens (and starts syncing) the workspace of `accountId` for user `userId`, whose display
   * name (`userName`) the documents' history gives as who acted.
   */
  activate(accountId: string, userId: number, userName?: string): Promise<void> {
    return this.serialise(async () => {
      if (this.current?.accountId === accountId) {
        this.current.workspace.resume()
        return
      }
      await this.closeCurrent()
      const workspace = await openWorkspace({
        dir: accountDir(this.deps.userDataDir, accountId),
        client: this.deps.clientFor(accountId),
        userId,
        ...(userName ? { userName } : {}),
        emit: this.deps.emit,
        log: this.deps.log,
        ...(this.deps.workspaceOptions || this.cacheCapBytes !== null
          ? {
              options: {
                ...this.deps.workspaceOptions,
                ...(this.cacheCapBytes !== null ? { cacheCapBytes: this.cacheCapBytes } : {}),
              },
            }
          : {}),
      })
      this.current = { accountId, workspace }
      workspace.start()
      this.deps.log(`Workspace open for account ${accountId}`)
    })
  }

  /**
   * Sets the file cache cap (bytes) of every workspace opened from now on and of the open one,
   * whose cache evicts at once when the cap is lower than what it holds.
   */
  setCacheCap(capBytes: number): Promise<void> {
    this.cacheCapBytes = capBytes
    return this.serialise(async () => {
      await this.current?.workspace.setCacheCap(capBytes)
    })
  }

  /** Closes the open workspace (if it belongs to `accountId`, or any when omitted). */
  deactivate(accountId?: string): Promise<void> {
    return this.serialise(async () => {
      if (!this.current || (accountId && this.current.accountId !== accountId)) return
      await this.closeCurrent()
    })
  }

  /** Pauses the queue of the open workspace (e.g. re-sign-in needed); nothing is dropped. */
  pause(reason: { code: string; message: string }): void {
    this.current?.workspace.pause(reason)
  }

  /** Deletes the account's local cache (store, previews, originals) after closing it. */
  /**
   * Actions of `accountId` waiting to be sent (pending, in flight or failed): from the open
   * workspace, else from the account's outbox journal on disk. An account whose service moved
   * to another address keeps its queue under the old address: this is how the person hears of it.
   */
  async queuedActions(accountId: string): Promise<number> {
    if (this.current?.accountId === accountId) return (await this.current.workspace.listOutbox()).length
    return queuedActionsIn(accountDir(this.deps.userDataDir, accountId)).catch(() => 0)
  }

  clearCache(accountId: string, options: { keepQueue?: boolean } = {}): Promise<void> {
    return this.serialise(async () => {
      if (this.current?.accountId === accountId) await this.closeCurrent()
      const dir = accountDir(this.deps.userDataDir, accountId)
      const queued = options.keepQueue ? await queuedActionsIn(dir).catch(() => 0) : 0
      if (queued === 0) {
        await rm(dir, { recursive: true, force: true })
        return
      }
      // Only the cached documents go: the outbox journal and the files of queued uploads stay,
      // and the next open rebuilds the queue from the journal (a fresh store, a full pull).
      for (const name of await readdir(dir)) {
        if (name !== OUTBOX_JOURNAL_FILE && name !== 'uploads')
          await rm(join(dir, name), { recursive: true, force: true })
      }
      this.deps.log(`Cache of account ${accountId} removed; its ${queued} queued actions kept`)
    })
  }

  /** Closes whatever is open. */
  close(): Promise<void> {
    return this.serialise(() => this.closeCurrent())
  }

  private async closeCurrent(): Promise<void> {
    const open = this.current
    this.current = null
    if (open) await open.workspace.close()
  }

  private serialise<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work)
    this.queue = next.catch(() => undefined)
    return next
  }
}
