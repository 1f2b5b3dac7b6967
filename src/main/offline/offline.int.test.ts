import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox'
import type { ApiClient } from '../api/client'
import { ApiError } from '../api/errors'
import { sourcePageWorker, WorkerPageDecoder } from '../api/pageDecoder'
import type { WorkspaceClient } from './client'
import { sandboxClient } from './testing/sandboxClient'
import { openWorkspace, type OfflineWorkspace } from './workspace'

/**
 * The offline workspace against the sandbox over real HTTP, with faults on (500s, 429s,
 * connections dropped before and after the service applied a request, latency).
 */

let sandbox: Sandbox
let client: ApiClient
let dir: string
/** Pulls decode pages in a worker thread, as in the app. */
const pageDecoder = new WorkerPageDecoder({ ...sourcePageWorker() })
const faults = { errorRate: 0.08, rate429: 0.04, dropRate: 0.08, retryAfterSec: 0, latencyMs: 2 }

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    admin: true,
    documents: 130,
    jobDelayMs: 50,
    repairDelayMs: 2_000,
    processingDelayMs: 50,
  })
  const demo = sandbox.credentials.users[0]!
  client = await sandboxClient({
    url: sandbox.url,
    clientId: sandbox.credentials.clientId,
    clientSecret: sandbox.credentials.clientSecret,
    email: demo.email,
    password: demo.password,
    pageDecoder,
  })
  dir = await mkdtemp(join(tmpdir(), 'docket-offline-int-'))
})

