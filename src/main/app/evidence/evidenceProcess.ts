import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import {
  einvoiceFieldsSchema,
  evidencePageSchema,
  evidenceProblemSchema,
  evidenceWordSchema,
  MAX_EVIDENCE_WORDS,
  paymentCodeSchema,
  type EvidenceProblem,
  type PaymentCode,
} from '../../../shared/evidence/types'
import type { EvidenceChild, EvidenceChildLauncher } from './childLauncher'
import { EvidenceReadError, type EvidenceReader } from './evidenceReader'
import type { PdfReading } from './fileReading'
import type { Ocr, OcrResult } from './ocr'

/** Where the child's code is: the built evidenceChild ({@link builtEvidenceChild}), or its source with a loader. */
export interface EvidenceChildEntry {
  entry: string
  /** e.g. `['--import', 'tsx']` to run the TypeScript source. */
  execArgv?: string[]
}

/**
 * The built child's file name: an entry of the main build (electron.vite.config.ts), written
 * beside the main bundle (`out/main/evidenceChild.js`). Its pdf.js, zxing, tesseract.js and
 * e-invoice modules stay in node_modules and are resolved from there at run time, as the main
 * bundle's are.
 */
export const EVIDENCE_CHILD_FILE = 'evidenceChild.js'

/** The built child in `mainDir`, the folder of the built main bundle (e.g. `out/main`). */
export function builtEvidenceChild(mainDir: string): EvidenceChildEntry {
  return { entry: join(mainDir, EVIDENCE_CHILD_FILE) }
}

/** The child as source, for processes run through tsx: tests, the harness without a build. */
export function sourceEvidenceChild(): EvidenceChildEntry {
  return { entry: fileURLToPath(new URL('./evidenceChild.ts', import.meta.url)), execArgv: ['--import', 'tsx'] }
}

/** The reader's lanes: one child process each, one job at a time each. */
export type EvidenceLaneName = 'pdf' | 'qr' | 'ocr'

/** Default idle time of the PDF process, in ms: the next document opened within it reads at once. */
export const PDF_IDLE_MS = 10_000
/**
 * Default idle time of the QR process, in ms. zxing's WebAssembly memory grows to hold the
 * largest image it decoded (tens of MB for a scanned page) and never shrinks: only the end of
 * the process gives it back. A scan is the second step of a document's evidence (nothing
 * waits for it), so the process lives only for a burst of scans.
 */
export const QR_IDLE_MS = 1_000
/** Default idle time of the OCR process, in ms: its recogniser (about 300 MB) takes seconds to start. */
export const OCR_IDLE_MS = 30_000
/** Default longest PDF or QR job, in ms, from the job sent to a started process to its answer. */
export const JOB_TIMEOUT_MS = 15_000
/** Default longest start of a process (to its `{ ready: true }`), in ms. */
export const START_TIMEOUT_MS = 30_000
/** Time an OCR job has beyond its own timeout for the recogniser to start, in ms. */
const OCR_START_MS = 15_000
/** How long a process asked to stop may take to exit before it is killed, in ms. */
const STOP_GRACE_MS = 2_000

export interface ProcessEvidenceReaderOptions extends EvidenceChildEntry {
  /** Starts the child processes (the host's port: Electron's utility process, or Node's fork). */
  launch: EvidenceChildLauncher
  /** A PDF or QR job not answered within this many ms ends its process (default {@link JOB_TIMEOUT_MS}). */
  timeoutMs?: number
  /** A process not ready within this many ms is ended and its job fails `reader_failed` (default {@link START_TIMEOUT_MS}). */
  startTimeoutMs?: number
  /** The idle PDF process exits after this many ms (default {@link PDF_IDLE_MS}). */
  idleMs?: number
  /** The idle QR process exits after this many ms (default {@link QR_IDLE_MS}). */
  qrIdleMs?: number
  /** The idle OCR process exits after this many ms (default {@link OCR_IDLE_MS}). */
  ocrIdleMs?: number
  /** Each process's JavaScript heap limit in MB (default 256): a hostile file cannot take the machine's memory. */
  maxHeapMb?: number
  log?: (line: string) => void
}

