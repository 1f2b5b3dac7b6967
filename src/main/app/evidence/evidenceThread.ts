import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { EvidenceProblem, PaymentCode } from '../../../shared/evidence/types'
import { readPdf, readQr, type PdfReading } from './fileReading'

/**
 * Reads files for the evidence: the PDF job and the QR job of fileReading.ts. The app runs
 * them in one worker thread ({@link WorkerEvidenceReader}); {@link inlineEvidenceReader} runs
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

export interface WorkerEvidenceReaderOptions extends EvidenceWorkerEntry {
  /** A job not answered within this many ms ends the thread (default 15,000). */
  timeoutMs?: number
  /** The idle thread stops after this many ms (default 10,000), so no memory is held between documents. */
  idleMs?: number
  /** The thread's heap limit in MB (default 256): a hostile file cannot take the machine's memory. */
  maxHeapMb?: number
  log?: (line: string) => void
}

interface Pending {
  resolve(value: unknown): void
  reject(error: Error): void
  timer: NodeJS.Timeout
}

/**
 * Runs the jobs in one worker thread, started on the first job, one job at a time (a PDF is
 * read in tens of ms; a queue keeps memory to one file). A job that takes longer than
 * `timeoutMs` terminates the thread (the next job starts a new one) and rejects with
 * `timeout`; a thread that dies rejects its job with `worker_failed`. The thread is unref'd.
 */
export class WorkerEvidenceReader implements EvidenceReader {
  private worker: Worker | null = null
  private ready: Promise<void> | null = null
  private readonly pending = new Map<number, Pending>()
  private nextId = 1
  private queue: Promise<unknown> = Promise.resolve()
  private idle: NodeJS.Timeout | null = null
  private closed = false

  constructor(private readonly options: WorkerEvidenceReaderOptions) {}

  readPdf(bytes: Uint8Array): Promise<PdfReading> {
    return this.enqueue({ job: 'pdf', bytes }) as Promise<PdfReading>
  }

  readQr(bytes: Uint8Array, page: number): Promise<{ payments: PaymentCode[]; problems: EvidenceProblem[] }> {
    return this.enqueue({ job: 'qr', bytes, page }) as Promise<{ payments: PaymentCode[]; problems: EvidenceProblem[] }>
  }

  async close(): Promise<void> {
    this.closed = true
    await this.stop(new EvidenceReadError('closed', 'The evidence reader was closed.'))
  }

  private enqueue(message: { job: string; bytes: Uint8Array; page?: number }): Promise<unknown> {
    const next = this.queue.then(() => this.run(message))
    this.queue = next.catch(() => undefined)
    return next
  }

  private async run(message: { job: string; bytes: Uint8Array; page?: number }): Promise<unknown> {
    if (this.closed) throw new EvidenceReadError('closed', 'The evidence reader was closed.')
    if (this.idle) clearTimeout(this.idle)
    const worker = await this.start()
    const id = this.nextId++
    try {
      return await new Promise((resolve, reject) => {
        const timeoutMs = this.options.timeoutMs ?? 15_000
        const timer = setTimeout(() => {
          void this.stop(new EvidenceReadError('timeout', `Reading the file took longer than ${timeoutMs} ms.`))
        }, timeoutMs)
        this.pending.set(id, { resolve, reject, timer })
        // A copy: the caller keeps its bytes (the file cache may hold them).
        worker.postMessage({ id, ...message, bytes: new Uint8Array(message.bytes) })
      })
    } finally {
      if (this.pending.size === 0 && !this.closed) {
        this.idle = setTimeout(() => void this.stop(null), this.options.idleMs ?? 10_000)
        this.idle.unref()
      }
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
    worker.on('message', (reply: { id?: number; result?: unknown; error?: string; ready?: true }) => {
      if (!reply || typeof reply.id !== 'number') return
      const job = this.pending.get(reply.id)
      if (!job) return
      this.pending.delete(reply.id)
      clearTimeout(job.timer)
      if (reply.error !== undefined) job.reject(new EvidenceReadError('worker_failed', reply.error))
      else job.resolve(reply.result)
    })
    const failed = (reason: string) => {
      if (this.worker !== worker) return
      this.options.log?.(`evidence thread failed (${reason})`)
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
    if (this.idle) clearTimeout(this.idle)
    for (const [id, job] of this.pending) {
      clearTimeout(job.timer)
      job.reject(error ?? new EvidenceReadError('worker_failed', 'The evidence thread stopped.'))
      this.pending.delete(id)
    }
    if (worker) await worker.terminate().catch(() => undefined)
  }
}
