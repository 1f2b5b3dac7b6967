/**
 * Where a box of the invoice's evidence (src/shared/evidence: page units, origin at the page's
 * top-left corner, pages counted from 1) is drawn on the preview: the stacked preview image
 * (its pages one under the other, zoomed and rotated) or a page of the original PDF rendered by
 * pdf.js. The same arithmetic the preview draws the image with, so an outline lands on the words
 * at any zoom, fit mode and rotation.
 */

/** A rectangle in CSS px (or image px), origin at the top-left corner. */
export interface Rect {
  left: number
  top: number
  width: number
  height: number
}

/** A box on a page, in the page's units (PDF points, or image pixels for OCR). */
export interface PageBox {
  page: number
  x: number
  y: number
  width: number
  height: number
}

/** A page's size in the units of its boxes. */
export interface PageSize {
  page: number
  width: number
  height: number
}

/** How far the page heights may miss the image's height before the image is cut evenly instead. */
const STACK_TOLERANCE = 0.03

/**
 * Where each page lies in a stacked preview image of `natural` size (image px, upright): each
 * page drawn as wide as the image and as tall as its own proportions, one under the other.
 * When that does not add up to the image's height (a preview made differently), the image is
 * cut into `pages.length` (or `fallbackCount`, when larger) equal slices. Index 0 is page 1.
 */
export function stackedPageRects(
  pages: readonly PageSize[],
  natural: { width: number; height: number },
  fallbackCount = 1,
): Rect[] {
  if (natural.width <= 0 || natural.height <= 0) return []
  const ordered = [...pages].sort((a, b) => a.page - b.page)
  const heights = ordered.map((p) => (p.width > 0 ? (p.height * natural.width) / p.width : 0))
  const total = heights.reduce((sum, h) => sum + h, 0)
  if (ordered.length > 0 && total > 0 && Math.abs(total - natural.height) <= natural.height * STACK_TOLERANCE) {
    const scale = natural.height / total
    let top = 0
    return heights.map((h) => {
      const rect = { left: 0, top, width: natural.width, height: h * scale }
      top += h * scale
      return rect
    })
  }
  const count = Math.max(1, ordered.length, fallbackCount)
  const slice = natural.height / count
  return Array.from({ length: count }, (_, i) => ({ left: 0, top: i * slice, width: natural.width, height: slice }))
}

/**
 * A rectangle of an upright image `size` wide and high (CSS px), as drawn turned `rotation`
 * degrees clockwise about its centre inside a box that fits the turned image exactly (the
 * preview's stage): its place in that box.
 */
export function rotateRect(rect: Rect, size: { width: number; height: number }, rotation: 0 | 90 | 180 | 270): Rect {
  switch (rotation) {
    case 90:
      return { left: size.height - rect.top - rect.height, top: rect.left, width: rect.height, height: rect.width }
    case 180:
      return {
        left: size.width - rect.left - rect.width,
        top: size.height - rect.top - rect.height,
        width: rect.width,
        height: rect.height,
      }
    case 270:
      return { left: rect.top, top: size.width - rect.left - rect.width, width: rect.height, height: rect.width }
    default:
      return { ...rect }
  }
}

/**
 * Where `box` is drawn on the stacked preview image: `natural` is the image's size (image px,
 * upright), `zoom` its scale (CSS px per image px), `rotation` its clockwise turn. The result is
 * in the CSS px of the preview's stage (the box the turned image fills). Null when the box's
 * page is not in the image or has no size.
 */
export function boxOnImage(
  box: PageBox,
  pages: readonly PageSize[],
  natural: { width: number; height: number },
  zoom: number,
  rotation: 0 | 90 | 180 | 270,
  fallbackCount = 1,
): Rect | null {
  const ordered = [...pages].sort((a, b) => a.page - b.page)
  const index = ordered.findIndex((p) => p.page === box.page)
  const size = ordered[index]
  const slot = stackedPageRects(ordered, natural, fallbackCount)[index]
  if (!size || !slot || size.width <= 0 || size.height <= 0) return null
  const sx = (slot.width / size.width) * zoom
  const sy = (slot.height / size.height) * zoom
  const upright: Rect = {
    left: slot.left * zoom + box.x * sx,
    top: slot.top * zoom + box.y * sy,
    width: box.width * sx,
    height: box.height * sy,
  }
  return rotateRect(upright, { width: natural.width * zoom, height: natural.height * zoom }, rotation)
}