/** Which of the reader's processes are running (tests, benchmarks). */
export type EvidenceLanesRunning = Record<EvidenceLaneName, boolean>

const pdfReadingSchema = z.object({
  pages: z.array(evidencePageSchema).max(10_000),
  words: z.array(evidenceWordSchema).max(MAX_EVIDENCE_WORDS),
  einvoice: einvoiceFieldsSchema.nullable(),
  problems: z.array(evidenceProblemSchema).max(100),
})
const qrReadingSchema = z.object({
  payments: z.array(paymentCodeSchema).max(100),
  problems: z.array(evidenceProblemSchema).max(100),
})
const ocrResultSchema = z.object({
  width: z.number().positive(),
  height: z.number().positive(),
  words: z.array(evidenceWordSchema).max(MAX_EVIDENCE_WORDS),
})

/**
 * Reads evidence in child processes (evidenceChild.ts), one per lane, each started on its
 * first job (or by {@link warm} for the PDF lane) and ended when idle, so every byte a reading
 * took goes back to the system and a hostile file never runs in the app's main process:
 *
 * - `pdf`: pdf.js, a document's text layer and embedded e-invoice (the step a person waits
 *   for); exits {@link PDF_IDLE_MS} after its last job, so the next document opened reads at once.
 * - `qr`: zxing's WebAssembly; exits {@link QR_IDLE_MS} after its last scan. A PDF never waits
 *   behind a scan.
 * - `ocr`: tesseract.js, one page at a time; exits {@link OCR_IDLE_MS} after its last page.
 *   {@link ocr} is this lane as an {@link Ocr}.
 *
 * Each lane runs one job at a time (a queue keeps memory to one file). Untrusted input: a job
 * not answered within its timeout (counted from the job sent to a started process) kills its
 * process and rejects with `timeout`; a process that crashes, exits, cannot start or is not
 * ready within `startTimeoutMs` rejects its job with `reader_failed`; an answer that is not a
 * reading of the job's shape (checked with the evidence schemas) kills the process and rejects
 * with `bad_reply`. The next job starts a fresh process. Nothing the child does can throw in,
 * or block, this process.
 */
export class ProcessEvidenceReader implements EvidenceReader {
  private readonly lanes: Record<EvidenceLaneName, EvidenceLane>
  /** OCR in this reader's `ocr` process, one page at a time (for the evidence service's `ocr`). */
  readonly ocr: Ocr

  constructor(options: ProcessEvidenceReaderOptions) {
    const timeoutMs = options.timeoutMs ?? JOB_TIMEOUT_MS
    this.lanes = {
      pdf: new EvidenceLane('pdf', options, options.idleMs ?? PDF_IDLE_MS, timeoutMs),
      qr: new EvidenceLane('qr', options, options.qrIdleMs ?? QR_IDLE_MS, timeoutMs),
      ocr: new EvidenceLane('ocr', options, options.ocrIdleMs ?? OCR_IDLE_MS, timeoutMs),
    }
    this.ocr = {
      // The child stops a recognition after `ocrTimeoutMs` itself; this deadline also covers the recogniser's start.
      recognize: async (image, page, ocrTimeoutMs = 20_000) =>
        (await this.lanes.ocr.enqueue(
          { job: 'ocr', bytes: image, page, timeoutMs: ocrTimeoutMs },
          ocrResultSchema,
          ocrTimeoutMs + OCR_START_MS,
        )) as OcrResult,
      close: () => this.lanes.ocr.close(),
    }
  }

  async readPdf(bytes: Uint8Array): Promise<PdfReading> {
    return (await this.lanes.pdf.enqueue({ job: 'pdf', bytes }, pdfReadingSchema)) as PdfReading
  }

  async readQr(bytes: Uint8Array, page: number): Promise<{ payments: PaymentCode[]; problems: EvidenceProblem[] }> {
    return (await this.lanes.qr.enqueue({ job: 'qr', bytes, page }, qrReadingSchema)) as {
      payments: PaymentCode[]
      problems: EvidenceProblem[]
    }
  }

