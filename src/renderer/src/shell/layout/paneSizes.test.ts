import { describe, expect, it } from 'vitest'
import { dataBelow, dataBelowShare, defaultSizes, fitSizes, PANE_LIMITS, parseSizes, sizeBucket } from './paneSizes'

describe('pane sizes', () => {
  it('puts windows in three buckets that remember their own widths', () => {
    expect(sizeBucket(1024)).toBe('narrow')
    expect(sizeBucket(1279)).toBe('narrow')
    expect(sizeBucket(1280)).toBe('medium')
    expect(sizeBucket(1440)).toBe('medium')
    expect(sizeBucket(1920)).toBe('wide')
  })

  it('leaves the invoice over 40 % of a 1440 px window and over 400 px of a 1024 px one, inbox shown', () => {
    const at1440 = fitSizes(defaultSizes(1440), 1440)
    expect(at1440.invoice).toBeGreaterThan(1440 * 0.42)
    expect(at1440.inbox).toBeGreaterThanOrEqual(PANE_LIMITS.inboxMin)
    const at1024 = fitSizes(defaultSizes(1024), 1024)
    expect(defaultSizes(1024).agendas).toBe(false)
    expect(at1024.invoice).toBeGreaterThan(420)
    expect(at1024.inbox).toBeGreaterThanOrEqual(PANE_LIMITS.inboxMin)
  })

  it('gives a 1440 px window an invoice of 700 px or more: 8 pt text on an A4 page fitted to it is 9 px tall', () => {
    const at1440 = fitSizes(defaultSizes(1440), 1440)
    // 670 px of page plus the padding either side and a scrollbar.
    expect(at1440.invoice).toBeGreaterThanOrEqual(670 + 16 + 15)
    expect(at1440.data).toBeGreaterThanOrEqual(280)
    expect(defaultSizes(1440).agendas).toBe(true)
  })

  it('puts the data pane under the invoice below 1280 px, the invoice then has the whole width', () => {
    expect(dataBelow(1024)).toBe(true)
    expect(dataBelow(1279)).toBe(true)
    expect(dataBelow(1280)).toBe(false)
    const at1024 = fitSizes(defaultSizes(1024), 1024, true, false)
    expect(at1024.data).toBe(0)
    expect(at1024.invoice).toBe(1024 - PANE_LIMITS.divider - at1024.inbox)
    expect(at1024.invoice).toBeGreaterThanOrEqual(670 + 16 + 15)
  })

  it('shrinks the data pane, then the inbox, so the invoice keeps its minimum', () => {
    const fitted = fitSizes({ inbox: 700, data: 700, agendas: false }, 1024)
    expect(fitted.invoice).toBe(PANE_LIMITS.invoiceMin)
    expect(fitted.data).toBe(PANE_LIMITS.dataMin)
    expect(fitted.inbox).toBe(1024 - 2 * PANE_LIMITS.divider - PANE_LIMITS.invoiceMin - PANE_LIMITS.dataMin)
  })

  it('gives the inbox and agenda list room to the invoice when the inbox is hidden', () => {
    const sizes = { inbox: 400, data: 300, agendas: true }
    const fitted = fitSizes(sizes, 1440, false)
    expect(fitted.inbox).toBe(0)
    expect(fitted.invoice).toBe(1440 - PANE_LIMITS.divider - 300)
  })

  it('keeps the data pane under the invoice between a fifth and 70 % of the height, 42 % at first', () => {
    const sizes = defaultSizes(1024)
    expect(dataBelowShare(sizes)).toBe(0.42)
    expect(dataBelowShare({ ...sizes, dataBelowShare: 0.05 })).toBe(PANE_LIMITS.dataBelowShareMin)
    expect(dataBelowShare({ ...sizes, dataBelowShare: 0.9 })).toBe(PANE_LIMITS.dataBelowShareMax)
    expect(parseSizes({ inbox: 300, data: 300, agendas: false, dataBelowShare: 0.3 })?.dataBelowShare).toBe(0.3)
    // A layout stored before the share existed, or with a bad one, still reads.
    expect(parseSizes({ inbox: 300, data: 300, agendas: false, dataBelowShare: 'half' })).toEqual({
      inbox: 300,
      data: 300,
      agendas: false,
    })
  })

  it('reads back only a valid stored layout', () => {
    expect(parseSizes({ inbox: 400.4, data: 300, agendas: true })).toEqual({ inbox: 400, data: 300, agendas: true })
    expect(parseSizes({ inbox: '400', data: 300, agendas: true })).toBeNull()
    expect(parseSizes({ inbox: 400, data: -1, agendas: true })).toBeNull()
    expect(parseSizes(null)).toBeNull()
  })
})
