/**
 * Which files may be uploaded: PDF, PNG or JPEG, recognised by their magic bytes at offset 0
 * (src/shared/files/fileType.ts), not by the name or the browser's content type. Too large,
 * empty, truncated or otherwise malformed files are refused with a code a program can branch
 * on and a reason a person can read. Pure functions.
 */
import { MAX_REQUEST_BYTES } from '../../api/uploads'
import { sniffDocumentType } from '../../../shared/files/fileType'

export type UploadContentType = 'application/pdf' | 'image/png' | 'image/jpeg'

export type FileRefusalCode = 'empty' | 'unsupported_type' | 'malformed' | 'bad_base64' | 'too_large'

export type FileCheck =
  { ok: true; contentType: UploadContentType; bytes: Uint8Array } | { ok: false; code: FileRefusalCode; reason: string }

const PNG_IEND = [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0))
const PDF_EOF = ascii('%%EOF')

function startsWith(bytes: Uint8Array, sig: readonly number[], at = 0): boolean {
  if (bytes.length < at + sig.length) return false
  return sig.every((b, i) => bytes[at + i] === b)
}

function indexOf(bytes: Uint8Array, sig: readonly number[], from: number, to: number): number {
  const end = Math.min(to, bytes.length - sig.length)
  for (let i = Math.max(0, from); i <= end; i++) if (startsWith(bytes, sig, i)) return i
  return -1
}

/** The kinds the service accepts for upload (TIFF is recognised elsewhere, but not uploaded). */
const UPLOADABLE: ReadonlySet<string> = new Set<UploadContentType>(['application/pdf', 'image/png', 'image/jpeg'])

/**
 * The type the magic bytes at offset 0 say (a PDF may start with white space, as readers
 * allow, but nothing else: an HTML/PDF polyglot is not a PDF), or null when the file is not
 * one Docket uploads.
 */
export function sniffContentType(bytes: Uint8Array): UploadContentType | null {
  const type = sniffDocumentType(bytes)
  return type && UPLOADABLE.has(type.mimeType) ? (type.mimeType as UploadContentType) : null
}

/** Why a file of the sniffed type is malformed (truncated, no structure), or null when it looks whole. */
function structuralProblem(type: UploadContentType, bytes: Uint8Array): string | null {
  switch (type) {
    case 'application/pdf':
      // Readers look for %%EOF near the end; incremental saves may add a few bytes after it.
      return indexOf(bytes, PDF_EOF, bytes.length - 1024, bytes.length) >= 0
        ? null
        : 'The PDF is incomplete (no end-of-file marker); it may be truncated.'
    case 'image/png':
      if (!startsWith(bytes, ascii('IHDR'), 12)) return 'The PNG has no image header.'
      return indexOf(bytes, PNG_IEND, bytes.length - 64, bytes.length) >= 0
        ? null
        : 'The PNG is incomplete (no end chunk); it may be truncated.'
    case 'image/jpeg': {
      // End-of-image marker FF D9; some cameras append data after it, so look anywhere after SOI.
      for (let i = bytes.length - 2; i >= 3; i--) if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return null
      return 'The JPEG is incomplete (no end-of-image marker); it may be truncated.'
    }
  }
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/**
 * Decodes standard base64 (whitespace ignored). Returns null when the text is not base64.
 * Uses the platform's `atob`, so it works in main and the renderer.
 */
export function decodeBase64(text: string): Uint8Array | null {
  const compact = text.replace(/\s+/g, '')
  if (!BASE64.test(compact) || compact.length % 4 === 1) return null
  try {
    const binary = atob(compact)
    const out = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i)
    return out
  } catch {
    return null
  }
}

/** Base64 characters in `text`, white space left out (counted without copying a large string). */
function base64Length(text: string): number {
  let count = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) count++
  }
  return count
}

/** The reason given for a file too large to upload (one request carries at most 20 MB of base64). */
export function tooLargeReason(fileName: string): string {
  return `${fileName} is too large to upload (each request must stay under 20 MB, so a file may be about 15 MB at most).`
}

/**
 * Checks one file for upload: its size (before decoding anything), then decodes it, sniffs
 * its type and checks its structure. `maxBase64Length` is the longest base64 text accepted,
 * white space left out (default {@link MAX_REQUEST_BYTES}: a file whose base64 alone fills a
 * request can never be sent), so a 200 MB file is refused without allocating its bytes.
 * The file name is only used in messages.
 */
export function checkUploadFile(fileName: string, base64: string, maxBase64Length = MAX_REQUEST_BYTES): FileCheck {
  if (base64.length >= maxBase64Length && base64Length(base64) >= maxBase64Length) {
    return { ok: false, code: 'too_large', reason: tooLargeReason(fileName) }
  }
  const bytes = decodeBase64(base64)
  if (!bytes)
    return { ok: false, code: 'bad_base64', reason: `${fileName} could not be read (its content arrived garbled).` }
  if (bytes.length === 0) return { ok: false, code: 'empty', reason: `${fileName} is empty.` }
  const contentType = sniffContentType(bytes)
  if (!contentType) {
    return { ok: false, code: 'unsupported_type', reason: `${fileName} is not a PDF, PNG or JPEG file.` }
  }
  const problem = structuralProblem(contentType, bytes)
  if (problem) return { ok: false, code: 'malformed', reason: `${fileName}: ${problem}` }
  return { ok: true, contentType, bytes }
}
