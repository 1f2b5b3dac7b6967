/**
 * What Docket agrees to put on disk or hand to the system: a document whose bytes are a PDF,
 * PNG, JPEG or TIFF (named with the matching extension), or, for a save of the app's own
 * export, CSV or JSON text. Everything else is refused before anything is written, so
 * no HTML, script or executable the service sends can reach a viewer, a browser tab or the
 * system's "open" handler. Pure functions: main's file host and the browser harness share them.
 */
import { sniffDocumentType, type DocumentKind } from './fileType'
import { displayFileName, safeFileName } from './safeFileName'

/**
 * The export formats the app writes itself, by MIME type. `binary` formats (a zip of ISDOC
 * files, an Excel workbook, which is a zip too) are checked by their magic bytes instead of
 * being UTF-8 text.
 */
const EXPORT_TYPES: Readonly<Record<string, { extension: string; label: string; binary?: true }>> = {
  'text/csv': { extension: 'csv', label: 'CSV' },
  'application/json': { extension: 'json', label: 'JSON' },
  'application/x-isdoc+xml': { extension: 'isdoc', label: 'ISDOC' },
  'application/xml': { extension: 'xml', label: 'XML' },
  'application/zip': { extension: 'zip', label: 'ZIP', binary: true },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    extension: 'xlsx',
    label: 'Excel',
    binary: true,
  },
}

/** A zip archive starts with a local file header, `PK\x03\x04`. */
const isZip = (bytes: Uint8Array): boolean =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04

/** A file that may be written: its safe name, the MIME type to declare, and save-dialog data. */
export interface WritableFile {
  ok: true
  /** A document kind recognised by its bytes, or `export` for the app's own CSV/JSON. */
  kind: DocumentKind | 'export'
  /** Safe name with the extension that matches the content (see safeFileName.ts). */
  fileName: string
  /** The MIME type of the content as recognised, never the one claimed by the sender. */
  mimeType: string
  /** Extensions a file of this content may have, lower case, without the dot; the first is preferred. */
  extensions: readonly [string, ...string[]]
  /** Save-dialog filter label, e.g. `PDF document`. */
  label: string
}

/** Refused: `code` is `unsupported_type`; `message` says which file and why, for a person. */
export interface RefusedFile {
  ok: false
  code: 'unsupported_type'
  message: string
}

/** The input of the checks: the name and MIME type the sender gave, and the bytes. */
export interface FileToCheck {
  fileName: string
  mimeType: string
  bytes: Uint8Array
}

/** An error carrying a {@link RefusedFile}: `code` `unsupported_type` for a program, `message` for a person. */
export class UnsupportedFileError extends Error {
  override readonly name = 'UnsupportedFileError'
  readonly code = 'unsupported_type'
}

/** The checked file, or an {@link UnsupportedFileError} with the refusal's message (nothing written yet). */
export function writableOrThrow(check: WritableFile | RefusedFile): WritableFile {
  if (!check.ok) throw new UnsupportedFileError(check.message)
  return check
}

function documentFile(file: FileToCheck, fallback: string): WritableFile | null {
  const type = sniffDocumentType(file.bytes)
  if (!type) return null
  return {
    ok: true,
    kind: type.kind,
    fileName: safeFileName(file.fileName, { extensions: type.extensions, fallback }),
    mimeType: type.mimeType,
    extensions: type.extensions,
    label: type.label,
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

function isUtf8Text(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes)
    return true
  } catch {
    return false
  }
}

function refusal(file: FileToCheck, action: string): RefusedFile {
  return {
    ok: false,
    code: 'unsupported_type',
    message: `${displayFileName(file.fileName)} is not a PDF, PNG, JPEG or TIFF file, so Docket does not ${action} it.`,
  }
}

/**
 * Whether `file` may be opened with the system's viewer: only a document recognised by its
 * magic bytes (see fileType.ts), named with the matching extension. `fallback` is the name
 * stem when nothing of the given name is left (e.g. `document-42`).
 */
export function checkFileToOpen(file: FileToCheck, fallback = 'document'): WritableFile | RefusedFile {
  return documentFile(file, fallback) ?? refusal(file, 'open')
}

/**
 * What is being saved: a document's `original` (the service's bytes) or the app's own
 * `export`. The caller says which, so each is held to its own rule and an original can never
 * pass as an export (an HTML "original" declared `text/csv` is still refused).
 */
export type SaveKind = 'original' | 'export'

/**
 * Whether `file` may be saved where the user chooses. An `original`: only a document
 * recognised by its magic bytes, as for {@link checkFileToOpen}. An `export`: only what it is
 * declared as, `text/csv` or `application/json`, when its bytes are valid UTF-8 text (the
 * app's exports always are; an executable or other binary claiming to be CSV is not), named
 * with `.csv` or `.json`.
 */
export function checkFileToSave(
  file: FileToCheck & { kind: SaveKind },
  fallback = 'document',
): WritableFile | RefusedFile {
  if (file.kind === 'original') return documentFile(file, fallback) ?? refusal(file, 'save')
  const format = EXPORT_TYPES[file.mimeType]
  if (!format || !(format.binary ? isZip(file.bytes) : isUtf8Text(file.bytes))) {
    return {
      ok: false,
      code: 'unsupported_type',
      message: `${displayFileName(file.fileName)} is not a CSV or JSON export, so Docket does not save it.`,
    }
  }
  return {
    ok: true,
    kind: 'export',
    fileName: safeFileName(file.fileName, { extensions: [format.extension], fallback }),
    mimeType: file.mimeType,
    extensions: [format.extension],
    label: format.label,
  }
}
