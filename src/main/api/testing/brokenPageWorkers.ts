/**
 * Worker entries that misbehave, for pageDecoder.test.ts: `throwOnLoad` fails while loading,
 * `exitOnFirstPage` says it is ready, then exits (code 3) when the first page arrives, without
 * answering.
 */
import { parentPort, workerData } from 'node:worker_threads'

const mode = (workerData as { mode?: string } | undefined)?.mode
if (mode === 'throwOnLoad') throw new Error('worker could not load (test)')
parentPort?.on('message', () => {
  if (mode === 'exitOnFirstPage') process.exit(3)
})
parentPort?.postMessage({ ready: true })
