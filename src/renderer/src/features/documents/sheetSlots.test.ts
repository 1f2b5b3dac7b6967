import { describe, expect, it } from 'vitest'
import { prepareInSheet, showInSheet, type SheetSlots } from './sheetSlots'

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
})
