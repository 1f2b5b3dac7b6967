/**
 * The document file types Docket handles (invoices as the service stores them), recognised by
 * their magic bytes at the start of the file, never by a name or a claimed MIME type: a name
 * and a `Content-Type` are whatever the sender chose, the bytes are what a viewer will parse.
 * Pure functions over `Uint8Array` (no Node, no DOM): used by main, the harness and tests.
 */

/** The kinds of document files Docket writes, saves, opens and uploads. */
export type DocumentKind = 'pdf' | 'png' | 'jpeg' | 'tiff'

/** What the bytes are, and how a file of that kind is named and labelled. */
export interface DocumentFileType {
  kind: DocumentKind
  /** The MIME type of the kind, e.g. `application/pdf`. */
  mimeType: 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/tiff'
  /** File name extensions of the kind without the dot, lower case; the first is the one Docket writes. */
  extensions: readonly [string, ...string[]]
  /** A label for save dialogs and messages, e.g. `PDF document`. */
  label: string
}

/** Every kind with its MIME type, extensions and label. */
export const DOCUMENT_FILE_TYPES: Readonly<Record<DocumentKind, DocumentFileType>> = {
  pdf: { kind: 'pdf', mimeType: 'application/pdf', extensions: ['pdf'], label: 'PDF document' },
  png: { kind: 'png', mimeType: 'image/png', extensions: ['png'], label: 'PNG image' },
  jpeg: { kind: 'jpeg', mimeType: 'image/jpeg', extensions: ['jpg', 'jpeg'], label: 'JPEG image' },
  tiff: { kind: 'tiff', mimeType: 'image/tiff', extensions: ['tif', 'tiff'], label: 'TIFF image' },
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff]
/** Classic TIFF (`II*\0`, `MM\0*`) and BigTIFF (`II+\0`, `MM\0+`), little- and big-endian. */
const TIFF_SIGNATURES = [
  [0x49, 0x49, 0x2a, 0x00],
  [0x4d, 0x4d, 0x00, 0x2a],
  [0x49, 0x49, 0x2b, 0x00],
  [0x4d, 0x4d, 0x00, 0x2b],
]
/** `%PDF-` */
const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]
/** The PDF white-space characters (ISO 32000-1 §7.2.2): NUL, tab, LF, FF, CR, space. */
const PDF_WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20])
/**
 * How much white space may precede `%PDF-`. Readers look for the header in the first 1024
 * bytes; only white space is allowed before it here, so no HTML or script can come first.
 */
export const MAX_PDF_LEADING_WHITESPACE = 1024

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false
  return signature.every((byte, i) => bytes[at + i] === byte)
}

/** Where `%PDF-` starts when only PDF white space precedes it (within the allowance), else -1. */
function pdfHeaderOffset(bytes: Uint8Array): number {
  const limit = Math.min(bytes.length, MAX_PDF_LEADING_WHITESPACE + 1)
  for (let i = 0; i < limit; i++) {
    if (startsWith(bytes, PDF_HEADER, i)) return i
    if (!PDF_WHITESPACE.has(bytes[i]!)) return -1
  }
  return -1
}

/**
 * The document type the magic bytes at offset 0 say, or null for anything else (HTML, SVG,
 * executables, scripts, archives, an empty file). PDF alone may start with up to
 * {@link MAX_PDF_LEADING_WHITESPACE} bytes of PDF white space before `%PDF-`, as readers
 * accept; any other byte before the header (an HTML/PDF polyglot's `<html>`) means "not a PDF".
 * Only the signature is checked: whether the rest of the file is well formed is the parser's
 * business (see the upload check for truncation).
 */
export function sniffDocumentType(bytes: Uint8Array): DocumentFileType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return DOCUMENT_FILE_TYPES.png
  if (startsWith(bytes, JPEG_SIGNATURE)) return DOCUMENT_FILE_TYPES.jpeg
  if (TIFF_SIGNATURES.some((signature) => startsWith(bytes, signature))) return DOCUMENT_FILE_TYPES.tiff
  if (pdfHeaderOffset(bytes) >= 0) return DOCUMENT_FILE_TYPES.pdf
  return null
}
