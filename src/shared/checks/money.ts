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
