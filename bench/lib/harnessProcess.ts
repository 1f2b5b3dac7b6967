import { dirname, join } from 'node:path'
import { EVIDENCE_CHILD_BENCH_FILE, PAGE_WORKER_FILE } from './buildApp'
import { forkReady, type ReadyChild } from './sandboxProcess'

/** Docket's services hosted for the browser in a child process (the stand-in for Electron main). */
export interface HarnessProcess {
  url: string
  pid: number
  /**
   * Port of the harness's network switch, the address the services know the sandbox by: pass
   * it as `networkPort` to a restart on the same user-data folder so the demo account (and
   * its cached agendas) is kept.
   */
  networkPort: number | null
  /** Calls a channel of the IPC contract the way the renderer does; resolves the IpcResult. */
  invoke(
    channel: string,
    input: unknown,
  ): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }>
  /**
   * The process's `memoryUsage()` at rest, in bytes: once the services neither sync nor make
   * offline copies (`sync.status`, asked every 250 ms), then {@link REST_MS} without a call
   * in which they did neither (asked again after it), then a full GC. Past
   * {@link AT_REST_WITHIN_MS} the reading is taken anyway.
   */
  memory(): Promise<NodeJS.MemoryUsage>
  close(): Promise<void>
}

/**
 * How long a memory reading waits without calling the services, in ms. The services give the
 * JavaScript heap's unused room back after 2 s without calls or events
 * (src/main/app/memory/idleRelease.ts), as the app does sitting open on a desk; a reading
 * taken sooner would count room the app is about to give back.
 */
export const REST_MS = 3_000
/**
 * How long a memory reading waits for the services' own work to end, in ms: a sync, or the
 * offline copies that follow one (B6's review queue: about 2,000 previews until the cache is
 * full). Readings are of the app at rest, not of a moment in that work.
 */
export const AT_REST_WITHIN_MS = 120_000

/**
 * Starts e2e/harness `startHarness` in a child process (`--expose-gc`) with `options`
 * (rendererDir, bridgeScript, sandboxUrl, userDataDir, sandboxOptions...): the bundled host
 * from {@link buildServicesHost} under plain node when `bundle` is given (with the built
 * page-decoding thread and the evidence child beside it, as the app runs), else through tsx.
 */
export async function startHarnessProcess(options: Record<string, unknown>, bundle?: string): Promise<HarnessProcess> {
  const hostOptions =
    bundle === undefined
      ? options
      : {
          pageWorker: { entry: join(dirname(bundle), PAGE_WORKER_FILE) },
          evidenceChild: { entry: join(dirname(bundle), EVIDENCE_CHILD_BENCH_FILE) },
          ...options,
        }
  const child: ReadyChild<{ type: 'ready'; url: string; networkUrl?: string | null }> = await forkReady(
    bundle ?? 'harnessChild.ts',
    hostOptions,
    {
      execArgv: ['--expose-gc'],
      plainNode: bundle !== undefined,
    },
  )
  const url = child.ready.url
  const invoke: HarnessProcess['invoke'] = async (channel, input) => {
    const response = await fetch(`${url}/__harness/ipc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ channel, input }),
    })
    return (await response.json()) as { ok: boolean; value?: unknown; error?: { code: string; message: string } }
  }
  return {
    url,
    pid: child.pid,
    networkPort: child.ready.networkUrl ? Number(new URL(child.ready.networkUrl).port) : null,
    invoke,
    async memory() {
      const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms))
      type Status = {
        syncing?: boolean
        lastSyncAt?: string | null
        offlineCopies?: { running?: boolean; done?: number }
      }
      const status = async () => (await invoke('sync.status', {})).value as Status | undefined
      const busy = (value: Status | undefined) => !value || value.syncing || value.offlineCopies?.running
      const same = (a: Status | undefined, b: Status | undefined) =>
        a?.lastSyncAt === b?.lastSyncAt && a?.offlineCopies?.done === b?.offlineCopies?.done
      // At rest: idle before and after REST_MS without a call, with nothing done in between
      // (the copies may start just after a sync reads as done).
      const until = performance.now() + AT_REST_WITHIN_MS
      for (;;) {
        const before = await status()
        if (busy(before) && performance.now() < until) {
          await sleep(250)
          continue
        }
        await sleep(REST_MS)
        if (performance.now() >= until) break
        const after = await status()
        if (!busy(after) && same(before, after)) break
      }
      const reply = await child.ask<{ usage: NodeJS.MemoryUsage }>({ type: 'memory' }, 'memory')
      return reply.usage
    },
    close: child.close,
  }
}

/**
 * Waits (untimed) until the services' sync is done and `documents.query` of `agendaId` answers
 * rows; resolves the row count. Rejects after `waitMs` with the last state seen, at once when
 * the services have no sync status.
 */
export async function waitForListedAgenda(
  harness: HarnessProcess,
  agendaId: number | 'all',
  waitMs: number,
): Promise<number> {
  const deadline = Date.now() + waitMs
  let last = ''
  while (Date.now() < deadline) {
    const status = await harness.invoke('sync.status', {})
    const value = status.value as { syncing?: boolean; lastSyncAt?: string | null } | undefined
    if (status.ok && value && !value.syncing && value.lastSyncAt) {
      // The list's ids only (no rows): what the renderer asks first, without weighing on the memory measured.
      const listed = await harness.invoke('documents.query', {
        agendaId,
        query: { queue: 'all', type: 'all', warnings: 'all', search: '', sort: { key: 'received', direction: 'desc' } },
        window: { start: 0, count: 0 },
      })
      const ids = (listed.value as { ids?: unknown[] } | undefined)?.ids
      if (listed.ok && ids && ids.length > 0) return ids.length
      last = listed.ok ? `${ids?.length ?? 0} rows` : `${listed.error?.code}: ${listed.error?.message}`
    } else {
      last = status.ok ? `sync: ${JSON.stringify(value)}` : `${status.error?.code}: ${status.error?.message}`
      if (!status.ok && ['not_implemented', 'unknown_channel'].includes(status.error?.code ?? '')) {
        throw new Error(`the harness has no sync status yet (${last})`)
      }
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`agenda ${agendaId} was not cached within ${waitMs / 1000} s (last: ${last})`)
}
