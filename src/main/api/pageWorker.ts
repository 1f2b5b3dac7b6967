/**
 * Worker thread of {@link WorkerPageDecoder} (pageDecoder.ts): says `{ ready: true }` once
 * loaded, then receives `{ id, body, contentType }` (a GET /api/v1_2/documents page body) and
 * answers `{ id, result }` with {@link decodeDocumentPage}'s result. Holds no state; a message
 * it cannot read is answered with a problem, never by exiting.
 */
import { parentPort } from 'node:worker_threads'
import { decodeDocumentPage, type DocumentPageResult } from './documentPage'

parentPort?.on('message', (message: { id?: unknown; body?: unknown; contentType?: unknown }) => {
  let result: DocumentPageResult
  try {
    result =
      message?.body instanceof Uint8Array
        ? decodeDocumentPage(message.body, typeof message.contentType === 'string' ? message.contentType : '')
        : { ok: false, problem: 'no page body' }
  } catch (error) {
    result = { ok: false, problem: error instanceof Error ? error.message : String(error) }
  }
  // The page's documents share one buffer: handed over, not copied (the page's own shared memory is shared back).
  const shared = result.ok ? result.documents[0]?.json.buffer : undefined
  parentPort?.postMessage({ id: message?.id, result }, shared instanceof ArrayBuffer ? [shared] : [])
})

parentPort?.postMessage({ ready: true })
