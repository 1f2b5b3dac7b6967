import { describe, expect, it } from 'vitest'
import { sameJsonValue, scanListingLayout } from './pageLayout'
import { MAX_JSON_DEPTH, tooDeepAt } from './documentPage'

const bytes = (text: string) => Buffer.from(text)
/** The text of each document the layout places. */
const placed = (text: string) => {
  const layout = scanListingLayout(bytes(text))
  const places = layout?.documents
  return places ? places.starts.map((start, i) => bytes(text).subarray(start, places.ends[i]).toString()) : null
}

describe('scanListingLayout', () => {
  it('places each document of the documents array, whatever the strings and spaces around them hold', () => {
    const text = `{"links":{"self":{"href":"x]}"}}, "documents" : [ {"id":2,"note":"a \\" quote, a } and a ["} ,
      {"id":1,"lines":[{"a":"\\\\"}]}],"tail":[1]}`
    expect(placed(text)).toEqual(['{"id":2,"note":"a \\" quote, a } and a ["}', '{"id":1,"lines":[{"a":"\\\\"}]}'])
    expect(placed(text)!.map((t) => JSON.parse(t) as unknown)).toEqual(JSON.parse(text).documents)
  })

  it('takes the last documents key, as JSON.parse does, also when it is written with escapes', () => {
    expect(placed('{"documents":[{"id":1}],"\\u0064ocuments":[{"id":2},{"id":3}]}')).toEqual(['{"id":2}', '{"id":3}'])
    expect(placed('{"documents":[{"id":1}],"other":{"documents":[{"id":9}]}}')).toEqual(['{"id":1}'])
  })

  it('finds no documents in an answer without the key, and no layout for a root that is no object', () => {
    expect(placed('{"agendas":[{"id":1}]}')).toBeNull()
    expect(scanListingLayout(bytes('[{"documents":[]}]'))).toBeNull()
  })

  it('counts nesting as the depth walk judges it: the verdict is the same on either side of the limit', () => {
    for (const levels of [MAX_JSON_DEPTH - 3, MAX_JSON_DEPTH - 2, MAX_JSON_DEPTH - 1]) {
      const text = `{"documents":[{"id":1,"deep":${'['.repeat(levels)}"]["${']'.repeat(levels)}}]}`
      const nesting = scanListingLayout(bytes(text))!.maxNesting
      expect(nesting).toBe(levels + 3)
      expect(nesting > MAX_JSON_DEPTH).toBe(tooDeepAt(JSON.parse(text)) !== null)
    }
  })
})

describe('sameJsonValue', () => {
  it('is true for the same data with its keys in another order', () => {
    expect(sameJsonValue({ a: 1, b: [{ c: 'x' }, null] }, { b: [{ c: 'x' }, null], a: 1 })).toBe(true)
  })

  it('counts a key holding undefined as absent, as JSON.stringify does', () => {
    expect(sameJsonValue({ a: 1 }, { a: 1, b: undefined })).toBe(true)
  })

  it('is false when validation converted, dropped or added anything', () => {
    expect(sameJsonValue({ id: '7' }, { id: 7 })).toBe(false)
    expect(sameJsonValue({ a: 1, b: 2 }, { a: 1 })).toBe(false)
    expect(sameJsonValue({ a: 1 }, { a: 1, b: null })).toBe(false)
    expect(sameJsonValue({ a: [1, 2] }, { a: { 0: 1, 1: 2 } })).toBe(false)
    expect(sameJsonValue({ href: 'https://x/?access_token=s' }, { href: 'https://x/?access_token=[REDACTED]' })).toBe(
      false,
    )
  })

  it('is false for a key the output only inherits', () => {
    expect(sameJsonValue(JSON.parse('{"__proto__":{}}'), {})).toBe(false)
    expect(sameJsonValue(JSON.parse('{"toString":1}'), {})).toBe(false)
  })
})
