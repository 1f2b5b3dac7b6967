/** Small statistics helpers for the benchmarks (durations in ms). */

/** The p-th percentile (0..100) by nearest rank of a non-empty list; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!
}

/** Median (p50). */
export function median(values: readonly number[]): number {
  return percentile(values, 50)
}

/** Rounds to `digits` decimals (for results.json and the summary). */
export function round(value: number, digits = 1): number {
  const f = 10 ** digits
  return Math.round(value * f) / f
}

/**
 * The figures of "the transport alone" (plain undici, the same requests and requests in
 * flight, bodies read and dropped) beside a benchmark's: median, runs and ratio to the bound.
 */
export function transportAloneMetrics(runsMs: readonly number[], boundMs: number) {
  const ms = median(runsMs)
  return {
    transportAloneMs: round(ms),
    transportAloneRunsMs: runsMs.map((v) => round(v)),
    transportAloneRatioToBound: round(ms / boundMs, 2),
  }
}

/** Milliseconds since `start` (a `performance.now()` value). */
export function since(start: number): number {
  return performance.now() - start
}
