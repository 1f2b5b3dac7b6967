import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ApiClient } from '../src/main/api'
import { loadOffline } from './lib/workspaceSync'
import { failedResult, type BenchContext, type BenchResult } from './lib/result'
import { startPreviewProxy, type PreviewProxy } from './lib/previewProxy'
import { startSandboxProcess } from './lib/sandboxProcess'
import { percentile, round } from './lib/stats'
import { ownerCredentials, passwordToken, SCALE_AGENDA_ID } from './lib/token'

/** Latency of every request to the sandbox (ms). */
const LATENCY_MS = 20
/** Copies in flight (the offline copies' own limit: src/main/offline/offlineCopies.ts). */
const IN_FLIGHT = 2
/** Synthetic documents in the scale agenda: about 1,000 of them land in the review queues. */
const DOCUMENTS = 1_330
/** The share of the bound the copies may take (requests, file writes and the store's index on top of the wire). */
const MAX_RATIO = 1.5
/** B4's target for a triage read, held while the copies run. */
const USER_READ_P95_MS = 50
/** A preview the person asks for while copies run: the wire's latency plus this much at most (p95). */
const USER_FETCH_EXTRA_MS = 50

export const B7 = {
  id: 'B7',
  name: 'offline copies, ~1,000 review previews @20 ms',
  target: `<= ${MAX_RATIO}x the bound (previews x ${LATENCY_MS} ms / ${IN_FLIGHT} in flight); while copying, triage reads p95 < ${USER_READ_P95_MS} ms and a person's preview request p95 < ${LATENCY_MS + USER_FETCH_EXTRA_MS} ms`,
}

interface Status {
  syncing: boolean
  lastSyncAt: string | null
  offlineCopies: { done: number; total: number; running: boolean }
}

/**
 * B7. The sandbox runs in a child process with ~1,000 synthetic documents in review queues
 * (not ready, ready, in repair) in agenda 2 and 20 ms latency per request. Docket's workspace
 * (classic-level store, the real ApiClient) with agenda 2 opened starts its loop; the clock
 * runs from the end of the first sync (the status says the pull ended) until the status says
 * every preview is cached, and is compared with the bound previews x 20 ms / 2 in flight.
 * While the copies run, a person's reads are measured every 25 ms: a triage read from the
 * cache (the document and its cached preview: what `j` reads, B4's path in the services) and
 * a preview fetched at the person's priority (the service's budget puts it ahead of copies).
 * B4 itself runs in the browser (renderer.ts); this measures the services' side of it under
 * load, not the painted frame.
 */
