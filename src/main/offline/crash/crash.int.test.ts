import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../sandbox'
import type { ScriptAction, WorkerConfig } from './worker'

/**
 * The crash test: the workspace runs in a child process that is killed with
 * SIGKILL at random moments while it replays an outbox of 200 actions against the sandbox
 * (faults on); it is restarted on the same folder until the outbox is empty, and the
 * sandbox's final state is checked against the script: nothing lost, nothing doubled.
 * 20 rounds (DOCKET_QUICK: 4 rounds of 60 actions).
 */

const QUICK = !!process.env.DOCKET_QUICK
const ROUNDS = Number(process.env.DOCKET_CRASH_ROUNDS ?? (QUICK ? 4 : 20))
const ACTIONS = QUICK ? 60 : 200
const DOCS_PER_ROUND = 10
const KILLS_PER_ROUND = 2
const here = dirname(fileURLToPath(import.meta.url))
const workerSource = join(here, 'worker.ts')
/** The worker bundled once with esbuild (node starts it in ~0.3 s instead of ~1.3 s with tsx). */
const workerBundle = join(
  here,
  '..',
  '..',
  '..',
  '..',
  'node_modules',
  '.cache',
  `docket-crash-worker-${process.pid}.mjs`,
)
let workerArgs: string[] = ['--import', 'tsx', workerSource]

async function bundleWorker(): Promise<void> {
  try {
    const esbuild = await import('esbuild')
    await esbuild.build({
      entryPoints: [workerSource],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      outfile: workerBundle,
      external: ['classic-level'],
      logLevel: 'silent',
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
    })
    workerArgs = [workerBundle]
  } catch {
    // esbuild missing: run the TypeScript source through tsx (slower start).
  }
}

/** mulberry32: a small seeded PRNG so a failing round can be replayed. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface Expected {
  states: Map<number, string>
  archived: Set<number>
  repaired: number
  /** final texts of comments not deleted, and how many were created */
  liveTexts: string[]
  created: number
  uploads: string[]
  agendaName: string
}

/** Builds a round's script of `count` actions on `docs` and what the service must end with. */
function script(
  round: number,
  docs: number[],
  count: number,
  random: () => number,
): { actions: ScriptAction[]; expected: Expected } {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!
  const [repairDoc, archiveDoc, ...stateDocs] = docs
  const actions: ScriptAction[] = []
  const expected: Expected = {
    states: new Map(),
    archived: new Set([archiveDoc!]),
    repaired: repairDoc!,
    liveTexts: [],
    created: 0,
    uploads: [],
    agendaName: `Crash round ${round}`,
  }
  const comments: { index: number; documentId: number; text: string; deleted: boolean }[] = []
  actions.push({ kind: 'documents.repair', documentId: repairDoc!, description: `round ${round}` })
  actions.push({
    kind: 'agendas.create',
    agenda: { name: expected.agendaName, home_currency: 'EUR', address: { country: 'CZ' } },
  })
  while (actions.length < count) {
    const roll = random()
    if (actions.length === Math.floor(count / 2)) {
      actions.push({ kind: 'documents.archive', documentId: archiveDoc! })
    } else if (roll < 0.3) {
      const documentId = pick(stateDocs)
      const state = random() < 0.5 ? 'ready' : 'exported'
      actions.push({ kind: 'documents.setState', items: [{ id: documentId, state: state }] })
      expected.states.set(documentId, state)
    } else if (roll < 0.38) {
      const items = [pick(stateDocs), pick(stateDocs)]
        .filter((id, i, all) => all.indexOf(id) === i)
        .map((id) => ({ id, state: random() < 0.5 ? ('ready' as const) : ('exported' as const) }))
      actions.push({ kind: 'documents.setState', items })
      for (const item of items) expected.states.set(item.id, item.state)
    } else if (roll < 0.65) {
      const documentId = pick(docs)
      const text = `r${round}-c${actions.length}`
      comments.push({ index: actions.length, documentId, text, deleted: false })
      actions.push({ kind: 'comments.create', documentId, text })
    } else if (roll < 0.85 && comments.some((c) => !c.deleted)) {
      const comment = pick(comments.filter((c) => !c.deleted))
      comment.text = `r${round}-c${comment.index}-v${actions.length}`
      actions.push({
        kind: 'comments.update',
        documentId: comment.documentId,
        createIndex: comment.index,
        text: comment.text,
      })
    } else if (roll < 0.93 && comments.some((c) => !c.deleted)) {
      const comment = pick(comments.filter((c) => !c.deleted))
      comment.deleted = true
      actions.push({ kind: 'comments.delete', documentId: comment.documentId, createIndex: comment.index })
    } else if (roll < 0.96) {
      const fileName = `r${round}-u${actions.length}.pdf`
      expected.uploads.push(fileName)
      actions.push({ kind: 'upload.files', agendaId: 2, type: 'PurchaseInvoice', fileName })
    } else {
      const documentId = pick(stateDocs)
      const state = random() < 0.5 ? 'ready' : 'exported'
      actions.push({ kind: 'documents.setState', items: [{ id: documentId, state: state }] })
      expected.states.set(documentId, state)
    }
  }
  expected.created = comments.length
  expected.liveTexts = comments
    .filter((c) => !c.deleted)
    .map((c) => c.text)
    .sort()
  return { actions, expected }
}

