import { describe, expect, it } from 'vitest'
import { channels, events as contractEvents } from '../../../shared/ipc'
import { useTestWorkspace } from '../testing/offlineWorkspace'
import { createSyncHandlers } from './handlers'

const context = { senderUrl: 'app://docket/index.html' }
const current = useTestWorkspace()

describe('sync handlers', () => {
  it('answer what the contract promises: sync now, then the status with the outbox counts', async () => {
    const handlers = createSyncHandlers(() => current().workspace)
    const status = channels['sync.now'].output.parse(await handlers['sync.now']({}, context))
    expect(status).toMatchObject({ online: true, syncing: false, pending: 0 })
    const [doc] = await current().workspace.listDocuments(1)
    await current().workspace.enqueue({ kind: 'documents.archive', documentId: doc!.id })
    expect(channels['sync.status'].output.parse(await handlers['sync.status']({}, context)).pending).toBe(1)
  })

  it('the workspace emits only events the contract declares, with payloads that match it', async () => {
    await current().workspace.syncNow()
    const [doc] = await current().workspace.listDocuments(1)
    await current().workspace.enqueue({ kind: 'documents.repair', documentId: doc!.id })
    expect(current().events.length).toBeGreaterThan(3)
    for (const { event, payload } of current().events) {
      const spec = (contractEvents as Record<string, { payload: { parse(v: unknown): unknown } }>)[event]
      expect(spec, `declared event ${event}`).toBeDefined()
      expect(() => spec!.payload.parse(payload)).not.toThrow()
    }
  })
})

describe('sync.retryStorage', () => {
  it('tries the failed write again and answers the status after it (a contract status)', async () => {
    const calls: string[] = []
    const status = channels['sync.status'].output.parse({
      ...(await createSyncHandlers(() => current().workspace)['sync.status']({}, context)),
    })
    const handlers = createSyncHandlers(() => ({
      status: () => status,
      syncNow: async () => undefined,
      tryNow: async () => void calls.push('tryNow'),
      retryStorage: async () => void calls.push('retryStorage'),
      cacheUsage: async () => ({ bytes: 0, files: 0, capBytes: 0 }),
    }))
    expect(channels['sync.retryStorage'].output.parse(await handlers['sync.retryStorage']({}, context))).toEqual(status)
    expect(calls).toEqual(['retryStorage'])
  })
})

describe('sync.tryNow', () => {
  it('asks the workspace to try now and answers the status after it (a contract status)', async () => {
    const calls: string[] = []
    const status = channels['sync.status'].output.parse(
      await createSyncHandlers(() => current().workspace)['sync.status']({}, context),
    )
    const handlers = createSyncHandlers(() => ({
      status: () => status,
      syncNow: async () => void calls.push('syncNow'),
      tryNow: async () => void calls.push('tryNow'),
      retryStorage: async () => void calls.push('retryStorage'),
      cacheUsage: async () => ({ bytes: 0, files: 0, capBytes: 0 }),
    }))
    expect(channels['sync.tryNow'].output.parse(await handlers['sync.tryNow']({}, context))).toEqual(status)
    expect(calls).toEqual(['tryNow'])
  })
})

describe('sync.cacheUsage', () => {
  it('answers the bytes and files the cache holds and its cap, which a lower cap empties at once', async () => {
    const { workspace } = current()
    const handlers = createSyncHandlers(() => workspace)
    const usage = async () => channels['sync.cacheUsage'].output.parse(await handlers['sync.cacheUsage']({}, context))
    await workspace.syncNow()
    const [doc] = await workspace.listDocuments(1)
    const preview = await workspace.getPreview(doc!.id)
    expect(preview).not.toBeNull()
    const filled = await usage()
    expect(filled.files).toBeGreaterThanOrEqual(1)
    expect(filled.bytes).toBeGreaterThanOrEqual(preview!.bytes.byteLength)
    expect(filled.capBytes).toBe(500 * 1024 * 1024)
    await workspace.setCacheCap(0)
    expect(await usage()).toEqual({ bytes: 0, files: 0, capBytes: 0 })
  })
})
