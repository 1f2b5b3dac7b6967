import { createHash } from 'node:crypto'
import { sniffDocumentType } from '../../../shared/files/fileType'
import { MAX_PREVIEW_BYTES } from '../../../shared/files/limits'
import type { OfflineWorkspace } from '../../offline'

/**
 * Preview images reach the renderer as URLs the host serves (Electron's app protocol, the
 * harness's HTTP server), never as bytes over IPC: a large image then costs its size once, in
 * the image decoder, not again as base64 in both processes. Both hosts serve through
 * {@link createPreviewImages}, so the same rule holds in each: only a cached preview whose bytes
 * are a PNG or a JPEG, at most {@link MAX_PREVIEW_BYTES}, is ever served, with the type its
 * bytes were recognised as. An SVG, HTML or anything else the service calls a preview is not
 * shown: served from the app's own origin, an SVG or HTML page could run script there.
 */

/** The part of the offline workspace preview images come from. */
export type PreviewPort = Pick<OfflineWorkspace, 'getPreview'>

/**
 * Builds the URL a host serves a document's preview at, e.g.
 * `app://docket/cache/previews/42?v=<version>` (Electron) or `/__harness/previews/42?v=<version>`.
 * `version` changes with the image's bytes, so the renderer never shows a stale cached image.
 */
export type PreviewUrlOf = (documentId: number, version: string) => string

/** A preview image that may be shown: a PNG or JPEG by its magic bytes, within the size cap. */
export interface PreviewImage {
  /** The type the bytes were recognised as (never the one the service claimed). */
  contentType: 'image/png' | 'image/jpeg'
  bytes: Uint8Array
}

/** Where the hosts get the preview images they serve. */
export interface PreviewImages {
  /**
   * The preview of `documentId` when one is cached (or can be fetched now) and may be shown,
   * else null: none cached and offline, larger than {@link MAX_PREVIEW_BYTES}, or not a PNG or
   * JPEG (SVG, HTML, TIFF, anything else). Never rejects for the service's content.
   */
  image(documentId: number): Promise<PreviewImage | null>
}

/** The headers every host sends with a preview image: its recognised type, never sniffed, nothing may run. */
export function previewImageHeaders(image: Pick<PreviewImage, 'contentType'>): Record<string, string> {
  return {
    'content-type': image.contentType,
    'x-content-type-options': 'nosniff',
    // Shown only as an <img>: opened as a page, it may load nothing and run nothing.
    'content-security-policy': "default-src 'none'; sandbox",
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
  }
}

/** A version of the bytes for the URL: 16 hex digits of their SHA-256. */
export function previewVersion(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16)
}

/**
 * A document id as it appears in a preview URL's path: decimal digits without a leading zero
 * that make a positive safe integer, else null (`..`, `%2e`, signs, exponents, anything else).
 */
export function parsePreviewDocumentId(text: string): number | null {
  if (!/^[1-9][0-9]{0,15}$/.test(text)) return null
  const id = Number(text)
  return Number.isSafeInteger(id) ? id : null
}

/** Creates the {@link PreviewImages} of the current account's workspace (`getWorkspace` is called per image). */
export function createPreviewImages(getWorkspace: () => PreviewPort): PreviewImages {
  return {
    async image(documentId) {
      const preview = await getWorkspace().getPreview(documentId)
      if (!preview || preview.bytes.byteLength > MAX_PREVIEW_BYTES) return null
      const type = sniffDocumentType(preview.bytes)
      if (type?.kind !== 'png' && type?.kind !== 'jpeg') return null
      return { contentType: type.mimeType as PreviewImage['contentType'], bytes: preview.bytes }
    },
  }
}
