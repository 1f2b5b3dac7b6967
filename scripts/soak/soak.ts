import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSandbox, type Sandbox, type SandboxFaults } from '../../src/sandbox'
import { buildPlan, judgePlan, toOutboxAction, type Plan, type Verdict } from './plan'
import { openSession, waitForOutboxSettled, type SessionConfig } from './session'

/** The soak's faults: 10% 500s, 5% dropped connections, 5% 429 with Retry-After, latency spikes. */
export const SOAK_FAULTS: SandboxFaults = {
  errorRate: 0.1,
  dropRate: 0.05,
  rate429: 0.05,
  retryAfterSec: 1,
  latencyMs: 5,
  latencyJitterMs: 60,
}

/** The synthetic agenda of the sandbox (agenda 1 holds the fixture invoices). */
export const SOAK_AGENDA = 2

/**
 * Human review time of a repair in the soak's sandbox, ms: the sandbox's default (review takes
 * longer than automated processing). Shorter values (`--review-ms`) make reviews finish while
 * a repair's outcome is still unknown to the client, a harder case for the sync engine.
 */
export const SOAK_REVIEW_MS = 5_000

/** Sandbox options of a soak: fast background jobs, synthetic documents. */
export function soakSandboxOptions(documents: number, seed: number, reviewMs = SOAK_REVIEW_MS) {
  return { port: 0, admin: true, seed, documents, jobDelayMs: 100, repairDelayMs: reviewMs, processingDelayMs: 200 }
}

/** Session settings of the sandbox's demo user for a workspace in `dir`. */
export function demoSession(sandbox: Sandbox, dir: string): SessionConfig {
  const user = sandbox.credentials.users.find((u) => u.email === 'demo@docket.test') ?? sandbox.credentials.users[0]!
  return {
    url: sandbox.url,
    clientId: sandbox.credentials.clientId,
    clientSecret: sandbox.credentials.clientSecret,
    email: user.email,
    password: user.password,
    userId: user.id,
    dir,
  }
}

/** Waits until the service has run every queued batch job (human reviews may go on). */
export async function waitForServiceIdle(sandbox: Sandbox, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const state = sandbox.state()
    if (!state.batchJobs.some((j) => j.status !== 'applied')) return
    if (Date.now() > deadline) throw new Error(`The sandbox still had batch jobs queued after ${timeoutMs} ms.`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

export interface SoakOptions {
  actions: number
  seed: number
  /** Synthetic documents in the sandbox (the pool). */
  documents?: number
  /** Human review time of a repair, ms (default {@link SOAK_REVIEW_MS}). */
  reviewMs?: number
  log?: (line: string) => void
}

/**
 * The soak, in one process: a sandbox with faults, the real client and
 * offline workspace; a first sync without faults caches the agenda; then `actions` actions
 * are written to the outbox (as a reviewer working offline would) and the engine pushes them
 * through 500s, dropped connections, 429s and latency; at the end the sandbox's state is
 * judged against the plan.
 */
export async function runSoak(options: SoakOptions): Promise<Verdict & { seconds: number }> {
  const started = Date.now()
  const log = options.log ?? (() => {})
  const sandbox = await startSandbox(
    soakSandboxOptions(options.documents ?? Math.max(300, options.actions), options.seed, options.reviewMs),
  )
  const dir = await mkdtemp(join(tmpdir(), 'docket-soak-'))
  try {
    const { workspace, client } = await openSession(demoSession(sandbox, dir), (line) => log(`client: ${line}`))
    try {
      await workspace.syncNow()
      const pool = (await workspace.listDocuments(SOAK_AGENDA)).map((d) => ({ id: d.id, state: d.state }))
      const plan: Plan = buildPlan(pool, options.actions, options.seed, `s${options.seed}`)
      log(`planned ${plan.actions.length} actions over ${pool.length} documents`)
      const entryIds = new Map<number, string>()
      for (const action of plan.actions) {
        const entry = await workspace.enqueue(toOutboxAction(action, (i) => entryIds.get(i)!))
        entryIds.set(action.index, entry.id)
      }
      sandbox.setFaults(SOAK_FAULTS)
      workspace.start()
      const { failed } = await waitForOutboxSettled(workspace, 15 * 60_000)
      sandbox.setFaults({ errorRate: 0, dropRate: 0, rate429: 0, latencyMs: 0, latencyJitterMs: 0 })
      await waitForServiceIdle(sandbox, 60_000)
      const verdict = judgePlan(plan, sandbox.state(), failed)
      return { ...verdict, seconds: (Date.now() - started) / 1000 }
    } finally {
      await workspace.close()
      await client.close()
    }
  } finally {
    await sandbox.close()
    await rm(dir, { recursive: true, force: true })
  }
}
