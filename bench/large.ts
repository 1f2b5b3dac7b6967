import { execFileSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser } from 'playwright'
import { WorkerPageDecoder } from '../src/main/api'
import { buildApp, buildPageWorker, buildServicesHost } from './lib/buildApp'
import { startHarnessProcess, waitForListedAgenda, type HarnessProcess } from './lib/harnessProcess'
import { installProbe } from './lib/pageProbe'
import { startPreviewProxy, type PreviewProxy } from './lib/previewProxy'
import type { BenchContext, BenchResult } from './lib/result'
import { privateMemoryMb, rssBreakdown, type RssBreakdown } from './lib/rssBreakdown'
import { startSandboxProcess, type SandboxProcess } from './lib/sandboxProcess'
import { median, round } from './lib/stats'
import { ownerCredentials, passwordToken, SCALE_AGENDA_ID } from './lib/token'
import { workspaceSyncer } from './lib/workspaceSync'

/** B9's memory target (MB): the services' private memory, RSS less mapped store files and program. */
const B9_PRIVATE_MAX_MB = 200
export const B9 = {
  id: 'B9',
  name: '100,000 documents in one agenda',
  target: `full sync time per 10,000 documents <= 1.15x the 10,000-document run, open <= 300 ms, services private memory <= ${B9_PRIVATE_MAX_MB} MB (RSS less mapped store files and program)`,
}

/** The large agenda, and the run its time per 10,000 documents is compared with. */
export const LARGE_DOCUMENTS = 100_000
export const SMALL_DOCUMENTS = 10_000
const LATENCY_MS = 20
const MB = 1024 * 1024
const AGENDA_KEY = 'docket.triage.agendaId'

/** What the page probe reports of an agenda's opening (bench/lib/pageProbe.ts), ms since navigation start. */
interface ListPaint {
  callAt: number
  responseAt: number
  paintedAt: number
  rows: number
}

/** One full sync of a fresh store against a sandbox of `documents` at 20 ms a request: its time (ms). */
async function timeFullSync(documents: number, ctx: BenchContext): Promise<{ ms: number; held: number }> {
  const sandbox = await startSandboxProcess({ documents, faults: { latencyMs: LATENCY_MS, latencyJitterMs: 0 } })
  const pageDecoder = new WorkerPageDecoder({ ...(await buildPageWorker()), log: ctx.log })
  try {
    const token = await passwordToken(sandbox.url, ownerCredentials(sandbox.credentials))
    await pageDecoder.start()
    const syncer = await workspaceSyncer(sandbox.url, token, SCALE_AGENDA_ID, ctx.log, ctx.engineOptions, pageDecoder)
    if (!syncer) throw new Error('the offline workspace could not be loaded')
    try {
      const started = performance.now()
      await syncer.full()
      const ms = performance.now() - started
      return { ms, held: await syncer.count() }
    } finally {
      await syncer.close()
    }
  } finally {
    await pageDecoder.close()
    await sandbox.close()
  }
}

/** Bytes on disk under `dir` (du), or undefined where du is missing. */
function diskBytes(dir: string): number | undefined {
  try {
    return Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]) || undefined
  } catch {
    return undefined
  }
}

/**
 * The account folders' size in MB: the store (LevelDB) and the offline file cache (previews
 * and originals copied for offline review, up to the cache's cap).
 */
function accountOnDisk(accountsDir: string): { storeOnDiskMb?: number; fileCacheOnDiskMb?: number } {
  const sum = (folder: string) => {
    let bytes = 0
    for (const account of readdirSync(accountsDir)) bytes += diskBytes(join(accountsDir, account, folder)) ?? 0
    return round(bytes / MB, 1)
  }
  try {
    return { storeOnDiskMb: sum('store'), fileCacheOnDiskMb: sum('previews') + sum('originals') }
  } catch {
    return {}
  }
}

/**
 * B9: one agenda of 100,000 documents.
 * - Sync: Docket's full sync (the offline workspace, as B1) of a fresh store against a sandbox
 *   of 10,000 and one of 100,000 documents, 20 ms a request; the figure is the time per 10,000
 *   documents of the large run over the small run's time (1.0 = linear).
 * - Memory, disk and open: the services (the bundled host of B6, a child process) sync the
 *   large agenda, are restarted on that store (as the app starts with a cached agenda), list it,
 *   and one Chromium page opens it (first rows painted, measured in the page as B3); RSS after
 *   a full GC after the first sync and after the restart and the open; the store's size on disk.
 */
