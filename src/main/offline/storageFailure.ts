import type { StorageError } from '../../shared/ipc/channels/sync'
import { OfflineError } from './errors'

/**
 * Failures of the local cache (the LevelDB store and the preview/original files): a full disk,
 * a read-only folder, a missing permission. They are never swallowed: the write that failed is
 * retried, sync pauses with the connection state `storage_failing`, and the person's new
 * actions are refused with the same message (code `storage`).
 */

/** Words for each reason, as the message shows them. */
const REASON_WORDS: Readonly<Record<StorageError['reason'], string>> = {
  disk_full: 'disk full',
  read_only: 'read-only folder',
  permission: 'permission denied',
  unknown: 'write failed',
}

/** Node's error codes (also LevelDB's, whose message carries the OS error) -> reason. */
const REASON_OF_CODE: Readonly<Record<string, StorageError['reason']>> = {
  ENOSPC: 'disk_full',
  EDQUOT: 'disk_full',
  EROFS: 'read_only',
  EACCES: 'permission',
  EPERM: 'permission',
}

/** LevelDB reports the OS error in its message only ("IO error: ...: No space left on device"). */
const REASON_OF_MESSAGE: readonly [RegExp, StorageError['reason']][] = [
  [/no space left|disk quota|ENOSPC/i, 'disk_full'],
  [/read-only file system|EROFS/i, 'read_only'],
  [/permission denied|operation not permitted|EACCES|EPERM/i, 'permission'],
]

/** The sentence a person reads: "Docket can't write to its cache folder (disk full): /path". */
export function storageMessage(reason: StorageError['reason'], folder: string): string {
  return `Docket can't write to its cache folder (${REASON_WORDS[reason]}): ${folder}`
}

/**
 * A write of the local cache failed: `code` is `storage`, `message` the sentence for people,
 * `storageError` the folder and reason (the sync status shows it as it is).
 */
export class StorageFailure extends OfflineError {
  constructor(readonly storageError: StorageError) {
    super('storage', storageError.message, { folder: storageError.folder, reason: storageError.reason })
  }
}

/** True for a {@link StorageFailure} (also one that crossed a realm, by its code). */
export function isStorageFailure(error: unknown): error is StorageFailure {
  return error instanceof StorageFailure
}

/**
 * The storage failure `error` is, or null when it is not one: an OS error code (ENOSPC,
 * EDQUOT, EROFS, EACCES, EPERM), or a LevelDB I/O error (`LEVEL_IO_ERROR`, or a message
 * naming the OS error), looked for in `error.cause` too. Other errors (a closed store, a bug)
 * are not storage failures: they are not retried as such.
 */
export function storageFailureOf(error: unknown, folder: string): StorageFailure | null {
  if (isStorageFailure(error)) return error
  let reason: StorageError['reason'] | null = null
  let io = false
  for (let e = error, depth = 0; e && depth < 4 && !reason; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    const message = e instanceof Error ? e.message : ''
    if (typeof code === 'string' && Object.hasOwn(REASON_OF_CODE, code)) reason = REASON_OF_CODE[code]!
    else reason = REASON_OF_MESSAGE.find(([pattern]) => pattern.test(message))?.[1] ?? null
    if (code === 'LEVEL_IO_ERROR') io = true
  }
  // An I/O error of the store whose cause is not named is a storage failure all the same.
  if (!reason && io) reason = 'unknown'
  if (!reason) return null
  return new StorageFailure({ folder, reason, message: storageMessage(reason, folder) })
}

/**
 * Runs the cache's writes: a failure that is a storage failure is turned into a
 * {@link StorageFailure}, told to the listener (the sync engine pauses and retries) and
 * rethrown; other errors pass through untouched.
 */
export class StorageGuard {
  private listener: ((failure: StorageFailure) => void) | null = null

  /** `folder`: the account's cache folder, named in the message. */
  constructor(readonly folder: string) {}

  /** Who hears of each failure (the engine, once it exists). */
  onFailure(listener: (failure: StorageFailure) => void): void {
    this.listener = listener
  }

  /** Runs `write`; see the class comment for what a failure becomes. */
  async write<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error) {
      const failure = storageFailureOf(error, this.folder)
      if (!failure) throw error
      try {
        this.listener?.(failure)
      } catch {
        // A listener's own failure must not hide the storage failure from the caller.
      }
      throw failure
    }
  }
}
