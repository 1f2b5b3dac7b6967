import { describe, expect, it } from 'vitest'
import { useWorkspaceHarness } from '../testing/workspaceHarness'

const h = useWorkspaceHarness()

describe('push', () => {
  it('pushes per document in order, in parallel across documents', async () => {
    const ws = await h.workspace({ pushConcurrency: 3 })
    await ws.syncNow()
    h.service.offline = true
    const [a, b] = h.agendaOneIds()
    await ws.enqueue({ kind: 'documents.setState', items: [{ id: a!, state: 'ready' }] })
    await ws.enqueue({ kind: 'documents.setState', items: [{ id: b!, state: 'ready' }] })
    await ws.enqueue({ kind: 'documents.setState', items: [{ id: a!, state: 'exported' }] })
    await ws.enqueue({ kind: 'documents.archive', documentId: a! })
    h.service.offline = false
    h.service.calls = []
    await ws.syncNow()
    const onA = h.service.calls.filter((c) => c.includes(`"id":${a}`) || c === `archiveDocument:${a}`)
    expect(onA).toEqual([
      `setDocumentState:{"id":${a},"state":"ready"}`,
      `setDocumentState:{"id":${a},"state":"exported"}`,
      `archiveDocument:${a}`,
    ])
    expect(h.service.documents.get(a!)).toMatchObject({ state: 'exported', archived: true })
    expect(h.service.documents.get(b!)!.state).toBe('ready')
  })

  it('a refused action fails with a readable reason and its effect is rolled back; retry and discard', async () => {
    const [id] = h.agendaOneIds()
    h.service.touch(id!, { state: 'exported' })
    const ws = await h.workspace()
    await ws.syncNow()
    const entry = await ws.enqueue({ kind: 'documents.repair', documentId: id! })
    expect((await ws.getDocument(id!))!.state).toBe('repairing')
    await ws.syncNow()
    const [failed] = await ws.listOutbox()
    expect(failed).toMatchObject({ id: entry.id, status: 'failed', error: { code: 'bad_request' } })
    expect(failed!.error!.message).toMatch(/cannot be repaired/)
    const doc = (await ws.getDocument(id!))!
    expect(doc.state).toBe('exported')
    expect(doc.local.failed).toMatchObject({ code: 'bad_request' })
    expect(ws.status()).toMatchObject({ failed: 1, pending: 0 })

    await ws.retry(entry.id)
    expect((await ws.listOutbox())[0]!.status).toBe('pending')
    expect((await ws.getDocument(id!))!.state).toBe('repairing')
    await ws.syncNow()
    await ws.discard(entry.id)
    expect(await ws.listOutbox()).toEqual([])
    expect((await ws.getDocument(id!))!).toMatchObject({ state: 'exported', local: { failed: null } })
  })

  it('goes offline on network errors, keeps the outbox, and applies it when back', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    h.service.offline = true
    const [id] = h.agendaOneIds()
    await ws.enqueue({ kind: 'documents.setState', items: [{ id: id!, state: 'ready' }] })
    await ws.syncNow()
    expect(ws.status()).toMatchObject({ online: false, pending: 1 })
    expect(ws.status().lastError).toMatchObject({ code: 'network' })
    h.service.offline = false
    await ws.syncNow()
    expect(ws.status()).toMatchObject({ online: true, pending: 0 })
    expect(h.service.documents.get(id!)!.state).toBe('ready')
  })

  it('pauses on reauth_required and keeps the queue', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    const [id] = h.agendaOneIds()
    h.service.failNext('setDocumentState', Object.assign(new Error('Sign in again.'), { code: 'reauth_required' }))
    await ws.enqueue({ kind: 'documents.setState', items: [{ id: id!, state: 'exported' }] })
    await ws.syncNow()
    expect(ws.status()).toMatchObject({ paused: true, pending: 1 })
    expect((await ws.listOutbox())[0]).toMatchObject({ status: 'pending', attempts: 0 })
    ws.resume()
    await expect.poll(() => ws.status().pending, { timeout: 5_000 }).toBe(0)
    expect(h.service.documents.get(id!)!.state).toBe('exported')
  })
})
