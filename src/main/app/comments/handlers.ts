import type { OfflineWorkspace } from '../../offline'
import { requireCachedDocument } from '../documents/cached'
import { enqueueAll } from '../outbox/enqueue'
import type { HandlersFor } from '../router'

/** The part of the offline workspace the comment handlers use. */
export type CommentsPort = Pick<OfflineWorkspace, 'listComments' | 'getDocument' | 'enqueue'>

/**
 * The comment handlers: comments are read from the local store (with the ones still in the
 * outbox) and changed through the outbox; each change answers its entry ids for undo.
 * `getWorkspace` is called on each request (it changes with the account).
 * Errors: `not_found` for a comment on a document that is not cached; errors of the
 * workspace (e.g. `not_found` for an unknown comment) pass through with their code.
 */
export function createCommentHandlers(
  getWorkspace: () => CommentsPort,
): HandlersFor<'comments.list' | 'comments.create' | 'comments.update' | 'comments.delete'> {
  return {
    'comments.list': async ({ documentId }) => {
      const comments = await getWorkspace().listComments(documentId)
      return {
        comments: [...comments].sort((a, b) =>
          a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0,
        ),
      }
    },

    'comments.create': async ({ documentId, text }) => {
      const workspace = getWorkspace()
      await requireCachedDocument(workspace, documentId)
      return enqueueAll(workspace, [{ kind: 'comments.create', documentId, text }])
    },

    'comments.update': async ({ documentId, uuid, text }) =>
      enqueueAll(getWorkspace(), [{ kind: 'comments.update', documentId, uuid, text }]),

    'comments.delete': async ({ documentId, uuid }) =>
      enqueueAll(getWorkspace(), [{ kind: 'comments.delete', documentId, uuid }]),
  }
}
