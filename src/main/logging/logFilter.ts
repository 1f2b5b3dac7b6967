import { redact } from '../../shared/api/redact'

/**
 * What may reach a log line. The rule is "log only messages the code writes, never
 * payloads": a log line is read by support staff and attached to e-mails, while a document
 * (supplier, amounts, IBAN, line items) and a token belong to the user. So every value given
 * to the logger is turned into text here, once, for every transport:
 * - strings, numbers and booleans are kept;
 * - an Error keeps its name, code, message and stack frames (no properties: an HTTP error
 *   may carry the response body);
 * - any other object or array is omitted, never serialised;
 * - inside the text, anything shaped like a JSON object (`{"...`) is cut out, because that
 *   is how a serialised document or response body looks when code interpolates one;
 * - then the project's redactor removes tokens, secrets, passwords, Bearer values and
 *   authorization codes; and the line is capped in length.
 */

/** The longest line kept, in characters; a longer one is cut and marked. */
export const MAX_LOG_LINE_LENGTH = 4000

/** What stands in for a value or a JSON payload that was left out. */
export const OMITTED_OBJECT = '[object omitted]'
export const OMITTED_PAYLOAD = '[payload omitted]'

/**
 * The text one log call leaves after the rule above: its values joined with spaces, payloads
 * removed, secrets redacted, at most {@link MAX_LOG_LINE_LENGTH} characters. Never throws.
 */
export function safeLogText(values: readonly unknown[]): string {
  const joined = values.map(valueText).join(' ')
  const text = redact(withoutJsonPayloads(joined))
  return text.length > MAX_LOG_LINE_LENGTH ? `${text.slice(0, MAX_LOG_LINE_LENGTH)}… [cut]` : text
}

/** One logged value as text, following the rule in the module comment. */
function valueText(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  if (value === null || value === undefined) return String(value)
  if (value instanceof Error) return errorText(value)
  return OMITTED_OBJECT
}

function errorText(error: Error): string {
  const code = (error as { code?: unknown }).code
  const head = `${error.name}${typeof code === 'string' || typeof code === 'number' ? ` [${code}]` : ''}: ${error.message}`
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))
  return [head, ...frames].join('\n')
}

/**
 * Cuts every JSON object out of `text`: from a `{` whose next non-blank character is a
 * quote to its matching `}` (quoted strings and escapes respected), or to the end of the
 * text when it never closes (a truncated body).
 */
export function withoutJsonPayloads(text: string): string {
  let out = ''
  let index = 0
  while (index < text.length) {
    const start = findObjectStart(text, index)
    if (start < 0) {
      out += text.slice(index)
      break
    }
    out += text.slice(index, start) + OMITTED_PAYLOAD
    index = objectEnd(text, start)
  }
  return out
}

const OBJECT_START = /\{\s*"/g

function findObjectStart(text: string, from: number): number {
  OBJECT_START.lastIndex = from
  const match = OBJECT_START.exec(text)
  return match ? match.index : -1
}

/** The index just after the `}` closing the object that starts at `start`, or the text's length. */
function objectEnd(text: string, start: number): number {
  let depth = 0
  let inString = false
  for (let i = start; i < text.length; i++) {
    const ch = text[i]
    if (inString) {
      if (ch === '\\') i++
      else if (ch === '"') inString = false
    } else if (ch === '"') inString = true
    else if (ch === '{' || ch === '[') depth++
    else if (ch === '}' || ch === ']') {
      depth--
      if (depth === 0) return i + 1
    }
  }
  return text.length
}
