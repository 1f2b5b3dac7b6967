import type { OfflineWorkspace } from '../../offline'
import type { FileHost } from '../ports'
import type { HandlersFor } from '../router'

/** The part of the offline workspace the original-file handlers use. */
export type OriginalsWorkspace = Pick<OfflineWorkspace, 'getOriginal'>

export interface OriginalFileHandlerDeps {
  /** The offline workspace of the signed-in account (called on each request). */
  getWorkspace(): OriginalsWorkspace
  /** Save dialogs and the system viewer (Electron) or downloads (harness). */
  files: FileHost
}

/** A file name safe to suggest in a save dialog: no folders, no control characters. */
export function safeFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f<>:"|?*]/g, '_').trim()
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? fallback : cleaned
}

/** Save-dialog filters of the content types an original may have. */
const FILTERS: Record<string, { name: string; extensions: string[] }> = {
  'application/pdf': { name: 'PDF', extensions: ['pdf'] },
  'image/png': { name: 'PNG image', extensions: ['png'] },
  'image/jpeg': { name: 'JPEG image', extensions: ['jpg', 'jpeg'] },
}

/**
 * Saving and opening a document's original file through the host. The file comes from the
 * workspace (cached, or fetched by it); its name, chosen by whoever uploaded it, is cut to a
 * bare file name before the host sees it. Errors of the workspace (`not_found`, `offline`)
 * and the host (`io`) pass through with their code.
 */
export function createOriginalFileHandlers(
  deps: OriginalFileHandlerDeps,
): HandlersFor<'documents.saveOriginal' | 'documents.openOriginal'> {
  const original = async (documentId: number) => {
    const file = await deps.getWorkspace().getOriginal(documentId)
    return { ...file, fileName: safeFileName(file.fileName, `document-${documentId}`) }
  }

  return {
    'documents.saveOriginal': async ({ documentId }) => {
      const file = await original(documentId)
      const filter = FILTERS[file.contentType]
      const result = await deps.files.saveFile({
        suggestedName: file.fileName,
        mimeType: file.contentType,
        bytes: file.bytes,
        ...(filter ? { filters: [filter] } : {}),
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
