import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { EvidenceProblem, PaymentCode } from '../../../shared/evidence/types'
import { DEFAULT_QUIET_MS } from '../memory/idleRelease'
import { readPdf, readQr, type PdfReading } from './fileReading'

/**
 * Reads files for the evidence: the PDF job and the QR job of fileReading.ts. The app runs
 * them in worker threads ({@link WorkerEvidenceReader}); {@link inlineEvidenceReader} runs
 * them on the calling thread (unit tests).
 */
export interface EvidenceReader {
  /** A PDF's pages, words and embedded e-invoice. Rejects with an {@link EvidenceReadError}. */
  readPdf(bytes: Uint8Array): Promise<PdfReading>
  /** An image's payment QR codes. Rejects with an {@link EvidenceReadError}. */
  readQr(bytes: Uint8Array, page: number): Promise<{ payments: PaymentCode[]; problems: EvidenceProblem[] }>
  /** Stops the thread, if any. */
  close(): Promise<void>
}

/** Why a file could not be read at all: `timeout` (it took too long and was stopped), `worker_failed`, `closed`. */
export class EvidenceReadError extends Error {
  constructor(
    readonly code: 'timeout' | 'worker_failed' | 'closed',
    message: string,
  ) {
    super(message)
    this.name = 'EvidenceReadError'
  }
}

/** Reads on the calling thread. */
export const inlineEvidenceReader: EvidenceReader = {
  readPdf: (bytes) => readPdf(bytes),
  readQr: (bytes, page) => readQr(bytes, page),
  close: async () => undefined,
}

/** Where the worker's code is: the built evidenceWorker ({@link builtEvidenceWorker}), or its source with a loader. */
export interface EvidenceWorkerEntry {
  entry: string | URL
  /** e.g. `['--import', 'tsx']` to run the TypeScript source. */
  execArgv?: string[]
}

/**
 * The built worker's file name: an entry of the main build (electron.vite.config.ts), written
 * beside the main bundle (`out/main/evidenceWorker.js`). Its pdf.js, zxing and e-invoice
 * modules stay in node_modules and are resolved from there at run time, as the main bundle's are.
 */
export const EVIDENCE_WORKER_FILE = 'evidenceWorker.js'

/** The built worker in `mainDir`, the folder of the built main bundle (e.g. `out/main`). */
export function builtEvidenceWorker(mainDir: string): EvidenceWorkerEntry {
  return { entry: join(mainDir, EVIDENCE_WORKER_FILE) }
}

/** The worker entry as source, for processes run through tsx: tests, the harness without a build. */
export function sourceEvidenceWorker(): EvidenceWorkerEntry {
  return { entry: fileURLToPath(new URL('./evidenceWorker.ts', import.meta.url)), execArgv: ['--import', 'tsx'] }
}

interface Pending {
  resolve(value: unknown): void
  reject(error: Error): void
  timer: NodeJS.Timeout
}

export interface WorkerEvidenceReaderOptions extends EvidenceWorkerEntry {
  /** A job not answered within this many ms ends its thread (default 15,000). */
  timeoutMs?: number
  /**
   * The idle PDF thread stops after this many ms (default {@link PDF_IDLE_MS}): opening the
   * next document within it reads its text layer without starting pdf.js again.
   */
  idleMs?: number
  /** The idle QR thread stops after this many ms (default {@link QR_IDLE_MS}), and its WebAssembly memory with it. */
  qrIdleMs?: number
  /**
   * The idle PDF thread gives its heap's unused room back after this many ms without a job
   * (default {@link RELEASE_AFTER_MS}), in its own thread.
   */
  releaseAfterMs?: number
  /** Each thread's heap limit in MB (default 256): a hostile file cannot take the machine's memory. */
  maxHeapMb?: number
  log?: (line: string) => void
}

/** Default idle time of the PDF thread, in ms. */
export const PDF_IDLE_MS = 10_000
/**
 * Default idle time of the QR thread, in ms. zxing's WebAssembly memory grows to hold the
 * largest image it decoded (tens of MB for a scanned page), and a WebAssembly memory never
 * shrinks: only ending its thread gives it back. A scan is the second step of a document's
 * evidence (nothing waits for it), so the thread lives only for a burst of scans.
 */
