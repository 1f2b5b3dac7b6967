import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { FileHost } from '../../src/main/app/ports'
import {
  checkFileToOpen,
  checkFileToSave,
  writableOrThrow,
  type WritableFile,
} from '../../src/shared/files/fileToWrite'

/**
 * Headers of every file the harness hands out: always a download (`attachment`), declared
 * with the type its bytes were recognised as, never sniffed by the browser, and under a CSP
 * that blocks everything (no script, no style, no subresource, a sandboxed opaque origin), so
 * even a file that slipped through could not run on the harness's origin and call its IPC.
 */
export function downloadHeaders(file: { fileName: string; mimeType: string }): Record<string, string> {
  // An ASCII fallback for old clients; `filename*` carries the real (UTF-8) name.
  const ascii = file.fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_')
  return {
    'content-type': file.mimeType,
    'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
  }
}

/** The harness's file host and the store of the files it offers for download. */
export interface HarnessDownloads {
  /** Stands in for Electron's dialogs and shell: a save or an "open" becomes a download. */
  files: FileHost
  /** Serves the stored files at `GET /__harness/files/:id` with {@link downloadHeaders}. */
  register(server: FastifyInstance): void
}

/**
 * Creates the harness's {@link FileHost}. Only files that pass the same checks as the
 * Electron host (src/shared/files/fileToWrite.ts: a PDF, PNG, JPEG or TIFF by its magic
 * bytes, or, for a save, the app's own CSV/JSON export) are stored, under their safe name;
 * anything else is refused with `UnsupportedFileError` (code `unsupported_type`) and never
 * served. `announce` tells the page (the harness's event stream) `harness.download` with the
 * download URL and the safe name, for a save and for an "open" alike: a browser hands a
 * download to the system, as the app hands the file to the system's viewer.
 */
export function createHarnessDownloads(
  announce: (event: 'harness.download', payload: { url: string; fileName: string }) => void,
): HarnessDownloads {
  const stored = new Map<string, { file: WritableFile; bytes: Uint8Array }>()
  const store = (file: WritableFile, bytes: Uint8Array): string => {
    const id = randomUUID()
    stored.set(id, { file, bytes })
    return `/__harness/files/${id}`
  }

  return {
    files: {
      async saveFile(file) {
        const checked = writableOrThrow(
          checkFileToSave({
            kind: file.kind,
            fileName: file.suggestedName,
            mimeType: file.mimeType,
            bytes: file.bytes,
          }),
        )
        announce('harness.download', { url: store(checked, file.bytes), fileName: checked.fileName })
        return { saved: true, path: checked.fileName }
      },
      async openWithSystemViewer(file) {
        const checked = writableOrThrow(checkFileToOpen(file))
        announce('harness.download', { url: store(checked, file.bytes), fileName: checked.fileName })
      },
    },
    register(server) {
      server.get<{ Params: { id: string } }>('/__harness/files/:id', (request, reply) => {
        const entry = stored.get(request.params.id)
        if (!entry) return reply.code(404).send({ message: 'Not found' })
        return reply.headers(downloadHeaders(entry.file)).send(Buffer.from(entry.bytes))
      })
    },
  }
}