export async function runOfflineCopiesBenchmark(ctx: BenchContext): Promise<BenchResult> {
  const offline = await loadOffline(ctx.log)
  if (!offline) return failedResult(B7.id, B7.name, B7.target, new Error('src/main/offline could not be loaded'))
  const sandbox = await startSandboxProcess({
    documents: DOCUMENTS,
    faults: { latencyMs: LATENCY_MS, latencyJitterMs: 0 },
  })
  ctx.log(`B7: sandbox with ${DOCUMENTS} documents started in ${Math.round(sandbox.startupMs)} ms (not timed)`)
  const dir = await mkdtemp(join(tmpdir(), 'docket-bench-copies-'))
  let client: ApiClient | null = null
  let proxy: PreviewProxy | null = null
  let workspace: Awaited<ReturnType<typeof openFull>> | null = null
  try {
    const token = await passwordToken(sandbox.url, ownerCredentials(sandbox.credentials))
    const tokens = { getAccessToken: async () => token, refreshAfterUnauthorized: async () => token }
    // One real preview of the sandbox, served for every document by the proxy (see previewProxy.ts).
    const direct = new ApiClient({ baseUrl: sandbox.url, tokens })
    const [sample] = await direct.listDocumentsPage({ agendaId: SCALE_AGENDA_ID }, 1)
    const image = (await direct.getPreview(sample!.preview!)).bytes
    await direct.close()
    proxy = await startPreviewProxy(sandbox.url, image, LATENCY_MS)
    ctx.log(`B7: previews of ${image.byteLength} bytes answered by a proxy after ${LATENCY_MS} ms`)
    client = new ApiClient({ baseUrl: proxy.url, tokens })
    let firstSyncEnd = 0
    let copiesEnd = 0
    let last: Status | null = null
    const ws = await openFull(offline, dir, client, (event, payload) => {
      if (event !== 'sync.status') return
      last = payload as Status
      if (!firstSyncEnd && !last.syncing && last.lastSyncAt !== null) firstSyncEnd = performance.now()
      const copies = last.offlineCopies
      if (firstSyncEnd && !copiesEnd && !copies.running && copies.total > 0 && copies.done === copies.total)
        copiesEnd = performance.now()
    })
    workspace = ws
    await ws.noteAgendaOpened(SCALE_AGENDA_ID)
    const started = performance.now()
    ws.start()

    const readMs: number[] = []
    const fetchMs: number[] = []
    const ids =
      (await waitFor(() => (firstSyncEnd ? true : null), 120_000)) && (await ws.listDocuments(SCALE_AGENDA_ID))
    const previews = ids.filter((d) => d.preview).map((d) => ({ id: d.id, preview: d.preview! }))
    // A person at work meanwhile: every 25 ms, a triage read and, every 4th time, a preview fetched at the person's priority.
    let tick = 0
    while (!copiesEnd && performance.now() - started < 300_000) {
      // Copies go newest first (ids descending, as listed): the first `done` are on this device.
      const done = (last as Status | null)?.offlineCopies.done ?? 0
      if (done > 1) {
        const copied = previews[(tick * 7) % (done - 1)]!
        const at = performance.now()
        await ws.getDocument(copied.id)
        await ws.getPreview(copied.id)
        readMs.push(performance.now() - at)
      }
      if (tick % 4 === 0) {
        const wanted = previews[previews.length - 1 - ((tick / 4) % previews.length)]!
        const at = performance.now()
        await client.getPreview(wanted.preview)
        fetchMs.push(performance.now() - at)
      }
      tick++
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    if (!copiesEnd) throw new Error(`the copies did not end within 5 min (${JSON.stringify(last)})`)
    // The same triage reads with nothing running: how loaded the machine itself is.
    const idleReadMs: number[] = []
    for (let i = 0; i < 40; i++) {
      const copied = previews[(i * 7) % previews.length]!
      const at = performance.now()
      await ws.getDocument(copied.id)
      await ws.getPreview(copied.id)
      idleReadMs.push(performance.now() - at)
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    const status = last as Status | null
    const total = status?.offlineCopies.total ?? 0
    const copyMs = copiesEnd - firstSyncEnd
    const boundMs = (total * LATENCY_MS) / IN_FLIGHT
    const ratio = copyMs / boundMs
    const readP95 = readMs.length ? percentile(readMs, 95) : NaN
    const fetchP95 = fetchMs.length ? percentile(fetchMs, 95) : NaN
    const pass =
      ratio <= MAX_RATIO && readP95 < USER_READ_P95_MS && fetchP95 < LATENCY_MS + USER_FETCH_EXTRA_MS && total >= 900
    return {
      ...B7,
      figure: `${total} previews in ${Math.round(copyMs)} ms = ${round(ratio, 2)}x the bound of ${Math.round(boundMs)} ms; while copying, triage reads p95 ${round(readP95)} ms (idle ${round(percentile(idleReadMs, 95))} ms), a person's preview p95 ${round(fetchP95)} ms`,
      pass,
      metrics: {
        previews: total,
        copyMs: Math.round(copyMs),
        boundMs: Math.round(boundMs),
        ratioToBound: round(ratio, 3),
        firstSyncMs: Math.round(firstSyncEnd - started),
        triageReadP50Ms: readMs.length ? round(percentile(readMs, 50), 2) : null,
        triageReadP95Ms: round(readP95, 2),
        triageReads: readMs.length,
        triageReadIdleP95Ms: round(percentile(idleReadMs, 95), 2),
        userPreviewP50Ms: fetchMs.length ? round(percentile(fetchMs, 50), 2) : null,
        userPreviewP95Ms: round(fetchP95, 2),
        userPreviews: fetchMs.length,
        latencyMs: LATENCY_MS,
        previewBytes: image.byteLength,
        peakCopiesInFlight: proxy.peakPreviewsInFlight,
      },
      notes: [
        `sandbox in a child process, ${DOCUMENTS} synthetic documents, ${LATENCY_MS} ms per request`,
        `previews answered by a proxy in front of the sandbox with one real preview of it (${image.byteLength} bytes) after ${LATENCY_MS} ms: the sandbox renders each synthetic PDF on demand, which would measure its renderer, not Docket`,
        'Docket: openWorkspace (classic-level, real ApiClient), agenda 2 opened, start(): first sync, then the offline copies (2 in flight, background priority)',
        'clock: from the sync.status event that ends the first pull to the one that says every preview is cached',
        "user side measured in the services while copying (B4's path without the browser): getDocument + getPreview of a document already copied (from the cache); a preview of one not yet copied fetched at user priority every 100 ms",
      ],
    }
  } catch (error) {
    return failedResult(B7.id, B7.name, B7.target, error)
  } finally {
    await workspace?.close().catch(() => undefined)
    await client?.close().catch(() => undefined)
    await proxy?.close().catch(() => undefined)
    await sandbox.close().catch(() => undefined)
    await rm(dir, { recursive: true, force: true })
  }
}

/** The workspace's methods B7 uses. */
interface CopiesPort {
  start(): void
  noteAgendaOpened(agendaId: number): Promise<void>
  listDocuments(agendaId: number): Promise<{ id: number; preview?: string | null }[]>
  getDocument(id: number): Promise<unknown>
  getPreview(id: number): Promise<unknown>
  close(): Promise<void>
}

async function openFull(
  offline: NonNullable<Awaited<ReturnType<typeof loadOffline>>>,
  dir: string,
  client: ApiClient,
  emit: (event: string, payload: unknown) => void,
): Promise<CopiesPort> {
  return (await offline.openWorkspace({ dir, client, userId: 1, emit })) as unknown as CopiesPort
}

async function waitFor<T>(check: () => T | null, ms: number): Promise<T> {
  const started = performance.now()
  for (;;) {
    const value = check()
    if (value !== null) return value
    if (performance.now() - started > ms) throw new Error(`not ready within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
