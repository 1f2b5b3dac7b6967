/**
 * How the open document's image is shown, shared by the preview (features/documents/Preview)
 * and the keyboard shortcuts + - 0 and f: the scale, how it fits the pane, the rotation and
 * whether the original PDF is shown instead.
 *
 * `zoom` is the scale against the image's natural size: 1 = 100 % = one image pixel per CSS
 * pixel. While `fit` is set the preview sets `zoom` to whatever fits the pane (its width, or
 * a whole page). The scale and the fit mode are the reviewer's choice for the session: they
 * stay as they are from one document to the next (j / k); only the rotation starts over.
 */
import { zoomedBy, type FitMode } from './previewMath'

export { MAX_ZOOM, MIN_ZOOM, stackedPageCount, type FitMode } from './previewMath'

export const previewState = $state({
  /** Scale against the natural size; 0.1 to 8. */
  zoom: 1,
  /** How the image follows the pane: its width (the first state), a whole page, or null for a chosen scale. */
  fit: 'width' as FitMode | null,
  /** Clockwise rotation in degrees. */
  rotation: 0 as 0 | 90 | 180 | 270,
  /** Show the original PDF (pdfjs) instead of the preview image. */
  showOriginal: false,
  /** The scale that fits the shown image's page to the pane's width (set by the preview; 0 unknown). */
  fitWidthZoom: 0,
  /**
   * A chosen scale as a multiple of the width fit, carried to the next document so its page
   * is drawn as large (previewMath.carriedZoom); null at 1:1, which carries as 100 %.
   */
  widthFactor: null as number | null,
})

/** Zooms by `factor` (the + and - keys): the image stops following the pane. */
export function zoomBy(factor: number): void {
  previewState.fit = null
  previewState.zoom = zoomedBy(previewState.zoom, factor)
  previewState.widthFactor = previewState.fitWidthZoom > 0 ? previewState.zoom / previewState.fitWidthZoom : null
}

/** Fits the image to the pane's width again (the 0 key and *Fit width*). */
export function resetZoom(): void {
  previewState.fit = 'width'
}

/** Fits a whole page of the image into the pane (*Fit page*). */
export function fitPage(): void {
  previewState.fit = 'page'
}

/** Shows the image at its natural size (100 %). */
export function actualSize(): void {
  previewState.fit = null
  previewState.zoom = 1
  previewState.widthFactor = null
}

/** Turns the image 90 degrees clockwise. */
export function rotate(): void {
  previewState.rotation = ((previewState.rotation + 90) % 360) as 0 | 90 | 180 | 270
}

/** A document opens upright, at the scale or fit mode the last one was shown at. */
export function resetView(): void {
  previewState.rotation = 0
}

/** Decodes base64 (from a preview/original channel) into bytes. */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
