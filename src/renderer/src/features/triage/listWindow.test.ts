import { describe, expect, it } from 'vitest'
import { listWindow, overscanFor, scrollToFollow, scrollToShow, WindowKeys } from './listWindow'

describe('listWindow', () => {
  it('holds the rows in view plus the overscan on each side', () => {
    // 700 px of 40 px rows scrolled to row 100: rows 100..117 are (partly) in view.
    expect(listWindow(4000, 700, 40, 10_000, 3)).toEqual({ start: 97, end: 121 })
  })

  it('counts a row cut at the bottom edge as in view', () => {
    expect(listWindow(0, 50, 40, 100, 0)).toEqual({ start: 0, end: 2 })
    expect(listWindow(0, 40, 40, 100, 0)).toEqual({ start: 0, end: 1 })
  })

  it('stops at both ends of the list', () => {
    expect(listWindow(0, 700, 40, 10, 3)).toEqual({ start: 0, end: 10 })
    expect(listWindow(399_300, 700, 40, 10_000, 3)).toEqual({ start: 9_979, end: 10_000 })
    // A scroll position past the end (the list just got shorter) still shows its last rows.
    expect(listWindow(50_000, 700, 40, 100, 3)).toEqual({ start: 96, end: 100 })
  })

  it('is empty for an empty list and shows the overscan rows before the viewport is measured', () => {
    expect(listWindow(0, 700, 40, 0, 3)).toEqual({ start: 0, end: 0 })
    expect(listWindow(0, 0, 40, 100, 3)).toEqual({ start: 0, end: 4 })
  })
})

describe('overscanFor', () => {
  it('keeps the overscan while the list moves by no more than it in a frame', () => {
    expect(overscanFor(0, 4)).toBe(4)
    expect(overscanFor(1, 4)).toBe(4)
    expect(overscanFor(-4, 4)).toBe(4)
  })

  it('builds no row beyond the viewport while a scroll moves by more than the overscan a frame', () => {
    expect(overscanFor(5, 4)).toBe(0)
    expect(overscanFor(-40, 4)).toBe(0)
  })
})

describe('scrollToShow', () => {
  it('leaves a row in full view alone', () => {
    expect(scrollToShow(10, 0, 700, 40)).toBeNull()
  })

  it('scrolls a row below the viewport up to its bottom edge, one above down to its top', () => {
    // Row 17 ends at 720 px: 20 px below a 700 px viewport at 0.
    expect(scrollToShow(17, 0, 700, 40)).toBe(20)
    expect(scrollToShow(4, 400, 700, 40)).toBe(160)
  })
})

describe('scrollToFollow', () => {
  it('leaves the cursor alone while its row is in full view', () => {
    expect(scrollToFollow(10, 0, 700, 40, 100)).toBeNull()
  })

  it('stepping past the bottom edge, puts the row a third of the way down: the rows ahead show', () => {
    // Row 17 ends at 720 px, below a 700 px viewport at 0; a third of 700 is 233 px above it.
    expect(scrollToFollow(17, 0, 700, 40, 100)).toBe(680 - 233)
    // The next steps stay in view: no scroll until the row passes the bottom edge again.
    const top = scrollToFollow(17, 0, 700, 40, 100)!
    for (let index = 18; (index + 1) * 40 <= top + 700; index++)
      expect(scrollToFollow(index, top, 700, 40, 100)).toBeNull()
  })

  it('stepping past the top edge, puts the row two thirds of the way down: the rows above show', () => {
    expect(scrollToFollow(20, 1000, 700, 40, 100)).toBe(800 - 466)
  })

  it('stays within the list at both ends', () => {
    expect(scrollToFollow(99, 0, 700, 40, 100)).toBe(4000 - 700)
    expect(scrollToFollow(2, 400, 700, 40, 100)).toBe(0)
  })

  it('shows the whole row in a viewport too short for the rows around it', () => {
    // 50 px: a third (16 px) above row 5 would cut its bottom, so its bottom meets the bottom
    // edge, whichever way the cursor came.
    expect(scrollToFollow(5, 0, 50, 40, 100)).toBe(240 - 50)
    expect(scrollToFollow(5, 400, 50, 40, 100)).toBe(240 - 50)
  })
})

describe('WindowKeys', () => {
  it('keeps the key of a row that stays in the window', () => {
    const keys = new WindowKeys()
    const first = keys.assign({ start: 0, end: 5 })
    const next = keys.assign({ start: 1, end: 6 })
    expect(next.slice(0, 4)).toEqual(first.slice(1))
    // The row that came in reuses the node of the row that left.
    expect(next[4]).toEqual({ index: 5, key: first[0]!.key })
  })

  it('reuses every key in the same order after a jump, so no node moves', () => {
    const keys = new WindowKeys()
    const before = keys.assign({ start: 0, end: 5 }).map((row) => row.key)
    const after = keys.assign({ start: 40, end: 45 })
    expect(after.map((row) => row.key)).toEqual(before)
    expect(after.map((row) => row.index)).toEqual([40, 41, 42, 43, 44])
  })

  it('gives the same keys for the same window, and new ones only when the window grows', () => {
    const keys = new WindowKeys()
    const first = keys.assign({ start: 0, end: 3 })
    expect(keys.assign({ start: 0, end: 3 })).toEqual(first)
    const grown = keys.assign({ start: 0, end: 5 })
    expect(new Set(grown.map((row) => row.key)).size).toBe(5)
    expect(grown.slice(0, 3)).toEqual(first)
  })

  it('answers the same object for a row that keeps its key', () => {
    const keys = new WindowKeys()
    const first = keys.assign({ start: 0, end: 5 })
    const next = keys.assign({ start: 1, end: 6 })
    expect(next[0]).toBe(first[1])
    expect(next[3]).toBe(first[4])
  })

  it('answers the rows in list order with distinct keys', () => {
    const keys = new WindowKeys()
    keys.assign({ start: 10, end: 20 })
    const rows = keys.assign({ start: 15, end: 27 })
    expect(rows.map((row) => row.index)).toEqual(Array.from({ length: 12 }, (_, i) => 15 + i))
    expect(new Set(rows.map((row) => row.key)).size).toBe(12)
  })
})
