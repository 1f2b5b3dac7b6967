import { describe, expect, it, vi } from 'vitest'
import { useWorkspaceHarness } from './testing/workspaceHarness'

/** When set, writes of the cache's files fail as on a full disk (CI runs as root: chmod is no test). */
const files = vi.hoisted(() => ({ full: false }))
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>()
  const writeFile: typeof actual.writeFile = (...args) => {
    if (files.full)
      return Promise.reject(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }))
    return actual.writeFile(...args)
  }
  return { ...actual, writeFile, default: { ...actual, writeFile } }
})

const h = useWorkspaceHarness()

/** Makes the store's batches fail as on a full disk while `disk.full` is set. */
function fillDisk(): { full: boolean } {
  const disk = { full: false }
  const batch = h.level.batch.bind(h.level) as (...args: unknown[]) => Promise<void>
  h.level.batch = ((...args: unknown[]) => {
    if (disk.full) {
      return Promise.reject(
        Object.assign(new Error('IO error: store/000005.log: No space left on device'), { code: 'LEVEL_IO_ERROR' }),
      )
    }
    return batch(...args)
  }) as typeof h.level.batch
  return disk
}

async function until(check: () => boolean | Promise<boolean>, ms = 2_000): Promise<void> {
  for (let waited = 0; !(await check()); waited += 5) {
    if (waited > ms) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

describe('a full disk', () => {
  it('when the write that settles a sent action fails: sync pauses with the folder and reason, new actions are refused, retryStorage settles it once', async () => {
    const disk = fillDisk()
    const ws = await h.workspace({ backoffBaseMs: 60_000, backoffMaxMs: 60_000 })
    await ws.syncNow()
    ws.start()
    const [id] = h.agendaOneIds()
    const createComment = h.service.createComment
    h.service.createComment = async (documentId, text) => {
      const answer = await createComment(documentId, text)
      disk.full = true // the service applied it; the disk fills before the answer is written
      return answer
    }
    const entry = await ws.enqueue({ kind: 'comments.create', documentId: id!, text: 'checked' })
    await until(() => ws.status().connection === 'storage_failing')
    const message = `Docket can't write to its cache folder (disk full): ${h.dir}`
    expect(ws.status()).toMatchObject({
      storageError: { folder: h.dir, reason: 'disk_full', message },
      paused: false,
    })
    // The entry waits in flight (its lane with it); nothing claims it was sent or lost.
    expect((await ws.listOutbox()).map((e) => [e.id, e.status])).toEqual([[entry.id, 'in_flight']])
    await expect(
      ws.enqueue({ kind: 'documents.setState', items: [{ id: id!, state: 'ready' }] }),
    ).rejects.toMatchObject({
      code: 'storage',
      message,
    })
    // Still full: a retry says so again.
    await ws.retryStorage()
    expect(ws.status().connection).toBe('storage_failing')
    disk.full = false
    await ws.retryStorage()
    await until(async () => (await ws.listOutbox()).length === 0)
    expect(ws.status()).toMatchObject({ connection: 'online', storageError: null })
    expect(h.service.count('createComment')).toBe(1)
    expect((await ws.listComments(id!)).map((c) => c.text)).toEqual(['checked'])
  })

  it('is retried on its own after a backoff, and sync resumes', async () => {
    const disk = fillDisk()
    const ws = await h.workspace({ backoffBaseMs: 20, backoffMaxMs: 40 })
    disk.full = true
    await ws.syncNow()
    expect(ws.status()).toMatchObject({ connection: 'storage_failing', storageError: { reason: 'disk_full' } })
    ws.start()
    disk.full = false
    await until(() => ws.status().connection === 'online' && ws.status().lastSyncAt !== null)
    expect((await ws.listAgendas()).length).toBe(2)
  })

  it("a failed file write (an offline copy) pauses sync the same way, and the copies go on after it's retried", async () => {
    const ws = await h.workspace({ backoffBaseMs: 60_000, backoffMaxMs: 60_000 })
    await ws.noteAgendaOpened(1)
    files.full = true
    try {
      ws.start()
      await until(() => ws.status().connection === 'storage_failing')
      expect(ws.status()).toMatchObject({ storageError: { folder: h.dir, reason: 'disk_full' } })
      expect(ws.status().offlineCopies.done).toBe(0)
    } finally {
      files.full = false
    }
    await ws.retryStorage()
    await until(() => ws.status().offlineCopies.done === 3)
    expect(ws.status().connection).toBe('online')
  })

  it('an upload whose files cannot be stored is refused with code `storage`, nothing queued', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    files.full = true
    try {
      await expect(
        ws.enqueueUpload({
          agendaId: 1,
          type: 'PurchaseInvoice',
          files: [{ fileName: 'a.pdf', contentType: 'application/pdf', bytes: new Uint8Array([37, 80, 68, 70]) }],
        }),
      ).rejects.toMatchObject({
        code: 'storage',
        message: `Docket can't write to its cache folder (disk full): ${h.dir}`,
      })
    } finally {
      files.full = false
    }
    expect(await ws.listOutbox()).toEqual([])
    expect(ws.status().connection).toBe('storage_failing')
  })
})
