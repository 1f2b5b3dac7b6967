/**
 * The evidence reader's child process (evidenceProcess.ts): pdf.js, the e-invoice XML parser,
 * zxing's WebAssembly and tesseract.js run here, never in the app's main process, so a
 * hostile file can at worst crash or hang this process (the parent then ends it), and all
 * the memory a reading took goes back to the system when the process exits.
 *
 * Started as an Electron utility process (`process.parentPort`) or with Node's
 * `child_process.fork` (`process.send`); it finds which itself. Says `{ ready: true }` once
 * loaded, then receives `{ id, job: 'pdf', bytes }`, `{ id, job: 'qr', bytes, page }` or
 * `{ id, job: 'ocr', bytes, page, timeoutMs }` and answers `{ id, result }` (fileReading.ts,
 * ocr.ts) or `{ id, error }`; `{ job: 'stop' }` ends it (the parent stops an idle process so). It ends itself when its parent goes (Node: the IPC channel
 * closes; Electron ends its utility processes with the app).
 */
import { readPdf, readQr } from './fileReading'
import { createOcr, type Ocr } from './ocr'

interface Job {
  id?: unknown
  job?: unknown
  bytes?: unknown
  page?: unknown
  timeoutMs?: unknown
}

/** The channel to the parent: Electron's parentPort (messages arrive as `{ data }`), or Node's IPC. */
interface ParentChannel {
  post(message: unknown): void
  onMessage(listener: (message: Job) => void): void
}

function parentChannel(): ParentChannel | null {
  const electronPort = (
    process as {
      parentPort?: {
        postMessage(message: unknown): void
        on(event: 'message', listener: (e: { data: Job }) => void): void
      }
    }
  ).parentPort
  if (electronPort) {
    return {
      post: (message) => electronPort.postMessage(message),
      onMessage: (listener) => electronPort.on('message', (event) => listener(event.data)),
    }
  }
  if (typeof process.send === 'function') {
    process.on('disconnect', () => process.exit(0))
    return {
      post: (message) => process.send?.(message),
      onMessage: (listener) => process.on('message', (message) => listener(message as Job)),
    }
  }
  return null
}

const parent = parentChannel()
/**
 * The recogniser, started by the first OCR job and kept while this process lives (the parent
 * ends the process when OCR has been idle): it never stops on its own here.
 */
let ocr: Ocr | null = null
const A_DAY_MS = 86_400_000

parent?.onMessage((message) => {
  const { id, job, bytes, page } = message ?? {}
  if (job === 'stop') {
    // Stopped when idle: the recogniser's language folder is removed before the exit.
    void (ocr?.close() ?? Promise.resolve()).finally(() => process.exit(0))
    return
  }
  const run = async () => {
    if (!(bytes instanceof Uint8Array)) throw new Error('no file bytes')
    const pageNo = typeof page === 'number' ? page : 1
    if (job === 'pdf') return readPdf(bytes)
    if (job === 'qr') return readQr(bytes, pageNo)
    if (job === 'ocr') {
      ocr ??= createOcr({ idleMs: A_DAY_MS })
      const timeoutMs = typeof message.timeoutMs === 'number' ? message.timeoutMs : undefined
      return ocr.recognize(bytes, pageNo, timeoutMs)
    }
    throw new Error(`unknown job ${String(job)}`)
  }
  run().then(
    (result) => parent.post({ id, result }),
    (error: unknown) =>
      parent.post({ id, error: (error instanceof Error ? error.message : String(error)).slice(0, 300) }),
  )
})

parent?.post({ ready: true })
