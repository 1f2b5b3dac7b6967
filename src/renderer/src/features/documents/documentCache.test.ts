import { describe, expect, it } from 'vitest'
import { neighboursOf } from './documentCache'

describe('neighboursOf', () => {
  const rows = [10, 11, 12, 13, 14, 15, 16]
  it('takes the next three in the direction of the move and one the other way', () => {
    expect(neighboursOf(rows, 3, 1)).toEqual([14, 15, 16, 12])
    expect(neighboursOf(rows, 3, -1)).toEqual([12, 11, 10, 14])
  })
  it('stops at the ends of the list', () => {
    expect(neighboursOf(rows, 6, 1)).toEqual([15])
    expect(neighboursOf(rows, 5, 1)).toEqual([16, 14])
    expect(neighboursOf(rows, 0, -1)).toEqual([11])
  })
})
