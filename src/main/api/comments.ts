import { commentListResponseSchema, createCommentResponseSchema, type Comment } from '../../shared/api/comment'
import type { RequestPriority } from './budget'
import type { HttpClient } from './http'

/** Comments on a document (docs/service-interface.md, "Comments"); a comment is named by its `uuid`. */

/** GET /api/v1_2/documents/:id/comments (deleted comments are not returned); a pull asks at `background` priority. */
export async function listComments(
  http: HttpClient,
  documentId: number,
  priority: RequestPriority = 'user',
): Promise<Comment[]> {
  const body = await http.json(
    { method: 'GET', path: `/api/v1_2/documents/${documentId}/comments`, idempotent: true, priority },
    commentListResponseSchema,
  )
  return body.comments
}

/** POST /api/v1_2/documents/:id/comments `{comment:{text}}` -> `{ uuid }` (not retried once sent). */
export async function createComment(http: HttpClient, documentId: number, text: string): Promise<{ uuid: string }> {
  const body = await http.json(
    {
      method: 'POST',
      path: `/api/v1_2/documents/${documentId}/comments`,
      json: { comment: { text } },
      idempotent: false,
    },
    createCommentResponseSchema,
  )
  return { uuid: body.comment.uuid }
}

/** PUT /api/v1_2/documents/:id/comments/:uuid (204); 404 -> `not_found` "Comment not found". */
export async function updateComment(http: HttpClient, documentId: number, uuid: string, text: string): Promise<void> {
  await http.empty({
    method: 'PUT',
    path: commentPath(documentId, uuid),
    json: { comment: { text } },
    idempotent: true,
  })
}

/** DELETE /api/v1_2/documents/:id/comments/:uuid (204); 404 -> `not_found`, but done after a lost first attempt. */
export async function deleteComment(http: HttpClient, documentId: number, uuid: string): Promise<void> {
  await http.empty({ method: 'DELETE', path: commentPath(documentId, uuid), idempotent: true, deleteSemantics: true })
}

/** The address of one comment; the uuid is encoded, as it comes from the service. */
function commentPath(documentId: number, uuid: string): string {
  return `/api/v1_2/documents/${documentId}/comments/${encodeURIComponent(uuid)}`
}
