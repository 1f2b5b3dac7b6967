import {
  documentListResponseSchema,
  messageResponseSchema,
  setStateResponseSchema,
  type Document,
  type SetStateResponse,
  type SettableState,
} from '../../shared/api/document'
import { firstItem, type HttpClient } from './http'

/**
 * One document: fetch, state changes, repair, archive and delete (docs/service-interface.md,
 * "Documents"). Listing lives in pagination.ts, uploads in uploads.ts, files in originals.ts.
 */

/** GET /api/v1_2/documents/:id: several documents when the upload was split. */
export async function getDocument(http: HttpClient, id: number): Promise<Document[]> {
  const body = await http.json(
    { method: 'GET', path: `/api/v1_2/documents/${id}`, idempotent: true },
    documentListResponseSchema,
  )
  return body.documents
}

/** PATCH /api/v1_2/documents/:id `{document:{state}}` (idempotent). 400 `bad_request` on an unsupported state. */
export function setDocumentState(http: HttpClient, id: number, state: SettableState): Promise<SetStateResponse> {
  return http.json(
    { method: 'PATCH', path: `/api/v1_2/documents/${id}`, json: { document: { state } }, idempotent: true },
    setStateResponseSchema,
  )
}

/**
 * PATCH /api/v1_2/documents (batch): enqueued and applied later by background jobs. Sends the
 * `grant_type: refresh_token` header the service names for this call. Idempotent: setting
 * the same states twice leaves the same states.
 */
export async function setDocumentStates(
  http: HttpClient,
  entries: readonly { id: number; state: SettableState }[],
): Promise<{ message: string }> {
  const body = await http.json(
    {
      method: 'PATCH',
      path: '/api/v1_2/documents',
      json: { documents: entries.map(({ id, state }) => ({ id, state })) },
      headers: { grant_type: 'refresh_token' },
      idempotent: true,
    },
    messageResponseSchema,
  )
  return { message: body.message }
}

/** POST /api/v1_2/documents/:id/repair: sends for human review; returns the document (state repairing). Not retried. */
export async function repairDocument(http: HttpClient, id: number, description?: string): Promise<Document> {
  const path = `/api/v1_2/documents/${id}/repair`
  const body = await http.json(
    {
      method: 'POST',
      path,
      json: description === undefined ? {} : { repair_description: description },
      idempotent: false,
    },
    documentListResponseSchema,
  )
  return firstItem(body.documents, `POST ${path}`, 'documents')
}

/** PUT /api/v1_2/documents/:id/archive: returns the document. */
export async function archiveDocument(http: HttpClient, id: number): Promise<Document> {
  const path = `/api/v1_2/documents/${id}/archive`
  const body = await http.json({ method: 'PUT', path, idempotent: true }, documentListResponseSchema)
  return firstItem(body.documents, `PUT ${path}`, 'documents')
}

/** DELETE /api/v1_2/documents/:id; a 404 after a lost first attempt counts as deleted. */
export async function deleteDocument(http: HttpClient, id: number): Promise<void> {
  await http.empty({ method: 'DELETE', path: `/api/v1_2/documents/${id}`, idempotent: true, deleteSemantics: true })
}
