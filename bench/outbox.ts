import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ApiClient, ApiError } from '../src/main/api'
import { failedResult, type BenchContext, type BenchResult } from './lib/result'
import { startSandboxProcess } from './lib/sandboxProcess'
import { percentile, round } from './lib/stats'
import { ownerCredentials, passwordToken, SCALE_AGENDA_ID } from './lib/token'
import { loadOffline } from './lib/workspaceSync'

export const B5 = { id: 'B5', name: 'durable action (outbox write + optimistic effect)', target: 'p95 < 10 ms' }

const CACHED_DOCUMENTS = 10_000

/**
 * B5: the cost of one durable action, `OfflineWorkspace.enqueue(action)` (the outbox entry and
 * its optimistic effect in one atomic, fsynced classic-level batch), measured call by call.
 * The workspace first caches agenda 2 (10,000 documents) from the sandbox, then goes offline
 * (every client call fails with `network`) so no push runs during the measurement: an
 * offline triage session. Actions, each on another document: 70% mark ready/exported, 10%
 * repair, 10% archive, 10% comment, 1,000 of them (quick: 500) after 20 unmeasured.
 */
export async function runOutboxBenchmark(ctx: BenchContext): Promise<BenchResult> {
  const offline = await loadOffline(ctx.log)
  if (!offline)
    return failedResult(B5.id, B5.name, B5.target, new Error('src/main/offline openWorkspace is not available'))
  const count = ctx.quick ? 500 : 1000
  const sandbox = await startSandboxProcess({ documents: CACHED_DOCUMENTS })
  const dir = await mkdtemp(join(tmpdir(), 'docket-bench-outbox-'))
  const token = await passwordToken(sandbox.url, ownerCredentials(sandbox.credentials))
  const client = new ApiClient({
    baseUrl: sandbox.url,
    tokens: { getAccessToken: async () => token, refreshAfterUnauthorized: async () => token },
  })
  let offlineNow = false
  const switchable = new Proxy(client, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown
      if (typeof value !== 'function' || key === 'close') return value
      return (...args: unknown[]) =>
        offlineNow
          ? Promise.reject(new ApiError('network', 'The service cannot be reached (benchmark: offline).'))
          : (value as (...a: unknown[]) => unknown).apply(target, args)
    },
  })
  const workspace = await offline.openWorkspace({ dir, client: switchable, userId: 1, options: {} })
  try {
    await workspace.syncNow()
    const docs = (await workspace.listDocuments(SCALE_AGENDA_ID)).filter(
      (d) => d.state === 'ready' || d.state === 'not_ready',
    )
    offlineNow = true
    await workspace.syncNow()
    if (workspace.status().online) throw new Error('the workspace did not go offline')
    ctx.log(`outbox: ${docs.length} reviewable documents cached; offline; enqueueing ${count} actions`)
    if (docs.length < count + 20) throw new Error(`only ${docs.length} reviewable documents cached`)

    const actionFor = (i: number) => {
      const documentId = docs[i]!.id
      switch (i % 10) {
        case 7:
          return { kind: 'documents.repair', documentId, description: 'VAT line missing (benchmark)' }
        case 8:
          return { kind: 'documents.archive', documentId }
        case 9:
          return { kind: 'comments.create', documentId, text: `Checked against the order (benchmark ${i})` }
        default:
          return {
            kind: 'documents.setState',
            items: [{ id: documentId, state: i % 2 === 0 ? 'ready' : 'exported' }],
          }
      }
    }
    for (let i = 0; i < 20; i++) await workspace.enqueue(actionFor(count + i))
    const latencies: number[] = []
    for (let i = 0; i < count; i++) {
      const action = actionFor(i)
      const started = performance.now()
      await workspace.enqueue(action)
      latencies.push(performance.now() - started)
    }
    const p50 = percentile(latencies, 50)
    const p95 = percentile(latencies, 95)
    const firstTenth = latencies.slice(0, Math.floor(count / 10))
    const lastTenth = latencies.slice(-Math.floor(count / 10))
    return {
      ...B5,
      figure: `p50 ${round(p50, 2)} ms, p95 ${round(p95, 2)} ms over ${count} actions (p95 of the first ${firstTenth.length}: ${round(percentile(firstTenth, 95), 2)} ms, of the last: ${round(percentile(lastTenth, 95), 2)} ms)`,
      pass: p95 < 10,
      metrics: {
        p50Ms: round(p50, 2),
        p95Ms: round(p95, 2),
        p99Ms: round(percentile(latencies, 99), 2),
        maxMs: round(Math.max(...latencies), 2),
        actions: count,
        p95FirstTenthMs: round(percentile(firstTenth, 95), 2),
        p95LastTenthMs: round(percentile(lastTenth, 95), 2),
        pendingAtEnd: count + 20,
        cachedDocuments: CACHED_DOCUMENTS,
      },
      notes: [
        'OfflineWorkspace.enqueue on classic-level in a temporary folder, default options (fsync on every write: durableWrites true).',
        'Offline session: the outbox grows to all actions pending, so the last ones show the cost with a long outbox.',
      ],
    }
  } catch (error) {
    return failedResult(B5.id, B5.name, B5.target, error)
  } finally {
    await workspace.close().catch(() => undefined)
    await client.close().catch(() => undefined)
    await sandbox.close()
    await rm(dir, { recursive: true, force: true }).catch(() => undefined)
  }
}
