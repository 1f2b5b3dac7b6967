import { isUtf8 } from 'node:buffer'
import type { z } from 'zod'
import { documentListResponseSchema, type Document } from '../../shared/api/document'
import { compiledSchema } from './compiledSchema'
import { describeIssues } from './errors'
import { sameJsonValue, scanListingLayout, type ListingLayout } from './pageLayout'

/**
 * A document of a listing page (GET /api/v1_2/documents, docs/service-interface.md), validated by
 * `documentSchema`, in the form a pull writes it: the few fields the pull decides on, and the
 * document's JSON text (what the store keeps). Plain data, so it crosses a worker thread's
 * message port as it is (see pageDecoder.ts).
 */
export interface EncodedDocument {
  id: number
  state: Document['state']
  /** UTC ISO 8601, as the service sent it. */
  last_modified_at: string
  comments_count?: number
  /** `archived` when the service sent a boolean; absent otherwise. */
  archived?: boolean
  /**
   * The document's JSON as UTF-8 bytes (decoded and parsed, they are the validated `Document`):
   * the bytes the service sent for it when validation left it as it was, else `JSON.stringify`
   * of the validated copy. The documents of one page share one buffer, which the page decoder's
   * thread hands over without copying: the main thread then holds no string per document
   * (bench B1: their garbage cost it more time in the collector than the store writes).
   */
  json: Uint8Array
}

/**
 * A decoded page: its documents, or the problem that makes it a bad response, phrased to
 * follow `Unexpected response from GET /api/v1_2/documents: ` (e.g. `expected JSON, received
 * an HTML page`, `documents[3].id: Invalid input: expected number, received string`).
 */
export type DocumentPageResult = { ok: true; documents: EncodedDocument[] } | { ok: false; problem: string }

/** A body parsed as JSON, or why it is not JSON (`expected JSON, received ...`). */
export type JsonBodyResult = { ok: true; value: unknown } | { ok: false; problem: string }

/**
 * Deepest nesting of arrays and objects accepted in an answer: 64 levels. A real document is
 * about 5 deep (a line item's fields); one nested 100,000 deep parses (JSON.parse does not
 * recurse) but would overflow the stack of everything that walks it after (validation,
 * `JSON.stringify`), so it is refused first, by a walk that does not recurse either.
 */
export const MAX_JSON_DEPTH = 64

/**
 * Where `value` nests deeper than `maxDepth` arrays and objects: the path of the outermost
 * two levels under the root (`documents[3]`), or null when it does not. Iterative: any depth
 * is measured without recursion.
 */
export function tooDeepAt(value: unknown, maxDepth: number = MAX_JSON_DEPTH): string | null {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '' }]
  while (stack.length > 0) {
    const { value: current, depth, path } = stack.pop()!
    if (current === null || typeof current !== 'object') continue
    if (depth >= maxDepth) return path || '(the answer)'
    const named = depth < 2
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++)
        stack.push({ value: current[i], depth: depth + 1, path: named ? `${path}[${i}]` : path })
    } else {
      for (const key of Object.keys(current))
        stack.push({
          value: (current as Record<string, unknown>)[key],
          depth: depth + 1,
          path: named ? (path ? `${path}.${key}` : key) : path,
        })
    }
  }
  return null
}

/**
 * Parses a response body as JSON. When it is not JSON the problem names what came instead:
 * `an HTML page` (an HTML content type or a body starting with `<`, e.g. a proxy's error
 * page), or `text that is not JSON (<content type>)`; when it nests deeper than
 * {@link MAX_JSON_DEPTH}, where (`documents[3] is nested deeper than 64 levels`).
 */
export function parseJsonBody(text: string, contentType: string): JsonBodyResult {
  const json = parseJsonText(text, contentType)
  return json.ok ? checkDepth(json.value) : json
}

/** {@link parseJsonBody} without the depth check (the caller proves the depth another way or calls {@link checkDepth}). */
function parseJsonText(text: string, contentType: string): JsonBodyResult {
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    const kind =
      /html/i.test(contentType) || /^\s*</.test(text)
        ? 'an HTML page'
        : `text that is not JSON (${contentType || 'no content type'})`
    return { ok: false, problem: `expected JSON, received ${kind}` }
  }
}

/** `value` as a result, or the problem of where it nests deeper than {@link MAX_JSON_DEPTH}. */
function checkDepth(value: unknown): JsonBodyResult {
  const deep = tooDeepAt(value)
  if (deep !== null)
    return { ok: false, problem: `${describeDeep(value, deep)} is nested deeper than ${MAX_JSON_DEPTH} levels` }
  return { ok: true, value }
}

/** `document 123 (documents[3])` when `path` is a listing's document with a readable id, else `path`. */
function describeDeep(value: unknown, path: string): string {
  const index = /^documents\[(\d+)\]/.exec(path)?.[1]
  if (index === undefined) return path
  const id = (value as { documents: { id?: unknown }[] }).documents[Number(index)]?.id
  return typeof id === 'number' || typeof id === 'string' ? `document ${id} (${path})` : path
}

