/**
 * Which files may be uploaded (issue 7 "Upload"): PDF, PNG or JPEG, recognised by their
 * magic bytes, not by the name or the browser's content type. Empty, truncated or
 * otherwise malformed files are refused with a reason a person can read. Pure functions.
 */

export type UploadContentType = 'application/pdf' | 'image/png' | 'image/jpeg'

export type FileRefusalCode = 'empty' | 'unsupported_type' | 'malformed' | 'bad_base64' | 'too_large'

export type FileCheck =
  { ok: true; contentType: UploadContentType; bytes: Uint8Array } | { ok: false; code: FileRefusalCode; reason: string }

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const PNG_IEND = [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0))
const PDF_HEADER = ascii('%PDF-')
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

/** The type the magic bytes say (PDF header within the first 1024 bytes, as readers allow), or null. */
export function sniffContentType(bytes: Uint8Array): UploadContentType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png'
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  if (indexOf(bytes, PDF_HEADER, 0, 1024) >= 0) return 'application/pdf'
  return null
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

/**
 * Checks one file for upload: decodes it, sniffs its type and checks its structure.
 * The file name is only used in messages.
 */
export function checkUploadFile(fileName: string, base64: string): FileCheck {
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
