import type { OfflineWorkspace } from '../../offline'
import type { FileHost } from '../ports'
import type { HandlersFor } from '../router'

/** The part of the offline workspace the original-file handlers use. */
export type OriginalsPort = Pick<OfflineWorkspace, 'getOriginal'>

export interface OriginalFileHandlerDeps {
  /** The offline workspace of the signed-in account (called on each request). */
  getWorkspace(): OriginalsPort
  /** Save dialogs and the system viewer (Electron) or downloads (harness). */
  files: FileHost
}

/**
 * Saving and opening a document's original file through the host. The file comes from the
 * workspace (cached, or fetched by it) and goes to the host as an `original`: the host writes
 * or opens it only when its bytes are a PDF, PNG, JPEG or TIFF, under a safe name with the
 * extension of those bytes (src/shared/files/fileToWrite.ts, the one rule for both hosts),
 * whatever name and type the service gave. Errors of the workspace (`not_found`, `offline`)
 * and the host (`unsupported_type`, `io`) pass through with their code.
 */
export function createOriginalFileHandlers(
  deps: OriginalFileHandlerDeps,
): HandlersFor<'documents.saveOriginal' | 'documents.openOriginal'> {
  const original = async (documentId: number) => {
    const file = await deps.getWorkspace().getOriginal(documentId)
    // A name with nothing in it still names the document.
    return { ...file, fileName: file.fileName.trim() === '' ? `document-${documentId}` : file.fileName }
  }

  return {
    'documents.saveOriginal': async ({ documentId }) => {
      const file = await original(documentId)
      const result = await deps.files.saveFile({
        kind: 'original',
        suggestedName: file.fileName,
        mimeType: file.contentType,
        bytes: file.bytes,
      })
      return result.path ? { saved: result.saved, path: result.path } : { saved: result.saved }
    },
    'documents.openOriginal': async ({ documentId }) => {
      const file = await original(documentId)
      await deps.files.openWithSystemViewer({ fileName: file.fileName, mimeType: file.contentType, bytes: file.bytes })
      return { opened: true }
    },
  }
}
