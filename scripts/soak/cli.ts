/**
 * `npm run soak`: the soak and the kill test (the outbox's exactly-once promise under faults
 * and SIGKILL, see SECURITY.md), each ending in one summary line
 *   soak: actions N, applied N, lost 0, duplicated 0, failed-as-expected K, seconds S
 *   kill: actions N, applied N, lost 0, duplicated 0, failed-as-expected K, seconds S
 * Options: `--quick` (fewer actions and rounds, under 2 minutes), `--seed N`,
 * `--only soak|kill`, `--rounds N` (kill rounds), `--review-ms N` (human review time of a
 * repair in the sandbox; default 5000), `--verbose` (progress and client log lines on stderr).
 * Exit 1 when anything was lost or duplicated; problems are listed on stderr.
 */
import { runKill } from './kill'
import { runSoak } from './soak'
import { summaryLine } from './plan'

function argValue(argv: string[], name: string): string | undefined {
  const at = argv.indexOf(name)
  return at >= 0 ? argv[at + 1] : undefined
}

async function main(argv: string[]): Promise<number> {
  const quick = argv.includes('--quick')
  const verbose = argv.includes('--verbose')
  const seed = Number(argValue(argv, '--seed') ?? 7)
  const only = argValue(argv, '--only')
  const reviewArg = argValue(argv, '--review-ms')
  const reviewMs = reviewArg === undefined ? undefined : Number(reviewArg)
  const log = verbose ? (line: string) => process.stderr.write(`${line}\n`) : () => {}
  let ok = true
  if (only !== 'kill') {
    const verdict = await runSoak({ actions: quick ? 200 : 1000, seed, reviewMs, log })
    for (const problem of verdict.problems) process.stderr.write(`soak ${problem}\n`)
    console.log(summaryLine('soak', verdict, verdict.seconds))
    if (verdict.lost > 0 || verdict.duplicated > 0) ok = false
  }
  if (only !== 'soak') {
    const rounds = Number(argValue(argv, '--rounds') ?? (quick ? 2 : 20))
    const verdict = await runKill({ rounds, actionsPerRound: 200, seed, reviewMs, log: verbose ? log : undefined })
    for (const problem of verdict.problems) process.stderr.write(`kill ${problem}\n`)
    if (verbose) process.stderr.write(`kill: ${verdict.kills} kills landed during replays\n`)
    console.log(summaryLine('kill', verdict, verdict.seconds))
    if (verdict.lost > 0 || verdict.duplicated > 0) ok = false
  }
  return ok ? 0 : 1
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`soak failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    process.exit(2)
  },
)
