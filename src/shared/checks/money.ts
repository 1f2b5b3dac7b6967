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
