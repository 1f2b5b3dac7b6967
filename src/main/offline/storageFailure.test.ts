import { describe, expect, it } from 'vitest'
import { isStorageFailure, StorageGuard, storageFailureOf, storageMessage } from './storageFailure'

const coded = (code: string, message = code) => Object.assign(new Error(message), { code })

describe('storageFailureOf', () => {
  it('names the reason from the OS error code', () => {
    expect(storageFailureOf(coded('ENOSPC'), '/cache')?.storageError).toEqual({
      folder: '/cache',
      reason: 'disk_full',
      message: "Docket can't write to its cache folder (disk full): /cache",
    })
    expect(storageFailureOf(coded('EROFS'), '/c')?.storageError.reason).toBe('read_only')
    expect(storageFailureOf(coded('EACCES'), '/c')?.storageError.reason).toBe('permission')
    expect(storageFailureOf(coded('EPERM'), '/c')?.storageError.reason).toBe('permission')
  })

  it("reads LevelDB's I/O errors, whose message or cause carries the OS error", () => {
    const level = coded('LEVEL_IO_ERROR', 'IO error: /cache/store/000005.log: No space left on device')
    expect(storageFailureOf(level, '/cache')?.storageError.reason).toBe('disk_full')
    const wrapped = Object.assign(coded('LEVEL_IO_ERROR', 'Write failed'), { cause: coded('EROFS') })
    expect(storageFailureOf(wrapped, '/cache')?.storageError.reason).toBe('read_only')
    expect(storageFailureOf(coded('LEVEL_IO_ERROR', 'Corruption'), '/cache')?.storageError.reason).toBe('unknown')
  })

  it('is null for errors that are not the disk (a closed store, a bug)', () => {
    expect(storageFailureOf(coded('LEVEL_DATABASE_NOT_OPEN'), '/c')).toBeNull()
    expect(storageFailureOf(new TypeError('x is undefined'), '/c')).toBeNull()
  })

  it('has code `storage` and the message people read', () => {
    const failure = storageFailureOf(coded('ENOSPC'), '/c')!
    expect(failure).toMatchObject({ code: 'storage', message: storageMessage('disk_full', '/c') })
    expect(isStorageFailure(failure)).toBe(true)
  })
})

describe('StorageGuard', () => {
  it('turns a storage error into a StorageFailure, tells its listener and rethrows; other errors pass through', async () => {
    const guard = new StorageGuard('/cache')
    const heard: string[] = []
    guard.onFailure((f) => heard.push(f.storageError.reason))
    await expect(guard.write(() => Promise.reject(coded('ENOSPC')))).rejects.toMatchObject({ code: 'storage' })
    const bug = new TypeError('bug')
    await expect(guard.write(() => Promise.reject(bug))).rejects.toBe(bug)
    expect(await guard.write(async () => 42)).toBe(42)
    expect(heard).toEqual(['disk_full'])
  })
})