  /** Starts the PDF process now when it is not running (it exits after its idle time if no job comes). */
  warm(): void {
    // After the caller's answer: starting a process is a fork of this one, a few ms.
    setTimeout(() => this.lanes.pdf.warm(), 0).unref()
  }

  /** Which processes are running now. */
  running(): EvidenceLanesRunning {
    return { pdf: this.lanes.pdf.running(), qr: this.lanes.qr.running(), ocr: this.lanes.ocr.running() }
  }

  /** The running processes' ids (benchmarks read their memory). */
  pids(): number[] {
    return Object.values(this.lanes).flatMap((lane) => lane.pid() ?? [])
  }

  async close(): Promise<void> {
    await Promise.all(Object.values(this.lanes).map((lane) => lane.close()))
  }
}

/** A job's message to the child (evidenceChild.ts). */
interface JobMessage {
  job: EvidenceLaneName
  bytes: Uint8Array
  page?: number
  timeoutMs?: number
}

interface Pending {
  id: number
  schema: z.ZodType
  resolve(value: unknown): void
  reject(error: Error): void
  /** The start's deadline, then the job's. */
  timer: NodeJS.Timeout
}

/** A started child and the promise of its `{ ready: true }`. */
interface Running {
  child: EvidenceChild
  ready: Promise<void>
}

/** One lane of {@link ProcessEvidenceReader}: its process, its queue, its idle stop. */
class EvidenceLane {
  private current: Running | null = null
  private pending: Pending | null = null
  private nextId = 1
  private queue: Promise<unknown> = Promise.resolve()
  private idle: NodeJS.Timeout | null = null
  private closed = false

  constructor(
    private readonly name: EvidenceLaneName,
    private readonly options: ProcessEvidenceReaderOptions,
    private readonly idleMs: number,
    private readonly timeoutMs: number,
  ) {}

  running(): boolean {
    return this.current !== null
  }

  pid(): number | undefined {
    return this.current?.child.pid
  }

  enqueue(message: JobMessage, schema: z.ZodType, timeoutMs = this.timeoutMs): Promise<unknown> {
    const next = this.queue.then(() => this.run(message, schema, timeoutMs))
    this.queue = next.catch(() => undefined)
    return next
  }

  warm(): void {
    if (this.closed || this.current) return
    try {
      const running = this.start()
      // A start that fails is forgotten: the job that comes will try again and say why.
      running.ready.catch(() => undefined)
      this.stopWhenIdle(running)
    } catch (error) {
      this.options.log?.(`evidence ${this.name} process did not start: ${String(error)}`)
    }
  }

  /** Ends the process: asked to stop when idle (the OCR child removes its language folder), killed when busy. */
  async close(): Promise<void> {
    this.closed = true
    const running = this.current
    if (running && !this.pending) {
      this.current = null
      this.clearIdle()
      this.askToStop(running)
    } else {
      this.end(new EvidenceReadError('closed', 'The evidence reader was closed.'))
    }
  }

  private async run(message: JobMessage, schema: z.ZodType, timeoutMs: number): Promise<unknown> {
    if (this.closed) throw new EvidenceReadError('closed', 'The evidence reader was closed.')
    this.clearIdle()
    let running: Running
    try {
      running = this.current ?? this.start()
    } catch (error) {
      throw new EvidenceReadError('reader_failed', `The evidence process did not start: ${String(error)}`)
    }
    const id = this.nextId++
    try {
      return await new Promise((resolve, reject) => {
        const startMs = this.options.startTimeoutMs ?? START_TIMEOUT_MS
        const job: Pending = {
          id,
          schema,
          resolve,
          reject,
          // The start is the app's own code: a deadline of its own, so a slow start never counts against the file.
          timer: setTimeout(() => {
            this.options.log?.(`evidence ${this.name} process stopped: not ready within ${startMs} ms`)
            this.end(new EvidenceReadError('reader_failed', `The evidence process did not start within ${startMs} ms.`))
          }, startMs),
        }
        this.pending = job
        running.ready.then(
          () => {
            if (this.pending !== job) return
            clearTimeout(job.timer)
            job.timer = setTimeout(() => {
              this.options.log?.(`evidence ${this.name} process stopped: no answer within ${timeoutMs} ms`)
              this.end(new EvidenceReadError('timeout', `Reading the file took longer than ${timeoutMs} ms.`))
            }, timeoutMs)
            running.child.send({ id, ...message })
          },
          () => undefined,
        )
      })
    } finally {
      if (!this.closed && this.current === running) this.stopWhenIdle(running)
    }
  }

