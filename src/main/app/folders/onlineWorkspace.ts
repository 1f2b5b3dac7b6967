import type { Agenda, Document } from '../../../shared/api'
import type { ApiClient } from '../../api/client'
import type { CachedComment, CachedDocument, TriageAction, WorkspacePort } from '../workspace/port'
import { WorkspaceError } from '../workspace/errors'
import type { FolderAction, FolderWorkspacePort, UploadInputFile } from './port'

/** The client calls the online workspace makes. */
export type OnlineClient = Pick<
  ApiClient,
  | 'listAgendas'
  | 'listDocuments'
  | 'getDocument'
  | 'listComments'
  | 'getPreview'
  | 'getOriginalFile'
  | 'setDocumentState'
  | 'setDocumentStates'
  | 'repairDocument'
  | 'archiveDocument'
  | 'createComment'
  | 'updateComment'
  | 'deleteComment'
  | 'deleteDocument'
  | 'uploadDocuments'
>

/**
 * A workspace with no local store: every read asks the service and every "outbox" action is
 * applied at once (no retry, no undo). For hosts and tests that run before the offline store
 * (issue 5) is wired, e.g. e2e/folders.spec.ts; it satisfies both the triage
 * {@link WorkspacePort} and {@link FolderWorkspacePort}. Errors are the client's `ApiError`s
 * (`network`, `forbidden`, ...); `undo` always answers `too_late`.
 */
export class OnlineWorkspace implements WorkspacePort, FolderWorkspacePort {
  private readonly agendaOf = new Map<number, number>()
  private nextEntry = 1

  constructor(private readonly client: OnlineClient) {}

  listAgendas(): Promise<Agenda[]> {
    return this.client.listAgendas()
  }

  async listDocuments(agendaId: number): Promise<CachedDocument[]> {
    const docs = await this.client.listDocuments({ agendaId, types: ['PurchaseInvoice', 'SalesInvoice'] })
    return docs.map((doc) => {
      this.agendaOf.set(doc.id, agendaId)
      return this.cached(doc, agendaId)
    })
  }

  async getDocument(id: number): Promise<CachedDocument | null> {
    try {
      const [doc] = await this.client.getDocument(id)
      return doc ? this.cached(doc, this.agendaOf.get(id) ?? 0) : null
    } catch (error) {
      if ((error as { code?: unknown }).code === 'not_found') return null
      throw error
    }
  }

  async listComments(documentId: number): Promise<CachedComment[]> {
    const comments = await this.client.listComments(documentId)
    return comments.map((comment) => ({ ...comment, local: { pending: false } }))
  }

  async getPreview(documentId: number): Promise<{ contentType: string; bytes: Uint8Array } | null> {
    const doc = await this.getDocument(documentId)
    if (!doc?.preview) return null
    const preview = await this.client.getPreview(doc.preview)
    return { contentType: preview.contentType, bytes: preview.bytes }
  }

  getOriginal(documentId: number): Promise<{ fileName: string; contentType: string; bytes: Uint8Array }> {
    return this.client.getOriginalFile(documentId)
  }

  /** Applies the action on the service now; resolves with a made-up entry id. */
  async enqueue(action: TriageAction | FolderAction): Promise<{ id: string }> {
    const c = this.client
    switch (action.kind) {
      case 'document.setState':
        await c.setDocumentState(action.documentId, action.state)
        break
      case 'documents.setStates':
        await c.setDocumentStates(action.items)
        break
      case 'document.repair':
        await c.repairDocument(action.documentId, action.description)
        break
      case 'document.archive':
        await c.archiveDocument(action.documentId)
        break
      case 'comment.create':
        await c.createComment(action.documentId, action.text)
        break
      case 'comment.update':
        await c.updateComment(action.documentId, action.uuid, action.text)
        break
      case 'comment.delete':
        await c.deleteComment(action.documentId, action.uuid)
        break
      case 'document.delete':
        await c.deleteDocument(action.documentId)
        break
    }
    return { id: `online-${this.nextEntry++}` }
  }

  /** Sends the upload now (one request; the caller keeps it under 20 MB). */
  async enqueueUpload(input: { agendaId: number; type: string; files: UploadInputFile[] }): Promise<{ id: string }> {
    await this.client.uploadDocuments({
      agendaId: input.agendaId,
      type: input.type,
      files: input.files.map((f) => ({ filename: f.fileName, contentType: f.contentType, content: f.bytes })),
    })
    return { id: `online-${this.nextEntry++}` }
  }

  async undo(): Promise<void> {
    throw new WorkspaceError(
      'too_late',
      'Actions are sent at once without the offline store, so they cannot be undone.',
    )
  }

  private cached(doc: Document, agendaId: number): CachedDocument {
    return { ...doc, agenda_id: agendaId, local: { pendingActions: 0, failed: null, archived: false } }
  }
}
