import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { authenticate, isObject, sendMessage, sendValidation, type SandboxContext } from './context'
import { documentFor } from './documents'
import type { CommentRecord, DocumentRecord } from './store'

export const COMMENT_NOT_FOUND = 'Comment not found'

/**
 * Comments of a document (docs/service-interface.md, "Comments"): list (deleted ones
 * left out), create (201 with the comment and its `uuid`), update and delete (204, or 404
 * `Comment not found`). Every change bumps the document's last_modified_at and comments_count.
 */
export function registerComments(app: FastifyInstance, ctx: SandboxContext): void {
  const { store, render } = ctx

  function commentFor(doc: DocumentRecord, uuid: string | undefined, reply: FastifyReply): CommentRecord | null {
    const comment = uuid ? store.comments.get(uuid) : undefined
    if (!comment || comment.documentId !== doc.id || comment.state === 'deleted') {
      sendMessage(reply, 404, COMMENT_NOT_FOUND)
      return null
    }
    return comment
  }

  function textOf(body: unknown): string | null {
    const wrapped = isObject(body) && isObject(body['comment']) ? body['comment'] : null
    const text = wrapped?.['text']
    return typeof text === 'string' && text.trim() !== '' ? text : null
  }

  app.get('/api/v1_2/documents/:document_id/comments', async (request, reply) => {
    const user = authenticate(ctx, request, reply)
    if (!user) return reply
    const doc = documentFor(ctx, user, (request.params as Record<string, string>)['document_id'], reply)
    if (!doc) return reply
    return reply.send({
      links: { self: { href: `${render.documentHref(doc.id)}/comments` } },
      comments: store.commentsOf(doc.id).map((c) => render.comment(c)),
    })
  })

  app.post('/api/v1_2/documents/:document_id/comments', async (request, reply) => {
    const user = authenticate(ctx, request, reply)
    if (!user) return reply
    const doc = documentFor(ctx, user, (request.params as Record<string, string>)['document_id'], reply)
    if (!doc) return reply
    const text = textOf(request.body)
    if (text === null) return sendValidation(reply, { text: ["can't be blank"] })
    const now = store.time()
    const comment: CommentRecord = {
      uuid: randomUUID(),
      documentId: doc.id,
      authorId: user.id,
      text,
      state: 'created',
      createdAt: now,
      lastModifiedAt: now,
    }
    store.addComment(comment)
    return reply.code(201).send({ comment: render.comment(comment) })
  })

  app.put('/api/v1_2/documents/:document_id/comments/:comment_uuid', async (request, reply) => {
    const user = authenticate(ctx, request, reply)
    if (!user) return reply
    const params = request.params as Record<string, string>
    const doc = documentFor(ctx, user, params['document_id'], reply)
    if (!doc) return reply
    const comment = commentFor(doc, params['comment_uuid'], reply)
    if (!comment) return reply
    // Only attributes present in the body are updated: no `text` (or `text: null`, which
    // published clients send for "not set") leaves the comment as it is.
    const body = request.body
    const wrapped = isObject(body) && isObject(body['comment']) ? body['comment'] : {}
    if (wrapped['text'] !== undefined && wrapped['text'] !== null) {
      const text = textOf(body)
      if (text === null) return sendValidation(reply, { text: ["can't be blank"] })
      if (text !== comment.text) store.updateComment(comment, text)
    }
    return reply.code(204).send()
  })

  app.delete('/api/v1_2/documents/:document_id/comments/:comment_uuid', async (request, reply) => {
    const user = authenticate(ctx, request, reply)
    if (!user) return reply
    const params = request.params as Record<string, string>
    const doc = documentFor(ctx, user, params['document_id'], reply)
    if (!doc) return reply
    const comment = commentFor(doc, params['comment_uuid'], reply)
    if (!comment) return reply
    store.deleteComment(comment)
    return reply.code(204).send()
  })
}