export async function runLargeAgendaBenchmark(ctx: BenchContext): Promise<BenchResult> {
  const notes: string[] = []
  const metrics: Record<string, unknown> = { latencyMs: LATENCY_MS, documents: LARGE_DOCUMENTS }
  const small = await timeFullSync(SMALL_DOCUMENTS, ctx)
  ctx.log(`large: full sync of ${SMALL_DOCUMENTS} documents ${Math.round(small.ms)} ms`)
  const large = await timeFullSync(LARGE_DOCUMENTS, ctx)
  ctx.log(`large: full sync of ${LARGE_DOCUMENTS} documents ${Math.round(large.ms)} ms`)
  const per10k = large.ms / (LARGE_DOCUMENTS / SMALL_DOCUMENTS)
  const linearity = per10k / small.ms
  Object.assign(metrics, {
    smallSyncMs: round(small.ms),
    largeSyncMs: round(large.ms),
    largeSyncPer10kMs: round(per10k),
    perDocumentRatio: round(linearity, 2),
    smallHeld: small.held,
    largeHeld: large.held,
  })

  let sandbox: SandboxProcess | undefined
  let proxy: PreviewProxy | undefined
  let harness: HarnessProcess | undefined
  let browser: Browser | undefined
  let userDataDir: string | undefined
  let openMs: number[] = []
  try {
    const built = await buildApp()
    const servicesHost = await buildServicesHost()
    sandbox = await startSandboxProcess({ documents: LARGE_DOCUMENTS, admin: true })
    const previewImage = await readFile(join(import.meta.dirname, '..', 'resources/demo/invoices/oyo.png'))
    proxy = await startPreviewProxy(sandbox.url, previewImage, 0)
    userDataDir = await mkdtemp(join(tmpdir(), 'docket-bench-large-'))
    const options = {
      rendererDir: built.rendererDir,
      bridgeScript: built.bridgeScript,
      sandboxUrl: proxy.url,
      userDataDir,
    }
    const waitMs = 600_000
    let started = performance.now()
    harness = await startHarnessProcess(options, servicesHost)
    const rows = await waitForListedAgenda(harness, SCALE_AGENDA_ID, waitMs)
    metrics.servicesFirstSyncMs = round(performance.now() - started)
    metrics.rowsListed = rows
    metrics.servicesRssAfterFirstSyncMb = round((await harness.memory()).rss / MB, 1)
    metrics.servicesRssAfterFirstSyncBreakdown = rssBreakdown(harness.pid)
    ctx.log(`large: services synced ${rows} rows; RSS ${String(metrics.servicesRssAfterFirstSyncMb)} MB`)

    const networkPort = harness.networkPort ?? 0
    await harness.close()
    started = performance.now()
    harness = await startHarnessProcess({ ...options, networkPort }, servicesHost)
    await waitForListedAgenda(harness, SCALE_AGENDA_ID, waitMs)
    metrics.servicesRestartToListedMs = round(performance.now() - started)

    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    })
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
    await context.addInitScript({
      content: `var __name = (f) => f;\n(${installProbe.toString()})(${JSON.stringify({ agendaId: SCALE_AGENDA_ID, agendaKey: AGENDA_KEY })});`,
    })
    const listResponseMs: number[] = []
    for (let rep = 0; rep < (ctx.quick ? 2 : 3); rep++) {
      const page = await context.newPage()
      await page.goto(harness.url)
      const painted = await page.evaluate(() =>
        (window as unknown as { __bench: { listPainted(): Promise<ListPaint> } }).__bench.listPainted(),
      )
      openMs.push(painted.paintedAt - painted.callAt)
      listResponseMs.push(painted.responseAt - painted.callAt)
      metrics.rowsPainted = painted.rows
      await page.close()
    }
    metrics.openRunsMs = openMs.map((v) => round(v))
    metrics.listResponseRunsMs = listResponseMs.map((v) => round(v))
    const usage = await harness.memory()
    metrics.servicesRssMb = round(usage.rss / MB, 1)
    metrics.servicesRssBreakdown = rssBreakdown(harness.pid)
    metrics.servicesHeapUsedMb = round(usage.heapUsed / MB, 1)
    Object.assign(metrics, accountOnDisk(join(userDataDir, 'accounts')))
  } catch (error) {
    notes.push(`memory/open part failed: ${error instanceof Error ? error.message : String(error)}`)
    openMs = []
  } finally {
    await browser?.close().catch(() => undefined)
    await harness?.close().catch(() => undefined)
    await proxy?.close().catch(() => undefined)
    await sandbox?.close().catch(() => undefined)
    if (userDataDir) await rm(userDataDir, { recursive: true, force: true }).catch(() => undefined)
  }
  const open = openMs.length > 0 ? median(openMs) : undefined
  const rss = metrics.servicesRssMb as number | undefined
  const firstSyncRss = metrics.servicesRssAfterFirstSyncMb as number | undefined
  const firstSyncBreakdown = metrics.servicesRssAfterFirstSyncBreakdown as RssBreakdown | undefined
  const restartBreakdown = metrics.servicesRssBreakdown as RssBreakdown | undefined
  const firstSyncPrivate = firstSyncBreakdown && privateMemoryMb(firstSyncBreakdown)
  const restartPrivate = restartBreakdown && privateMemoryMb(restartBreakdown)
  metrics.servicesPrivateAfterFirstSyncMb = firstSyncPrivate
  metrics.servicesPrivateMb = restartPrivate
  const worstPrivate = Math.max(firstSyncPrivate ?? 0, restartPrivate ?? 0)
  notes.push(
    'Sync: the offline workspace in this process (as B1), a fresh store each run, one run each; the large run includes every page of all 100,000 documents (2,000 pages) and the store writes.',
    'RSS: the bundled services host (as B6), at rest (bench/lib/harnessProcess.ts memory(): no sync, no offline copies, 3 s without a call) and after a full GC: after its first sync of the agenda (servicesRssAfterFirstSyncMb) and after a restart on that store, the listing and the page loads (servicesRssMb).',
    `servicesPrivate*: the same readings less LevelDB's mapped table files and the program's binary and libraries (bench/lib/rssBreakdown.ts privateMemoryMb); the target (<= ${B9_PRIVATE_MAX_MB} MB) is judged on the larger.`,
    'Disk: after the restart and the open; the store (LevelDB) and, apart, the offline file cache (previews of the review queue copied after the sync, up to the cache cap).',
    "servicesRss*Breakdown: where the RSS is (/proc/<pid>/smaps): private memory, LevelDB's memory-mapped table files (clean pages the system drops and reads again at will), the program and its libraries.",
    'Open: documents.query call to first rows painted, fresh page loads of the harness (bench/lib/pageProbe.ts, as B3); previews answered by the proxy of B6.',
  )
  return {
    ...B9,
    figure:
      `full sync ${Math.round(large.ms)} ms for ${LARGE_DOCUMENTS.toLocaleString('en')} = ${Math.round(per10k)} ms per 10,000 vs ${Math.round(small.ms)} ms for ${SMALL_DOCUMENTS.toLocaleString('en')} (${linearity.toFixed(2)}x)` +
      `; open ${open === undefined ? 'not measured' : `${round(open)} ms`}` +
      `; services private memory ${firstSyncPrivate ?? '?'} MB after the first sync (RSS ${firstSyncRss ?? '?'} MB` +
      describeBreakdown(firstSyncBreakdown) +
      `), ${restartPrivate ?? '?'} MB after a restart and the open (RSS ${rss ?? '?'} MB` +
      describeBreakdown(restartBreakdown) +
      ')' +
      `; store on disk ${String(metrics.storeOnDiskMb ?? '?')} MB (offline file cache ${String(metrics.fileCacheOnDiskMb ?? '?')} MB)`,
    pass:
      linearity <= 1.15 &&
      open !== undefined &&
      open <= 300 &&
      firstSyncPrivate !== undefined &&
      restartPrivate !== undefined &&
      worstPrivate <= B9_PRIVATE_MAX_MB,
    metrics,
    notes,
  }
}

/** ": y MB LevelDB's mapped files, z MB program" or "" when unknown. */
function describeBreakdown(breakdown: RssBreakdown | undefined): string {
  if (!breakdown) return ''
  return `: ${breakdown.storeFilesMb} MB LevelDB's mapped files, ${breakdown.executableMb} MB program`
}
