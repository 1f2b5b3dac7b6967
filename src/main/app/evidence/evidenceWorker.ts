/**
 * Worker thread of the evidence reader (evidenceThread.ts): says `{ ready: true }` once loaded,
 * then receives `{ id, job: 'pdf', bytes }` or `{ id, job: 'qr', bytes, page }` and answers
 * `{ id, result }` (fileReading.ts) or `{ id, error }`. pdf.js and zxing run here, never on
 * the main thread; a file that hangs them is ended by the host terminating this thread.
 * `{ job: 'release' }` (sent when the thread is idle) gives the thread's heap's unused room
 * back to the OS, stopping only this thread, and answers `{ released: { beforeBytes,
 * afterBytes, ms } }`.
 */
import { parentPort } from 'node:worker_threads'
import { v8Heap } from '../memory/v8Heap'
import { readPdf, readQr } from './fileReading'

interface Job {
  id?: unknown
  job?: unknown
  bytes?: unknown
  page?: unknown
}

/** This thread's heap (its own isolate), taken once at start. */
const heap = v8Heap()

parentPort?.on('message', (message: Job) => {
  const { id, job, bytes } = message ?? {}
  if (job === 'release') {
    if (!heap) return
    const beforeBytes = heap.committedBytes()
    const startedAt = performance.now()
    heap.release()
    const ms = Math.round(performance.now() - startedAt)
    parentPort?.postMessage({ released: { beforeBytes, afterBytes: heap.committedBytes(), ms } })
    return
  }
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
