import { describe, expect, it } from 'vitest'
import { documentListResponseSchema } from '../../shared/api/document'
import { decodeDocumentPage, encodeDocument, MAX_JSON_DEPTH, parseJsonBody, tooDeepAt } from './documentPage'
import { listedDocument, pageBody } from './testing/pages'

describe('decodeDocumentPage', () => {
  it('gives each document of a valid page with the facts a pull decides on and its JSON text, which parses back to the validated document', () => {
    const docs = [listedDocument(3, { archived: true }), listedDocument(2, { comments_count: 0 }), listedDocument(1)]
    const result = decodeDocumentPage(pageBody(docs), 'application/json; charset=utf-8')
    if (!result.ok) throw new Error(result.problem)
    const validated = documentListResponseSchema.parse(JSON.parse(new TextDecoder().decode(pageBody(docs))))
    expect(result.documents.map((d) => JSON.parse(Buffer.from(d.json).toString('utf8')))).toEqual(validated.documents)
    expect(result.documents.map(({ json: _json, ...facts }) => facts)).toEqual([
      { id: 3, state: 'ready', last_modified_at: '2026-01-02T03:04:05Z', comments_count: 2, archived: true },
      { id: 2, state: 'ready', last_modified_at: '2026-01-02T03:04:05Z', comments_count: 0 },
      { id: 1, state: 'ready', last_modified_at: '2026-01-02T03:04:05Z', comments_count: 2 },
    ])
  })

  it('reads a body that is a slice of a larger buffer (as undici hands it over)', () => {
    const body = pageBody([listedDocument(7)])
    const padded = new Uint8Array(body.length + 10)
    padded.set(body, 5)
    const result = decodeDocumentPage(padded.subarray(5, 5 + body.length), 'application/json')
    expect(result.ok && result.documents.map((d) => d.id)).toEqual([7])
  })

  it('says what came instead of JSON: an HTML page, or text with its content type', () => {
    const html = decodeDocumentPage(new TextEncoder().encode('<html>proxy error</html>'), 'text/html')
    expect(html).toEqual({ ok: false, problem: 'expected JSON, received an HTML page' })
    const text = decodeDocumentPage(new TextEncoder().encode('oops'), 'text/plain')
    expect(text).toEqual({ ok: false, problem: 'expected JSON, received text that is not JSON (text/plain)' })
  })

  it('names the field of a document that does not fit the schema', () => {
    const result = decodeDocumentPage(
      pageBody([listedDocument(2), listedDocument(1, { id: 'one' })]),
      'application/json',
    )
    expect(result.ok).toBe(false)
    expect(!result.ok && result.problem).toMatch(/^documents\[1\]\.id: /)
  })
})

describe('encodeDocument', () => {
  it('keeps archived only when the service sent a boolean, and comments_count only when present', () => {
    const { comments_count: _count, ...noCount } = listedDocument(1, { archived: 'yes' })
    const encoded = encodeDocument(documentListResponseSchema.parse({ documents: [noCount] }).documents[0]!)
    expect('archived' in encoded).toBe(false)
    expect('comments_count' in encoded).toBe(false)
    expect(JSON.parse(Buffer.from(encoded.json).toString('utf8'))).toMatchObject({ archived: 'yes' })
  })
})

describe('parseJsonBody', () => {
  it('treats a body starting with < as an HTML page whatever its content type', () => {
    expect(parseJsonBody('  <!doctype html>', 'application/json')).toEqual({
      ok: false,
      problem: 'expected JSON, received an HTML page',
    })
    expect(parseJsonBody('{"a":1}', '')).toEqual({ ok: true, value: { a: 1 } })
  })
})