export const QR_IDLE_MS = 1_000
/**
 * Default quiet time before the idle PDF thread gives its heap's unused room back, in ms: the
 * services' own quiet time ({@link DEFAULT_QUIET_MS}). The release drops pdf.js's compiled code
 * too, so the next PDF read after it takes tens of ms longer (still far from a new thread's
 * start): a person moving through documents faster than this never pays it.
 */
export const RELEASE_AFTER_MS = DEFAULT_QUIET_MS

/** Which of the reader's threads are running (tests, benchmarks). */
export interface EvidenceThreadsRunning {
  pdf: boolean
  qr: boolean
}

/**
 * Runs the jobs in two worker threads, each started on its first job and stopped when idle:
 * the PDF thread (pdf.js: a document's text layer and e-invoice, the step a person waits for)
 * stays {@link PDF_IDLE_MS} so the next document opened reads at once, and gives its heap's
 * unused room back after {@link RELEASE_AFTER_MS} without a job; the QR thread (zxing's
 * WebAssembly) stops {@link QR_IDLE_MS} after its last scan, so its memory goes with it, and a
 * PDF never waits behind a scan. Each thread runs one job at a time (a queue keeps memory to
 * one file). A job that takes longer than `timeoutMs` terminates its thread (the next job
 * starts a new one) and rejects with `timeout`; a thread that dies rejects its job with
 * `worker_failed`. The threads are unref'd.
 */
export class WorkerEvidenceReader implements EvidenceReader {
  private readonly pdf: EvidenceThread
  private readonly qr: EvidenceThread

  constructor(options: WorkerEvidenceReaderOptions) {
    this.pdf = new EvidenceThread(
      'PDF',
      options,
      options.idleMs ?? PDF_IDLE_MS,
      options.releaseAfterMs ?? RELEASE_AFTER_MS,
    )
    this.qr = new EvidenceThread('QR', options, options.qrIdleMs ?? QR_IDLE_MS, null)
  }

  readPdf(bytes: Uint8Array): Promise<PdfReading> {
    return this.pdf.enqueue({ job: 'pdf', bytes }) as Promise<PdfReading>
  }

  readQr(bytes: Uint8Array, page: number): Promise<{ payments: PaymentCode[]; problems: EvidenceProblem[] }> {
    return this.qr.enqueue({ job: 'qr', bytes, page }) as Promise<{
      payments: PaymentCode[]
      problems: EvidenceProblem[]
    }>
  }

  /** Which threads are running now. */
  running(): EvidenceThreadsRunning {
    return { pdf: this.pdf.running(), qr: this.qr.running() }
  }

  async close(): Promise<void> {
    await Promise.all([this.pdf.close(), this.qr.close()])
  }
}

/** A job's message to the thread (evidenceWorker.ts). */
interface JobMessage {
  job: 'pdf' | 'qr'
  bytes: Uint8Array
  page?: number
}

/** What the thread says after giving its heap's room back (evidenceWorker.ts). */
interface ReleaseReply {
  released: { beforeBytes: number; afterBytes: number; ms: number }
}

/** One worker thread of {@link WorkerEvidenceReader}: its queue, idle stop and idle release. */
class EvidenceThread {
  private worker: Worker | null = null
  private ready: Promise<void> | null = null
  private readonly pending = new Map<number, Pending>()
  private nextId = 1
  private queue: Promise<unknown> = Promise.resolve()
  private idle: NodeJS.Timeout | null = null
  private release: NodeJS.Timeout | null = null
  private closed = false

  constructor(
    private readonly name: string,
    private readonly options: WorkerEvidenceReaderOptions,
    private readonly idleMs: number,
    private readonly releaseAfterMs: number | null,
  ) {}

  running(): boolean {
    return this.worker !== null
  }

  enqueue(message: JobMessage): Promise<unknown> {
    const next = this.queue.then(() => this.run(message))
    this.queue = next.catch(() => undefined)
    return next
  }

  async close(): Promise<void> {
    this.closed = true
    await this.stop(new EvidenceReadError('closed', 'The evidence reader was closed.'))
  }

  private clearTimers(): void {
    if (this.idle) clearTimeout(this.idle)
    if (this.release) clearTimeout(this.release)
    this.idle = null
    this.release = null
  }

