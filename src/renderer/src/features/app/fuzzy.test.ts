import { describe, expect, it } from 'vitest'
import { fuzzyFilter, fuzzyScore } from './fuzzy'

describe('fuzzy filter of the command palette', () => {
  it('matches the letters of the query in order, ignoring case, spaces and accents', () => {
    expect(fuzzyScore('fcm', 'Focus mode')).not.toBeNull()
    expect(fuzzyScore('FOCUS', 'Focus mode')).not.toBeNull()
    expect(fuzzyScore('rezim', 'Režim soustředění')).not.toBeNull()
    expect(fuzzyScore('mcf', 'Focus mode')).toBeNull()
    expect(fuzzyScore('', 'anything')).toBe(0)
  })

  it('ranks word starts and adjacent letters first, and keeps ties in their order', () => {
    const labels = ['Open original', 'Export…', 'Mark exported', 'Next document']
    expect(fuzzyFilter(labels, 'exp', (l) => l)).toEqual(['Export…', 'Mark exported'])
    expect(fuzzyFilter(labels, '', (l) => l)).toEqual(labels)
  })
})
