import { fileURLToPath } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'
import { decodeDocumentPage, type DocumentPageResult } from './documentPage'
import type { ListingLayout } from './pageLayout'

/**
 * Decodes pages of GET /api/v1_2/documents ({@link decodeDocumentPage}: JSON parse, schema,
 * one JSON text per document). A pull of 10,000 documents decodes 200 pages; doing that on
 * the main thread kept the thread busy for most of a first sync (bench B1), so the app
 * decodes them in a worker thread ({@link WorkerPageDecoder}) and tests use
 * {@link inlinePageDecoder}.
 */
export interface DocumentPageDecoder {
  /**
   * The decoded page, or `{ ok: false, problem }` for a bad body. Never rejects. `layout`: the
   * body's `scanListingLayout`, when the caller made it already (it must be of these bytes).
   */
  decode(body: Uint8Array, contentType: string, layout?: ListingLayout | null): Promise<DocumentPageResult>
  /** Stops any thread it runs; later calls decode on the calling thread. */
  close(): Promise<void>
  /**
   * A long listing has begun (a full listing whose first page came back full): get ready for
   * its pages now, e.g. start a thread, so that it is running when they come. Never throws.
   */
  expectPages?(): void
}

/** Decodes on the calling thread. */
export const inlinePageDecoder: DocumentPageDecoder = {
  decode: async (body, contentType, layout) => decodeDocumentPage(body, contentType, layout),
  close: async () => undefined,
}

/** Where the worker thread's code is: the built pageWorker (electron-vite `?modulePath`), or its source with a loader. */
export interface PageWorkerEntry {
  /** Path or file URL of the worker module. */
  entry: string | URL
  /** Node options of the thread, e.g. `['--import', 'tsx']` to run the TypeScript source. */
  execArgv?: string[]
}

export interface WorkerPageDecoderOptions extends PageWorkerEntry {
  /**
   * The idle worker stops after this many ms (default 5,000), so no memory is held between
   * pulls: the thread's own heap is about 50 MB after a full sync of 10,000 documents, and
   * starting it again costs tens of ms, once per pull that has full pages.
   */
  idleMs?: number
  /**
   * Bodies smaller than this (bytes, default 32,768: about ten documents) are decoded on the
   * calling thread without starting the thread: a delta's short pages decode faster here than
   * a thread starts, and a quiet pull holds no thread's memory (bench B6).
   */
  minThreadBytes?: number
  /**
   * The thread starts at this many pages of at least `minThreadBytes` (default 4) arriving
   * with less than `idleMs` between them; the pages before are decoded on the calling thread.
   * A delta of a few full pages then decodes on the calling thread, whose code is warm, instead of
   * starting a thread whose first pages run cold code at a fraction of the speed (bench B2:
   * tens of ms per page); a long listing (a first sync) gets the thread from its fourth page.
   */
  pagesBeforeThread?: number
  /** One line when the worker cannot start or fails (pages are then decoded on the calling thread). */
  log?: (line: string) => void
  /** Makes the thread (tests); default `new Worker(entry, options)` of node:worker_threads. */
  createWorker?: (entry: string | URL, options: WorkerOptions) => Worker
}

/** The worker entry as source (src/main/api/pageWorker.ts) for processes run through tsx: tests, harness, benchmarks. */
export function sourcePageWorker(): PageWorkerEntry {
  return {
    entry: fileURLToPath(new URL('./pageWorker.ts', import.meta.url)),
    execArgv: ['--import', 'tsx'],
  }
}

/** A page sent to the worker and not answered yet (kept to decode here if the worker dies). */
interface PendingPage {
  body: Uint8Array
  contentType: string
  layout: ListingLayout | null | undefined
  resolve: (result: DocumentPageResult) => void
}

/** The worker's answer to a page (pageWorker.ts); its first message is `{ ready: true }`. */
interface WorkerReply {
  id: number
  result: DocumentPageResult
}

/**
 * Decodes pages in one worker thread (pageWorker.ts), started on the `pagesBeforeThread`-th page
 * of at least `minThreadBytes` in a row and stopped after `idleMs` without pages. While the thread starts, pages are decoded on the calling
 * thread, so a listing never waits for it. Bodies are shared with the thread, not transferred
 * ({@link sharedCopy}): when the thread fails (cannot start, throws, exits), its unanswered pages
 * are decoded here and so is every later page; nothing is lost and the caller never sees the failure.
 * The thread is unref'd: it never keeps the process alive.
 */
export class WorkerPageDecoder implements DocumentPageDecoder {
  private worker: Worker | null = null
  private ready = false
  /** The worker failed: decode here from now on. */
  private broken = false
  private closed = false
  private readonly pending = new Map<number, PendingPage>()
  private nextId = 1
  private idleTimer: ReturnType<typeof setTimeout> | null = null
  private readonly idleMs: number
  private readonly minThreadBytes: number
  private readonly pagesBeforeThread: number
  /** Large pages decoded here since pages last stopped for `idleMs` (the thread starts at `pagesBeforeThread`). */
  private largePages = 0

  constructor(private readonly options: WorkerPageDecoderOptions) {
    this.idleMs = options.idleMs ?? 5_000
    this.minThreadBytes = options.minThreadBytes ?? 32_768
    this.pagesBeforeThread = Math.max(1, options.pagesBeforeThread ?? 4)
  }

  /** True while a worker thread is running and answering (for tests and diagnostics). */
  get threadReady(): boolean {
    return this.ready
  }

