/** The preview's arithmetic: zoom steps and the pages of a stacked preview image. */

export const MIN_ZOOM = 0.1
export const MAX_ZOOM = 8

/**
 * The scale `zoom * factor` in whole percent, kept within MIN_ZOOM..MAX_ZOOM. It starts from
 * the percentage shown (a fitted scale has any fraction), so 80 % always steps to 100 %.
 */
export function zoomedBy(zoom: number, factor: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(Math.round(zoom * 100) * factor) / 100))
}

/**
 * How many pages one stacked preview image holds: the sandbox and the service stack the pages
 * of a document into one tall image, and the renderer does not see their page-count header, so
 * the count follows from the image's shape with pages of A4 proportions (height = width x √2).
 */
export function stackedPageCount(naturalWidth: number, naturalHeight: number): number {
  if (naturalWidth <= 0 || naturalHeight <= 0) return 1
  return Math.max(1, Math.round(naturalHeight / (naturalWidth * Math.SQRT2)))
}
