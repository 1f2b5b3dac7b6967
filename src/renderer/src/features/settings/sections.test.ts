import { describe, expect, it } from 'vitest'
import { sectionInView } from './sections'

const tops = [
  { section: 'preferences', top: 0 },
  { section: 'offline', top: 400 },
  { section: 'account', top: 900 },
  { section: 'webhooks', top: 1300 },
  { section: 'desktop', top: 1800 },
] as const

describe('the settings section in view', () => {
  it('is the last one whose top has scrolled above the reading line', () => {
    expect(sectionInView(tops, 0, false)).toBe('preferences')
    expect(sectionInView(tops, 399, false)).toBe('preferences')
    expect(sectionInView(tops, 400, false)).toBe('offline')
    expect(sectionInView(tops, 1000, false)).toBe('account')
  })
  it('is the last one at the end of the content, even when its top never reaches the line', () => {
    expect(sectionInView(tops, 1500, true)).toBe('desktop')
  })
})
