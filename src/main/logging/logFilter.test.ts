import { describe, expect, it } from 'vitest'
import { MAX_LOG_LINE_LENGTH, OMITTED_OBJECT, OMITTED_PAYLOAD, safeLogText, withoutJsonPayloads } from './logFilter'

describe('what may reach a log line', () => {
  it('keeps the text, numbers and booleans the code writes', () => {
    expect(safeLogText(['Pushed', 3, 'actions; online:', true])).toBe('Pushed 3 actions; online: true')
  })

  it('omits objects and arrays instead of serialising them', () => {
    expect(safeLogText(['Saved', { supplier: 'ACME' }, ['CZ65'], new Map()])).toBe(
      `Saved ${OMITTED_OBJECT} ${OMITTED_OBJECT} ${OMITTED_OBJECT}`,
    )
  })

  it('keeps an error’s name, code and message but none of its other properties', () => {
    const error = Object.assign(new Error('Request failed with 422'), {
      code: 'validation',
      body: '{"supplier":"ACME"}',
    })
    const text = safeLogText([error])
    expect(text).toMatch(/^Error \[validation\]: Request failed with 422\n\s+at /)
    expect(text).not.toContain('ACME')
  })

  it('cuts JSON objects out of text, nested or unterminated', () => {
    expect(withoutJsonPayloads('a {"x":{"y":"}"},"z":[1,{"w":2}]} b')).toBe(`a ${OMITTED_PAYLOAD} b`)
    expect(withoutJsonPayloads('body: {"errors": {"iban": ["CZ65 0800')).toBe(`body: ${OMITTED_PAYLOAD}`)
    expect(withoutJsonPayloads('quoted "\\"}" {"a":"\\"}"} end')).toBe(`quoted "\\"}" ${OMITTED_PAYLOAD} end`)
    // braces that do not open a JSON object stay
    expect(withoutJsonPayloads('set {a, b} and {}')).toBe('set {a, b} and {}')
  })

  it('redacts secrets after filtering', () => {
    expect(safeLogText(['GET /x?access_token=abcdef123&page=2 with Bearer abc.def'])).toBe(
      'GET /x?access_token=[REDACTED]&page=2 with Bearer [REDACTED]',
    )
  })

  it('caps a line’s length', () => {
    const text = safeLogText(['x'.repeat(MAX_LOG_LINE_LENGTH * 2)])
    expect(text.length).toBeLessThan(MAX_LOG_LINE_LENGTH + 20)
    expect(text.endsWith('[cut]')).toBe(true)
  })
})
