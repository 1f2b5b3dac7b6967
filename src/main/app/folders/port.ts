import type { Document } from '../../../shared/api'
import type { ApiClient } from '../../api/client'

/**
 * What the folders, export and upload handlers need from the offline workspace
 * (src/main/offline, issue 5), declared structurally: the real `OfflineWorkspace`
 * satisfies it (or the lead adapts it in src/main/app/index.ts).
 */

/** One file of an upload: checked bytes (PDF, PNG or JPEG by magic bytes). */
export interface UploadInputFile {
  fileName: string
  /** application/pdf, image/png or image/jpeg. */
  contentType: string
  bytes: Uint8Array
}

/**
 * The outbox actions these features write with `enqueue` (as src/shared/outbox/actions.ts
 * names them). Uploads go through `enqueueUpload` (the bytes are stored beside the store).
 */
export type FolderAction =
  | { kind: 'document.delete'; documentId: number }
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
  /**
   * Stores the files and writes one `documents.upload` action: one POST /api/v1_2/documents
   * request (observed-in-public-clients.md "Creating documents"), so the caller keeps the
   * files of one call under 20 MB of JSON body (see upload/plan.ts).
   */
  enqueueUpload(input: { agendaId: number; type: string; files: UploadInputFile[] }): Promise<{ id: string }>
}

/** The webhook record body (sandbox and the spec's 422 field names). */
export interface WebhookRecordBody {
  url: string
  auth_credentials?: { username?: string; password: string }
  settings?: Record<string, unknown>
}

/**
 * The service client calls agenda and webhook editing make directly (they need a
 * connection). `updateWebhook` sends `body` as the JSON body: the URL string, or the record
 * (src/main/api/client.ts types it `url: string` today; its body is sent as given, so the
 * API engineer only needs to widen the parameter type to `string | WebhookRecordBody`).
 */
export interface FolderClientPort extends Pick<
  ApiClient,
  'getAgenda' | 'createAgendas' | 'updateAgenda' | 'me' | 'deleteWebhook'
> {
  updateWebhook(id: number, body: string | WebhookRecordBody): Promise<string>
}
