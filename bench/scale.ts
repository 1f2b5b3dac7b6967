import { loadavg } from 'node:os'
import { Agent, request } from 'undici'
import { WorkerPageDecoder } from '../src/main/api'
import { buildPageWorker } from './lib/buildApp'
import { PAGE_SIZE } from './lib/baseline'
import { failedResult, type BenchContext, type BenchResult } from './lib/result'
import { startSandboxProcess, workBetween, type SandboxCacheWork } from './lib/sandboxProcess'
import { median, round, transportAloneMetrics } from './lib/stats'
import { ownerCredentials, passwordToken, SCALE_AGENDA_ID } from './lib/token'
import { workspaceSyncer } from './lib/workspaceSync'

/** An accounting firm's account: many small agendas beside the 10,000-document one, 20 ms per request. */
export const SCALE_AGENDAS = 200
export const DOCUMENTS_PER_AGENDA = 20
export const BIG_AGENDA_DOCUMENTS = 10_000
export const LATENCY_MS = 20
/** Requests in flight to one service (src/main/api `DEFAULT_MAX_IN_FLIGHT`). */
export const BUDGET = 6

export const B8 = {
  id: 'B8',
  name: `many agendas (${SCALE_AGENDAS} x ${DOCUMENTS_PER_AGENDA} + ${BIG_AGENDA_DOCUMENTS.toLocaleString('en')}) @${LATENCY_MS} ms`,
  target: 'full sync <= 1.05x minimum requests; quiet delta = agendas + 1 requests, <= 1.2x ceil(agendas/6) x latency',
}

const LIST_ROUTE = 'GET /api/v1_2/documents'
const AGENDAS_ROUTE = 'GET /api/v1_2/agendas'

/** GET /_sandbox/stats (the request log summary), `reset` starting a new count. */
interface SandboxStats {
  requests: number
  byRoute: Record<string, number>
  peakInFlight: number
}

async function sandboxStats(url: string, reset: boolean): Promise<SandboxStats> {
  const response = await request(`${url}/_sandbox/stats${reset ? '?reset=1' : ''}`)
  return (await response.body.json()) as SandboxStats
}

/**
 * The fewest document-list requests a full sync can make: for each agenda the demo user sees,
 * the pages that hold its documents (both types, not archived), plus one per agenda (the
 * short or empty page that says "no more"), read from GET /_sandbox/state.
 */
async function minimumListRequests(
  url: string,
  token: string,
): Promise<{ minimum: number; agendas: number; agendaIds: number[] }> {
  const agendas = (await (
    await request(`${url}/api/v1_2/agendas`, { headers: { authorization: `Bearer ${token}` } })
  ).body.json()) as { agendas: { id: number }[] }
  const state = (await (await request(`${url}/_sandbox/state`)).body.json()) as {
    documents: { agenda_id: number; archived: boolean; type: string }[]
  }
  const perAgenda = new Map<number, number>(agendas.agendas.map((a) => [a.id, 0]))
  for (const d of state.documents) {
    if (d.archived || !perAgenda.has(d.agenda_id)) continue
    if (d.type !== 'PurchaseInvoice' && d.type !== 'SalesInvoice') continue
    perAgenda.set(d.agenda_id, perAgenda.get(d.agenda_id)! + 1)
  }
  let minimum = 0
  for (const count of perAgenda.values()) minimum += Math.ceil(count / PAGE_SIZE) + 1
  return { minimum, agendas: perAgenda.size, agendaIds: [...perAgenda.keys()] }
}

/**
 * The transport alone, for context: the requests of a quiet delta (GET /agendas, then page 1
 * of each agenda's `modified_since` listing) sent by plain undici with `BUDGET` in flight,
 * bodies read and dropped. Its time is what any client with that budget gets from this
 * sandbox on this machine now. Returns ms.
 */
