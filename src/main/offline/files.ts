import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FileRecord, Store } from './store'

/**
 * Previews and originals kept as files beside the store (`<dir>/previews/<doc id>`,
 * `<dir>/originals/<doc id>`), indexed in the store, under a size cap: when the total exceeds
 * `capBytes` the least recently read files leave first. Sizes in bytes.
 */
export class FileCache {
  private total = 0

  private constructor(
    private readonly dir: string,
    private readonly store: Store,
    private readonly capBytes: number,
    private readonly now: () => number,
  ) {}

  /** Opens the cache: creates the folders and sums the sizes recorded in the store. */
  static async open(dir: string, store: Store, capBytes: number, now: () => number): Promise<FileCache> {
    const cache = new FileCache(dir, store, capBytes, now)
    await mkdir(join(dir, 'previews'), { recursive: true })
    await mkdir(join(dir, 'originals'), { recursive: true })
    for (const record of await store.fileRecords()) cache.total += record.size
    return cache
  }

  /** Bytes held now. */
  get totalBytes(): number {
    return this.total
  }

  private pathOf(kind: FileRecord['kind'], documentId: number): string {
    return join(this.dir, `${kind}s`, String(documentId))
  }

  /** The cached file and its record, or null (also when the file went missing). Marks it used. */
  async get(kind: FileRecord['kind'], documentId: number): Promise<{ record: FileRecord; bytes: Uint8Array } | null> {
    const record = await this.store.getFileRecord(kind, documentId)
    if (!record) return null
    let bytes: Buffer
    try {
      bytes = await readFile(this.pathOf(kind, documentId))
    } catch {
      await this.store.deleteFileRecord(kind, documentId)
      this.total -= record.size
      return null
    }
    const touched = { ...record, lastAccess: this.now() }
    await this.store.putFileRecord(touched)
    return { record: touched, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) }
  }

  /** Stores a file (replacing the previous one), then evicts least recently used files over the cap. */
  async put(
    kind: FileRecord['kind'],
    documentId: number,
    bytes: Uint8Array,
    meta: { contentType: string; fileName?: string },
  ): Promise<void> {
    const path = this.pathOf(kind, documentId)
    const temp = `${path}.${process.pid}.tmp`
    await writeFile(temp, bytes)
    await rename(temp, path)
    const previous = await this.store.getFileRecord(kind, documentId)
    const record: FileRecord = {
      kind,
      documentId,
      size: bytes.byteLength,
      contentType: meta.contentType,
      lastAccess: this.now(),
    }
    if (meta.fileName !== undefined) record.fileName = meta.fileName
    await this.store.putFileRecord(record)
    this.total += record.size - (previous?.size ?? 0)
    await this.evict(record)
  }

  /** Removes the preview and original of a document. */
  async remove(documentId: number): Promise<void> {
    for (const kind of ['preview', 'original'] as const) {
      const record = await this.store.getFileRecord(kind, documentId)
      if (!record) continue
      await this.store.deleteFileRecord(kind, documentId)
      this.total -= record.size
      await rm(this.pathOf(kind, documentId), { force: true })
    }
  }

  /** Evicts least recently used files until the total is under the cap (`keep` is spared). */
  async evict(keep?: Pick<FileRecord, 'kind' | 'documentId'>): Promise<void> {
    if (this.total <= this.capBytes) return
    const records = await this.store.fileRecords()
    records.sort((a, b) => a.lastAccess - b.lastAccess)
    for (const record of records) {
      if (this.total <= this.capBytes) break
      if (record.kind === keep?.kind && record.documentId === keep.documentId) continue
      await this.store.deleteFileRecord(record.kind, record.documentId)
      this.total -= record.size
      await rm(this.pathOf(record.kind, record.documentId), { force: true })
    }
  }
}
