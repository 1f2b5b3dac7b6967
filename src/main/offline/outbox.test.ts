import { describe, expect, it } from 'vitest'
import { useWorkspaceHarness } from './testing/workspaceHarness'

const h = useWorkspaceHarness()

describe('outbox', () => {
  it('writes the entry and its optimistic effect together', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    h.service.offline = true
    const [id] = h.agendaOneIds()
    const entry = await ws.enqueue({ kind: 'documents.setState', items: [{ id: id!, state: 'ready' }] })
    expect(entry).toMatchObject({
      status: 'pending',
      attempts: 0,
      dependsOn: [],
      action: { kind: 'documents.setState' },
    })
    expect(entry.baseLastModifiedAt).toBe(h.service.documents.get(id!)!.last_modified_at)
    expect((await ws.getDocument(id!))!).toMatchObject({ state: 'ready', local: { pendingActions: 1 } })
    expect((await ws.listOutbox()).map((e) => e.id)).toEqual([entry.id])
    expect(h.events.some((e) => e.event === 'outbox.changed')).toBe(true)
    expect(
      h.events.some(
        (e) => e.event === 'documents.changed' && (e.payload as { documentIds: number[] }).documentIds.includes(id!),
      ),
    ).toBe(true)
  })

  it('writes nothing when the atomic batch fails (no entry, no effect)', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    const [id] = h.agendaOneIds()
    const original = h.level.batch.bind(h.level)
    ;(h.level as unknown as { batch: unknown }).batch = async () => {
      throw new Error('disk full')
    }
    await expect(ws.enqueue({ kind: 'documents.archive', documentId: id! })).rejects.toThrow('disk full')
    ;(h.level as unknown as { batch: unknown }).batch = original
    expect(await ws.listOutbox()).toEqual([])
    expect((await ws.getDocument(id!))!.local).toMatchObject({ archived: false, pendingActions: 0 })
    expect((await ws.listDocuments(1)).map((d) => d.id)).toContain(id)
  })

  it('refuses an invalid action with code invalid_action', async () => {
    const ws = await h.workspace()
    await expect(
      ws.enqueue({ kind: 'documents.setState', items: [{ id: 1, state: 'repairing' }] } as never),
    ).rejects.toMatchObject({
      code: 'invalid_action',
    })
  })

  it('undo removes an entry within its undo window and reverts its effect', async () => {
    const ws = await h.workspace({ undoWindowMs: 3_000, longUndoWindowMs: 10_000 })
    await ws.syncNow()
    const [a] = h.agendaOneIds()
    const archive = await ws.enqueue({ kind: 'documents.archive', documentId: a! })
    expect(archive.nextAttemptAt).toBe(new Date(Date.parse(archive.createdAt) + 10_000).toISOString())
    expect((await ws.listDocuments(1)).map((d) => d.id)).not.toContain(a)
    await ws.syncNow()
    expect(h.service.count('archiveDocument')).toBe(0)
    await ws.undo(archive.id)
    expect((await ws.listDocuments(1)).map((d) => d.id)).toContain(a)
    expect(await ws.listOutbox()).toEqual([])
    h.service.tick(3_000)
    const later = await ws.enqueue({ kind: 'documents.archive', documentId: a! })
    h.service.tick(10_001)
    await ws.syncNow()
    expect(h.service.count('archiveDocument')).toBe(1)
    await expect(ws.undo(later.id)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('archive, delete and repair wait the long undo window; other actions the short one', async () => {
    const ws = await h.workspace({ undoWindowMs: 3_000, longUndoWindowMs: 10_000 })
    await ws.syncNow()
    h.service.offline = true
    const [a, b, c] = h.agendaOneIds()
    const heldFor = (entry: { createdAt: string; nextAttemptAt?: string }) =>
      Date.parse(entry.nextAttemptAt!) - Date.parse(entry.createdAt)
    expect(heldFor(await ws.enqueue({ kind: 'documents.setState', items: [{ id: a!, state: 'exported' }] }))).toBe(
      3_000,
    )
    expect(heldFor(await ws.enqueue({ kind: 'comments.create', documentId: a!, text: 'x' }))).toBe(3_000)
    expect(heldFor(await ws.enqueue({ kind: 'documents.repair', documentId: b! }))).toBe(10_000)
    expect(heldFor(await ws.enqueue({ kind: 'documents.archive', documentId: a! }))).toBe(10_000)
    expect(heldFor(await ws.enqueue({ kind: 'documents.delete', documentId: c! }))).toBe(10_000)
  })

  it('once an entry was sent it is too late to undo it', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    const [, b] = h.agendaOneIds()
    const sent = await ws.enqueue({ kind: 'documents.setState', items: [{ id: b!, state: 'ready' }] })
    await ws.syncNow()
    await expect(ws.undo(sent.id)).rejects.toMatchObject({ code: 'not_found' })
    h.service.offline = true
    const tried = await ws.enqueue({ kind: 'documents.setState', items: [{ id: b!, state: 'exported' }] })
    await expect.poll(async () => (await ws.listOutbox())[0]?.attempts).toBe(1)
    expect((await ws.listOutbox())[0]).toMatchObject({ id: tried.id, status: 'pending', attempts: 1 })
    await expect(ws.undo(tried.id)).rejects.toMatchObject({ code: 'too_late' })
  })

  it('undoing a create also removes the edits waiting for it', async () => {
    const ws = await h.workspace({ undoWindowMs: 60_000 })
    await ws.syncNow()
    h.service.offline = true
    const [id] = h.agendaOneIds()
    const create = await ws.enqueue({ kind: 'comments.create', documentId: id!, text: 'a' })
    await ws.enqueue({ kind: 'comments.delete', documentId: id!, uuid: `local-${create.id}` })
    await ws.undo(create.id)
    expect(await ws.listOutbox()).toEqual([])
  })
})
