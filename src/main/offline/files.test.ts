import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useWorkspaceHarness } from './testing/workspaceHarness'

const h = useWorkspaceHarness()

describe('file cache', () => {
  it('caches previews and keeps them under the cap, least recently used out first', async () => {
    const ws = await h.workspace({ cacheCapBytes: 250 })
    await ws.syncNow()
    const [a, b, c] = h.agendaOneIds()
    expect((await ws.getPreview(a!))!.bytes.byteLength).toBe(100)
    await ws.getPreview(b!)
    h.service.tick(1000)
    await ws.getPreview(a!) // a is now more recent than b
    h.service.tick(1000)
    await ws.getPreview(c!) // 300 bytes > 250: b leaves
    h.service.offline = true
    expect(await ws.getPreview(a!)).not.toBeNull()
    expect(await ws.getPreview(c!)).not.toBeNull()
    expect(await ws.getPreview(b!)).toBeNull()
    expect((await readdir(join(h.dir, 'previews'))).sort()).toEqual([String(a), String(c)].sort())
  })
})

describe('file cache: usage and a cap changed live', () => {
  it('counts bytes and files, and a lower cap evicts at once, least recently used first', async () => {
    const ws = await h.workspace({ cacheCapBytes: 1000 })
    await ws.syncNow()
    const [a, b, c] = h.agendaOneIds()
    for (const id of [a!, b!, c!]) {
      await ws.getPreview(id)
      h.service.tick(1000)
    }
    expect(await ws.cacheUsage()).toEqual({ bytes: 300, files: 3, capBytes: 1000 })
    await ws.setCacheCap(150)
    expect(await ws.cacheUsage()).toEqual({ bytes: 100, files: 1, capBytes: 150 })
    h.service.offline = true
    expect(await ws.getPreview(c!)).not.toBeNull()
    expect(await ws.getPreview(a!)).toBeNull()
  })
})

describe('file cache: documents in review queues', () => {
  it('evicts the files of protected documents (review queues available offline) after every other', async () => {
    const { MemoryLevel } = await import('memory-level')
    const { Store } = await import('./store')
    const { FileCache } = await import('./files')
    let now = 0
    const store = new Store(new MemoryLevel<string, unknown>({ valueEncoding: 'json' }) as never, false)
    const files = await FileCache.open(h.dir, store, 250, () => now)
    const bytes = new Uint8Array(100)
    files.protect(new Set([1]))
    await files.put('preview', 1, bytes, { contentType: 'image/png' }) // oldest, but protected
    now = 1
    await files.put('preview', 2, bytes, { contentType: 'image/png' })
    now = 2
    const third = await files.put('preview', 3, bytes, { contentType: 'image/png' })
    expect(third).toEqual({ evicted: [{ kind: 'preview', documentId: 2 }], evictedProtected: false })
    expect(await files.has('preview', 1)).toBe(true)
    files.protect(new Set([1, 3, 4]))
    now = 3
    // Only protected files are left to push out: the caller learns the cache is full of them.
    expect(await files.put('preview', 4, bytes, { contentType: 'image/png' })).toEqual({
      evicted: [{ kind: 'preview', documentId: 1 }],
      evictedProtected: true,
    })
  })
})

describe('file cache: content hashes of originals', () => {
  it('hashes each original it stores (not previews), and one cached before hashes were kept when first read', async () => {
    const { MemoryLevel } = await import('memory-level')
    const { Store } = await import('./store')
    const { FileCache } = await import('./files')
    const { sha256Hex } = await import('./contentHashes')
    const store = new Store(new MemoryLevel<string, unknown>({ valueEncoding: 'json' }) as never, false)
    const hashed: number[] = []
    const files = await FileCache.open(
      h.dir,
      store,
      10_000,
      () => 0,
      (id) => hashed.push(id),
    )
    const bytes = new TextEncoder().encode('%PDF-1.7 invoice')
    await files.put('preview', 1, bytes, { contentType: 'image/png' })
    await files.put('original', 2, bytes, { contentType: 'application/pdf' })
    await files.put('original', 2, bytes, { contentType: 'application/pdf' }) // same bytes: nothing new
    expect(hashed).toEqual([2])
    expect(await store.contentHashOf(1)).toBeUndefined()
    expect((await store.contentHashOf(2))!.versions.map((v) => v.sha256)).toEqual([sha256Hex(bytes)])
    // As if cached by an earlier version of Docket: the bytes are here, the hash is not.
    await store.batch(await store.deleteDocumentOps(2))
    expect(await store.contentHashOf(2)).toBeUndefined()
    await files.get('original', 2)
    expect(hashed).toEqual([2, 2])
    expect((await store.contentHashOf(2))!.versions.map((v) => v.sha256)).toEqual([sha256Hex(bytes)])
  })
})
