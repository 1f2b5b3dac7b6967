import { describe, expect, it } from 'vitest'
import { boxOnImage, boxOnPdfPage, pointOnImage, rotateRect, stackedPageRects, wordAt } from './evidenceMath'

/** Two A4 pages in PDF points, rendered one under the other into an image 1240 px wide. */
const A4 = { width: 595, height: 842 }
const PAGES = [
  { page: 1, ...A4 },
  { page: 2, ...A4 },
]
const pageHeightPx = (842 * 1240) / 595
const NATURAL = { width: 1240, height: 2 * pageHeightPx }
/** A box on page 2 in points. */
const BOX = { page: 2, x: 500, y: 400, width: 40, height: 10 }
const PX_PER_PT = 1240 / 595

describe('stacked preview pages', () => {
  it('stacks pages as wide as the image, each as tall as its proportions', () => {
    const [first, second] = stackedPageRects(PAGES, NATURAL)
    expect(first).toEqual({ left: 0, top: 0, width: 1240, height: pageHeightPx })
    expect(second!.top).toBeCloseTo(pageHeightPx)
  })

  it('cuts the image evenly when the page sizes do not add up to it', () => {
    const rects = stackedPageRects(PAGES, { width: 1000, height: 3000 }, 3)
    expect(rects.map((r) => r.top)).toEqual([0, 1000, 2000])
  })
})

describe('a box of the evidence on the preview image', () => {
  it.each([0.25, 0.5, 1, 2.5])('lands on the same words at zoom %s', (zoom) => {
    const rect = boxOnImage(BOX, PAGES, NATURAL, zoom, 0)!
    expect(rect.left).toBeCloseTo(BOX.x * PX_PER_PT * zoom)
    expect(rect.top).toBeCloseTo((pageHeightPx + BOX.y * PX_PER_PT) * zoom)
    expect(rect.width).toBeCloseTo(BOX.width * PX_PER_PT * zoom)
    expect(rect.height).toBeCloseTo(BOX.height * PX_PER_PT * zoom)
  })

  it('turns with the image: a quarter turn clockwise puts the top edge on the right', () => {
    const zoom = 0.5
    const upright = boxOnImage(BOX, PAGES, NATURAL, zoom, 0)!
    const turned = boxOnImage(BOX, PAGES, NATURAL, zoom, 90)!
    const height = NATURAL.height * zoom
    expect(turned.left).toBeCloseTo(height - upright.top - upright.height)
    expect(turned.top).toBeCloseTo(upright.left)
    expect(turned.width).toBeCloseTo(upright.height)
    expect(turned.height).toBeCloseTo(upright.width)
  })

  it('comes back upright after four quarter turns and mirrors at a half turn', () => {
    const size = { width: 100, height: 200 }
    const rect = { left: 10, top: 20, width: 30, height: 5 }
    const quarter = (r: typeof rect, s: typeof size) => rotateRect(r, s, 90)
    const once = quarter(rect, size)
    const twice = quarter(once, { width: size.height, height: size.width })
    expect(twice).toEqual(rotateRect(rect, size, 180))
    expect(rotateRect(rect, size, 180)).toEqual({ left: 60, top: 175, width: 30, height: 5 })
    expect(rotateRect(rotateRect(rect, size, 270), { width: 200, height: 100 }, 90)).toEqual(rect)
  })

  it('has no place for a page the evidence does not have', () => {
    expect(boxOnImage({ ...BOX, page: 3 }, PAGES, NATURAL, 1, 0)).toBeNull()
  })

  it.each([0, 90, 180, 270] as const)('reads a click back to the page point under it (rotation %s)', (rotation) => {
    const zoom = 0.75
    const rect = boxOnImage(BOX, PAGES, NATURAL, zoom, rotation)!
    const point = pointOnImage(
      { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 },
      PAGES,
      NATURAL,
      zoom,
      rotation,
    )!
    expect(point.page).toBe(2)
    expect(point.x).toBeCloseTo(BOX.x + BOX.width / 2)
    expect(point.y).toBeCloseTo(BOX.y + BOX.height / 2)
  })
})

describe('a box of the evidence on a page of the original PDF', () => {
  it.each([0.8, 1.333, 2])('scales points to CSS px at scale %s', (scale) => {
    expect(boxOnPdfPage(BOX, scale)).toEqual({
      left: BOX.x * scale,
      top: BOX.y * scale,
      width: BOX.width * scale,
      height: BOX.height * scale,
    })
  })
})

describe('the word under a click', () => {
  const words = [
    { text: 'Total', page: 2, x: 400, y: 400, width: 40, height: 10 },
    { text: '529,87', page: 2, x: 500, y: 400, width: 40, height: 10 },
  ]
  it('is the word whose box holds the point, on that page only', () => {
    expect(wordAt(words, { page: 2, x: 510, y: 405 })?.text).toBe('529,87')
    expect(wordAt(words, { page: 1, x: 510, y: 405 })).toBeNull()
  })
  it('forgives a click just beside a word, not one far from any', () => {
    expect(wordAt(words, { page: 2, x: 541, y: 405 })?.text).toBe('529,87')
    expect(wordAt(words, { page: 2, x: 470, y: 405 })).toBeNull()
  })
})
