import { originalFileResponseSchema } from '../../shared/api/document'
import { isAllowedServiceUrl } from '../../shared/api/serviceUrl'
import { base64LengthOf, MAX_ORIGINAL_FILE_BYTES, MAX_PREVIEW_BYTES } from '../../shared/files/limits'
import { ApiError } from './errors'
import { badResponse, header, type HttpClient, type RequestSpec } from './http'

/** A request's turn in the service's budget: its priority, and whether it is still wanted when its turn comes. */
export type FileRequestTurn = Pick<RequestSpec, 'priority' | 'stillWanted'>

/**
 * The files behind a document: its original file (base64 in JSON, or the signed `original`
 * address) and its preview image (docs/service-interface.md, "Documents"). Each has a size
 * cap of its own (src/shared/files/limits.ts), enforced while the answer is read: a larger
 * answer is refused (`bad_response`) as soon as it passes the cap, never buffered whole.
 */

/** Room for the JSON envelope of `original_file` around the base64 (id, file name, content type). */
const ORIGINAL_ENVELOPE_BYTES = 64 * 1024

/** The largest `original_file` answer: the base64 of {@link MAX_ORIGINAL_FILE_BYTES} plus its envelope. */
export const MAX_ORIGINAL_FILE_RESPONSE_BYTES = base64LengthOf(MAX_ORIGINAL_FILE_BYTES) + ORIGINAL_ENVELOPE_BYTES

export interface OriginalFile {
  fileName: string
  contentType: string
  bytes: Uint8Array
}

export interface BinaryResponse {
  contentType: string
  bytes: Uint8Array
  /** From Content-Disposition when the service sends one. */
  fileName?: string
}

/**
 * GET /api/v1_2/documents/:id/original_file: the uploaded file's bytes, name and type. An answer
 * over {@link MAX_ORIGINAL_FILE_RESPONSE_BYTES}, or a file over {@link MAX_ORIGINAL_FILE_BYTES},
 * is `bad_response`.
 */
export async function getOriginalFile(http: HttpClient, id: number, turn: FileRequestTurn = {}): Promise<OriginalFile> {
  const path = `/api/v1_2/documents/${id}/original_file`
  const body = await http.json(
    { method: 'GET', path, idempotent: true, maxResponseBytes: MAX_ORIGINAL_FILE_RESPONSE_BYTES, ...turn },
    originalFileResponseSchema,
  )
  const first = body.documents[0]!
  let bytes: Uint8Array
  try {
    bytes = decodeUrlSafeBase64(first.original_file_base64)
  } catch {
    throw badResponse(`GET ${path}`, 'documents[0].original_file_base64 is not base64')
  }
  if (bytes.byteLength > MAX_ORIGINAL_FILE_BYTES) {
    throw badResponse(`GET ${path}`, `the original file is larger than ${MAX_ORIGINAL_FILE_BYTES} bytes`)
  }
  return { fileName: first.user_file_name, contentType: first.original_content_type, bytes }
}

/**
 * GETs a document's signed `original` address (no bearer token is sent: the address is
 * signed and may be on another host). Only https, or http on a loopback host; anything else
 * is `bad_request` before a request leaves. An answer over {@link MAX_ORIGINAL_FILE_BYTES} is
 * `bad_response`.
 */
export async function downloadOriginal(http: HttpClient, signedUrl: string): Promise<BinaryResponse> {
  const url = parseDownloadUrl(signedUrl, http.baseUrl)
  return binary(http, {
    method: 'GET',
    path: url.toString(),
    idempotent: true,
    auth: false,
    accept: '*/*',
    maxResponseBytes: MAX_ORIGINAL_FILE_BYTES,
  })
}

/**
 * GETs a preview image by the document's relative `preview` path (with the bearer token,
 * so only paths on the service's own origin are accepted: `bad_request` otherwise). An image
 * over {@link MAX_PREVIEW_BYTES} is `bad_response`, refused as soon as the count passes it.
 */
export async function getPreview(
  http: HttpClient,
  relativePath: string,
  turn: FileRequestTurn = {},
): Promise<BinaryResponse> {
  const url = new URL(relativePath, http.baseUrl + '/')
  if (url.origin !== new URL(http.baseUrl).origin) {
    throw new ApiError('bad_request', 'A preview path must be on the service origin.')
  }
  return binary(http, {
    method: 'GET',
    path: url.toString(),
    idempotent: true,
    accept: 'image/*,*/*',
    maxResponseBytes: MAX_PREVIEW_BYTES,
    ...turn,
  })
}

/**
 * Decodes URL-safe base64 with `,` padding, as the service sends original files (`-` for `+`,
 * `_` for `/`, `,` for `=`); standard base64 and white space are accepted too. Checked with one
 * pass over the text and decoded without copying it (Node's decoder reads both alphabets and
 * skips the padding), so a 50 MB original costs its text and its bytes, nothing more.
 * Errors: `TypeError` when the text holds anything else.
 */
export function decodeUrlSafeBase64(text: string): Uint8Array {
  if (!/^[A-Za-z0-9+/_\s-]*(?:[=,]\s*){0,2}$/.test(text)) throw new TypeError('not base64')
  const bytes = Buffer.from(text, 'base64')
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

async function binary(http: HttpClient, spec: RequestSpec): Promise<BinaryResponse> {
  const response = await http.send(spec)
  const result: BinaryResponse = {
    contentType: header(response.headers, 'content-type') ?? 'application/octet-stream',
    bytes: new Uint8Array(response.body.buffer, response.body.byteOffset, response.body.byteLength),
  }
  const fileName = fileNameFromDisposition(header(response.headers, 'content-disposition'))
  if (fileName) result.fileName = fileName
  return result
}

function parseDownloadUrl(text: string, baseUrl: string): URL {
  let url: URL
  try {
    url = new URL(text, baseUrl + '/')
  } catch {
    throw new ApiError('bad_request', 'The download address is not a valid URL.')
  }
  if (!isAllowedServiceUrl(url)) throw new ApiError('bad_request', 'The download address must use https.')
  return url
}

/** The file name of a Content-Disposition value: `filename*` (RFC 8187) first, then `filename`. */
function fileNameFromDisposition(value: string | undefined): string | undefined {
  if (!value) return undefined
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(value)
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''))
    } catch {
      // Not percent-encoded as promised: fall back to the plain filename.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(value)
  return plain ? (plain[2] ?? plain[1]!).trim() : undefined
}
