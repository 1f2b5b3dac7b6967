import { uploadResponseSchema } from '../../shared/api/document'
import { ApiError, isApiError } from './errors'
import { MAX_REQUEST_BYTES } from '../../shared/files/limits'
import type { HttpClient } from './http'

/** The largest request body Docket sends, in bytes (20 MB; the planner and {@link uploadDocuments} batch by it). */
export { MAX_REQUEST_BYTES }

/** Bytes allowed for `{"documents":[` ... `]}` around the entries of one request. */
const ENVELOPE_ALLOWANCE = 32

/** One file to upload; `content` is the raw bytes. */
export interface UploadFile {
  filename: string
  contentType: string
  content: Uint8Array
}

export interface UploadOptions {
  agendaId: number
  /** Document type, e.g. PurchaseInvoice or SalesInvoice. */
  type: string
  files: readonly UploadFile[]
  /** Ask the service to split a multi-invoice file (`file_split`). */
  fileSplit?: boolean
  /** Send all files as the pages of one document instead of one document per file. */
  asOneDocument?: boolean
}

/** One document of a POST /api/v1_2/documents body, its files' bytes in base64. */
interface UploadEntry {
  type: string
  agenda_id: number
  file_split: boolean
  files: { filename: string; content_type: string; content: string }[]
}

/**
 * POST /api/v1_2/documents (docs/service-interface.md, "Uploads"): uploads files as
 * base64, one document per file (or one document when `asOneDocument`), in requests each under
 * `maxRequestBytes` (default {@link MAX_REQUEST_BYTES}). Returns the new document ids in file
 * order. A file too large for one request -> `bad_request` before anything is sent. The POSTs
 * are not retried once sent; if a later request fails, the error's `details.createdIds` holds
 * the ids already created.
 */
export async function uploadDocuments(
  http: HttpClient,
  options: UploadOptions,
  maxRequestBytes = MAX_REQUEST_BYTES,
): Promise<number[]> {
  const createdIds: number[] = []
  for (const batch of batchUploadEntries(uploadEntries(options), maxRequestBytes)) {
    try {
      const body = await http.json(
        { method: 'POST', path: '/api/v1_2/documents', json: { documents: batch }, idempotent: false },
        uploadResponseSchema,
      )
      createdIds.push(...body.documents.map((d) => d.id))
    } catch (error) {
      if (createdIds.length > 0 && isApiError(error)) {
        throw new ApiError(error.code, error.message, {
          status: error.status,
          errors: error.errors,
          retryAfterMs: error.retryAfterMs,
          details: { ...error.details, createdIds: [...createdIds] },
          cause: error,
        })
      }
      throw error
    }
  }
  return createdIds
}

/** The body entries of an upload: one per file, or one holding every file. */
function uploadEntries(options: UploadOptions): UploadEntry[] {
  const groups = options.asOneDocument ? [options.files] : options.files.map((file) => [file])
  return groups.map((files) => ({
    type: options.type,
    agenda_id: options.agendaId,
    file_split: options.fileSplit ?? false,
    files: files.map((file) => ({
      filename: file.filename,
      content_type: file.contentType,
      content: Buffer.from(file.content).toString('base64'),
    })),
  }))
}

/**
 * Packs entries, in order, into as few requests as stay within `maxRequestBytes` (sizes are
 * the entries' JSON length). Throws `bad_request` naming the files of an entry too large for
 * any request.
 */
function batchUploadEntries(entries: readonly UploadEntry[], maxRequestBytes: number): UploadEntry[][] {
  const batches: UploadEntry[][] = []
  let current: UploadEntry[] = []
  let currentSize = ENVELOPE_ALLOWANCE
  for (const entry of entries) {
    const size = JSON.stringify(entry).length + 1
    if (size + ENVELOPE_ALLOWANCE > maxRequestBytes) {
      throw new ApiError(
        'bad_request',
        `${entry.files.map((f) => f.filename).join(', ')} is too large to upload (limit ${maxRequestBytes} bytes per request).`,
      )
    }
    if (currentSize + size > maxRequestBytes && current.length > 0) {
      batches.push(current)
      current = []
      currentSize = ENVELOPE_ALLOWANCE
    }
    current.push(entry)
    currentSize += size
  }
  if (current.length > 0) batches.push(current)
  return batches
}
