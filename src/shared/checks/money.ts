/**
 * Money comparison for the checks: amounts in the document's currency, compared to the cent.
 * Printed invoices round each line, so sums are allowed a difference of up to one cent per
 * rounded term (at least one cent).
 */

/** Sum of the defined numbers; `null` when none is a finite number. */
export function sumDefined(values: Iterable<number | null | undefined>): number | null {
  let sum = 0
  let any = false
  for (const value of values) {
    if (typeof value === 'number' && Number.isFinite(value)) {
      sum += value
      any = true
    }
  }
  return any ? roundCents(sum) : null
}

/** Rounds to cents, avoiding binary noise (0.1 + 0.2 -> 0.3). */
export function roundCents(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100
}

/** True when two amounts agree within `terms` cents (one cent per rounded term, minimum one). */
export function sameAmount(a: number, b: number, terms = 1): boolean {
  const tolerance = Math.max(1, terms) * 0.01 + 1e-9
  return Math.abs(a - b) <= tolerance
}

/** A finite number or null (amounts are nullish in the wire format). */
export function amountOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

/**
 * Rounds to cents half away from zero (2.345 -> 2.35, -2.345 -> -2.35), the rounding EN 16931
 * asks of every amount it computes (BR-DEC rules: two decimals). The tiny relative nudge keeps
 * binary noise (1.005 held as 1.00499999...) from rounding the wrong way.
 */
export function roundHalfAway(value: number): number {
  const magnitude = Math.round(Math.abs(value) * 100 * (1 + 1e-12)) / 100
  return value < 0 ? -magnitude : magnitude
}

/**
 * EN 16931's VAT of a rate (BR-CO-17, BR-S-09): the taxable amount times the rate, rounded
 * to two decimals half away from zero. `percent` is a percentage (21 for 21 %).
 */
export function vatOf(base: number, percent: number): number {
  return roundHalfAway((base * percent) / 100)
}

/**
 * An amount typed by a person as an exact decimal string: `"592.87"`, `"-1234.5"`; null when
 * `text` is not an amount. Accepts the notations an invoice or a keyboard uses: spaces (also
 * no-break and thin spaces) or `'` between thousands, `,` or `.` as the decimal mark; when
 * both marks appear the last one is the decimal mark (`1.234,56`, `1,234.56`). A lone mark
 * followed by exactly three digits is still the decimal mark (`1,234` is 1.234), as typed in a
 * field that holds one amount. At most `maxDecimals` decimals (default 4: unit prices and
 * rates; totals use 2 on the invoice). Leading zeros and trailing decimal zeros are dropped,
 * so equal amounts have equal strings.
 */
export function exactDecimalOf(text: string, maxDecimals = 4): string | null {
  const compact = text.trim().replace(/[\s\u00a0\u202f']/g, '')
  if (!/^[+-]?[\d.,]+$/.test(compact) || !/\d/.test(compact)) return null
  const sign = compact.startsWith('-') ? '-' : ''
  const body = compact.replace(/^[+-]/, '')
  const lastMark = Math.max(body.lastIndexOf('.'), body.lastIndexOf(','))
  const whole = lastMark < 0 ? body : body.slice(0, lastMark)
  const fraction = lastMark < 0 ? '' : body.slice(lastMark + 1)
  // Marks before the decimal one separate thousands: groups of exactly three digits.
  const groups = whole.split(/[.,]/)
  if (groups.length > 1 && groups.slice(1).some((group) => group.length !== 3)) return null
  if (groups[0] === '' && groups.length > 1) return null
  if (!/^\d*$/.test(fraction) || fraction.length > maxDecimals) return null
  const digits = groups.join('').replace(/^0+(?=\d)/, '') || '0'
  const decimals = fraction.replace(/0+$/, '')
  const value = decimals ? `${digits}.${decimals}` : digits
  return value === '0' ? '0' : `${sign}${value}`
}

/**
 * An amount of the wire format (a JSON number) as an exact decimal string ("529.87"; null
 * for none): the shortest decimal that reads back as the same number, which for the
 * two-decimal amounts of an invoice is the amount as printed.
 */
export function decimalOfAmount(value: unknown): string | null {
  const amount = amountOf(value)
  if (amount === null) return null
  return exactDecimalOf(String(amount), 20) ?? null
}
