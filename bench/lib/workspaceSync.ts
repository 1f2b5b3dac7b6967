import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ApiClient, sourcePageWorker, WorkerPageDecoder, type DocumentPageDecoder } from '../../src/main/api'
import type { DocketSyncer } from './docketSync'

/** What the benchmarks use of src/main/offline (loaded lazily so a missing module fails only B1/B2/B5). */
export interface OfflineModule {
  openWorkspace(options: {
    dir: string
    client: unknown
    userId: number
    emit?: (event: string, payload: unknown) => void
    options?: Record<string, unknown>
  }): Promise<{
    syncNow(): Promise<void>
    listDocuments(agendaId: number): Promise<{ id: number; state: string }[]>
    enqueue(action: unknown): Promise<{ id: string }>
    status(): { online: boolean; lastError: { code: string; message: string } | null }
    close(): Promise<void>
  }>
}

/** src/main/offline, or null (with the reason logged) when it cannot be loaded. */
export async function loadOffline(log: (line: string) => void): Promise<OfflineModule | null> {
  try {
    const module = (await import('../../src/main/offline')) as unknown as Partial<OfflineModule>
    if (typeof module.openWorkspace !== 'function') throw new Error('no openWorkspace export')
    return module as OfflineModule
  } catch (error) {
    log(`offline workspace not available: ${error instanceof Error ? error.message : String(error)}`)
    return null
  }
}

/** The demo owner's user id in the sandbox seed (author of comments; not used by the pull). */
const DEMO_USER_ID = 1

/**
 * Docket's real sync: the offline workspace (src/main/offline `openWorkspace`, classic-level
 * store in a fresh temporary folder, the real ApiClient, default engine options) — `full()` is
 * its first `syncNow()` (agendas, every agenda's pages, comments of changed documents, the
 * outbox push), `delta()` the next one. Resolves null when the module is not there.
 * The workspace's background loop is never started, so nothing runs between the timed calls.
 */
export async function workspaceSyncer(
  url: string,
  token: string,
  agendaId: number,
  log: (line: string) => void,
  engineOptions: Record<string, number> = {},
  /** The app's one page decoder, shared by the syncs (default: one of this syncer's own, closed with it). */
  sharedPageDecoder?: DocumentPageDecoder,
): Promise<DocketSyncer | null> {
  const offline = await loadOffline(log)
  if (!offline) return null
  const dir = await mkdtemp(join(tmpdir(), 'docket-bench-sync-'))
  // As in the app: pages are decoded in a worker thread (the TypeScript source, through tsx).
  const pageDecoder = sharedPageDecoder ?? new WorkerPageDecoder({ ...sourcePageWorker(), log })
  const client = new ApiClient({
    baseUrl: url,
    tokens: { getAccessToken: async () => token, refreshAfterUnauthorized: async () => token },
    pageDecoder,
  })
  // Times spent inside the client's calls (the network side of a sync), to tell it from store work.
  const timing = { clientMs: 0, calls: {} as Record<string, number> }
  const timed = new Proxy(client, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        const started = performance.now()
        const result = (value as (...a: unknown[]) => unknown).apply(target, args)
        // Only calls that go to the service (they answer a promise) are timed; the others pass as they are.
        if (!(result instanceof Promise)) return result
        return result.finally(() => {
          timing.clientMs += performance.now() - started
          timing.calls[String(key)] = (timing.calls[String(key)] ?? 0) + 1
        })
      }
    },
  })
  const workspace = await offline.openWorkspace({ dir, client: timed, userId: DEMO_USER_ID, options: engineOptions })
  const check = () => {
    const status = workspace.status()
    if (status.lastError) throw new Error(`sync failed: ${status.lastError.code}: ${status.lastError.message}`)
  }
  return {
    path: `offline workspace syncNow() (src/main/offline openWorkspace, classic-level store, ApiClient, ${
      Object.keys(engineOptions).length
        ? `engine options ${JSON.stringify(engineOptions)} (diagnostic, not the defaults)`
        : 'default engine options'
    })`,
    breakdown() {
      const result = { clientCallsMs: timing.clientMs, clientCalls: { ...timing.calls } }
      timing.clientMs = 0
      timing.calls = {}
      return result
    },
    async full() {
      await workspace.syncNow()
      check()
    },
    async count() {
      return (await workspace.listDocuments(agendaId)).length
    },
    async delta() {
      await workspace.syncNow()
      check()
    },
    async states(ids) {
      const held = new Map((await workspace.listDocuments(agendaId)).map((d) => [d.id, d.state]))
      return new Map(ids.map((id) => [id, held.get(id)]))
    },
    async close() {
      await workspace.close().catch(() => undefined)
      await client.close().catch(() => undefined)
      if (!sharedPageDecoder) await pageDecoder.close()
      await rm(dir, { recursive: true, force: true }).catch(() => undefined)
    },
  }
}
