import type { Document } from '../../../shared/api'
import type { ApiClient } from '../../api/client'

/**
 * What the folders, export and upload handlers need from the offline workspace
 * (src/main/offline, issue 5), declared structurally: the real `OfflineWorkspace`
 * satisfies it (or the lead adapts it in src/main/app/index.ts).
 */

/** One file of an upload action, bytes as base64 (the JSON body's `content`). */
export interface UploadActionFile {
  /** The renderer's id for progress events (`upload.progress`). */
  uploadId: string
  fileName: string
  /** Checked by magic bytes: application/pdf, image/png or image/jpeg. */
  contentType: string
  base64: string
}

/** The outbox actions these features write (by `kind`, as the offline engine names them). */
export type FolderAction =
  | { kind: 'document.delete'; documentId: number }
  /**
   * One POST /api/v1_2/documents request (observed-in-public-clients.md "Creating
   * documents"): one document per file, body under 20 MB (see upload/plan.ts).
   */
  | { kind: 'documents.upload'; agendaId: number; type: string; files: UploadActionFile[] }
  /** Mark exported after an export (batch PATCH). */
  | { kind: 'documents.setStates'; items: { id: number; state: 'ready' | 'exported' }[] }

/** A document of the local store (only the wire fields are used here). */
export type StoredDocument = Document & { agenda_id?: number }

export interface FolderWorkspacePort {
  /** Documents of an agenda, id descending, without archived or deleted ones. */
  listDocuments(agendaId: number): Promise<StoredDocument[]>
  getDocument(id: number): Promise<StoredDocument | null>
  /** Rejects with a coded error (e.g. `offline`, `not_found`) when it cannot be had. */
  getOriginal(documentId: number): Promise<{ fileName: string; contentType: string; bytes: Uint8Array }>
  /** Writes the action to the outbox with its optimistic effect, atomically. */
  enqueue(action: FolderAction): Promise<{ id: string }>
}

/** The service client calls agenda and webhook editing make directly (they need a connection). */
export type FolderClientPort = Pick<
  ApiClient,
  'getAgenda' | 'createAgendas' | 'updateAgenda' | 'me' | 'updateWebhook' | 'deleteWebhook'
>
