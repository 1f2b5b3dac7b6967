import { describe, expect, it } from 'vitest'
import { MAX_ZOOM, MIN_ZOOM, stackedPageCount, zoomedBy } from './previewMath'

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