/**
 * Validates a parsed value with `schema` (its compiled copy); the problem is the first issues
 * with their field paths ({@link describeIssues}).
 */
export function validateBody<S extends z.ZodType>(
  value: unknown,
  schema: S,
): { ok: true; data: z.output<S> } | { ok: false; problem: string; error: z.ZodError } {
  const parsed = compiledSchema(schema).safeParse(value)
  if (!parsed.success) return { ok: false, problem: describeIssues(parsed.error), error: parsed.error }
  return { ok: true, data: parsed.data }
}

/**
 * The {@link EncodedDocument}s of validated documents, their JSON written into one buffer of
 * its own (not Node's shared pool), so that it can be transferred to another thread whole.
 * `sent` (optional): for each document, the bytes of the JSON the service sent for it when
 * they parse to that same document (see decodeDocumentPage), else undefined; those bytes are
 * taken as they are instead of `JSON.stringify` of the document. When every document has
 * them in one buffer, the documents are views of that buffer and nothing is copied.
 */
export function encodeDocuments(
  docs: readonly Document[],
  sent?: readonly (Uint8Array | undefined)[],
): EncodedDocument[] {
  const shared = sent && sent.length === docs.length ? sharedBuffer(sent) : undefined
  let jsons: Uint8Array[]
  if (shared) jsons = sent as Uint8Array[]
  else {
    const parts = docs.map((doc, index) => sent?.[index] ?? JSON.stringify(doc))
    const buffer = Buffer.allocUnsafeSlow(
      parts.reduce((total, part) => total + (typeof part === 'string' ? Buffer.byteLength(part) : part.byteLength), 0),
    )
    let offset = 0
    jsons = parts.map((part) => {
      let length = part.length
      if (typeof part === 'string') length = buffer.write(part, offset)
      else buffer.set(part, offset)
      const json = new Uint8Array(buffer.buffer, buffer.byteOffset + offset, length)
      offset += length
      return json
    })
  }
  return docs.map((doc, index) => {
    const encoded: EncodedDocument = {
      id: doc.id,
      state: doc.state,
      last_modified_at: doc.last_modified_at,
      json: jsons[index]!,
    }
    if (doc.comments_count !== undefined) encoded.comments_count = doc.comments_count
    const archived = (doc as { archived?: unknown }).archived
    if (typeof archived === 'boolean') encoded.archived = archived
    return encoded
  })
}

/** The one ArrayBuffer every view of `views` lies in, or undefined (none, some missing, or several buffers). */
function sharedBuffer(views: readonly (Uint8Array | undefined)[]): ArrayBufferLike | undefined {
  const buffer = views[0]?.buffer
  if (!buffer) return undefined
  for (const view of views) if (view?.buffer !== buffer) return undefined
  return buffer
}

/** The {@link EncodedDocument} of one validated document. */
export function encodeDocument(doc: Document): EncodedDocument {
  return encodeDocuments([doc])[0]!
}

/**
 * Decodes the body of a GET /api/v1_2/documents page (UTF-8 JSON `{ links, documents }`):
 * parse, validate with `documentListResponseSchema`, encode each document. Never throws: a
 * body that is not JSON, nests deeper than {@link MAX_JSON_DEPTH} or does not fit the schema
 * gives `{ ok: false, problem }`. One pass over the bytes (pageLayout.ts) proves the depth and
 * finds each document's bytes; a document validation left as the service sent it keeps those
 * bytes as its JSON (no `JSON.stringify`), one it changed (a number sent as a string, a
 * redacted link) is encoded from the validated copy. A pull runs it off the main thread.
 */
export function decodeDocumentPage(
  body: Uint8Array,
  contentType: string,
  /**
   * The body's {@link scanListingLayout}, when the caller already made it (the listing counts
   * a page's documents before its decode): the page is then not scanned twice.
   */
  layout?: ListingLayout | null,
): DocumentPageResult {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength)
  const parsed = parseJsonText(bytes.toString('utf8'), contentType)
  if (!parsed.ok) return parsed
  if (layout === undefined) layout = scanListingLayout(bytes)
  // The scan counts nesting exactly; the walk (which also says where) runs only when it is too deep.
  const json = layout && layout.maxNesting <= MAX_JSON_DEPTH ? parsed : checkDepth(parsed.value)
  if (!json.ok) return json
  const valid = validateBody(json.value, documentListResponseSchema)
  if (!valid.ok) return { ok: false, problem: valid.problem }
  const docs = valid.data.documents
  const places = layout?.documents
  // Bytes that are not UTF-8 were read with replacement characters: their slices would not be what was parsed.
  if (!places || places.starts.length !== docs.length || !isUtf8(bytes)) {
    return { ok: true, documents: encodeDocuments(docs) }
  }
  const inputs = (json.value as { documents: unknown[] }).documents
  const sent = docs.map((doc, i) =>
    sameJsonValue(inputs[i], doc) ? body.subarray(places.starts[i], places.ends[i]) : undefined,
  )
  return { ok: true, documents: encodeDocuments(docs, sent) }
}