describe('a document nested deeper than any real one', () => {
  /** `depth` arrays inside each other, as JSON text (100,000 deep overflows any recursive walk). */
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)

  it('is refused with a problem naming the document, not a stack overflow', () => {
    const good = JSON.stringify(listedDocument(9))
    const deep = JSON.stringify(listedDocument(8)).replace(/^\{/, `{"note":${nested(100_000)},`)
    const result = decodeDocumentPage(Buffer.from(`{"documents":[${good},${deep}]}`), 'application/json')
    expect(result).toEqual({
      ok: false,
      problem: `document 8 (documents[1]) is nested deeper than ${MAX_JSON_DEPTH} levels`,
    })
  })

  it('is refused by every JSON answer, with where', () => {
    const result = parseJsonBody(`{"agendas":[{"x":${nested(100_000)}}]}`, 'application/json')
    expect(result).toEqual({ ok: false, problem: 'agendas[0] is nested deeper than 64 levels' })
  })

  it('measures depth without recursion: 64 levels pass, 65 do not', () => {
    expect(tooDeepAt(JSON.parse(nested(64)))).toBeNull()
    expect(tooDeepAt(JSON.parse(nested(65)))).toBe('[0][0]')
    expect(tooDeepAt(JSON.parse(`{"a":{"b":${nested(200)}}}`))).toBe('a.b')
  })
})

describe('the JSON a decoded document keeps', () => {
  it('is the bytes the service sent for it when validation left the document as it was', () => {
    const sent = `{ "id": 5, "type": "PurchaseInvoice", "state": "ready",\n  "created_at": "2026-01-01T00:00:00Z", "last_modified_at": "2026-01-02T03:04:05Z", "supplier": {"name": "Žluťoučký kůň"} }`
    const result = decodeDocumentPage(Buffer.from(`{"documents":[${sent}]}`), 'application/json')
    if (!result.ok) throw new Error(result.problem)
    expect(Buffer.from(result.documents[0]!.json).toString('utf8')).toBe(sent)
  })

  it('is encoded from the validated copy when validation changed it (a number sent as text, a redacted link)', () => {
    const converted = listedDocument(6, { comments_count: '3' })
    const redacted = listedDocument(5, { links: { self: { href: 'https://x.test/d/5?access_token=secret123456' } } })
    const body = pageBody([converted, listedDocument(4), redacted])
    const result = decodeDocumentPage(body, 'application/json')
    if (!result.ok) throw new Error(result.problem)
    const validated = documentListResponseSchema.parse(JSON.parse(Buffer.from(body).toString('utf8'))).documents
    const kept = result.documents.map((d) => JSON.parse(Buffer.from(d.json).toString('utf8')) as unknown)
    expect(kept).toEqual(validated)
    expect(kept[0]).toMatchObject({ comments_count: 3 })
    expect(JSON.stringify(kept[2])).not.toContain('secret123456')
  })

  it('is read as the text decoder reads it when the body is not valid UTF-8', () => {
    const body = Buffer.concat([
      Buffer.from(
        '{"documents":[{"id":1,"type":"t","state":"ready","created_at":"c","last_modified_at":"m","user_file_name":"a',
      ),
      Buffer.from([0xff]),
      Buffer.from('"}]}'),
    ])
    const result = decodeDocumentPage(body, 'application/json')
    if (!result.ok) throw new Error(result.problem)
    expect(JSON.parse(Buffer.from(result.documents[0]!.json).toString('utf8'))).toMatchObject({
      user_file_name: 'a\ufffd',
    })
  })

  it('is refused past 64 levels of nesting and kept at 64, counted in the bytes', () => {
    // The root object, the documents array and the document are 3 levels.
    const page = (levels: number) =>
      Buffer.from(
        JSON.stringify({ documents: [listedDocument(1)] }).replace(
          '"id":1',
          `"id":1,"deep":${'['.repeat(levels)}${']'.repeat(levels)}`,
        ),
      )
    expect(decodeDocumentPage(page(MAX_JSON_DEPTH - 3), 'application/json').ok).toBe(true)
    expect(decodeDocumentPage(page(MAX_JSON_DEPTH - 2), 'application/json')).toEqual({
      ok: false,
      problem: `document 1 (documents[0]) is nested deeper than ${MAX_JSON_DEPTH} levels`,
    })
  })
})
