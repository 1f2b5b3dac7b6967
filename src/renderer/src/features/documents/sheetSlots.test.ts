import { describe, expect, it } from 'vitest'
import { areaHeight, heightHeldThrough, prepareInSheet, showInSheet, type SheetSlots } from './sheetSlots'

const same = (a: { id: number }, b: { id: number }) => a === b
const a = { id: 1 }
const b = { id: 2 }
const c = { id: 3 }
/** Sheets holding `a` and `b`, sheet `front` shown. */
const holdingAB = (front: 0 | 1): SheetSlots<{ id: number }> => ({ slots: [a, b], front })

describe('the two sheets of the data pane', () => {
  it('a step to the prepared document swaps the sheets, leaving the one it left as it was', () => {
    const state = holdingAB(0)
    expect(showInSheet(state, b, same, false)).toEqual({ slots: [a, b], front: 1 })
  })

  it('any other document is drawn in place in the shown sheet', () => {
    const state = holdingAB(0)
    expect(showInSheet(state, c, same, false)).toEqual({ slots: [c, b], front: 0 })
  })

  it('the same document loaded again (another object) is drawn again, never taken for the old one', () => {
    const state = holdingAB(0)
    const reloaded = { id: 2 }
    expect(showInSheet(state, reloaded, same, false)).toEqual({ slots: [reloaded, b], front: 0 })
  })

  it('with the focus in the shown sheet it is updated in place rather than hidden', () => {
    const state = holdingAB(0)
    expect(showInSheet(state, b, same, true)).toEqual({ slots: [b, b], front: 0 })
  })

  it('the shown document again changes nothing', () => {
    const state = holdingAB(1)
    expect(showInSheet(state, b, same, false)).toBe(state)
  })

  it('the next document is laid out in the sheet not shown, never over the shown one', () => {
    const state = holdingAB(1)
    expect(prepareInSheet(state, c, same)).toEqual({ slots: [c, b], front: 1 })
    expect(prepareInSheet({ slots: [null, null], front: 0 }, c, same)).toEqual({ slots: [null, c], front: 0 })
  })

  it('a document a sheet holds already is not laid out again', () => {
    const state = holdingAB(0)
    expect(prepareInSheet(state, b, same)).toBe(state)
    expect(prepareInSheet(state, a, same)).toBe(state)
  })

  it("a swap holds the height the area had, so the step does not change the pane's scrolling length", () => {
    const before = holdingAB(0)
    const after = showInSheet(before, b, same, false)
    const held = heightHeldThrough(before, after, [600, 900], null)
    expect(held).toBe(600)
    expect(areaHeight(after.front, [600, 900], held)).toBe(600)
  })

  it('once the hold is let go the area is as tall as the shown sheet', () => {
    const after = showInSheet(holdingAB(0), b, same, false)
    expect(areaHeight(after.front, [600, 900], null)).toBe(900)
  })

  it('swaps in a row before a frame is painted keep the height first held', () => {
    const first = showInSheet(holdingAB(0), b, same, false)
    const held = heightHeldThrough(holdingAB(0), first, [600, 900], null)
    const prepared = prepareInSheet(first, c, same)
    const second = showInSheet(prepared, c, same, false)
    expect(heightHeldThrough(prepared, second, [750, 900], held)).toBe(600)
  })

  it('a change that is not a swap holds nothing new: the area follows the redrawn sheet', () => {
    const before = holdingAB(0)
    const after = showInSheet(before, c, same, false)
    expect(heightHeldThrough(before, after, [600, 900], null)).toBeNull()
    expect(areaHeight(after.front, [640, 900], null)).toBe(640)
  })
})
