import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { startSandbox } from '../../src/sandbox'
import { mulberry32 } from '../../src/sandbox/faults'
import { buildPlan, judgePlan, type FailedEntry, type Verdict } from './plan'
import { demoSession, SOAK_AGENDA, SOAK_FAULTS, soakSandboxOptions, waitForServiceIdle } from './soak'

const projectRoot = resolve(import.meta.dirname, '../..')
const hostScript = join(projectRoot, 'scripts/soak/host.ts')

export interface KillOptions {
  rounds: number
  actionsPerRound: number
  seed: number
  /** Kills per round (each at a random moment of the replay); default 2. */
  killsPerRound?: number
  /** Human review time of a repair, ms (default SOAK_REVIEW_MS). */
  reviewMs?: number
  log?: (line: string) => void
}

interface HostRun {
  child: ChildProcess
  /** Resolves on `ENQUEUED` (first start only). */
  enqueued: Promise<void>
  /** Resolves with the failed entries on `SETTLED`, or null when the host died first. */
  settled: Promise<FailedEntry[] | null>
  exited: Promise<number | null>
}

function startHost(configPath: string, log: (line: string) => void): HostRun {
  const child = spawn(process.execPath, ['--import', 'tsx', hostScript, configPath], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let onEnqueued: () => void = () => {}
  let onSettled: (failed: FailedEntry[] | null) => void = () => {}
  const enqueued = new Promise<void>((r) => (onEnqueued = r))
  const settled = new Promise<FailedEntry[] | null>((r) => (onSettled = r))
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line === 'ENQUEUED') onEnqueued()
    else if (line.startsWith('SETTLED ')) onSettled(JSON.parse(line.slice('SETTLED '.length)) as FailedEntry[])
  })
  createInterface({ input: child.stderr! }).on('line', (line) => log(line))
  const exited = new Promise<number | null>((r) =>
    child.on('exit', (code) => {
      onSettled(null)
      r(code)
    }),
  )
  return { child, enqueued, settled, exited }
}

/**
 * The kill test: per round, a fresh sandbox with faults and a services host
 * in a child process that writes a 200-action plan to its outbox and replays it; the host is
 * killed with SIGKILL at random moments of the replay (`killsPerRound` times), restarted on
 * the same folder each time, and finally left to finish. The sandbox's state is then judged
 * against the plan as in the soak: nothing lost, nothing applied twice.
 */
export async function runKill(options: KillOptions): Promise<Verdict & { seconds: number; kills: number }> {
  const started = Date.now()
  const log = options.log ?? (() => {})
  const random = mulberry32(options.seed ^ 0x6b696c6c)
  const total: Verdict & { kills: number } = {
    actions: 0,
    applied: 0,
    lost: 0,
    duplicated: 0,
    failedAsExpected: 0,
    problems: [],
    kills: 0,
  }
  for (let round = 0; round < options.rounds; round++) {
    const seed = options.seed * 1000 + round
    const sandbox = await startSandbox(
      soakSandboxOptions(Math.max(250, options.actionsPerRound + 50), seed, options.reviewMs),
    )
    const dir = await mkdtemp(join(tmpdir(), 'docket-kill-'))
    const children: ChildProcess[] = []
    try {
      const pool = sandbox
        .state()
        .documents.filter(
          (d) => d.agenda_id === SOAK_AGENDA && !d.archived && ['PurchaseInvoice', 'SalesInvoice'].includes(d.type),
        )
        .map((d) => ({ id: d.id, state: d.state }))
      const plan = buildPlan(pool, options.actionsPerRound, seed, `k${seed}`)
      const planFile = join(dir, 'plan.json')
      await writeFile(planFile, JSON.stringify({ actions: plan.actions }))
      const session = demoSession(sandbox, join(dir, 'workspace'))
      const firstConfig = join(dir, 'host-first.json')
      const restartConfig = join(dir, 'host-restart.json')
      const verbose = options.log !== undefined
      await writeFile(firstConfig, JSON.stringify({ session, planFile, verbose }))
      await writeFile(restartConfig, JSON.stringify({ session, verbose }))

      let host = startHost(firstConfig, log)
      children.push(host.child)
      const first = await Promise.race([
        host.enqueued.then(() => 'enqueued' as const),
        host.exited.then(() => 'exited' as const),
      ])
      if (first === 'exited')
        throw new Error(`Round ${round}: the services host exited before writing the plan to its outbox.`)
      sandbox.setFaults(SOAK_FAULTS)
      let failed: FailedEntry[] | null = null
      const kills = options.killsPerRound ?? 2
      for (let k = 0; k <= kills; k++) {
        if (k < kills) {
          // A random moment of the replay: early ones more likely (the outbox drains).
          const delay = Math.floor(random() * (k === 0 ? 6_000 : 3_000))
          const outcome = await Promise.race([
            host.settled.then((f) => ({ type: 'settled' as const, failed: f })),
            new Promise<{ type: 'kill' }>((r) => setTimeout(() => r({ type: 'kill' }), delay)),
          ])
          if (outcome.type === 'settled' && outcome.failed) {
            failed = outcome.failed
            break
          }
          host.child.kill('SIGKILL')
          await host.exited
          total.kills++
          log(`round ${round}: killed the services host after ${delay} ms`)
        } else {
          failed = await host.settled
          const code = await host.exited
          if (!failed) throw new Error(`Round ${round}: the services host exited with ${code} before settling.`)
          break
        }
        host = startHost(restartConfig, log)
        children.push(host.child)
      }
      sandbox.setFaults({ errorRate: 0, dropRate: 0, rate429: 0, latencyMs: 0, latencyJitterMs: 0 })
      await waitForServiceIdle(sandbox, 60_000)
      const verdict = judgePlan(plan, sandbox.state(), failed ?? [])
      log(
        `round ${round}: lost ${verdict.lost}, duplicated ${verdict.duplicated}, failed-as-expected ${verdict.failedAsExpected}`,
      )
      total.actions += verdict.actions
      total.applied += verdict.applied
      total.lost += verdict.lost
      total.duplicated += verdict.duplicated
      total.failedAsExpected += verdict.failedAsExpected
      total.problems.push(...verdict.problems.map((p) => `round ${round}: ${p}`))
    } finally {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await sandbox.close()
      await rm(dir, { recursive: true, force: true })
    }
  }
  return { ...total, seconds: (Date.now() - started) / 1000 }
}
