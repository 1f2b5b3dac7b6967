/**
 * Host capabilities the app services need but cannot implement themselves without Electron.
 * Electron implements them in src/main/electron; the browser harness in e2e/harness.
 */

/** A file the user asked to save (export, original file). */
export interface FileToSave {
  /**
   * What it is: a document's `original` (saved only as a PDF, PNG, JPEG or TIFF recognised by
   * its bytes) or the app's own `export` (saved only as its declared CSV or JSON text).
   */
  kind: 'original' | 'export'
  /** Suggested file name, e.g. `documents-2026-11-22.csv`; the host makes it safe and gives it the right extension. */
  suggestedName: string
  /** MIME type, e.g. `text/csv`: what an export is; for an original, only what the service claimed. */
  mimeType: string
  bytes: Uint8Array
}

/** Save and open files through the host (Electron dialogs and shell; a download in the harness). */
export interface FileHost {
  /**
   * Asks the user where to save and writes the file (the dialog offers only the type of its
   * content). Resolves `{ saved: false }` when the user cancels. Errors: rejects with code
   * `unsupported_type` before anything is written when the content is not what its `kind`
   * allows, `io` when the file cannot be written.
   */
  saveFile(file: FileToSave): Promise<{ saved: boolean; path?: string }>
  /**
   * Opens the bytes with the system's default viewer (writes a temporary file first), only
   * when they are a PDF, PNG, JPEG or TIFF: `unsupported_type` otherwise, nothing written.
   */
  openWithSystemViewer(file: { fileName: string; mimeType: string; bytes: Uint8Array }): Promise<void>
}
