/**
 * `npm run bench` (full, under 10 min) or `npm run bench -- --quick` (about 4 min): runs the
 * speed and memory benchmarks B1-B13 (B14, evidence off and on, with `--evidence-off-and-on`), prints the machine and one summary line per benchmark,
 * `B<n> <name>: <figure> (target <target>) PASS|FAIL`, and writes bench/results.json.
 * `--only B1,B5` runs a subset. Each benchmark is self-contained: one that cannot run FAILs
 * with its reason and the others still run. Exit code 0 when every benchmark run passed, 1 otherwise.
 * Method: bench/README.md.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { describeMachine, machineInfo } from './lib/machine'
import { failedResult, summaryLine, type BenchContext, type BenchResult } from './lib/result'
import { projectRoot } from './lib/sandboxProcess'
import { B1, B2, runSyncBenchmarks } from './sync'
import { runOutboxBenchmark } from './outbox'
import {
  B12,
  B13,
  B14,
  B3,
  B4,
  B6_INFO,
  offOnTable,
  runAllAgendasBenchmarks,
  runEvidenceComparison,
  runRendererBenchmarks,
  type OffOnRow,
} from './renderer'
import { B8, runScaleBenchmark } from './scale'
import { B7, runOfflineCopiesBenchmark } from './offlineCopies'
import { B9, runLargeAgendaBenchmark } from './large'
import { B10, B11, runEvidenceBenchmarks } from './evidence'

const USAGE = `Usage: npx tsx bench/run.ts [--quick] [--only B1,B8] [--evidence-off-and-on] [--output FILE] [--pull-concurrency N]
  --quick               fewer repetitions (about 4 minutes on an idle 2-core machine)
  --only IDS            run these benchmarks only: B1 B2 (sync), B3 B4 B6 (renderer), B5 (outbox), B7 (offline copies), B8 (many agendas), B9 (100,000 documents), B10 B11 (evidence), B12 B13 (All agendas), B14 (B4 and B6 with evidence off and on)
  --evidence-off-and-on B14: runs B3/B4/B6's session twice, the evidence pipeline off then on, and prints one table of B4 and B6 both ways (also with --only B14; not in a plain run)
  --output FILE         where results go (default bench/results.json)
  --pull-concurrency N  diagnostic: Docket's most pages in flight per listing instead of the engine default (6)
Method and the last figures: bench/README.md`

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    output: { type: 'string', default: join(projectRoot, 'bench', 'results.json') },
    /** Diagnostic only: run Docket's sync with this pull concurrency instead of the engine default. */
    'pull-concurrency': { type: 'string' },
    'evidence-off-and-on': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  strict: true,
})
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}

const quick = values.quick
const only = values.only ? new Set(values.only.split(',').map((s) => s.trim().toUpperCase())) : null
/** B14 doubles the renderer session: only when asked for. */
const evidenceOffAndOn = values['evidence-off-and-on'] || (only?.has('B14') ?? false)
const wanted = (...ids: string[]) => !only || ids.some((id) => only.has(id))

const machine = machineInfo()
const started = performance.now()
const log = (line: string) =>
  process.stderr.write(`  [${((performance.now() - started) / 1000).toFixed(1)}s] ${line}\n`)
const ctx: BenchContext = {
  quick,
  log,
  ...(values['pull-concurrency'] ? { engineOptions: { pullConcurrency: Number(values['pull-concurrency']) } } : {}),
}

console.log(`Docket benchmarks (${quick ? 'quick' : 'full'} run)`)
console.log(describeMachine(machine))

const results: BenchResult[] = []
const record = (result: BenchResult, startedAt: number) => {
  result.machine = machine
  result.durationMs = Math.round(performance.now() - startedAt)
  results.push(result)
  log(summaryLine(result))
}

async function step(ids: string[], run: () => Promise<BenchResult[]>, names: Record<string, [string, string]>) {
  if (!wanted(...ids)) return
  const at = performance.now()
  let produced: BenchResult[]
  try {
    produced = await run()
  } catch (error) {
    produced = ids.map((id) => failedResult(id, names[id]![0], names[id]![1], error))
  }
  for (const result of produced)
    if ((!only || only.has(result.id)) && (result.id !== 'B14' || evidenceOffAndOn)) record(result, at)
}

await step(['B1', 'B2'], () => runSyncBenchmarks(ctx), {
  B1: [B1.name, B1.target],
  B2: [B2.name, B2.target],
})
await step(['B5'], async () => [await runOutboxBenchmark(ctx)], {
  B5: ['durable action (outbox write + optimistic effect)', 'p95 < 10 ms'],
})
await step(['B8'], async () => [await runScaleBenchmark(ctx)], {
  B8: [B8.name, B8.target],
})
await step(['B7'], async () => [await runOfflineCopiesBenchmark(ctx)], {
  B7: [B7.name, B7.target],
})
await step(['B9'], async () => [await runLargeAgendaBenchmark(ctx)], {
  B9: [B9.name, B9.target],
})
await step(['B10', 'B11'], () => runEvidenceBenchmarks(ctx), {
  B10: [B10.name, B10.target],
  B11: [B11.name, B11.target],
})
await step(
  evidenceOffAndOn ? ['B3', 'B4', 'B6', 'B14'] : ['B3', 'B4', 'B6'],
  () => (evidenceOffAndOn ? runEvidenceComparison(ctx) : runRendererBenchmarks(ctx)),
  {
    B3: [B3.name, B3.target],
    B4: [B4.name, B4.target],
    B6: [B6_INFO.name, B6_INFO.target],
    B14: [B14.name, B14.target],
  },
)
await step(['B12', 'B13'], () => runAllAgendasBenchmarks(ctx), {
  B12: [B12.name, B12.target],
  B13: [B13.name, B13.target],
})

results.sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }))
const report = {
  generatedAt: new Date().toISOString(),
  mode: quick ? 'quick' : 'full',
  machine,
  totalMs: Math.round(performance.now() - started),
  summary: results.map(summaryLine),
  results,
}
await writeFile(values.output, JSON.stringify(report, null, 2) + '\n')

console.log('')
for (const result of results) console.log(summaryLine(result))
const offOn = results.find((r) => r.id === 'B14')?.metrics['table'] as OffOnRow[] | undefined
if (offOn) console.log(`\nB14, evidence off and on in the same run:\n${offOnTable(offOn)}`)
console.log(
  `(${(report.totalMs / 1000).toFixed(1)} s; results in ${values.output}; machine: ${machine.cpuModel}, ${machine.cores} cores)`,
)
process.exit(results.every((r) => r.pass) ? 0 : 1)
