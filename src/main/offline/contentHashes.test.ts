import { describe, expect, it } from 'vitest'
import { MAX_FILE_VERSIONS, sha256Hex, withFileVersion } from './contentHashes'
import { Store, type Level } from './store'
import { useWorkspaceHarness } from './testing/workspaceHarness'

const h = useWorkspaceHarness()

/** Originals the fake service answered since {@link originalsBy}. */
let downloads = 0

/** Makes the fake service answer each document's original with its own bytes (from `bytesOf`). */
function originalsBy(bytesOf: (id: number) => Uint8Array<ArrayBuffer>): void {
  downloads = 0
  h.service.getOriginalFile = async (id: number) => {
    downloads++
    return { fileName: `invoice-${id}.pdf`, contentType: 'application/pdf', bytes: bytesOf(id) }
  }
}

const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.7 ${text}`)

describe('the content hash of a file', () => {
  it('is the SHA-256 of its bytes, lowercase hex', () => {
    expect(sha256Hex(new TextEncoder().encode('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
    expect(sha256Hex(pdf('a'))).not.toBe(sha256Hex(pdf('b')))
  })

  it('adds a version only when the bytes differ from the newest, keeping the last few', () => {
    const version = (n: number) => ({ sha256: String(n).repeat(64).slice(0, 64), size: n, seenAt: `2026-01-0${n}` })
    const first = withFileVersion(undefined, 5, version(1))!
    expect(first).toEqual({ documentId: 5, versions: [version(1)] })
    expect(withFileVersion(first, 5, { ...version(1), seenAt: 'later' })).toBeNull()
    const second = withFileVersion(first, 5, version(2))!
    expect(second.versions).toEqual([version(1), version(2)])
    // An older version held again is the newest again, once.
    expect(withFileVersion(second, 5, version(1))!.versions).toEqual([version(2), version(1)])
    let many = first
    for (let n = 2; n <= 9; n++) many = withFileVersion(many, 5, version(n))!
    expect(many.versions.map((v) => v.size)).toEqual([5, 6, 7, 8, 9])
    expect(many.versions).toHaveLength(MAX_FILE_VERSIONS)
  })
})

describe('content hashes in the local store', () => {
  it('hashes an original when it is downloaded, and the document carries it through syncs', async () => {
    originalsBy((id) => pdf(`document ${id}`))
    const ws = await h.workspace()
    await ws.syncNow()
    const [a, b] = h.agendaOneIds()
    expect((await ws.getDocument(a!))!.local.contentSha256).toBeUndefined()
    h.events = []
    await ws.getOriginal(a!)
    const hash = sha256Hex(pdf(`document ${a}`))
    expect((await ws.getDocument(a!))!.local.contentSha256).toBe(hash)
    expect(h.documentsChanged()).toEqual([{ documentIds: [a!], agendaIds: [] }])
    // Reading it again from the cache writes nothing new.
    h.events = []
    await ws.getOriginal(a!)
    expect(h.documentsChanged()).toEqual([])
    // Every pull writes the service's copy of the document again: the hash stays beside it.
    h.service.touch(a!, { state: 'ready' })
    await ws.syncNow()
    await ws.syncNow()
    const listed = await ws.listDocuments(1)
    expect(listed.find((doc) => doc.id === a)).toMatchObject({ state: 'ready', local: { contentSha256: hash } })
    expect(listed.find((doc) => doc.id === b)!.local.contentSha256).toBeUndefined()
  })

  it('keeps each file version, the newest counting, and the hash outlives the cached file', async () => {
    let text = 'first scan'
    originalsBy(() => pdf(text))
    // Room for one original: reading b's pushes a's out of the cache.
    const ws = await h.workspace({ cacheCapBytes: pdf('second scan').byteLength })
    await ws.syncNow()
    const [a, b] = h.agendaOneIds()
    await ws.getOriginal(a!)
    h.service.tick()
    await ws.getOriginal(b!)
    expect((await ws.getDocument(a!))!.local.contentSha256).toBe(sha256Hex(pdf('first scan')))
    text = 'second scan'
    await ws.getOriginal(a!) // not cached any more: downloaded again, with other bytes
    expect(downloads).toBe(3)
    expect((await ws.getDocument(a!))!.local.contentSha256).toBe(sha256Hex(pdf('second scan')))
    await ws.close()
    h.open.splice(0)
    const store = new Store(h.level as unknown as Level, false)
    expect((await store.contentHashOf(a!))!.versions).toEqual([
      { sha256: sha256Hex(pdf('first scan')), size: pdf('first scan').byteLength, seenAt: expect.any(String) },
      { sha256: sha256Hex(pdf('second scan')), size: pdf('second scan').byteLength, seenAt: expect.any(String) },
    ])
    const again = await h.workspace()
    await again.syncNow()
    expect((await again.getDocument(a!))!.local.contentSha256).toBe(sha256Hex(pdf('second scan')))
  })

  it('hashes the bytes a person uploads, under the document the service created', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    const bytes = pdf('uploaded by hand')
    await ws.enqueueUpload({
      agendaId: 1,
      type: 'PurchaseInvoice',
      files: [{ fileName: 'scan.pdf', contentType: 'application/pdf', bytes }],
    })
    await ws.syncNow()
    expect(await ws.listOutbox()).toEqual([])
    const created = (await ws.listDocuments(1)).find((doc) => doc.user_file_name === 'scan.pdf')!
    expect(created.local.contentSha256).toBe(sha256Hex(bytes))
    expect(h.service.count('getOriginalFile')).toBe(0)
  })

  it('never downloads an original only to hash it: a sync fetches none', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    await ws.syncNow()
    expect(h.service.count('getOriginalFile')).toBe(0)
    expect((await ws.listDocuments(1)).every((doc) => doc.local.contentSha256 === undefined)).toBe(true)
  })
})
