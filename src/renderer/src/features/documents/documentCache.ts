/**
 * What the document pane shows of one document (documents.get + comments.list), loaded ahead
 * for the documents next to the open one, so that `j` / `k` show the next document at once
 * instead of after two IPC round trips (bench B4).
 */
import type { CheckResult } from '../../../../shared/checks/result'
import type { CachedCommentView, CachedDocumentView } from '../../../../shared/ipc'

/** A document as the pane shows it: the cached document, its checks and comments. */
export interface OpenedDocument {
  document: CachedDocumentView
  checks: CheckResult[]
  comments: CachedCommentView[]
}

/**
 * A small least-recently-used cache of {@link OpenedDocument}s with the loads in flight.
 * It holds only what was loaded since the last {@link clear}: the workspace clears it on
 * every `documents.changed` / `outbox.changed` event and action, so what it answers is as
 * current as a fresh load (a load that was in flight during a clear is answered to its
 * caller but not kept). Failed loads are not kept either.
 */
export class DocumentCache {
  private readonly loaded = new Map<number, OpenedDocument>()
  private readonly inFlight = new Map<number, Promise<OpenedDocument>>()
  private generation = 0

  /**
   * @param load reads one document for the pane (rejects with the bridge's DocketError)
   * @param capacity documents kept at most (the oldest used leaves first)
   */
  constructor(
    private readonly load: (id: number) => Promise<OpenedDocument>,
    private readonly capacity = 8,
  ) {}

  /** The document if it is loaded (and marks it used), else undefined. */
  peek(id: number): OpenedDocument | undefined {
    const hit = this.loaded.get(id)
    if (hit) {
      this.loaded.delete(id)
      this.loaded.set(id, hit)
    }
    return hit
  }

  /**
   * The document: the load already in flight for it, or a new one (`fresh` skips what is
   * loaded and in flight, for a reload after a change). The answer is kept for later.
   */
  get(id: number, fresh = false): Promise<OpenedDocument> {
    if (!fresh) {
      const hit = this.peek(id)
      if (hit) return Promise.resolve(hit)
      const pending = this.inFlight.get(id)
      if (pending) return pending
    }
    const generation = this.generation
    const request = this.load(id)
    this.inFlight.set(id, request)
    const forget = () => {
      if (this.inFlight.get(id) === request) this.inFlight.delete(id)
    }
    request.then((value) => {
      forget()
      if (generation !== this.generation) return
      this.loaded.delete(id)
      this.loaded.set(id, value)
      while (this.loaded.size > this.capacity) this.loaded.delete(this.loaded.keys().next().value!)
    }, forget)
    return request
  }

  /** Starts loading `id` in the background unless it is loaded or loading; errors are dropped. */
  prefetch(id: number): void {
    if (this.loaded.has(id) || this.inFlight.has(id)) return
    this.get(id).catch(() => undefined)
  }

  /** Forgets everything loaded; loads in flight are answered but not kept. */
  clear(): void {
    this.generation++
    this.loaded.clear()
    this.inFlight.clear()
  }
}

/**
 * How many documents are loaded ahead in the direction of travel. A load takes one IPC round
 * trip (about 20 ms, more on a busy machine) and a quick reviewer presses `j` every 30 ms or so:
 * with two ahead, the next document's load had started only one key earlier and was often still
 * on its way (bench B4's slowest presses); with three it started two keys earlier. Stepping
 * on still costs one new load per key.
 */
const AHEAD = 3

/**
 * The ids to load ahead around `index` of `ids` (the list as shown) after a move by `delta`
 * rows: the next {@link AHEAD} in the direction of the move and one the other way.
 */
export function neighboursOf(ids: readonly number[], index: number, delta: number): number[] {
  const step = delta < 0 ? -1 : 1
  const out: number[] = []
  const offsets = Array.from({ length: AHEAD }, (_, i) => (i + 1) * step)
  for (const offset of [...offsets, -step]) {
    const id = ids[index + offset]
    if (id !== undefined) out.push(id)
  }
  return out
}
