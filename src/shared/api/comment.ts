import { z } from 'zod'
import { integerId, linkSchema, linksSchema, text, timestamp } from './common'

/** Comment schemas (docs/service-interface.md, "Comments"). Unknown fields are kept. */

export const commentSchema = z.looseObject({
  links: z
    .looseObject({
      self: linkSchema.optional(),
      author: z
        .looseObject({
          id: integerId.optional(),
          href: z.string().optional(),
          name: text,
          surname: text,
          type: text,
        })
        .optional(),
      document: z.looseObject({ id: integerId.optional(), href: z.string().optional(), type: text }).optional(),
    })
    .optional(),
  /** Identifies the comment in paths. */
  uuid: z.string(),
  text: z.string(),
  author_id: integerId.nullish(),
  document_id: integerId.nullish(),
  /** Value seen: created. */
  state: text,
  created_at: timestamp,
  last_modified_at: timestamp.nullish(),
})
export type Comment = z.infer<typeof commentSchema>

/** GET /api/v1_2/documents/:id/comments: `{ links, comments: [...] }`. */
export const commentListResponseSchema = z.looseObject({
  links: linksSchema.optional(),
  comments: z.array(commentSchema),
})
export type CommentListResponse = z.infer<typeof commentListResponseSchema>

/** POST .../comments response (201): `{ comment: { uuid } }`. */
export const createCommentResponseSchema = z.looseObject({
  comment: z.looseObject({ uuid: z.string() }),
})
