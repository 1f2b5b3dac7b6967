/**
 * Where things lie in the bytes of a JSON answer that `JSON.parse` accepted: how deep it nests,
 * and where each element of the top-level `documents` array begins and ends. A pull stores each
 * listed document's JSON text; when the validated document is the one the service sent (no
 * field converted or redacted: {@link sameJsonValue}), that text is the service's own bytes,
 * sliced here, instead of a `JSON.stringify` of the parsed copy (bench B1: the encode was a
 * third of a page's decoding, on the thread that decodes every page of a sync).
 */

/** The layout of a listing page ({@link scanListingLayout}). */
export interface ListingLayout {
  /** Most arrays and objects open at once (the root counts 1). */
  maxNesting: number
  /**
   * Byte offsets of the objects and arrays in the last top-level `documents` array (the one
   * `JSON.parse` keeps), in order: `[starts[i], ends[i])`. An element that is neither has no
   * place here, so they name the parsed array's elements only when there are as many of them.
   * Null when the answer has no such array.
   */
  documents: { starts: number[]; ends: number[] } | null
}

/**
 * True when `value` has the shape of a {@link ListingLayout} of a body of `length` bytes (a
 * layout that crossed to another thread): nesting a positive integer, and no places or as many
 * starts as ends, each an integer offset within the body. Says nothing of whether it is that
 * body's layout: only the thread that scanned the body can vouch for that.
 */
export function isListingLayout(value: unknown, length: number): value is ListingLayout {
  if (typeof value !== 'object' || value === null) return false
  const { maxNesting, documents } = value as { maxNesting?: unknown; documents?: unknown }
  if (!Number.isInteger(maxNesting) || (maxNesting as number) < 1) return false
  if (documents === null) return true
  if (typeof documents !== 'object' || documents === undefined) return false
  const { starts, ends } = documents as { starts?: unknown; ends?: unknown }
  if (!Array.isArray(starts) || !Array.isArray(ends) || starts.length !== ends.length) return false
  const offset = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= length
  return starts.every(offset) && ends.every(offset)
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const COMMA = 0x2c
/** `documents` as UTF-8. */
const DOCUMENTS_KEY = Buffer.from('documents')

/**
 * One pass over `bytes`, which must be JSON text `JSON.parse` accepted (UTF-8; other input gives
 * a meaningless layout, or null when it ends inside a string): nesting and the documents'
 * places ({@link ListingLayout}). Strings are skipped whole (escapes included), so brackets
 * inside them do not count. Returns null when the root is not an object.
 */
export function scanListingLayout(bytes: Uint8Array): ListingLayout | null {
  const length = bytes.length
  let depth = 0
  let maxNesting = 0
  /** At depth 1: the next string is a key. */
  let expectKey = false
  /** At depth 1: the key of the value being read is `documents`. */
  let documentsKey = false
  /** Inside the array of a top-level `documents` key, and its elements so far. */
  let inDocuments = false
  let starts: number[] = []
  let ends: number[] = []
  let documents: ListingLayout['documents'] = null
  let i = 0
  while (i < length) {
    const c = bytes[i]!
    if (c === QUOTE) {
      let j = i + 1
      for (;;) {
        if (j >= length) return null
        const d = bytes[j]!
        if (d === QUOTE) break
        j += d === BACKSLASH ? 2 : 1
      }
      if (depth === 1 && expectKey) {
        documentsKey = isDocumentsKey(bytes, i + 1, j)
        expectKey = false
      }
      i = j + 1
      continue
    }
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth++
      if (depth > maxNesting) maxNesting = depth
      if (depth === 1) {
        if (c !== OPEN_OBJECT) return null
        expectKey = true
      } else if (depth === 2 && c === OPEN_ARRAY && documentsKey) {
        inDocuments = true
        starts = []
        ends = []
      } else if (depth === 3 && inDocuments) starts.push(i)
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (depth === 3 && inDocuments) ends.push(i + 1)
      else if (depth === 2 && inDocuments) {
        inDocuments = false
        documents = { starts, ends }
      }
      depth--
    } else if (c === COMMA && depth === 1) {
      expectKey = true
      documentsKey = false
    }
    i++
  }
  return { maxNesting, documents }
}

/** True when the key between `start` and `end` (the bytes inside its quotes) reads `documents`. */
function isDocumentsKey(bytes: Uint8Array, start: number, end: number): boolean {
  if (end - start === DOCUMENTS_KEY.length) {
    for (let k = 0; k < DOCUMENTS_KEY.length; k++) if (bytes[start + k] !== DOCUMENTS_KEY[k]) return false
    return true
  }
  // Written with escapes (`"\u0064ocuments"`): read it as JSON does.
  if (bytes.subarray(start, end).includes(BACKSLASH)) {
    try {
      return (
        JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + start - 1, end - start + 2).toString()) === 'documents'
      )
    } catch {
      return false
    }
  }
  return false
}

/**
 * True when `output` (what validation made of `input`) is the same JSON value as `input` (a
 * `JSON.parse` result): same primitives, same arrays, objects with the same keys and values,
 * in any order; a key whose value is `undefined` counts as absent (as `JSON.stringify` drops it).
 * Recursive: call it only on values known to nest at most a few dozen levels.
 */
export function sameJsonValue(input: unknown, output: unknown): boolean {
  if (input === output) return true
  if (typeof input !== 'object' || typeof output !== 'object' || input === null || output === null) return false
  if (Array.isArray(input)) {
    if (!Array.isArray(output) || output.length !== input.length) return false
    for (let i = 0; i < input.length; i++) if (!sameJsonValue(input[i], output[i])) return false
    return true
  }
  if (Array.isArray(output)) return false
  const a = input as Record<string, unknown>
  const b = output as Record<string, unknown>
  // for...in over plain data objects (JSON.parse's and the validator's) reads their own keys
  // without making an array of them; a key `output` only inherits (`__proto__`, `toString`)
  // fails the count below.
  let keys = 0
  for (const key in a) {
    if (!sameJsonValue(a[key], b[key])) return false
    keys++
  }
  for (const key in b) if (b[key] !== undefined) keys--
  return keys === 0
}
