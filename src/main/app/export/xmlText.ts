/** Characters XML 1.0 cannot carry (controls, U+FFFE/U+FFFF, lone surrogates). */
// eslint-disable-next-line no-control-regex -- the class lists the control characters XML allows, to keep them
const NOT_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

/** `value` without the characters XML 1.0 cannot carry, otherwise unchanged. */
export function xmlSafe(value: string): string {
  return value.replace(NOT_XML, '')
}

/**
 * Text from the invoice made fit for an XML element: trimmed, without the characters XML 1.0
 * cannot carry (OCR output may hold them; one would make the whole file unreadable), and cut
 * to `max` characters when the format limits the field. Null and undefined become ''.
 */
export function xmlText(value: string | null | undefined, max = Infinity): string {
  return xmlSafe(value ?? '')
    .trim()
    .slice(0, max)
}
