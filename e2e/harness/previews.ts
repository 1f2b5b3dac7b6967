import type { FastifyInstance } from 'fastify'
import {
  parsePreviewDocumentId,
  previewImageHeaders,
  type PreviewImages,
  type PreviewUrlOf,
} from '../../src/main/app/documents/previewImages'

/** Where the harness serves cached preview images: `/__harness/previews/<document id>?v=<version>`. */
export const HARNESS_PREVIEW_PATH = '/__harness/previews/'

/** The harness's preview URL, relative to its origin (what `documents.preview` answers in the harness). */
export const harnessPreviewUrl: PreviewUrlOf = (documentId, version) =>
  `${HARNESS_PREVIEW_PATH}${documentId}?v=${encodeURIComponent(version)}`

/**
 * Serves preview images at {@link HARNESS_PREVIEW_PATH}, as the app protocol does in Electron:
 * only what `images()` gives (a PNG or JPEG by its bytes, size-capped), inline as an image
 * with the recognised type, `nosniff`, a CSP that blocks everything and
 * `Cross-Origin-Resource-Policy: same-origin`. Only the harness's own page may ask: a request
 * whose `Origin` is another origin, or whose `Sec-Fetch-Site` is not `same-origin` (another
 * site embedding the image), is refused with 403 `forbidden_sender`; the server's `Host` check
 * applies as to every route. 404 for a malformed id or no preview to show.
 */
export function registerPreviewRoute(
  server: FastifyInstance,
  images: () => PreviewImages,
  ownOrigin: () => string,
): void {
  server.get<{ Params: { id: string } }>(`${HARNESS_PREVIEW_PATH}:id`, async (request, reply) => {
    const origin = request.headers.origin
    const site = request.headers['sec-fetch-site']
    if ((origin !== undefined && origin !== ownOrigin()) || (site !== undefined && site !== 'same-origin')) {
      return reply.code(403).send({ code: 'forbidden_sender', message: 'Previews are shown only by the harness page.' })
    }
    const id = parsePreviewDocumentId(request.params.id)
    const image =
      id === null
        ? null
        : await images()
            .image(id)
            .catch(() => null)
    if (!image) return reply.code(404).send({ message: 'Not found' })
    return reply
      .headers(previewImageHeaders(image))
      .send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength))
  })
}
