import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MemoryLevel } from 'memory-level'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { syncChannels, syncEvents } from '../../../shared/ipc/channels/sync'
import { openWorkspace, type OfflineWorkspace } from '../../offline'
import { FakeService } from '../../offline/fakeClient'
import type { Level } from '../../offline/store'
import type { WorkspacePort } from '../workspace/port'
import { createSyncHandlers } from './handlers'

const context = { senderUrl: 'app://docket/index.html' }
let dir: string
let service: FakeService
let workspace: OfflineWorkspace
let events: { event: string; payload: unknown }[]

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docket-sync-handlers-'))
  service = new FakeService({ agendas: 1, documentsPerAgenda: 3 })
  events = []
  workspace = await openWorkspace({
    dir,
    client: service,
    userId: 7,
    level: new MemoryLevel<string, unknown>({ valueEncoding: 'json' }) as unknown as Level,
    clock: () => new Date(service.now()),
    emit: (event, payload) => events.push({ event, payload }),
    options: { durableWrites: false, undoWindowMs: 60_000 },
  })
})

afterEach(async () => {
  await workspace.close()
  await rm(dir, { recursive: true, force: true })
})

describe('sync handlers', () => {
  it('answer what the contract promises: status, sync now, outbox list, undo', async () => {
    const handlers = createSyncHandlers(() => workspace)
    const status = syncChannels['sync.now'].output.parse(await handlers['sync.now']({}, context))
    expect(status).toMatchObject({ online: true, syncing: false, pending: 0 })
    const [doc] = await workspace.listDocuments(1)
    const entry = await workspace.enqueue({ kind: 'document.archive', documentId: doc!.id })
    const list = syncChannels['outbox.list'].output.parse(await handlers['outbox.list']({}, context))
    expect(list.entries).toEqual([
      expect.objectContaining({ id: entry.id, status: 'pending', description: `Archive #${doc!.id}` }),
    ])
    expect(syncChannels['sync.status'].output.parse(await handlers['sync.status']({}, context)).pending).toBe(1)
    await handlers['outbox.undo']({ entryId: entry.id }, context)
    expect((await handlers['outbox.list']({}, context)).entries).toEqual([])
  })

  it('pass the workspace error codes through (retry of an entry that did not fail)', async () => {
    const handlers = createSyncHandlers(() => workspace)
    await expect(handlers['outbox.retry']({ entryId: 'nope' }, context)).rejects.toMatchObject({ code: 'not_found' })
    const [doc] = (await workspace.syncNow(), await workspace.listDocuments(1))
    const entry = await workspace.enqueue({ kind: 'document.archive', documentId: doc!.id })
    await expect(handlers['outbox.discard']({ entryId: entry.id }, context)).rejects.toMatchObject({
      code: 'not_failed',
    })
  })

  it('the workspace emits only events whose payloads match the contract', async () => {
    await workspace.syncNow()
    const [doc] = await workspace.listDocuments(1)
    await workspace.enqueue({ kind: 'document.repair', documentId: doc!.id })
    expect(events.length).toBeGreaterThan(3)
    for (const { event, payload } of events) {
      const spec = (syncEvents as Record<string, { payload: { parse(v: unknown): unknown } }>)[event]
      expect(spec, `declared event ${event}`).toBeDefined()
      expect(() => spec!.payload.parse(payload)).not.toThrow()
    }
  })
})

describe('fits the triage handlers', () => {
  it('an OfflineWorkspace is a WorkspacePort (src/main/app/workspace/port.ts)', () => {
    const port: WorkspacePort = {} as OfflineWorkspace
    expect(port).toBeDefined()
  })
})
