import type { MachineInfo } from './machine'

/**
 * The result of one benchmark as written to bench/results.json and printed as one summary line:
 * `B<n> <name>: <figure> (target <target>) PASS|FAIL`.
 */
export interface BenchResult {
  /** `B1`...`B6`. */
  id: string
  name: string
  /** The headline figure(s), human readable, e.g. `612 ms, 6.9x faster than baseline, 1.17x the bound`. */
  figure: string
  /** The target(s), human readable, e.g. `>= 4x baseline and <= 1.3x bound`. */
  target: string
  pass: boolean
  /** Every measured number, with units in the key names (`...Ms`, `...Mb`). */
  metrics: Record<string, unknown>
  /** How it was measured and what was used (e.g. which Docket code path). */
  notes: string[]
  /** Set when the benchmark could not run (the figure then says so and it FAILs). */
  error?: string
  machine?: MachineInfo
  durationMs?: number
}

/** The summary line, exactly `B<n> <name>: <figure> (target <target>) PASS` or `... FAIL`. */
export function summaryLine(result: BenchResult): string {
  return `${result.id} ${result.name}: ${result.figure} (target ${result.target}) ${result.pass ? 'PASS' : 'FAIL'}`
}

/** A FAIL result for a benchmark that threw before it could measure. */
export function failedResult(id: string, name: string, target: string, error: unknown): BenchResult {
  const message = error instanceof Error ? error.message : String(error)
  return {
    id,
    name,
    figure: `not measured: ${message.split('\n')[0]!.slice(0, 200)}`,
    target,
    pass: false,
    metrics: {},
    notes: [],
    error: error instanceof Error ? (error.stack ?? message) : message,
  }
}

/** What every benchmark module gets from the runner. */
export interface BenchContext {
  quick: boolean
  /** Diagnostic: engine options passed to the workspace instead of its defaults (e.g. `{ pullConcurrency: 6 }`). */
  engineOptions?: Record<string, number>
  /** Progress lines (stderr), not part of the summary. */
  log: (line: string) => void
}