  decode(body: Uint8Array, contentType: string, layout?: ListingLayout | null): Promise<DocumentPageResult> {
    if (this.broken || this.closed || body.byteLength < this.minThreadBytes)
      return Promise.resolve(decodeDocumentPage(body, contentType, layout))
    this.clearIdle()
    if (!this.worker && ++this.largePages < this.pagesBeforeThread) {
      this.armIdle()
      return Promise.resolve(decodeDocumentPage(body, contentType, layout))
    }
    const worker = this.worker ?? this.spawn()
    if (!worker || !this.ready) {
      this.armIdle()
      return Promise.resolve(decodeDocumentPage(body, contentType, layout))
    }
    const id = this.nextId++
    const shared = sharedCopy(body)
    return new Promise<DocumentPageResult>((resolve) => {
      this.pending.set(id, { body: shared, contentType, layout, resolve })
      try {
        // The layout (about 100 numbers) goes along, so the thread does not scan the page again.
        worker.postMessage({ id, body: shared, contentType, layout })
      } catch (error) {
        this.fail(`could not post a page: ${describe(error)}`)
      }
    })
  }

  /**
   * Starts the thread now, if it is not running, without waiting for it: a full listing's
   * first page came back full, so more full pages follow, and a thread started on the
   * `pagesBeforeThread`-th of them was still starting (about 80 ms) while a dozen pages came
   * and were decoded on the calling thread (bench B1). Started here, it loads while the next
   * round trips are on the wire; pages that come before it is ready are still decoded on the
   * calling thread. Stops after `idleMs` without pages, as a thread started by pages does.
   */
  expectPages(): void {
    if (this.broken || this.closed) return
    if (!this.worker && !this.spawn()) return
    if (this.pending.size === 0) {
      this.clearIdle()
      this.armIdle()
    }
  }

  /**
   * Starts the thread now (if it is not running) and resolves once it answers pages, or has
   * failed (pages are then decoded on the calling thread): for a caller that knows a long
   * listing is coming, e.g. the benchmarks' warm-up.
   */
  async start(): Promise<void> {
    if (this.broken || this.closed) return
    const worker = this.worker ?? this.spawn()
    if (!worker || this.ready) return
    await new Promise<void>((resolve) => {
      const done = () => {
        worker.off('message', done)
        worker.off('error', done)
        worker.off('exit', done)
        resolve()
      }
      // The thread's first message says it is ready (see pageWorker.ts).
      worker.on('message', done)
      worker.on('error', done)
      worker.on('exit', done)
    })
    this.armIdle()
  }

  async close(): Promise<void> {
    this.closed = true
    this.clearIdle()
    const worker = this.worker
    this.detach()
    this.settleHere()
    if (worker) await worker.terminate().catch(() => undefined)
  }

  private spawn(): Worker | null {
    let worker: Worker
    try {
      const create = this.options.createWorker ?? ((entry, options) => new Worker(entry, options))
      worker = create(this.options.entry, { execArgv: this.options.execArgv ?? [] })
    } catch (error) {
      this.fail(`could not start: ${describe(error)}`)
      return null
    }
    this.worker = worker
    this.ready = false
    worker.unref()
    worker.on('message', (reply: WorkerReply | { ready: true } | null) => {
      if (this.worker !== worker || !reply || typeof reply !== 'object') return
      if ('ready' in reply) {
        this.ready = true
        return
      }
      const page = this.pending.get(reply.id)
      if (!page) return
      this.pending.delete(reply.id)
      page.resolve(isResult(reply.result) ? reply.result : decodeDocumentPage(page.body, page.contentType, page.layout))
      if (this.pending.size === 0) this.armIdle()
    })
    worker.on('error', (error) => {
      if (this.worker === worker) this.fail(describe(error))
    })
    worker.on('exit', (code) => {
      if (this.worker === worker) this.fail(`exited with code ${code}`)
    })
    return worker
  }

  /** The worker is unusable: decode its unanswered pages here, and every later one. */
  private fail(reason: string): void {
    this.options.log?.(`page decoder thread failed (${reason}); decoding pages on the main thread`)
    this.broken = true
    const worker = this.worker
    this.detach()
    this.settleHere()
    void worker?.terminate().catch(() => undefined)
  }

  private detach(): void {
    this.worker = null
    this.ready = false
  }

  private settleHere(): void {
    const pages = [...this.pending.values()]
    this.pending.clear()
    for (const page of pages) page.resolve(decodeDocumentPage(page.body, page.contentType, page.layout))
  }

  private armIdle(): void {
    if (this.idleTimer || this.closed) return
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null
      this.largePages = 0
      if (this.pending.size > 0 || !this.worker) return
      const worker = this.worker
      this.detach()
      void worker.terminate().catch(() => undefined)
    }, this.idleMs)
    this.idleTimer.unref?.()
  }

  private clearIdle(): void {
    if (!this.idleTimer) return
    clearTimeout(this.idleTimer)
    this.idleTimer = null
  }
}

/**
 * The page's bytes in memory the thread shares (a `SharedArrayBuffer` the calling thread
 * allocates), so posting the page copies nothing. A plain `Uint8Array` is copied twice on its
 * way to a thread: into the message, then into memory the thread allocates, and the allocator
 * keeps the thread's share of that free after the thread ends (bench B9: 12-27 MB of a
 * 100,000-document sync). The thread's documents are views of this same memory, as they were
 * of its own copy. Bytes already shared are posted as they are.
 */
export function sharedCopy(body: Uint8Array): Uint8Array {
  if (body.buffer instanceof SharedArrayBuffer) return body
  const shared = new Uint8Array(new SharedArrayBuffer(body.byteLength))
  shared.set(body)
  return shared
}

function isResult(value: unknown): value is DocumentPageResult {
  if (!value || typeof value !== 'object') return false
  const result = value as { ok?: unknown; documents?: unknown; problem?: unknown }
  return result.ok === true ? Array.isArray(result.documents) : typeof result.problem === 'string'
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
