import { describe, expect, it } from 'vitest'
import { Catalog } from './catalog'

function catalog(): Catalog {
  return new Catalog({
    en: {
      'demo.hello': 'Hello {name}',
      'demo.only': 'English only',
      'demo.docs_one': '{count} document',
      'demo.docs_other': '{count} documents',
    },
    cs: {
      'demo.hello': 'Ahoj {name}',
      'demo.docs_one': '{count} doklad',
      'demo.docs_few': '{count} doklady',
      'demo.docs_other': '{count} dokladů',
    },
  })
}

describe('the string catalog', () => {
  it('answers the text of the language with its parameters', () => {
    expect(catalog().text('en', 'demo.hello', { name: 'Dana' })).toBe('Hello Dana')
    expect(catalog().text('cs', 'demo.hello', { name: 'Dana' })).toBe('Ahoj Dana')
  })
  it('falls back to English, then to the key itself', () => {
    expect(catalog().text('cs', 'demo.only')).toBe('English only')
    expect(catalog().text('cs', 'demo.nothing')).toBe('demo.nothing')
  })
  it('keeps a placeholder it has no value for', () => {
    expect(catalog().text('en', 'demo.hello', {})).toBe('Hello {name}')
  })
  it('picks the plural form of the language', () => {
    const c = catalog()
    expect(c.text('en', 'demo.docs', { count: 1 })).toBe('1 document')
    expect(c.text('en', 'demo.docs', { count: 3 })).toBe('3 documents')
    expect(c.text('cs', 'demo.docs', { count: 1 })).toBe('1 doklad')
    expect(c.text('cs', 'demo.docs', { count: 3 })).toBe('3 doklady')
    expect(c.text('cs', 'demo.docs', { count: 5 })).toBe('5 dokladů')
  })
  it('knows which keys exist, plural families included', () => {
    const c = catalog()
    expect(c.has('demo.docs')).toBe(true)
    expect(c.has('demo.only')).toBe(true)
    expect(c.has('demo.none')).toBe(false)
  })
})