  private clearIdle(): void {
    if (this.idle) clearTimeout(this.idle)
    this.idle = null
  }

  /** Asks the process to exit after `idleMs` without a job. */
  private stopWhenIdle(running: Running): void {
    this.clearIdle()
    this.idle = setTimeout(() => {
      this.idle = null
      if (this.current !== running || this.pending) return
      this.current = null
      this.askToStop(running)
    }, this.idleMs)
    this.idle.unref()
  }

  /** Asks an idle child to exit; one that does not within {@link STOP_GRACE_MS} is killed. */
  private askToStop(running: Running): void {
    running.child.send({ job: 'stop' })
    setTimeout(() => running.child.kill(), STOP_GRACE_MS).unref()
  }

  /** Starts the process; the job waits for its `{ ready: true }`. Throws when the launcher does. */
  private start(): Running {
    const child = this.options.launch({
      entry: this.options.entry,
      execArgv: [`--max-old-space-size=${this.options.maxHeapMb ?? 256}`, ...(this.options.execArgv ?? [])],
      name: `Docket evidence (${this.name})`,
    })
    let readyNow: () => void = () => undefined
    let failNow: (error: Error) => void = () => undefined
    const ready = new Promise<void>((resolve, reject) => {
      readyNow = resolve
      failNow = reject
    })
    const running: Running = { child, ready }
    this.current = running
    child.onMessage((reply) => {
      if (this.current !== running) return
      this.onReply(reply, readyNow)
    })
    child.onExit((reason) => {
      failNow(new EvidenceReadError('reader_failed', `The evidence process ended before it was ready (${reason}).`))
      if (this.current !== running) return
      this.options.log?.(`evidence ${this.name} process ended (${reason})`)
      this.end(new EvidenceReadError('reader_failed', `The evidence process ended while reading (${reason}).`))
    })
    return running
  }

  /** A message from the child: `{ ready }`, or the answer to the pending job; anything else is a bad reply. */
  private onReply(reply: unknown, readyNow: () => void): void {
    const shape = (reply ?? {}) as { ready?: unknown; id?: unknown; result?: unknown; error?: unknown }
    if (shape.ready === true) {
      readyNow()
      return
    }
    const job = this.pending
    if (!job || shape.id !== job.id) {
      this.badReply(`a message for no job: ${describe(reply)}`)
      return
    }
    if (typeof shape.error === 'string') {
      this.settle(job)
      job.reject(new EvidenceReadError('reader_failed', shape.error.slice(0, 300)))
      return
    }
    const parsed = job.schema.safeParse(shape.result)
    if (!parsed.success) {
      this.badReply(`an answer of the wrong shape: ${parsed.error.issues[0]?.message ?? 'unknown'}`)
      return
    }
    this.settle(job)
    job.resolve(parsed.data)
  }

  private settle(job: Pending): void {
    clearTimeout(job.timer)
    if (this.pending === job) this.pending = null
  }

  /** The child said something it should not: it is not trusted again. */
  private badReply(what: string): void {
    this.options.log?.(`evidence ${this.name} process stopped: ${what}`)
    this.end(new EvidenceReadError('bad_reply', 'The evidence process answered something that is not a reading.'))
  }

  /** Ends the process at once; its pending job rejects with `error`. */
  private end(error: EvidenceReadError): void {
    const running = this.current
    this.current = null
    this.clearIdle()
    const job = this.pending
    if (job) {
      this.settle(job)
      job.reject(error)
    }
    running?.child.kill()
  }
}

/** A short, safe description of an untrusted message for the log. */
function describe(message: unknown): string {
  try {
    return (JSON.stringify(message) ?? String(message)).slice(0, 120)
  } catch {
    return typeof message
  }
}
