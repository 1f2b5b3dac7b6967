import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { contentHashOps } from './contentHashes'
import type { FileRecord, Store } from './store'

/** How a file reached the cache's size cap: what it pushed out. */
export interface PutResult {
  /** Files removed to stay under the cap. */
  evicted: Pick<FileRecord, 'kind' | 'documentId'>[]
  /** True when one of them belonged to a document in a review queue (the cache is full of them). */
  evictedProtected: boolean
}

/**
 * Previews and originals kept as files beside the store (`<dir>/previews/<doc id>`,
 * `<dir>/originals/<doc id>`), indexed in the store, under a size cap: when the total exceeds
 * `capBytes` the least recently read files leave first, files of the documents in review
 * queues ({@link protect}) after every other. Sizes in bytes. Writes go through the store's
 * `StorageGuard`: a full disk is a `StorageFailure`, never swallowed.
 *
 * The bytes of every original it holds are hashed (SHA-256, contentHashes.ts) into the store's
 * `hashes`, per document and file version, when written and (for originals cached before
 * hashes were kept) when first read; `onNewContentHash` hears of each new version, so the
 * duplicate check can compare it. The hash outlives the file's eviction.
 */
export class FileCache {
  private total = 0
  private protectedIds: ReadonlySet<number> = new Set()

  private constructor(
    private readonly dir: string,
    private readonly store: Store,
    private capBytes: number,
    private readonly now: () => number,
    private readonly onNewContentHash: (documentId: number) => void,
  ) {}

  /**
   * Opens the cache: creates the folders and sums the sizes recorded in the store.
   * `onNewContentHash` is called after a new version of a document's original was hashed.
   */
  static async open(
    dir: string,
    store: Store,
    capBytes: number,
    now: () => number,
    onNewContentHash: (documentId: number) => void = () => {},
  ): Promise<FileCache> {
    const cache = new FileCache(dir, store, capBytes, now, onNewContentHash)
    await store.guard.write(async () => {
      await mkdir(join(dir, 'previews'), { recursive: true })
      await mkdir(join(dir, 'originals'), { recursive: true })
    })
    for (const record of await store.fileRecords()) cache.total += record.size
    return cache
  }

  /** Bytes held now. */
  get totalBytes(): number {
    return this.total
  }

  /** The size cap in bytes. */
  get cap(): number {
    return this.capBytes
  }

  /** Bytes and number of files held now (read from the store's index). */
  async usage(): Promise<{ bytes: number; files: number }> {
    const records = await this.store.fileRecords()
    return { bytes: records.reduce((sum, record) => sum + record.size, 0), files: records.length }
  }

  /** Changes the cap (bytes, at least 0) and evicts at once what is over a lower one. */
  async setCap(capBytes: number): Promise<PutResult> {
    this.capBytes = Math.max(0, Math.floor(capBytes))
    return this.evict()
  }

  /** Documents whose files leave last (those in the review queues of agendas available offline). */
  protect(documentIds: ReadonlySet<number>): void {
    this.protectedIds = documentIds
  }

  private pathOf(kind: FileRecord['kind'], documentId: number): string {
    return join(this.dir, `${kind}s`, String(documentId))
  }

  /** True when the file is cached (its record is; the bytes are checked when read). No access is recorded. */
  async has(kind: FileRecord['kind'], documentId: number): Promise<boolean> {
    return (await this.store.getFileRecord(kind, documentId)) !== undefined
  }

  /** The cached file and its record, or null (also when the file went missing). Marks it used. */
  async get(kind: FileRecord['kind'], documentId: number): Promise<{ record: FileRecord; bytes: Uint8Array } | null> {
    const record = await this.store.getFileRecord(kind, documentId)
    if (!record) return null
    let bytes: Buffer
    try {
      bytes = await readFile(this.pathOf(kind, documentId))
    } catch {
      // The bytes went missing (removed by hand, a crash between write and record): not cached.
      await this.store.deleteFileRecord(kind, documentId)
      this.total -= record.size
      return null
    }
    const touched = { ...record, lastAccess: this.now() }
    await this.store.putFileRecord(touched)
    const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    if (kind === 'original' && !(await this.store.contentHashOf(documentId))) {
      // Cached before hashes were kept: the bytes are here, hashing them costs no request.
      await this.recordContentHash(documentId, view).catch(() => {
        // A storage failure was told to the engine by the store's guard; the file is still read.
      })
    }
    return { record: touched, bytes: view }
  }

  /** Records the hash of an original's bytes as its newest version; tells `onNewContentHash` when new. */
  private async recordContentHash(documentId: number, bytes: Uint8Array): Promise<void> {
    const ops = await contentHashOps(this.store, documentId, bytes, new Date(this.now()).toISOString())
    if (ops.length === 0) return
    await this.store.batch(ops)
    this.onNewContentHash(documentId)
  }

  /**
   * Stores a file (replacing the previous one), then evicts files over the cap (see the class
   * comment). Rejects with a `StorageFailure` when the file or its record cannot be written.
   */
  async put(
    kind: FileRecord['kind'],
    documentId: number,
    bytes: Uint8Array,
    meta: { contentType: string; fileName?: string },
  ): Promise<PutResult> {
    const path = this.pathOf(kind, documentId)
    const temp = `${path}.${process.pid}.tmp`
    await this.store.guard.write(async () => {
      try {
        await writeFile(temp, bytes)
        await rename(temp, path)
      } catch (error) {
        await rm(temp, { force: true }).catch(() => undefined) // best effort: the write's error is the one to report
        throw error
      }
    })
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
    if (kind === 'original') await this.recordContentHash(documentId, bytes)
    return this.evict(record)
  }

  /** Writes and removes a small file in the cache folder: resolves when files can be written again. */
  async probe(): Promise<void> {
    const path = join(this.dir, 'previews', `.probe.${process.pid}`)
    await this.store.guard.write(async () => {
      await writeFile(path, 'ok')
      await rm(path, { force: true })
    })
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

  /**
   * Evicts files until the total is under the cap (`keep` is spared): least recently used
   * first, files of protected documents last.
   */
  async evict(keep?: Pick<FileRecord, 'kind' | 'documentId'>): Promise<PutResult> {
    const result: PutResult = { evicted: [], evictedProtected: false }
    if (this.total <= this.capBytes) return result
    const records = await this.store.fileRecords()
    const rank = (r: FileRecord) => (this.protectedIds.has(r.documentId) ? 1 : 0)
    records.sort((a, b) => rank(a) - rank(b) || a.lastAccess - b.lastAccess)
    for (const record of records) {
      if (this.total <= this.capBytes) break
      if (record.kind === keep?.kind && record.documentId === keep.documentId) continue
      await this.store.deleteFileRecord(record.kind, record.documentId)
      this.total -= record.size
      await rm(this.pathOf(record.kind, record.documentId), { force: true })
      result.evicted.push({ kind: record.kind, documentId: record.documentId })
      if (rank(record) === 1) result.evictedProtected = true
    }
    return result
  }
}
