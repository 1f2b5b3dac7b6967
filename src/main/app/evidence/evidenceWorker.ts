/**
 * Worker thread of the evidence reader (evidenceThread.ts): says `{ ready: true }` once loaded,
 * then receives `{ id, job: 'pdf', bytes }` or `{ id, job: 'qr', bytes, page }` and answers
 * `{ id, result }` (fileReading.ts) or `{ id, error }`. pdf.js and zxing run here, never on
 * the main thread; a file that hangs them is ended by the host terminating this thread.
 */
import { parentPort } from 'node:worker_threads'
import { readPdf, readQr } from './fileReading'

interface Job {
  id?: unknown
  job?: unknown
  bytes?: unknown
  page?: unknown
}

parentPort?.on('message', (message: Job) => {
  const { id, job, bytes } = message ?? {}
  const run = async () => {
    if (!(bytes instanceof Uint8Array)) throw new Error('no file bytes')
    if (job === 'pdf') return readPdf(bytes)
    if (job === 'qr') return readQr(bytes, typeof message.page === 'number' ? message.page : 1)
    throw new Error(`unknown job ${String(job)}`)
  }
  run().then(
    (result) => parentPort?.postMessage({ id, result }),
    (error: unknown) => parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  )
})

parentPort?.postMessage({ ready: true })
