import type { FastifyInstance } from 'fastify'
import { authenticate, NOT_FOUND, positiveInt, sendMessage, type SandboxContext } from './context'
import { documentFor } from './documents'
import { originalOf } from './previews/drawnInvoice'

/**
 * A document's files: its preview image (`preview`), its original as JSON
 * (`original_file`, URL-safe base64) and the signed download address of the original
 * (`original`). See docs/service-interface.md, "Files", for what the service and the sandbox
 * each decide.
 */

/** URL-safe base64 as real clients decode it: `+`->`-`, `/`->`_`, `=`->`,`. */
export function encodeUrlSafeBase64(bytes: Buffer): string {
  return bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=/g, ',')
}

export function registerFiles(app: FastifyInstance, ctx: SandboxContext): void {
  const { store } = ctx

  app.get('/api/v1_2/documents/:document_id/original_file', async (request, reply) => {
    const user = authenticate(ctx, request, reply)
    if (!user) return reply
    const doc = documentFor(ctx, user, (request.params as Record<string, string>)['document_id'], reply)
    if (!doc) return reply
    const bytes = await originalOf(doc)
    return reply.send({
      documents: [
        {
          id: doc.id,
          user_file_name: doc.userFileName,
          original_content_type: doc.files.originalContentType,
          original_file_base64: encodeUrlSafeBase64(bytes),
        },
      ],
    })
  })

  // The whole document as one image (pages stacked), or one page with `?page=N` (from 1).
  // `X-Page-Count` says how many pages the preview has.
  app.get('/api/v1_2/documents/:document_id/preview', async (request, reply) => {
    const user = authenticate(ctx, request, reply)
    if (!user) return reply
    const doc = documentFor(ctx, user, (request.params as Record<string, string>)['document_id'], reply)
    if (!doc) return reply
    const rawPage = (request.query as Record<string, unknown>)['page']
    const page = rawPage === undefined || rawPage === '' ? null : positiveInt(rawPage)
    if (page === null && rawPage !== undefined && rawPage !== '') return sendMessage(reply, 400, 'Invalid page')
    const preview = await ctx.previews.preview(doc, page)
    if (!preview) return sendMessage(reply, 404, NOT_FOUND)
    return reply
      .header('Cache-Control', 'private, max-age=300')
      .header('X-Page-Count', String(preview.pages))
      .type(preview.contentType)
      .send(preview.bytes)
  })

  app.get('/originals/:document_id', async (request, reply) => {
    const id = positiveInt((request.params as Record<string, string>)['document_id'])
    const q = request.query as Record<string, unknown>
    if (id === null || !ctx.signer.verify(id, q['expires'], q['signature'])) {
      return sendMessage(reply, 403, 'The link is invalid or has expired')
    }
    const doc = store.documents.get(id)
    if (!doc) return sendMessage(reply, 404, NOT_FOUND)
    const bytes = await originalOf(doc)
    const name = doc.userFileName.replace(/["\\\r\n]/g, '_')
    return reply
      .type(doc.files.originalContentType)
      .header('Content-Disposition', `inline; filename="${name}"`)
      .send(bytes)
  })
}
