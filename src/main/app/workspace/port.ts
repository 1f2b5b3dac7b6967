import type { Agenda, Comment, Document } from '../../../shared/api'

/**
 * What the triage handlers need from the offline workspace (src/main/offline, issue 5).
 * Declared here structurally so the handlers compile and are tested before (and
 * independently of) the offline store: the real `OfflineWorkspace` satisfies it.
 */

/** A document of the local store: the wire Document, its agenda and local outbox state. */
export type CachedDocument = Document & {
  agenda_id: number
  local: { pendingActions: number; failed: { code: string; message: string } | null; archived: boolean }
}

/** A comment of the local store; `pending` while its create/update waits in the outbox. */
/** A comment with its outbox state; `localUuid`: the uuid it had before the service gave it one. */
export type CachedComment = Comment & { local: { pending: boolean; localUuid?: string } }

/** The outbox actions the triage workspace writes (src/shared/outbox/actions.ts, by `kind`). */
export type TriageAction =
  | { kind: 'document.setState'; documentId: number; state: 'ready' | 'exported' }
  | { kind: 'documents.setStates'; items: { id: number; state: 'ready' | 'exported' }[] }
  | { kind: 'document.repair'; documentId: number; description?: string }
  | { kind: 'document.archive'; documentId: number }
  | { kind: 'comment.create'; documentId: number; text: string }
  | { kind: 'comment.update'; documentId: number; uuid: string; text: string }
  | { kind: 'comment.delete'; documentId: number; uuid: string }

/** An outbox entry; only its id (the idempotency key) matters here. */
export interface OutboxEntryRef {
  id: string
}

export interface WorkspacePort {
  listAgendas(): Promise<Agenda[]>
  /** Documents of an agenda, id descending, without archived or deleted ones. */
  listDocuments(agendaId: number): Promise<CachedDocument[]>
  /**
   * Optional: the same documents in the same order, handed over one by one without holding the
   * whole agenda at once (the offline store reads in chunks). Used for the inbox rows.
   */
  forEachDocument?(agendaId: number, visit: (doc: CachedDocument) => void): Promise<void>
  getDocument(id: number): Promise<CachedDocument | null>
  listComments(documentId: number): Promise<CachedComment[]>
  getPreview(documentId: number): Promise<{ contentType: string; bytes: Uint8Array } | null>
  /** Rejects with a coded error (e.g. `offline`, `not_found`) when it cannot be had. */
  getOriginal(documentId: number): Promise<{ fileName: string; contentType: string; bytes: Uint8Array }>
  /** Writes the action to the outbox with its optimistic effect, atomically. */
  enqueue(action: TriageAction): Promise<OutboxEntryRef>
  /** Removes an unsent entry and rolls back its effect; rejects with code `too_late` once sent. */
  undo(entryId: string): Promise<void>
}
