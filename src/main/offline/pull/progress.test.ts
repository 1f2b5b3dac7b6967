import { describe, expect, it } from 'vitest'
import { PullProgress } from './progress'

describe('PullProgress', () => {
  it('expects one page per agenda at least, one more while pages come back full, and what arrived once a listing ends', () => {
    let published = 0
    const progress = new PullProgress(() => published++)
    progress.atLeast(1, 1)
    progress.atLeast(2, 3) // three pages' worth cached
    progress.publish()
    expect(progress.snapshot()).toEqual({ done: 0, expected: 4 })
    progress.pageArrived(1, 1, true)
    expect(progress.snapshot()).toEqual({ done: 1, expected: 5 })
    progress.pageArrived(1, 2, false)
    progress.ended(1, 2)
    progress.forget(2)
    progress.publish()
    expect(progress.snapshot()).toEqual({ done: 2, expected: 2 })
    expect(published).toBe(4)
    progress.reset()
    expect(progress.snapshot()).toEqual({ done: 0, expected: 0 })
  })

  it('shows the estimate as of the last publish', () => {
    const progress = new PullProgress(() => undefined)
    progress.atLeast(1, 5)
    expect(progress.snapshot().expected).toBe(0)
    progress.publish()
    expect(progress.snapshot().expected).toBe(5)
  })
})
