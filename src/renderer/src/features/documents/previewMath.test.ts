import { describe, expect, it } from 'vitest'
import {
  bodyTextSize,
  carriedZoom,
  drawnTextHeight,
  FIT_PAD,
  fitZoom,
  MAX_ZOOM,
  MIN_ZOOM,
  stackedPageCount,
  zoomedBy,
} from './previewMath'

describe('preview state', () => {
  it('counts the A4 pages stacked in one preview image', () => {
    expect(stackedPageCount(1240, 1754)).toBe(1)
    expect(stackedPageCount(1240, 1754 * 3)).toBe(3)
    // A receipt-like page is still one page.
    expect(stackedPageCount(600, 500)).toBe(1)
    expect(stackedPageCount(0, 0)).toBe(1)
  })

  it('zooms by a factor within the limits, in whole percent', () => {
    expect(zoomedBy(0.5, 1.25)).toBe(0.63)
    expect(zoomedBy(0.8, 1.25)).toBe(1)
    // A fitted scale steps from the percentage shown: 23.51 % shows as 24 %, then 30 %.
    expect(zoomedBy(0.2351, 1.25)).toBe(0.3)
    expect(zoomedBy(7, 2)).toBe(MAX_ZOOM)
    expect(zoomedBy(0.12, 0.5)).toBe(MIN_ZOOM)
  })
})

describe('fitting the preview to its pane', () => {
  const a4 = { width: 1240, height: 1754 }

  it('fits the width: the page fills the pane less the padding and scrolls down', () => {
    const zoom = fitZoom('width', a4, { width: 716, height: 300 })
    expect(a4.width * zoom).toBeCloseTo(716 - 2 * FIT_PAD)
    expect(a4.height * zoom).toBeGreaterThan(300)
  })

  it('fits a whole page: the smaller of the width and height scales', () => {
    const tall = fitZoom('page', a4, { width: 716, height: 400 })
    expect(a4.height * tall).toBeCloseTo(400 - 2 * FIT_PAD)
    expect(a4.width * tall).toBeLessThan(716)
    // A wide, short page in a tall pane is held by the width.
    const wide = fitZoom('page', { width: 2000, height: 500 }, { width: 616, height: 900 })
    expect(2000 * wide).toBeCloseTo(600)
  })

  it('carries a chosen scale to the next image as the same multiple of its width fit', () => {
    // 150 % of the width fit of a 150 dpi page (fit 0.5) and of a 350 dpi one (fit 0.214).
    expect(carriedZoom(1.5, 0.5)).toBe(0.75)
    expect(carriedZoom(1.5, 0.214)).toBeCloseTo(0.321)
    expect(carriedZoom(40, 0.5)).toBe(MAX_ZOOM)
    expect(carriedZoom(0.01, 0.5)).toBe(MIN_ZOOM)
  })

  it('stays within the zoom limits and gives 1 without a size', () => {
    expect(fitZoom('width', { width: 10, height: 10 }, { width: 5000, height: 5000 })).toBe(MAX_ZOOM)
    expect(fitZoom('page', { width: 100_000, height: 100_000 }, { width: 400, height: 400 })).toBe(MIN_ZOOM)
    expect(fitZoom('width', a4, { width: 0, height: 0 })).toBe(1)
    expect(fitZoom('page', { width: 0, height: 0 }, { width: 400, height: 400 })).toBe(1)
  })
})

describe('body text size of a PDF page', () => {
  const run = (str: string, size: number, rotated = false) => ({
    str,
    transform: rotated ? [0, size, -size, 0, 100, 100] : [size, 0, 0, size, 100, 100],
  })

  it('is the font height of the median printed character, not the title nor the fine print', () => {
    const runs = [
      run('INVOICE', 24),
      run('Invoice number 2024-0017, issued 3 May 2024', 9),
      run('Consulting services, March', 9),
      run('Total due 1,210.00', 9),
      run('Registered in Prague, file C 1234', 6),
    ]
    expect(bodyTextSize(runs)).toBe(9)
  })

  it('weighs runs by their printed characters, spaces left out', () => {
    expect(bodyTextSize([run('a b c d e f g h', 8), run('           ', 30), run('TITLE', 20)])).toBe(8)
    expect(bodyTextSize([run('ab', 8), run('cdefgh', 10)])).toBe(10)
  })

  it('reads the height of rotated or horizontally scaled text from the vertical vector', () => {
    expect(bodyTextSize([run('sideways text', 11, true)])).toBeCloseTo(11)
    expect(bodyTextSize([{ str: 'condensed', transform: [5, 0, 0, 10, 0, 0] }])).toBe(10)
  })

  it('is null for a page without text (a scan)', () => {
    expect(bodyTextSize([])).toBeNull()
    expect(bodyTextSize([run('   ', 10), { str: 'x', transform: [] }])).toBeNull()
  })

  it('is drawn in proportion to the page drawn: 8 pt on an A4 page 670 px wide is 9 px', () => {
    expect(drawnTextHeight(8, 595.28, 670)).toBeCloseTo(9.0, 1)
    expect(drawnTextHeight(8, 595.28, 418)).toBeLessThan(6)
    expect(drawnTextHeight(8, 0, 418)).toBe(0)
  })
})
