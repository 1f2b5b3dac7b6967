import { describe, expect, it } from 'vitest'
import { monthOf } from './period'

describe('an export period of a calendar month', () => {
  it('is last month from its first to its last day, across a year end and in February', () => {
    expect(monthOf(new Date(2026, 0, 15), -1)).toEqual({ from: '2025-12-01', to: '2025-12-31' })
    expect(monthOf(new Date(2024, 2, 31), -1)).toEqual({ from: '2024-02-01', to: '2024-02-29' })
    expect(monthOf(new Date(2026, 10, 28), 0)).toEqual({ from: '2026-11-01', to: '2026-11-30' })
  })
})
