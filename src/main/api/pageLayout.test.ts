import { describe, expect, it } from 'vitest'
import { isListingLayout, sameJsonValue, scanListingLayout } from './pageLayout'
import { decodeDocumentPage, MAX_JSON_DEPTH, tooDeepAt } from './documentPage'
import { warmUpPageBody } from './pageWarmUp'
import { listedDocument, pageBody } from './testing/pages'

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

describe('isListingLayout', () => {
  it('takes a scanned layout, and refuses what has not its shape or places bytes past the body', () => {
    const text = '{"documents":[{"id":2},{"id":1}]}'
    const layout = scanListingLayout(bytes(text))
    expect(isListingLayout(layout, text.length)).toBe(true)
    expect(isListingLayout({ maxNesting: 1, documents: null }, 2)).toBe(true)
    expect(isListingLayout(layout, 10)).toBe(false)
    expect(isListingLayout(null, 10)).toBe(false)
    expect(isListingLayout({ maxNesting: 0, documents: null }, 10)).toBe(false)
    expect(isListingLayout({ maxNesting: 2, documents: { starts: [1], ends: [] } }, 10)).toBe(false)
    expect(isListingLayout({ maxNesting: 2, documents: { starts: [-1], ends: [3] } }, 10)).toBe(false)
    expect(isListingLayout({ maxNesting: 2, documents: { starts: ['1'], ends: [3] } }, 10)).toBe(false)
  })
})

describe('decodeDocumentPage with a layout', () => {
  it('takes the documents’ bytes where the given layout places them instead of scanning the page again', () => {
    const body = Buffer.from(pageBody([listedDocument(2), listedDocument(1)]))
    const scanned = decodeDocumentPage(body, 'application/json')
    expect(decodeDocumentPage(body, 'application/json', scanListingLayout(body))).toEqual(scanned)
    // Without places, each document is encoded from its validated copy: the layout given is the one used.
    const unplaced = decodeDocumentPage(body, 'application/json', { maxNesting: 5, documents: null })
    expect(unplaced.ok && unplaced.documents.map((d) => d.json.buffer === body.buffer)).toEqual([false, false])
    expect(scanned.ok && scanned.documents.map((d) => d.json.buffer === body.buffer)).toEqual([true, true])
  })
})

describe('warmUpPageBody', () => {
  it('is a page the decoder takes whole: every document valid and kept as its own bytes (the fast path the thread warms)', () => {
    const body = warmUpPageBody()
    const result = decodeDocumentPage(body, 'application/json')
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.documents.map((d) => d.id)).toEqual([3, 2, 1])
    expect(result.documents.every((d) => d.json.buffer === body.buffer)).toBe(true)
  })
})
