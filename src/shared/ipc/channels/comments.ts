import { z } from 'zod'
import { commentSchema } from '../../api/comment'
import { commentUpdateActionSchema, documentIdSchema } from '../../outbox/actions'
import { defineChannels } from '../define'
import { actionResultSchema } from './outbox'

/**
 * A cached comment; `pending` while its create/update is still in the outbox; `localUuid`, on a
 * comment created through the outbox, the `local-<entry id>` uuid it had before the service gave
 * it a real one (a stable identity for the UI).
 */
export const cachedCommentSchema = commentSchema.extend({
  local: z.looseObject({ pending: z.boolean(), localUuid: z.string().optional() }).optional(),
})
export type CachedCommentView = z.infer<typeof cachedCommentSchema>

/** A comment's text as typed: trimmed, 1 to 10,000 characters (the outbox action allows more). */
const commentText = z.string().trim().min(1).max(10_000)
const documentId = documentIdSchema
const uuid = commentUpdateActionSchema.shape.uuid

/** Channels of comments on a document: read from the local store, changed through the outbox. */
export const commentChannels = defineChannels({
  'comments.list': {
    input: z.object({ documentId }).strict(),
    output: z.object({ comments: z.array(cachedCommentSchema) }),
    description: 'Cached comments of a document, oldest first, including ones still in the outbox.',
  },
  'comments.create': {
    input: z.object({ documentId, text: commentText }).strict(),
    output: actionResultSchema,
    description: 'Add a comment through the outbox.',
  },
  'comments.update': {
    input: z.object({ documentId, uuid, text: commentText }).strict(),
    output: actionResultSchema,
    description: 'Change the text of a comment through the outbox.',
  },
  'comments.delete': {
    input: z.object({ documentId, uuid }).strict(),
    output: actionResultSchema,
    description: 'Delete a comment through the outbox.',
  },
})