async function quietDeltaTransport(url: string, token: string, agendaIds: number[], agent: Agent): Promise<number> {
  const since = new Date(Date.now() - 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z')
  const both = 'type[]=PurchaseInvoice&type[]=SalesInvoice'
  const paths = [
    '/api/v1_2/agendas',
    ...agendaIds.map((id) => `/api/v1_2/documents?agenda_id=${id}&${both}&modified_since=${since}&page=1`),
  ]
  let next = 0
  const started = performance.now()
  const lane = async () => {
    while (next < paths.length) {
      const response = await request(url + paths[next++]!, {
        headers: { authorization: `Bearer ${token}` },
        dispatcher: agent,
      })
      await response.body.arrayBuffer()
    }
  }
  await Promise.all(Array.from({ length: BUDGET }, lane))
  return performance.now() - started
}

/**
 * B8. The sandbox (child process, 20 ms per request) holds the seed agendas, the agenda of
 * 10,000 documents and 200 more of 20 documents each, owned by the demo user. Docket's
 * offline workspace makes its first sync (full) and then quiet deltas (nothing changed);
 * the sandbox's request log (`/_sandbox/stats`) counts what each cost the service.
 */
export async function runScaleBenchmark(ctx: BenchContext): Promise<BenchResult> {
  const reps = ctx.quick ? 3 : 5
  let sandbox
  try {
    sandbox = await startSandboxProcess({
      admin: true,
      documents: BIG_AGENDA_DOCUMENTS,
      agendas: SCALE_AGENDAS,
      documentsPerAgenda: DOCUMENTS_PER_AGENDA,
      prerenderPreviews: false,
      faults: { latencyMs: LATENCY_MS, latencyJitterMs: 0 },
    })
  } catch (error) {
    return failedResult(B8.id, B8.name, B8.target, error)
  }
  ctx.log(`scale: sandbox started in ${Math.round(sandbox.startupMs)} ms (not timed)`)
  const pageDecoder = new WorkerPageDecoder({ ...(await buildPageWorker()), log: ctx.log })
  let syncer: Awaited<ReturnType<typeof workspaceSyncer>> = null
  const agent = new Agent({ connections: BUDGET, keepAliveTimeout: 60_000 })
  try {
    const token = await passwordToken(sandbox.url, ownerCredentials(sandbox.credentials))
    await pageDecoder.start()
    const { minimum, agendas, agendaIds } = await minimumListRequests(sandbox.url, token)
    syncer = await workspaceSyncer(sandbox.url, token, SCALE_AGENDA_ID, ctx.log, ctx.engineOptions, pageDecoder)
    if (!syncer) throw new Error('the offline workspace could not be loaded')

    await sandboxStats(sandbox.url, true)
    let started = performance.now()
    await syncer.full()
    const fullMs = performance.now() - started
    const full = await sandboxStats(sandbox.url, true)
    const fullList = full.byRoute[LIST_ROUTE] ?? 0
    ctx.log(`scale: full sync ${Math.round(fullMs)} ms, ${fullList} list requests (minimum ${minimum})`)

    const deltaMs: number[] = []
    const transportMs: number[] = []
    const deltaRequests: number[] = []
    const deltaList: number[] = []
    let delta: SandboxStats | undefined
    /** The sandbox's listing work (list queries computed, documents rendered) during each quiet delta and each transport run. */
    const docketWork: SandboxCacheWork[] = []
    const transportWork: SandboxCacheWork[] = []
    for (let rep = 0; rep < reps; rep++) {
      const workBefore = await sandbox.cacheWork()
      started = performance.now()
      await syncer.delta()
      deltaMs.push(performance.now() - started)
      const workAfterDocket = await sandbox.cacheWork()
      docketWork.push(workBetween(workBefore, workAfterDocket))
      delta = await sandboxStats(sandbox.url, true)
      deltaRequests.push(delta.requests)
      deltaList.push(delta.byRoute[LIST_ROUTE] ?? 0)
      transportMs.push(await quietDeltaTransport(sandbox.url, token, agendaIds, agent))
      transportWork.push(workBetween(workAfterDocket, await sandbox.cacheWork()))
      await sandboxStats(sandbox.url, true)
      ctx.log(
        `scale: quiet delta ${rep + 1}/${reps}: ${Math.round(deltaMs.at(-1)!)} ms, ${delta.requests} requests; the transport alone ${Math.round(transportMs.at(-1)!)} ms`,
      )
    }
    const transport = median(transportMs)
    const deltaTime = median(deltaMs)
    const boundMs = Math.ceil(agendas / BUDGET) * LATENCY_MS
    const fullRatio = fullList / minimum
    const deltaExact = deltaRequests.every((n) => n === agendas + 1)
    const pass = fullRatio <= 1.05 && deltaExact && deltaTime <= 1.2 * boundMs
    return {
      ...B8,
      figure:
        `full sync ${fullList} list requests = ${fullRatio.toFixed(2)}x the minimum ${minimum} (${Math.round(fullMs)} ms); ` +
        `quiet delta ${median(deltaRequests)} requests for ${agendas} agendas (${median(deltaList)} list + 1 agenda list), ` +
        `${Math.round(deltaTime)} ms = ${(deltaTime / boundMs).toFixed(2)}x the bound ${boundMs} ms (ceil(${agendas} / ${BUDGET}) x ${LATENCY_MS} ms; ` +
        `the transport alone ${Math.round(transport)} ms = ${(transport / boundMs).toFixed(2)}x); ` +
        `peak ${Math.max(full.peakInFlight, delta?.peakInFlight ?? 0)} in flight`,
      pass,
      metrics: {
        agendas,
        minimumFullListRequests: minimum,
        fullSyncListRequests: fullList,
        fullSyncRequests: full.requests,
        fullSyncRatioToMinimum: round(fullRatio, 3),
        fullSyncMs: round(fullMs),
        fullSyncRequestsByRoute: full.byRoute,
        fullSyncPeakInFlight: full.peakInFlight,
        quietDeltaRequestsRuns: deltaRequests,
        quietDeltaListRequestsRuns: deltaList,
        quietDeltaAgendaListRequests: delta?.byRoute[AGENDAS_ROUTE],
        quietDeltaMs: round(deltaTime),
        quietDeltaRunsMs: deltaMs.map((v) => round(v)),
        quietDeltaBoundMs: boundMs,
        quietDeltaRatioToBound: round(deltaTime / boundMs, 2),
        quietDeltaPeakInFlight: delta?.peakInFlight,
        ...transportAloneMetrics(transportMs, boundMs),
        quietDeltaOverTransportAlone: round(deltaTime / transport, 2),
        docketSandboxWorkRuns: docketWork,
        transportSandboxWorkRuns: transportWork,
        budget: BUDGET,
        latencyMs: LATENCY_MS,
        loadAverage1mAtEnd: round(loadavg()[0]!, 2),
        sandboxStartupMs: round(sandbox.startupMs),
        reps,
      },
      notes: [
        `Docket code path: ${syncer.path}`,
        'Requests counted by the sandbox (GET /_sandbox/stats, reset before each sync); the stats route itself is not counted.',
        'minimumFullListRequests: per agenda the demo user sees, the pages holding its documents (both types) plus one, the page that says "no more".',
        "Quiet delta: Docket's next syncNow() with nothing changed on the service: GET /agendas and one modified_since page per agenda.",
        `Bound of the quiet delta: ceil(agendas / ${BUDGET} requests in flight) x ${LATENCY_MS} ms; the service's CPU per request and Docket's store work are the gap.`,
        `transportAlone*: after each quiet delta, the same ${'agendas + 1'} requests sent by plain undici with ${BUDGET} in flight, bodies read and dropped: what any client with this budget gets from this sandbox on this machine at that moment; quietDeltaOverTransportAlone is what Docket adds.`,
        "docketSandboxWorkRuns / transportSandboxWorkRuns: the sandbox's listing work during each quiet delta and each transport run (list queries computed, documents rendered, not served from its caches). Each side's `modified_since` differs from every listing before it, so each computes its 203 queries afresh and renders nothing: the transport meets the service as Docket met it, and no cache is dropped.",
      ],
    }
  } catch (error) {
    return failedResult(B8.id, B8.name, B8.target, error)
  } finally {
    await syncer?.close().catch(() => undefined)
    await agent.close().catch(() => undefined)
    await pageDecoder.close()
    await sandbox.close()
  }
}
