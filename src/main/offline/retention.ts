import type { FileCache } from './files'
import type { Clock } from './options'
import { DOCUMENT_READ_CHUNK, type Store } from './store'

/** Final states: a document in one leaves the cache after the retention period. */
const EXPORTED_STATES: ReadonlySet<string> = new Set(['exported', 'auto_exported'])

/** Retention is counted in days: outside full pulls, a sweep at most this often (ms). */
const SWEEP_INTERVAL_MS = 3_600_000

/** Documents read back at once by a sweep. */
const READ_BACK_CHUNK = DOCUMENT_READ_CHUNK

/** What the retention sweep needs of a document a pull just wrote. */
export interface WrittenFacts {
  /** `last_modified_at` in epoch ms. */
  lastModifiedMs: number
  /** Exported (or auto-exported) or archived: leaves the cache after the retention period. */
  final: boolean
}

/** True when a document in `state` (archived or not) is done with: exported or archived. */
export function isFinal(state: string, archived: boolean): boolean {
  return archived || EXPORTED_STATES.has(state)
}

/**
 * True when a pulled document is exported and untouched since before `cutoffMs` (epoch ms):
 * a pull does not cache it unless an outbox entry refers to it.
 */
export function isExportedBefore(doc: { state: string; last_modified_at: string }, cutoffMs: number): boolean {
  return EXPORTED_STATES.has(doc.state) && Date.parse(doc.last_modified_at) < cutoffMs
}

/**
 * The retention rule: exported and archived documents untouched for `retentionDays` leave the
 * cache (with their files) unless an outbox entry still refers to them. Sweeps run after full
 * pulls and at most hourly otherwise, not on every delta (hot path: bench B2).
 */
export class Retention {
  /** Epoch ms of the last sweep (0: none yet in this process). */
  private lastSweepAt = 0

  constructor(
    private readonly store: Store,
    private readonly files: FileCache,
    private readonly clock: Clock,
    private readonly retentionDays: number,
    /** Ids of the documents an outbox entry refers to (they stay). */
    private readonly busyDocumentIds: () => Promise<ReadonlySet<number>>,
  ) {}

  /** Epoch ms before which a final document is past the retention period. */
  cutoffMs(): number {
    return this.clock().getTime() - this.retentionDays * 86_400_000
  }

  /** True when a pull that began at `startedAtMs` should sweep (always after a full pull). */
  due(startedAtMs: number, fullPull: boolean): boolean {
    return fullPull || startedAtMs - this.lastSweepAt >= SWEEP_INTERVAL_MS
  }

  /**
   * Removes the cached documents past the retention period that no entry refers to, and their
   * files; notes the sweep as made at `startedAtMs`. `known` holds what the
   * caller just wrote (document id -> facts), judged without reading the store; every other
   * cached document is read back. `candidates`, when given, are all the ids that can be cached
   * (a superset; ids not cached are skipped), instead of a scan of the store's keys. Returns
   * the ids removed.
   */
  async sweep(
    startedAtMs: number,
    known: ReadonlyMap<number, WrittenFacts> = new Map(),
    candidates?: Iterable<number>,
  ): Promise<number[]> {
    const cutoff = this.cutoffMs()
    const busy = await this.busyDocumentIds()
    const gone: number[] = []
    const judge = (id: number, final: boolean, lastModifiedMs: number) => {
      if (final && lastModifiedMs < cutoff && !busy.has(id)) gone.push(id)
    }
    const unknown: number[] = []
    const readBack = async () => {
      for (const stored of await this.store.getDocuments(unknown.splice(0))) {
        if (!stored) continue
        judge(stored.doc.id, isFinal(stored.doc.state, stored.archived), Date.parse(stored.doc.last_modified_at))
      }
    }
    /** Judges a document from `known`, or queues it to be read back; true when the queue is full. */
    const consider = (id: number): boolean => {
      const facts = known.get(id)
      if (facts) judge(id, facts.final, facts.lastModifiedMs)
      else return unknown.push(id) >= READ_BACK_CHUNK
      return false
    }
    if (candidates) {
      for (const id of candidates) if (consider(id)) await readBack()
    } else for await (const id of this.store.documentIds()) if (consider(id)) await readBack()
    await readBack()
    for (const id of gone) {
      await this.store.batch(await this.store.deleteDocumentOps(id))
      await this.files.remove(id)
    }
    this.lastSweepAt = startedAtMs
    return gone
  }
}
