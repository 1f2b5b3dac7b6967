/**
 * Host capabilities the app services need but cannot implement themselves without Electron.
 * Electron implements them in src/main/electron; the browser harness in e2e/harness.
 */

/** A file the user asked to save (export, original file). */
export interface FileToSave {
  /** Suggested file name, e.g. `documents-2026-11-22.csv`. */
  suggestedName: string
  /** MIME type, e.g. `text/csv`. */
  mimeType: string
  bytes: Uint8Array
  /** Save-dialog filters, e.g. `[{ name: 'CSV', extensions: ['csv'] }]`. */
  filters?: { name: string; extensions: string[] }[]
}

/** Save and open files through the host (Electron dialogs and shell; a download in the harness). */
export interface FileHost {
  /**
   * Asks the user where to save and writes the file. Resolves `{ saved: false }` when the
   * user cancels. Errors: rejects with code `io` when the file cannot be written.
   */
  saveFile(file: FileToSave): Promise<{ saved: boolean; path?: string }>
  /** Opens the bytes with the system's default viewer (writes a temporary file first). */
  openWithSystemViewer(file: { fileName: string; mimeType: string; bytes: Uint8Array }): Promise<void>
}
