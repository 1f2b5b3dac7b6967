import type { Comment } from '../../../../shared/api/comment'
import { localCommentUuid } from '../../effects'
import { codeOf } from '../../errors'
import { patchServerCopyOps } from '../../serverCopies'
import type { BatchOp } from '../../store'
import { findCreatedComment } from '../alreadyApplied'
import type { PushContext } from '../context'
import { done } from '../entryOutcome'
import { realCommentUuid } from '../idMap'
import type { Performer } from './performer'

/**
 * Comment create. Not idempotent: after a lost answer the service is searched first
 * (push/alreadyApplied.ts). The real uuid is mapped from `local-<entry id>` in the same batch,
 * so edits written offline follow it, and the document's comment count is raised once.
 */
export const createComment: Performer<'comments.create'> = async (entry, ctx) => {
  const { documentId, text } = entry.action
  const { client, store, clock, userId } = ctx
  let uuid: string | undefined
  let createdAt = clock().toISOString()
  if (entry.uncertain) {
    const match = await findCreatedComment(ctx, entry, documentId, text)
    if (match) {
      uuid = match.uuid
      createdAt = match.created_at
    }
  }
  if (!uuid) uuid = (await client.createComment(documentId, text)).uuid
  const already = await store.hasComment(documentId, uuid)
  const comment: Comment = {
    uuid,
    text,
    author_id: userId,
    document_id: documentId,
    state: 'created',
    created_at: createdAt,
    last_modified_at: createdAt,
  }
  const ops = [store.putCommentUuidOp(localCommentUuid(entry.id), uuid), store.putCommentOp(documentId, comment)]
  if (!already) ops.push(...(await commentCountOps(ctx, documentId, (count) => (count ?? 0) + 1)))
  return done(ops)
}

/** Comment edit (of a comment created offline: once its create gave it a real uuid). */
export const updateComment: Performer<'comments.update'> = async ({ action }, { client, store }) => {
  const uuid = await realCommentUuid(store, action.uuid)
  await client.updateComment(action.documentId, uuid, action.text)
  const stored = await store.getComment(action.documentId, uuid)
  return done(stored ? [store.putCommentOp(action.documentId, { ...stored, text: action.text })] : [])
}

/** Comment delete; a 404 means it is gone already. The comment count drops once. */
export const deleteComment: Performer<'comments.delete'> = async ({ action }, ctx) => {
  const { client, store } = ctx
  const uuid = await realCommentUuid(store, action.uuid)
  try {
    await client.deleteComment(action.documentId, uuid)
  } catch (error) {
    if (codeOf(error) !== 'not_found') throw error
  }
  const existed = await store.hasComment(action.documentId, uuid)
  const ops = [store.deleteCommentOp(action.documentId, uuid)]
  if (existed) ops.push(...(await commentCountOps(ctx, action.documentId, (count) => Math.max(0, (count ?? 1) - 1))))
  return done(ops)
}

/** Ops setting the stored copy's comment count to `change(count)`; none when it is not cached. */
function commentCountOps(
  { store, clock }: PushContext,
  documentId: number,
  change: (count: number | undefined) => number,
): Promise<BatchOp[]> {
  return patchServerCopyOps(
    store,
    documentId,
    (s) => ({ ...s, doc: { ...s.doc, comments_count: change(s.doc.comments_count) } }),
    clock().toISOString(),
  )
}
