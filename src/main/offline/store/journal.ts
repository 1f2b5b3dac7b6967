import { createHash } from 'node:crypto'
import { open, readFile, rename, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { OutboxEntry } from '../../../shared/outbox/entry'

/**
 * The outbox journal: a second, independent record of the outbox beside the LevelDB store, so
 * queued actions survive any damage to the store's files (a truncated or garbled log, a lost
 * manifest, a store moved aside and rebuilt).
 *
 * On disk: an append-only text file, one record per line, `<checksum> <json>\n`, the checksum
 * the first 16 hex digits of the SHA-256 of the JSON. A record is a {@link JournalChange} (the
 * outbox part of one store batch) or a snapshot (the whole outbox; the first record after a
 * compaction). Each append is fsynced (when durable) *before* the store's batch is written, so
 * the journal is never behind the store; a batch that then fails is reverted by appending its
 * inverse. A line whose checksum does not match is skipped: at the end of the file it is a torn
 * append whose batch never ran; elsewhere it is damage, counted in {@link JournalLoad.damaged}
 * (the caller then trusts the journal and the store together, not the journal alone).
 *
 * The file is rewritten as one snapshot (temporary file, fsync, rename) when it opens and when
 * it grows past {@link JOURNAL_COMPACT_BYTES} or four times its last snapshot.
 */

/** The outbox part of one store batch: entries written or removed (by seq) and meta values. */
export interface JournalChange {
  /** Entries written (added or changed), keyed by their `seq`. */
  put?: OutboxEntry[]
  /** Seqs of entries removed (done, undone, discarded). */
  del?: number[]
  /** Meta values written (the outbox sequence, id maps, upload claims), by meta key. */
  meta?: Record<string, unknown>
  /** Meta keys removed. */
  unmeta?: string[]
}

type JournalRecord =
  ({ t: 'change' } & JournalChange) | { t: 'snapshot'; entries: OutboxEntry[]; meta: Record<string, unknown> }

/** What {@link OutboxJournal.open} found in the file. */
export interface JournalLoad {
  /** False when there was no journal file (a new account, or a store older than the journal). */
  existed: boolean
  /** Records read and applied. */
  records: number
  /** Records skipped for a bad checksum or unreadable JSON, not counting a torn last line. */
  damaged: number
}

/** A journal larger than this (bytes) is compacted into one snapshot (unless its snapshot alone is near it). */
export const JOURNAL_COMPACT_BYTES = 1024 * 1024

/** The checksum of one record's JSON: 16 hex digits of its SHA-256. */
export function recordChecksum(json: string): string {
  return createHash('sha256').update(json).digest('hex').slice(0, 16)
}

/** One record as a line of the file. */
function line(record: JournalRecord): string {
  const json = JSON.stringify(record)
  return `${recordChecksum(json)} ${json}\n`
}

/** The record of a line, or undefined when its checksum or JSON is bad. */
function parseLine(text: string): JournalRecord | undefined {
  const space = text.indexOf(' ')
  if (space !== 16) return undefined
  const json = text.slice(space + 1)
  if (recordChecksum(json) !== text.slice(0, space)) return undefined
  try {
    const record = JSON.parse(json) as JournalRecord
    return record && (record.t === 'change' || record.t === 'snapshot') ? record : undefined
  } catch {
    return undefined
  }
}

/**
 * The journal of one account's outbox (see the module comment): its current view in memory
 * (entries by seq, journaled meta values) and the file it appends to. Appends are serialized by
 * the caller ({@link Store.batch} holds a lock around the append and the batch).
 */
export class OutboxJournal {
  /** Live entries by seq, as the journal last recorded them. */
  readonly entries = new Map<number, OutboxEntry>()
  /** Journaled meta values by key. */
  readonly meta = new Map<string, unknown>()
  private bytes = 0
  private snapshotBytes = 0

  private constructor(
    /** The journal file's path. */
    readonly path: string,
    /** fsync each append (the store's `durableWrites`). */
    private readonly durable: boolean,
  ) {}

  /** Reads the journal at `path` (none: empty) into memory; never throws for bad content. */
  static async open(path: string, durable: boolean): Promise<{ journal: OutboxJournal; load: JournalLoad }> {
    const journal = new OutboxJournal(path, durable)
    let text: string
    try {
      text = await readFile(path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return { journal, load: { existed: false, records: 0, damaged: 0 } }
      throw error
    }
    const lines = text.split('\n')
    // The last element is '' after a complete final line; anything else there is a torn append.
    const torn = lines.pop() ?? ''
    let records = 0
    let damaged = 0
    for (const [index, text] of lines.entries()) {
      const record = parseLine(text)
      if (!record) {
        // A bad last complete line with nothing after it may be a torn append too (a partial page flush).
        if (!(index === lines.length - 1 && torn === '')) damaged++
        continue
      }
      journal.apply(record)
      records++
    }
    journal.bytes = Buffer.byteLength(text)
    return { journal, load: { existed: true, records, damaged } }
  }

  /** Appends `change` (fsynced when durable) and applies it to the view; compacts when large. */
  async append(change: JournalChange): Promise<void> {
    const text = line({ t: 'change', ...change })
    await this.write(text, 'a')
    this.apply({ t: 'change', ...change })
    this.bytes += Buffer.byteLength(text)
    if (this.bytes > Math.max(JOURNAL_COMPACT_BYTES, 4 * this.snapshotBytes)) await this.compact()
  }

  /** The change that undoes `change` on the current view (call before appending `change`). */
  inverseOf(change: JournalChange): JournalChange {
    const put: OutboxEntry[] = []
    const del: number[] = []
    const meta: Record<string, unknown> = {}
    const unmeta: string[] = []
    const seqs = new Set([...(change.put ?? []).map((e) => e.seq), ...(change.del ?? [])])
    for (const seq of seqs) {
      const before = this.entries.get(seq)
      if (before) put.push(before)
      else del.push(seq)
    }
    for (const key of [...Object.keys(change.meta ?? {}), ...(change.unmeta ?? [])]) {
      if (this.meta.has(key)) meta[key] = this.meta.get(key)
      else unmeta.push(key)
    }
    return { put, del, meta, unmeta }
  }

  /** Rewrites the file as one snapshot of the view (temporary file, fsync, rename). */
  async compact(): Promise<void> {
    const text = line({ t: 'snapshot', entries: [...this.entries.values()], meta: Object.fromEntries(this.meta) })
    const temporary = `${this.path}.tmp`
    await this.write(text, 'w', temporary)
    await rename(temporary, this.path)
    if (this.durable) await syncFolder(dirname(this.path))
    this.bytes = this.snapshotBytes = Buffer.byteLength(text)
  }

  /** Replaces the view (used when the outbox is rebuilt on open) and writes it as a snapshot. */
  async reset(entries: readonly OutboxEntry[], meta: ReadonlyMap<string, unknown>): Promise<void> {
    this.entries.clear()
    for (const entry of entries) this.entries.set(entry.seq, entry)
    this.meta.clear()
    for (const [key, value] of meta) this.meta.set(key, value)
    await this.compact()
  }

  /** Deletes the file (the cache is being reset by the person). */
  static async remove(path: string): Promise<void> {
    await rm(path, { force: true })
    await rm(`${path}.tmp`, { force: true })
  }

  private apply(record: JournalRecord): void {
    if (record.t === 'snapshot') {
      this.entries.clear()
      this.meta.clear()
      for (const entry of record.entries) this.entries.set(entry.seq, entry)
      for (const [key, value] of Object.entries(record.meta)) this.meta.set(key, value)
      return
    }
    for (const entry of record.put ?? []) this.entries.set(entry.seq, entry)
    for (const seq of record.del ?? []) this.entries.delete(seq)
    for (const [key, value] of Object.entries(record.meta ?? {})) this.meta.set(key, value)
    for (const key of record.unmeta ?? []) this.meta.delete(key)
  }

  private async write(text: string, flags: 'a' | 'w', path = this.path): Promise<void> {
    const handle = await open(path, flags)
    try {
      await handle.writeFile(text, 'utf8')
      if (this.durable) await handle.sync()
    } finally {
      await handle.close()
    }
  }
}

/** fsyncs a folder so a rename in it survives power loss (a no-op where folders cannot be opened). */
async function syncFolder(path: string): Promise<void> {
  try {
    const handle = await open(path, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch {
    // Windows cannot open a folder for fsync; NTFS journals the rename itself.
  }
}
