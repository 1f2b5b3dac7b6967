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

/**
 * How a preview fits its pane: `width` fills the pane's width (the text is read down the
 * page), `page` shows one whole page (the width and the height of a page fit). `null` is a
 * scale the user chose (zoomed, 1:1).
 */
export type FitMode = 'width' | 'page'

/** Room left around the image inside the viewport on each side (CSS px). */
export const FIT_PAD = 8

/**
 * The scale that fits a page of `pageWidth` x `pageHeight` (image px, the page upright as
 * drawn) into a viewport of `viewportWidth` x `viewportHeight` (CSS px) with {@link FIT_PAD}
 * around it, kept within MIN_ZOOM..MAX_ZOOM. `width` ignores the height (the page scrolls);
 * `page` takes the smaller of the two scales. A viewport or page without size gives 1.
 */
export function fitZoom(
  mode: FitMode,
  page: { width: number; height: number },
  viewport: { width: number; height: number },
): number {
  if (page.width <= 0 || page.height <= 0 || viewport.width <= 0) return 1
  const byWidth = (viewport.width - 2 * FIT_PAD) / page.width
  const byHeight = viewport.height > 0 ? (viewport.height - 2 * FIT_PAD) / page.height : byWidth
  const zoom = mode === 'width' ? byWidth : Math.min(byWidth, byHeight)
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom))
}

/**
 * The scale a new document opens at when the reviewer chose one (zoomed in or out) on an
 * earlier document: the same multiple `widthFactor` of its own width fit `fitWidth`, so its
 * page is drawn as large as the last one whatever the resolution of its image (a 150 dpi
 * rendering and a 350 dpi scan of an A4 page look the same). Within MIN_ZOOM..MAX_ZOOM.
 */
export function carriedZoom(widthFactor: number, fitWidth: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, widthFactor * fitWidth))
}

/** One run of text of a PDF page as pdf.js's `getTextContent()` gives it. */
export interface PdfTextRun {
  str: string
  /** The text matrix [a, b, c, d, e, f] in PDF units (points); [c, d] is the glyphs' up vector. */
  transform: number[]
}

/**
 * The body text size of a PDF page (points): the font height of the median printed character,
 * so a page's many lines of ordinary text decide it, not its large title or its fine print.
 * The font height of a run is the length of its text matrix's vertical vector (√(c² + d²)),
 * which is what pdf.js's text layer draws as the font size, rotation or skew included.
 * Whitespace does not count. Null for a page with no text (a scan).
 */
export function bodyTextSize(runs: readonly PdfTextRun[]): number | null {
  const sizes: { size: number; chars: number }[] = []
  let total = 0
  for (const run of runs) {
    const chars = run.str.replace(/\s/g, '').length
    const [, , c = 0, d = 0] = run.transform
    const size = Math.hypot(c, d)
    if (chars === 0 || !(size > 0)) continue
    sizes.push({ size, chars })
    total += chars
  }
  if (total === 0) return null
  sizes.sort((a, b) => a.size - b.size)
  let seen = 0
  for (const { size, chars } of sizes) {
    seen += chars
    if (seen * 2 >= total) return size
  }
  return sizes[sizes.length - 1]!.size
}

/**
 * The height (CSS px) text of `fontSize` points is drawn at on a page `pageWidth` points wide
 * that is shown `drawnWidth` CSS px wide (a preview image or a canvas of that page, upright).
 */
export function drawnTextHeight(fontSize: number, pageWidth: number, drawnWidth: number): number {
  return pageWidth > 0 ? (fontSize * drawnWidth) / pageWidth : 0
}
