import { describe, expect, it } from 'vitest'
import { nextAfter } from './listModel'

// What an action does to the list is main's (src/main/offline/effects.ts, pushed in the next
// view: src/main/app/documents/watch.test.ts); the renderer only chooses where to go next.

describe('the document to open after an action', () => {
  it('is the next one in the list as shown before the action', () => {
    expect(nextAfter([5, 4, 3, 2], 4)).toBe(3)
  })
  it('is the previous one at the end of the list, null when nothing is left', () => {
    expect(nextAfter([5, 4, 3], 3)).toBe(4)
    expect(nextAfter([5], 5)).toBeNull()
  })
  it('is the first one not acted on when the document acted on is not listed', () => {
    expect(nextAfter([5, 4, 3], 9, new Set([5]))).toBe(4)
  })
  it('passes over the other documents acted on', () => {
    expect(nextAfter([5, 4, 3, 2, 1], 4, new Set([4, 3, 2]))).toBe(1)
    expect(nextAfter([5, 4, 3], 4, new Set([4, 3]))).toBe(5)
  })
})
