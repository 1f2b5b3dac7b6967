/**
 * Worker thread of {@link WorkerPageDecoder} (pageDecoder.ts): decodes a made-up page first
 * (pageWarmUp.ts), says `{ ready: true }`, then receives `{ id, body, contentType, layout? }` (a
 * GET /api/v1_2/documents page body and, when the sender scanned it, its layout) and answers
 * `{ id, result }` with {@link decodeDocumentPage}'s result. Holds no state; a message it cannot
 * read is answered with a problem, never by exiting; a layout that is not one is ignored.
 */
import { parentPort } from 'node:worker_threads'
import { decodeDocumentPage, type DocumentPageResult } from './documentPage'
import { isListingLayout } from './pageLayout'
import { warmUpPageBody } from './pageWarmUp'

parentPort?.on('message', (message: { id?: unknown; body?: unknown; contentType?: unknown; layout?: unknown }) => {
  let result: DocumentPageResult
  try {
    result =
      message?.body instanceof Uint8Array
        ? decodeDocumentPage(
            message.body,
            typeof message.contentType === 'string' ? message.contentType : '',
            isListingLayout(message.layout, message.body.byteLength) ? message.layout : undefined,
          )
        : { ok: false, problem: 'no page body' }
  } catch (error) {
    result = { ok: false, problem: error instanceof Error ? error.message : String(error) }
  }
  // The page's documents share one buffer: handed over, not copied (the page's own shared memory is shared back).
  const shared = result.ok ? result.documents[0]?.json.buffer : undefined
  parentPort?.postMessage({ id: message?.id, result }, shared instanceof ArrayBuffer ? [shared] : [])
})

// Decoded once before the first real page, so that page does not pay for compiling the
// decoder (pageWarmUp.ts); a failure here only leaves the thread cold.
try {
  decodeDocumentPage(warmUpPageBody(), 'application/json')
} catch {
  // A cold thread still decodes every page.
}

parentPort?.postMessage({ ready: true })
