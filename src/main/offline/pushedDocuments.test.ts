import { describe, expect, it } from 'vitest'
import { PushedDocuments } from './pushedDocuments'

describe('PushedDocuments', () => {
  it('tells a pull which documents a push wrote after it began, whatever the clock says', () => {
    const pushed = new PushedDocuments()
    pushed.note([1])
    const mark = pushed.mark()
    expect(pushed.since(mark, 1)).toBe(false)
    pushed.note([2, 3])
    expect([1, 2, 3, 4].map((id) => pushed.since(mark, id))).toEqual([false, true, true, false])
    expect(pushed.idsSince(mark).sort()).toEqual([2, 3])
    pushed.note([1])
    expect(pushed.since(mark, 1)).toBe(true)
    expect([1, 4].map((id) => pushed.ever(id))).toEqual([true, false])
  })
})