/**
 * Where `box` is drawn on a page of the original PDF rendered at `scale` CSS px per PDF point
 * (pdf.js's viewport at that scale, unrotated): relative to the page's canvas.
 */
export function boxOnPdfPage(box: PageBox, scale: number): Rect {
  return { left: box.x * scale, top: box.y * scale, width: box.width * scale, height: box.height * scale }
}

/**
 * The point (CSS px, relative to a page drawn at `scale` CSS px per page unit) in page units:
 * the inverse of {@link boxOnPdfPage}, for a click on the page.
 */
export function pointOnPage(x: number, y: number, scale: number): { x: number; y: number } {
  return scale > 0 ? { x: x / scale, y: y / scale } : { x: 0, y: 0 }
}

/**
 * The point (CSS px in the preview's stage) in page units of the stacked image's page under it,
 * the inverse of {@link boxOnImage}, for a click on the image. Null off the pages.
 */
export function pointOnImage(
  point: { x: number; y: number },
  pages: readonly PageSize[],
  natural: { width: number; height: number },
  zoom: number,
  rotation: 0 | 90 | 180 | 270,
  fallbackCount = 1,
): { page: number; x: number; y: number } | null {
  if (zoom <= 0) return null
  const w = natural.width * zoom
  const h = natural.height * zoom
  // Turn the point back to the upright image (the inverse of rotateRect for a point).
  const upright =
    rotation === 90
      ? { x: point.y, y: h - point.x }
      : rotation === 180
        ? { x: w - point.x, y: h - point.y }
        : rotation === 270
          ? { x: w - point.y, y: point.x }
          : point
  const ix = upright.x / zoom
  const iy = upright.y / zoom
  const ordered = [...pages].sort((a, b) => a.page - b.page)
  const slots = stackedPageRects(ordered, natural, fallbackCount)
  const index = slots.findIndex((s) => iy >= s.top && iy < s.top + s.height && ix >= 0 && ix <= s.width)
  const size = ordered[index]
  const slot = slots[index]
  if (index < 0 || !size || !slot) return null
  return {
    page: size.page,
    x: (ix * size.width) / slot.width,
    y: ((iy - slot.top) * size.height) / slot.height,
  }
}

/** The word whose box holds `point` (page units), or the nearest within `slack` units; null when none. */
export function wordAt<W extends PageBox>(
  words: readonly W[],
  point: { page: number; x: number; y: number },
  slack = 2,
): W | null {
  let best: W | null = null
  let bestDistance = Infinity
  for (const word of words) {
    if (word.page !== point.page) continue
    const dx = Math.max(word.x - point.x, 0, point.x - (word.x + word.width))
    const dy = Math.max(word.y - point.y, 0, point.y - (word.y + word.height))
    const distance = Math.hypot(dx, dy)
    if (distance <= slack && distance < bestDistance) {
      best = word
      bestDistance = distance
    }
  }
  return best
}

/**
 * Scrolls `viewport` so `rect` (px in `content`, an element inside the viewport) is in sight,
 * a third down from the top, when it is not already; the page it is on is turned to it.
 */
export function revealRect(viewport: HTMLElement, content: HTMLElement, rect: Rect): void {
  const top = content.offsetTop + rect.top
  const left = content.offsetLeft + rect.left
  const scroll: ScrollToOptions = {}
  if (top < viewport.scrollTop || top + rect.height > viewport.scrollTop + viewport.clientHeight)
    scroll.top = Math.max(0, top - viewport.clientHeight / 3)
  if (left < viewport.scrollLeft || left + rect.width > viewport.scrollLeft + viewport.clientWidth)
    scroll.left = Math.max(0, left - viewport.clientWidth / 3)
  if (scroll.top !== undefined || scroll.left !== undefined) viewport.scrollTo(scroll)
}
