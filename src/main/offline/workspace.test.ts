import { describe, expect, it } from 'vitest'
import { FakeService } from './testing/fakeClient'
import { useWorkspaceHarness } from './testing/workspaceHarness'
import { LIST_CHUNK } from './workspace'

const h = useWorkspaceHarness()

describe('workspace', () => {
  it('caches agendas and documents (id descending, with agenda_id) and reads them with no network', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    h.service.offline = true
    expect((await ws.listAgendas()).map((a) => a.id)).toEqual([1, 2])
    const docs = await ws.listDocuments(1)
    expect(docs.map((d) => d.id)).toEqual(h.agendaOneIds())
    expect(docs[0]).toMatchObject({ agenda_id: 1, local: { pendingActions: 0, failed: null, archived: false } })
    expect(ws.status()).toMatchObject({ online: true, pending: 0, failed: 0 })
    expect(ws.status().lastSyncAt).not.toBeNull()
  })

  it('forEachDocument reads an agenda larger than one chunk in chunks, in the order of listDocuments', async () => {
    h.service = new FakeService({ agendas: 1, documentsPerAgenda: LIST_CHUNK * 2 + 7 })
    const ws = await h.workspace()
    await ws.syncNow()
    const [archived] = h.agendaOneIds()
    await ws.enqueue({ kind: 'documents.archive', documentId: archived! })
    const visited: number[] = []
    const reads: number[] = []
    const getMany = h.level.getMany.bind(h.level)
    h.level.getMany = ((keys: string[], ...rest: unknown[]) => {
      reads.push(keys.length)
      return (getMany as (...a: unknown[]) => unknown)(keys, ...rest)
    }) as typeof h.level.getMany
    await ws.forEachDocument(1, (doc) => visited.push(doc.id))
    expect(reads.length).toBeGreaterThanOrEqual(3)
    expect(Math.max(...reads)).toBeLessThanOrEqual(LIST_CHUNK)
    expect(visited).toEqual(h.agendaOneIds().filter((id) => id !== archived))
    expect((await ws.listDocuments(1)).map((d) => d.id)).toEqual(visited)
  })

  it('an entry left in flight by a crash is replayed from storage after reopening, checked first for creates', async () => {
    const first = await h.workspace()
    await first.syncNow()
    const [a, b] = h.agendaOneIds()
    h.service.offline = true
    const comment = await first.enqueue({ kind: 'comments.create', documentId: a!, text: 'Crash me' })
    await first.enqueue({ kind: 'documents.setState', items: [{ id: b!, state: 'exported' }] })
    await first.close()
    h.open.splice(0)
    // The process died right after the service applied the create: it is in flight in the store.
    const key = String(
      (await h.level.sublevel<string, number>('outboxIds', { valueEncoding: 'json' }).get(comment.id))!,
    ).padStart(12, '0')
    const outbox = h.level.sublevel<string, Record<string, unknown>>('outbox', { valueEncoding: 'json' })
    await outbox.put(key, { ...(await outbox.get(key))!, status: 'in_flight', attempts: 1 })
    h.service.offline = false
    await h.service.createComment(a!, 'Crash me')
    h.service.calls = []

    const second = await h.workspace()
    expect((await second.listOutbox()).find((e) => e.id === comment.id)).toMatchObject({
      status: 'pending',
      uncertain: true,
    })
    expect((await second.listComments(a!)).map((c) => c.text)).toEqual(['Crash me'])
    await second.syncNow()
    expect(await second.listOutbox()).toEqual([])
    expect(h.service.comments.filter((c) => c.text === 'Crash me')).toHaveLength(1)
    expect(h.service.count('createComment')).toBe(0)
    expect(h.service.documents.get(b!)!.state).toBe('exported')
  })

  it('a repair left in flight by a crash is not sent again when the review already ended', async () => {
    const first = await h.workspace()
    await first.syncNow()
    const [id] = h.agendaOneIds()
    h.service.offline = true
    const entry = await first.enqueue({ kind: 'documents.repair', documentId: id! })
    await first.close()
    h.open.splice(0)
    // The process died after sending: the service put it in repair, and the review ended.
    const key = String(
      (await h.level.sublevel<string, number>('outboxIds', { valueEncoding: 'json' }).get(entry.id))!,
    ).padStart(12, '0')
    const outbox = h.level.sublevel<string, Record<string, unknown>>('outbox', { valueEncoding: 'json' })
    await outbox.put(key, {
      ...(await outbox.get(key))!,
      status: 'in_flight',
      attempts: 1,
      lastAttemptAt: h.service.now(),
    })
    h.service.offline = false
    await h.service.repairDocument(id!)
    h.service.touch(id!, { state: 'ready' })
    h.service.calls = []
    const second = await h.workspace()
    await second.syncNow()
    expect(await second.listOutbox()).toEqual([])
    expect(h.service.count('repairDocument')).toBe(0)
  })

  it('fetches originals when online and answers offline when not cached', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    const [a, b] = h.agendaOneIds()
    expect(await ws.getOriginal(a!)).toMatchObject({ contentType: 'application/pdf' })
    h.service.offline = true
    expect((await ws.getOriginal(a!)).bytes.byteLength).toBe(50)
    await expect(ws.getOriginal(b!)).rejects.toMatchObject({ code: 'offline' })
    await expect(ws.getOriginal(999_999)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('keeps an answer to a warning stamped with the user and the clock, through syncs and a reopen', async () => {
    const first = await h.workspace()
    await first.syncNow()
    const [id] = h.agendaOneIds()
    const stored = await first.acknowledge({ documentId: id!, code: 'overdue', kind: 'acknowledged', reason: 'paid' })
    expect(stored).toMatchObject({ userId: 7, at: new Date(h.service.now()).toISOString(), reason: 'paid' })
    await first.syncNow()
    await first.close()
    h.open.splice(0)

    const second = await h.workspace()
    await second.syncNow()
    expect(await second.acknowledgements(id!)).toEqual([stored])
    expect(await second.allAcknowledgements()).toEqual(new Map([[id!, [stored]]]))
    h.events = []
    await second.withdrawAcknowledgement(id!, 'overdue')
    expect(await second.acknowledgements(id!)).toEqual([])
    expect(await second.allAcknowledgements()).toEqual(new Map())
    // The inbox row counts its warnings without the answered ones: it is read again.
    expect(h.documentsChanged()).toEqual([{ documentIds: [id!], agendaIds: [] }])
  })
})