/** Runs the worker; kills it with SIGKILL after `killAfterSends` SEND lines (+ a random delay). */
function runWorker(
  configPath: string,
  killAfterSends: number | null,
  random: () => number,
): Promise<{ killed: boolean; done: boolean; failed: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...workerArgs, configPath], { stdio: ['ignore', 'pipe', 'pipe'] })
    let sends = 0
    let killed = false
    let done = false
    let failed = 0
    let stderr = ''
    let buffer = ''
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8')
      let newline: number
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 1)
        if (line.startsWith('SEND')) {
          sends++
          if (killAfterSends !== null && sends === killAfterSends && !killed) {
            killed = true
            setTimeout(() => child.kill('SIGKILL'), Math.floor(random() * 4))
          }
        } else if (line.startsWith('DONE')) {
          done = true
          failed = Number(line.split(' ')[1])
        }
      }
    })
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') return resolve({ killed: true, done, failed, stderr })
      if (code !== 0) return reject(new Error(`worker exited with ${code}: ${stderr}`))
      resolve({ killed: false, done, failed, stderr })
    })
  })
}

describe('crash test: SIGKILL during a replay of the outbox', () => {
  let sandbox: Sandbox
  let root: string

  beforeAll(async () => {
    sandbox = await startSandbox({
      port: 0,
      admin: true,
      documents: ROUNDS * DOCS_PER_ROUND * 2 + 40,
      jobDelayMs: 20,
      repairDelayMs: 3_600_000,
      processingDelayMs: 20,
      faults: { dropRate: 0.02, errorRate: 0.02, latencyMs: 1, latencyJitterMs: 3 },
    })
    root = await mkdtemp(join(tmpdir(), 'docket-crash-'))
    await bundleWorker()
  })

  afterAll(async () => {
    await sandbox?.close()
    if (root) await rm(root, { recursive: true, force: true })
    await rm(workerBundle, { force: true })
  })

  it(`${ROUNDS} rounds of ${ACTIONS} actions: nothing lost, nothing doubled`, { timeout: 600_000 }, async () => {
    const demo = sandbox.credentials.users[0]!
    const dir = join(root, 'account')
    const base = {
      dir,
      url: sandbox.url,
      clientId: sandbox.credentials.clientId,
      clientSecret: sandbox.credentials.clientSecret,
      email: demo.email,
      password: demo.password,
      userId: demo.id,
    }
    const candidates = sandbox
      .state()
      .documents.filter((d) => d.agenda_id === 2 && !d.archived && (d.state === 'ready' || d.state === 'not_ready'))
      .map((d) => d.id)
    expect(candidates.length).toBeGreaterThanOrEqual(ROUNDS * DOCS_PER_ROUND)
    let kills = 0
    const started = Date.now()

    for (let round = 0; round < ROUNDS; round++) {
      const random = prng(1000 + round)
      const docs = candidates.slice(round * DOCS_PER_ROUND, (round + 1) * DOCS_PER_ROUND)
      const { actions, expected } = script(round, docs, ACTIONS, random)
      const enqueuePath = join(root, `enqueue-${round}.json`)
      await writeFile(enqueuePath, JSON.stringify({ ...base, mode: 'enqueue', actions } satisfies WorkerConfig))
      await runWorker(enqueuePath, null, random)

      const replayPath = join(root, `replay-${round}.json`)
      await writeFile(replayPath, JSON.stringify({ ...base, mode: 'replay' } satisfies WorkerConfig))
      let result = { killed: false, done: false, failed: 0, stderr: '' }
      for (let attempt = 0; attempt < KILLS_PER_ROUND + 20; attempt++) {
        const killAt = attempt < KILLS_PER_ROUND ? 1 + Math.floor(random() * (ACTIONS * 0.8)) : null
        const runStart = Date.now()
        result = await runWorker(replayPath, killAt, random)
        if (process.env.DOCKET_CRASH_VERBOSE)
          console.log(
            `round ${round} run ${attempt}: kill at ${killAt} -> ${JSON.stringify({ ...result, stderr: undefined })} in ${Date.now() - runStart} ms\n${result.stderr
              .split('\n')
              .filter((l) => !l.includes('syncing=false online=true') || Math.random() < 0.05)
              .slice(0, 60)
              .join('\n')}`,
          )
        if (result.killed) kills++
        if (result.done) break
      }
      expect(result.done, `round ${round} finished`).toBe(true)
      expect(result.failed, `round ${round}: failed entries\n${result.stderr}`).toBe(0)

      const state = sandbox.state()
      const byId = new Map(state.documents.map((d) => [d.id, d]))
      for (const [id, stateName] of expected.states)
        expect(byId.get(id)?.state, `round ${round} doc ${id}`).toBe(stateName)
      for (const id of expected.archived) expect(byId.get(id)?.archived, `round ${round} archived ${id}`).toBe(true)
      expect(byId.get(expected.repaired)?.state).toBe('repairing')
      expect(
        state.repairs.filter((r) => r.document_id === expected.repaired),
        `round ${round}: one repair`,
      ).toHaveLength(1)
      const roundComments = state.comments.filter((c) => c.text.startsWith(`r${round}-c`))
      expect(roundComments, `round ${round}: comments created once each`).toHaveLength(expected.created)
      expect(
        roundComments
          .filter((c) => !c.deleted)
          .map((c) => c.text)
          .sort(),
        `round ${round}: comment texts`,
      ).toEqual(expected.liveTexts)
      for (const fileName of expected.uploads) {
        expect(
          state.documents.filter((d) => d.user_file_name === fileName),
          `round ${round}: upload ${fileName} once`,
        ).toHaveLength(1)
      }
      expect(
        state.agendas.filter((a) => a.name === expected.agendaName),
        `round ${round}: agenda once`,
      ).toHaveLength(1)
    }
    expect(kills).toBeGreaterThanOrEqual(ROUNDS)
    // Timing for the report (the budget is about 2 minutes on 2 cores).
    console.log(
      `crash test: ${ROUNDS} rounds x ${ACTIONS} actions, ${kills} kills, ${Math.round((Date.now() - started) / 1000)} s`,
    )
  })
})
