import { describe, expect, it } from 'vitest'
import { MAX_WATCHED_AHEAD } from '../../../../shared/ipc'
import { neighboursOf } from './documentCache'

describe('neighboursOf', () => {
  const rows = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]
  it('takes the next six in the direction of the move and one the other way', () => {
    expect(neighboursOf(rows, 7, 1)).toEqual([18, 19, 20, 21, 22, 23, 16])
    expect(neighboursOf(rows, 7, -1)).toEqual([16, 15, 14, 13, 12, 11, 18])
  })
  it('stops at the ends of the list', () => {
    expect(neighboursOf(rows, 13, 1)).toEqual([22])
    expect(neighboursOf(rows, 12, 1)).toEqual([23, 21])
    expect(neighboursOf(rows, 0, -1)).toEqual([11])
  })
  it('asks for no more than a watch takes', () => {
    expect(neighboursOf(rows, 7, 1).length).toBeLessThanOrEqual(MAX_WATCHED_AHEAD)
  })
})