afterAll(async () => {
  await client?.close()
  await pageDecoder.close()
  await sandbox?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

async function open(events: { event: string; payload: unknown }[] = []): Promise<OfflineWorkspace> {
  return openWorkspace({
    dir,
    client,
    userId: sandbox.credentials.users[0]!.id,
    emit: (event, payload) => events.push({ event, payload }),
    options: {
      undoWindowMs: 0,
      longUndoWindowMs: 0,
      backoffBaseMs: 20,
      backoffMaxMs: 200,
      batchConfirmPollMs: 50,
      batchConfirmTimeoutMs: 10_000,
      repairPollMs: 100,
      pullIntervalMs: 60_000,
    },
  })
}

/** Syncs until the outbox is empty of live entries (faults make single syncs fall short). */
async function syncUntilSettled(ws: OfflineWorkspace): Promise<void> {
  for (let round = 0; round < 60; round++) {
    await ws.syncNow()
    const live = (await ws.listOutbox()).filter((e) => e.status === 'pending' || e.status === 'in_flight')
    if (live.length === 0 && ws.status().online && ws.status().lastError === null) return
    await new Promise((r) => setTimeout(r, 30))
  }
  throw new Error(`outbox did not settle: ${JSON.stringify(await ws.listOutbox())}`)
}

describe('offline workspace against the sandbox with faults', () => {
  it('pulls every page of every agenda and matches the service', async () => {
    sandbox.setFaults(faults)
    const ws = await open()
    try {
      await syncUntilSettled(ws)
      const state = sandbox.state()
      const cachedAgendas = (await ws.listAgendas()).map((a) => a.id).sort()
      expect(cachedAgendas).toEqual(
        state.agendas
          .filter((a) => a.members.some((m) => m.user_id === 1) || a.links.owner.id === 1)
          .map((a) => a.id)
          .sort(),
      )
      for (const agendaId of cachedAgendas) {
        // Exported documents untouched for the retention period (30 days) are not cached.
        const cutoff = Date.now() - 30 * 86_400_000
        const expected = state.documents
          .filter((d) => d.agenda_id === agendaId && !d.archived)
          .filter((d) => !(d.state === 'exported' && Date.parse(d.last_modified_at) < cutoff))
          .map((d) => d.id)
        expect(expected.length).toBeGreaterThan(0)
        expect((await ws.listDocuments(agendaId)).map((d) => d.id)).toEqual(expected)
      }
      expect(ws.status().progress.done).toBe(ws.status().progress.expected)
    } finally {
      await ws.close()
    }
  })

  it('applies a mixed outbox exactly once and survives a reopen of the same folder', async () => {
    sandbox.setFaults({ errorRate: 0, rate429: 0, dropRate: 0 })
    const first = await open()
    await first.syncNow()
    const docs = await first.listDocuments(2)
    const [d1, d2, d3, d4, d5, d6] = docs.map((d) => d.id)
    await first.close()
    // Offline from here: write everything, then reopen the folder and sync with faults on.
    const unreachable = new Proxy(
      {},
      { get: () => () => Promise.reject(new ApiError('network', 'Cannot reach the service.')) },
    )
    const offlineWs = await openWorkspace({
      dir,
      client: unreachable as WorkspaceClient,
      userId: 1,
      options: { undoWindowMs: 0, longUndoWindowMs: 0 },
    })
    const created = await offlineWs.enqueue({ kind: 'comments.create', documentId: d1!, text: 'int: check VAT' })
    await offlineWs.enqueue({
      kind: 'comments.update',
      documentId: d1!,
      uuid: `local-${created.id}`,
      text: 'int: check VAT rate',
    })
    const doomed = await offlineWs.enqueue({ kind: 'comments.create', documentId: d2!, text: 'int: to delete' })
    await offlineWs.enqueue({ kind: 'comments.delete', documentId: d2!, uuid: `local-${doomed.id}` })
    await offlineWs.enqueue({ kind: 'documents.setState', items: [{ id: d3!, state: 'ready' }] })
    await offlineWs.enqueue({ kind: 'documents.setState', items: [{ id: d3!, state: 'exported' }] })
    await offlineWs.enqueue({
      kind: 'documents.setState',
      items: [
        { id: d4!, state: 'exported' },
        { id: d5!, state: 'ready' },
      ],
    })
    await offlineWs.enqueue({ kind: 'documents.archive', documentId: d6! })
    expect(offlineWs.status().pending).toBe(8)
    await offlineWs.close()

    sandbox.setFaults(faults)
    const ws = await open()
    try {
      expect((await ws.listOutbox()).length).toBe(8)
      await syncUntilSettled(ws)
      expect(await ws.listOutbox()).toEqual([])
      const state = sandbox.state()
      const byId = new Map(state.documents.map((d) => [d.id, d]))
      expect(byId.get(d3!)!.state).toBe('exported')
      expect(byId.get(d4!)!.state).toBe('exported')
      expect(byId.get(d5!)!.state).toBe('ready')
      expect(byId.get(d6!)!.archived).toBe(true)
      const live = state.comments.filter((c) => !c.deleted && c.text.startsWith('int: '))
      expect(live.map((c) => c.text)).toEqual(['int: check VAT rate'])
      expect(state.comments.filter((c) => c.text.startsWith('int: to delete'))).toHaveLength(1)
      expect((await ws.listComments(d1!)).map((c) => c.text)).toContain('int: check VAT rate')
      expect((await ws.listDocuments(2)).map((d) => d.id)).not.toContain(d6)
    } finally {
      await ws.close()
    }
  })

  it('a refused repair fails with the service reason and is rolled back; a repair is polled until review ends', async () => {
    sandbox.setFaults({ errorRate: 0, rate429: 0, dropRate: 0 })
    const events: { event: string; payload: unknown }[] = []
    const ws = await open(events)
    try {
      await ws.syncNow()
      const [exported, fresh] = (await ws.listDocuments(2))
        .filter((d) => d.state === 'not_ready' || d.state === 'ready')
        .map((d) => d.id)
      await ws.enqueue({ kind: 'documents.setState', items: [{ id: exported!, state: 'exported' }] })
      const refused = await ws.enqueue({ kind: 'documents.repair', documentId: exported!, description: 'too late' })
      await ws.enqueue({ kind: 'documents.repair', documentId: fresh!, description: 'supplier VAT id is wrong' })
      await syncUntilSettled(ws)
      const [failed] = await ws.listOutbox()
      expect(failed).toMatchObject({ id: refused.id, status: 'failed', error: { code: 'validation' } })
      expect(failed!.error!.message.length).toBeGreaterThan(5)
      expect((await ws.getDocument(exported!))!.state).toBe('exported')
      expect((await ws.getDocument(fresh!))!.state).toBe('repairing')
      ws.start()
      await expect
        .poll(
          () =>
            events.some(
              (e) =>
                e.event === 'documents.repairFinished' && (e.payload as { documentId: number }).documentId === fresh,
            ),
          { timeout: 10_000 },
        )
        .toBe(true)
      expect((await ws.getDocument(fresh!))!.state).toBe('ready')
      expect(sandbox.state().repairs.filter((r) => r.document_id === fresh)).toHaveLength(1)
    } finally {
      await ws.close()
    }
  })

  it('caches previews and originals for offline reading', async () => {
    sandbox.setFaults({ errorRate: 0, rate429: 0, dropRate: 0 })
    const ws = await open()
    try {
      await ws.syncNow()
      const [doc] = await ws.listDocuments(1)
      const preview = await ws.getPreview(doc!.id)
      const original = await ws.getOriginal(doc!.id)
      expect(preview?.bytes.byteLength ?? 0).toBeGreaterThan(0)
      expect(original.bytes.byteLength).toBeGreaterThan(0)
      expect(original.fileName).toBe(doc!.user_file_name)
    } finally {
      await ws.close()
    }
  })
})