  private async run(message: JobMessage): Promise<unknown> {
    if (this.closed) throw new EvidenceReadError('closed', 'The evidence reader was closed.')
    this.clearTimers()
    const worker = await this.start()
    const id = this.nextId++
    try {
      return await new Promise((resolve, reject) => {
        const timeoutMs = this.options.timeoutMs ?? 15_000
        const timer = setTimeout(() => {
          void this.stop(new EvidenceReadError('timeout', `Reading the file took longer than ${timeoutMs} ms.`))
        }, timeoutMs)
        this.pending.set(id, { resolve, reject, timer })
        // A copy (the caller keeps its bytes: the file cache may hold them), moved to the thread.
        const bytes = new Uint8Array(message.bytes)
        worker.postMessage({ id, ...message, bytes }, [bytes.buffer])
      })
    } finally {
      if (this.pending.size === 0 && !this.closed && this.worker === worker) this.whenIdle(worker)
    }
  }

  /** After a job: stop after `idleMs`, and give the heap's room back after `releaseAfterMs` if that comes first. */
  private whenIdle(worker: Worker): void {
    this.clearTimers()
    this.idle = setTimeout(() => void this.stop(null), this.idleMs)
    this.idle.unref()
    if (this.releaseAfterMs !== null && this.releaseAfterMs < this.idleMs) {
      this.release = setTimeout(() => {
        this.release = null
        if (this.worker === worker && this.pending.size === 0) worker.postMessage({ job: 'release' })
      }, this.releaseAfterMs)
      this.release.unref()
    }
  }

  private start(): Promise<Worker> {
    if (this.worker && this.ready) {
      const worker = this.worker
      return this.ready.then(() => worker)
    }
    const worker = new Worker(this.options.entry, {
      execArgv: this.options.execArgv ?? [],
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb ?? 256 },
    })
    worker.unref()
    this.worker = worker
    this.ready = new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve())
      worker.once('error', reject)
      worker.once('exit', (code) =>
        reject(new EvidenceReadError('worker_failed', `The evidence thread exited (${code}).`)),
      )
    })
    worker.on(
      'message',
      (reply: ({ id?: number; result?: unknown; error?: string } & Partial<ReleaseReply>) | null) => {
        if (reply?.released) {
          const { beforeBytes, afterBytes, ms } = reply.released
          const mb = (bytes: number) => (bytes / 1048576).toFixed(1)
          this.options.log?.(
            `The idle ${this.name} thread gave memory back: heap ${mb(beforeBytes)} MB -> ${mb(afterBytes)} MB in ${ms} ms`,
          )
          return
        }
        if (!reply || typeof reply.id !== 'number') return
        const job = this.pending.get(reply.id)
        if (!job) return
        this.pending.delete(reply.id)
        clearTimeout(job.timer)
        if (reply.error !== undefined) job.reject(new EvidenceReadError('worker_failed', reply.error))
        else job.resolve(reply.result)
      },
    )
    const failed = (reason: string) => {
      if (this.worker !== worker) return
      this.options.log?.(`evidence ${this.name} thread failed (${reason})`)
      void this.stop(new EvidenceReadError('worker_failed', `The evidence thread failed: ${reason}`))
    }
    worker.on('error', (error) => failed(error.message))
    worker.on('exit', (code) => failed(`exit ${code}`))
    return this.ready.then(
      () => worker,
      (error: unknown) => {
        void this.stop(null)
        throw error instanceof EvidenceReadError
          ? error
          : new EvidenceReadError('worker_failed', `The evidence thread did not start: ${String(error)}`)
      },
    )
  }

  /** Ends the thread; its unanswered jobs reject with `error` (none when stopping idle). */
  private async stop(error: EvidenceReadError | null): Promise<void> {
    const worker = this.worker
    this.worker = null
    this.ready = null
    this.clearTimers()
    for (const [id, job] of this.pending) {
      clearTimeout(job.timer)
      job.reject(error ?? new EvidenceReadError('worker_failed', 'The evidence thread stopped.'))
      this.pending.delete(id)
    }
    if (worker) await worker.terminate().catch(() => undefined)
  }
}
