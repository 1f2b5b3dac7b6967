import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MemoryLevel } from 'memory-level'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../api/errors'
import { FakeService } from './fakeClient'
import type { Level } from './store'
import { LIST_CHUNK, openWorkspace, type OfflineWorkspace, type WorkspaceOptions } from './workspace'

let dir: string
let level: MemoryLevel<string, unknown>
let service: FakeService
let events: { event: string; payload: unknown }[]
const open: OfflineWorkspace[] = []

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docket-offline-'))
  level = new MemoryLevel<string, unknown>({ valueEncoding: 'json' })
  service = new FakeService({ agendas: 2, documentsPerAgenda: 3 })
  events = []
})

afterEach(async () => {
  for (const ws of open.splice(0)) await ws.close()
  await rm(dir, { recursive: true, force: true })
})

async function workspace(options: Partial<WorkspaceOptions['options']> = {}, extra: Partial<WorkspaceOptions> = {}) {
  const ws = await openWorkspace({
    dir,
    client: service,
    userId: 7,
    level: level as unknown as Level,
    clock: () => new Date(service.now()),
    emit: (event, payload) => events.push({ event, payload }),
    options: {
      durableWrites: false,
      backoffBaseMs: 5,
      backoffMaxMs: 20,
      batchConfirmPollMs: 1,
      undoWindowMs: 0,
      ...options,
    },
    ...extra,
  })
  open.push(ws)
  return ws
}

/** The ids of agenda 1's documents on the fake service, id descending. */
function agendaOneIds(): number[] {
  return [...service.documents.values()]
    .filter((d) => d.agenda_id === 1)
    .map((d) => d.id)
    .sort((a, b) => b - a)
}

describe('pull', () => {
  it('caches agendas and documents (id descending, with agenda_id) and reads them with no network', async () => {
    const ws = await workspace()
    await ws.syncNow()
    service.offline = true
    expect((await ws.listAgendas()).map((a) => a.id)).toEqual([1, 2])
    const docs = await ws.listDocuments(1)
    expect(docs.map((d) => d.id)).toEqual(agendaOneIds())
    expect(docs[0]).toMatchObject({ agenda_id: 1, local: { pendingActions: 0, failed: null, archived: false } })
    expect(ws.status()).toMatchObject({ online: true, pending: 0, failed: 0 })
    expect(ws.status().lastSyncAt).not.toBeNull()
  })

  it('forEachDocument reads an agenda larger than one chunk in chunks, in the order of listDocuments', async () => {
    service = new FakeService({ agendas: 1, documentsPerAgenda: LIST_CHUNK * 2 + 7 })
    const ws = await workspace()
    await ws.syncNow()
    const [archived] = agendaOneIds()
    await ws.enqueue({ kind: 'document.archive', documentId: archived! })
    const visited: number[] = []
    const reads: number[] = []
    const getMany = level.getMany.bind(level)
    level.getMany = ((keys: string[], ...rest: unknown[]) => {
      reads.push(keys.length)
      return (getMany as (...a: unknown[]) => unknown)(keys, ...rest)
    }) as typeof level.getMany
    await ws.forEachDocument(1, (doc) => visited.push(doc.id))
    expect(reads.length).toBeGreaterThanOrEqual(3)
    expect(Math.max(...reads)).toBeLessThanOrEqual(LIST_CHUNK)
    expect(visited).toEqual(agendaOneIds().filter((id) => id !== archived))
    expect((await ws.listDocuments(1)).map((d) => d.id)).toEqual(visited)
  })

  it('a pull that fails half-way keeps the pages it wrote and names their agendas in documents.changed', async () => {
    const ws = await workspace()
    service.failNext('listDocumentPages', new ApiError('server', 'The service failed (fake).', { status: 500 }), true)
    await ws.syncNow()
    expect(ws.status().lastError).toMatchObject({ code: 'server' })
    // Both listings ran at once and delivered their pages before agenda 1's call failed.
    const changed = events
      .filter((e) => e.event === 'documents.changed')
      .map((e) => e.payload as { documentIds: number[]; agendaIds: number[] })
    expect(changed).toHaveLength(1)
    expect(changed[0]!.documentIds).toEqual([])
    expect([...changed[0]!.agendaIds].sort()).toEqual([1, 2])
    expect((await ws.listDocuments(1)).map((d) => d.id)).toEqual(agendaOneIds())
  })

  it('tells readers only what a pull changed: a full pull names its agendas, a delta its changed documents, a quiet delta nothing', async () => {
    const ws = await workspace({ overlapMs: 5_000 })
    const changed = () =>
      events
        .filter((e) => e.event === 'documents.changed')
        .map((e) => e.payload as { documentIds: number[]; agendaIds: number[] })
    await ws.syncNow()
    expect(changed()).toHaveLength(1)
    expect([...changed()[0]!.agendaIds].sort()).toEqual([1, 2])

    // The next delta sees the last documents again (overlap) but none changed: no event.
    events = []
    service.tick(2_000)
    await ws.syncNow()
    expect(ws.status().lastError).toBeNull()
    expect(changed()).toEqual([])

    events = []
    const [id] = agendaOneIds()
    service.touch(id!, { state: 'ready' })
    await ws.syncNow()
    expect(changed()).toEqual([{ documentIds: [id], agendaIds: [] }])
  })

  it('a delta drops the stored comments of a document whose last comment was deleted on the service', async () => {
    const ws = await workspace()
    const [first, second] = agendaOneIds()
    const { uuid } = await service.createComment(first!, 'kept until deleted')
    await service.createComment(second!, 'stays')
    await ws.syncNow()
    expect((await ws.listComments(first!)).map((c) => c.uuid)).toEqual([uuid])
    await service.deleteComment(first!, uuid)
    service.touch(first!, {})
    await ws.syncNow()
    expect(ws.status().lastError).toBeNull()
    expect(await ws.listComments(first!)).toEqual([])
    expect((await ws.listComments(second!)).map((c) => c.text)).toEqual(['stays'])
  })

  it('asks for deltas with modified_since minus the overlap after the first full pull', async () => {
    const ws = await workspace({ overlapMs: 5_000 })
    await ws.syncNow()
    const firstPullAt = ws.status().lastSyncAt!
    service.calls = []
    const [id] = agendaOneIds()
    service.touch(id!, { state: 'ready' })
    await ws.syncNow()
    const delta = service.calls.find((c) => c.startsWith('listDocumentPages:') && c.includes('"agendaId":1'))!
    const sent = JSON.parse(delta.slice('listDocumentPages:'.length)) as { modifiedSince: string }
    expect(Date.parse(sent.modifiedSince)).toBe(Date.parse(firstPullAt) - 5_000)
    expect((await ws.getDocument(id!))!.state).toBe('ready')
  })

  it('a delta lists the known agendas alongside the agenda list; an agenda gone meanwhile is dropped, a new one pulled in full', async () => {
    const ws = await workspace()
    await ws.syncNow()
    const [kept] = agendaOneIds()
    const gone = [...service.documents.values()].find((d) => d.agenda_id === 2)!
    service.touch(kept!, { state: 'ready' })
    service.touch(gone.id, { state: 'exported' })
    // Agenda 2 leaves the account (its listing is sent before the agenda list says so); agenda 3 arrives.
    service.agendas = service.agendas.filter((a) => a.id !== 2)
    service.agendas[0] = { ...service.agendas[0]!, name: 'Agenda 1 renamed' }
    service.agendas.push({ id: 3, name: 'Agenda 3', home_currency: 'EUR' } as (typeof service.agendas)[number])
    const fresh = service.addDocument(3)
    service.calls = []
    // The agenda list answers late: the known agendas are being listed meanwhile.
    const listAgendas = service.listAgendas
    let listedWhileWaiting: string[] = []
    service.listAgendas = async () => {
      const agendas = await listAgendas()
      await new Promise((resolve) => setTimeout(resolve, 20))
      listedWhileWaiting = service.calls.filter((c) => c.startsWith('listDocumentPages:'))
      return agendas
    }
    await ws.syncNow()
    expect(ws.status().lastError).toBeNull()
    expect(listedWhileWaiting.map((c) => /"agendaId":(\d+)/.exec(c)![1])).toEqual(['1', '2'])
    expect(service.calls.filter((c) => c.startsWith('listDocumentPages:') && c.includes('"agendaId":3'))).toHaveLength(
      1,
    )
    expect((await ws.listAgendas()).map((a) => [a.id, a.name])).toEqual([
      [1, 'Agenda 1 renamed'],
      [3, 'Agenda 3'],
    ])
    expect((await ws.getDocument(kept!))!.state).toBe('ready')
    expect((await ws.getDocument(gone.id))!.state).not.toBe('exported')
    expect((await ws.listDocuments(3)).map((d) => d.id)).toEqual([fresh.id])
  })

  it('reports page progress (done / expected)', async () => {
    for (let i = 0; i < 120; i++) service.addDocument(1)
    const ws = await workspace()
    await ws.syncNow()
    const progress = events
      .filter((e) => e.event === 'sync.status')
      .map((e) => (e.payload as { progress: { done: number; expected: number } }).progress)
    expect(progress.at(-1)!.done).toBeGreaterThanOrEqual(3)
    expect(progress.at(-1)!.done).toBe(progress.at(-1)!.expected)
    expect(progress.some((p) => p.done > 0 && p.done < p.expected)).toBe(true)
  })

  it('never overwrites a field with a pending local effect (the effect is re-applied on top)', async () => {
    const ws = await workspace()
    await ws.syncNow()
    const [id] = agendaOneIds()
    service.offline = true
    await ws.enqueue({ kind: 'document.setState', documentId: id!, state: 'exported' })
    service.offline = false
    service.touch(id!, { state: 'ready', user_file_name: 'renamed.pdf' })
    // pull only: push is blocked by a refusal on the first try being transient
    service.failNext('setDocumentState', new ApiError('server', 'busy', { status: 503 }))
    await ws.syncNow()
    const doc = (await ws.getDocument(id!))!
    expect(doc.user_file_name).toBe('renamed.pdf')
    expect(doc.state).toBe('exported')
    expect(doc.local.pendingActions).toBe(1)
  })
})

describe('outbox', () => {
  it('writes the entry and its optimistic effect together', async () => {
    const ws = await workspace()
    await ws.syncNow()
    service.offline = true
    const [id] = agendaOneIds()
    const entry = await ws.enqueue({ kind: 'document.setState', documentId: id!, state: 'ready' })
    expect(entry).toMatchObject({
      status: 'pending',
      attempts: 0,
      dependsOn: [],
      action: { kind: 'document.setState' },
    })
    expect(entry.baseLastModifiedAt).toBe(service.documents.get(id!)!.last_modified_at)
    expect((await ws.getDocument(id!))!).toMatchObject({ state: 'ready', local: { pendingActions: 1 } })
    expect((await ws.listOutbox()).map((e) => e.id)).toEqual([entry.id])
    expect(events.some((e) => e.event === 'outbox.changed')).toBe(true)
    expect(
      events.some(
        (e) => e.event === 'documents.changed' && (e.payload as { documentIds: number[] }).documentIds.includes(id!),
      ),
    ).toBe(true)
  })

  it('writes nothing when the atomic batch fails (no entry, no effect)', async () => {
    const ws = await workspace()
    await ws.syncNow()
    const [id] = agendaOneIds()
    const original = level.batch.bind(level)
    ;(level as unknown as { batch: unknown }).batch = async () => {
      throw new Error('disk full')
    }
    await expect(ws.enqueue({ kind: 'document.archive', documentId: id! })).rejects.toThrow('disk full')
    ;(level as unknown as { batch: unknown }).batch = original
    expect(await ws.listOutbox()).toEqual([])
    expect((await ws.getDocument(id!))!.local).toMatchObject({ archived: false, pendingActions: 0 })
    expect((await ws.listDocuments(1)).map((d) => d.id)).toContain(id)
  })

  it('refuses an invalid action with code invalid_action', async () => {
    const ws = await workspace()
    await expect(
      ws.enqueue({ kind: 'document.setState', documentId: 1, state: 'repairing' } as never),
    ).rejects.toMatchObject({
      code: 'invalid_action',
    })
  })

  it('undo removes an entry within its undo window and reverts its effect', async () => {
    const ws = await workspace({ undoWindowMs: 3_000 })
    await ws.syncNow()
    const [a] = agendaOneIds()
    const archive = await ws.enqueue({ kind: 'document.archive', documentId: a! })
    expect(archive.nextAttemptAt).toBe(new Date(Date.parse(archive.createdAt) + 3_000).toISOString())
    expect((await ws.listDocuments(1)).map((d) => d.id)).not.toContain(a)
    await ws.syncNow()
    expect(service.count('archiveDocument')).toBe(0)
    await ws.undo(archive.id)
    expect((await ws.listDocuments(1)).map((d) => d.id)).toContain(a)
    expect(await ws.listOutbox()).toEqual([])
    service.tick(3_000)
    const later = await ws.enqueue({ kind: 'document.archive', documentId: a! })
    service.tick(3_001)
    await ws.syncNow()
    expect(service.count('archiveDocument')).toBe(1)
    await expect(ws.undo(later.id)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('once an entry was sent it is too late to undo it', async () => {
    const ws = await workspace()
    await ws.syncNow()
    const [, b] = agendaOneIds()
    const sent = await ws.enqueue({ kind: 'document.setState', documentId: b!, state: 'ready' })
    await ws.syncNow()
    await expect(ws.undo(sent.id)).rejects.toMatchObject({ code: 'not_found' })
    service.offline = true
    const tried = await ws.enqueue({ kind: 'document.setState', documentId: b!, state: 'exported' })
    await expect.poll(async () => (await ws.listOutbox())[0]?.attempts).toBe(1)
    expect((await ws.listOutbox())[0]).toMatchObject({ id: tried.id, status: 'pending', attempts: 1 })
    await expect(ws.undo(tried.id)).rejects.toMatchObject({ code: 'too_late' })
  })

  it('a refused action fails with a readable reason and its effect is rolled back; retry and discard', async () => {
    const [id] = agendaOneIds()
    service.touch(id!, { state: 'exported' })
    const ws = await workspace()
    await ws.syncNow()
    const entry = await ws.enqueue({ kind: 'document.repair', documentId: id! })
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

  it('an edit of a comment created offline waits for its real uuid', async () => {
    const ws = await workspace()
    await ws.syncNow()
    service.offline = true
    const [id] = agendaOneIds()
    const create = await ws.enqueue({ kind: 'comment.create', documentId: id!, text: 'Check the VAT' })
    const local = `local-${create.id}`
    const comments = await ws.listComments(id!)
    expect(comments).toEqual([
      expect.objectContaining({ uuid: local, text: 'Check the VAT', author_id: 7, local: { pending: true } }),
    ])
    const update = await ws.enqueue({
      kind: 'comment.update',
      documentId: id!,
      uuid: local,
      text: 'Check the VAT rate',
    })
    expect(update.dependsOn).toEqual([create.id])
    expect((await ws.listComments(id!))[0]!.text).toBe('Check the VAT rate')
    expect((await ws.getDocument(id!))!.comments_count).toBe(1)

    service.offline = false
    await ws.syncNow()
    expect(await ws.listOutbox()).toEqual([])
    const onService = service.comments.filter((c) => c.document_id === id)
    expect(onService).toHaveLength(1)
    expect(onService[0]!.text).toBe('Check the VAT rate')
    const cached = await ws.listComments(id!)
    expect(cached).toEqual([
      expect.objectContaining({
        uuid: onService[0]!.uuid,
        text: 'Check the VAT rate',
        // The uuid it had offline stays as its identity for the UI (an open edit stays open).
        local: { pending: false, localUuid: local },
      }),
    ])
  })

  it('undoing a create also removes the edits waiting for it', async () => {
    const ws = await workspace({ undoWindowMs: 60_000 })
    await ws.syncNow()
    service.offline = true
    const [id] = agendaOneIds()
    const create = await ws.enqueue({ kind: 'comment.create', documentId: id!, text: 'a' })
    await ws.enqueue({ kind: 'comment.delete', documentId: id!, uuid: `local-${create.id}` })
    await ws.undo(create.id)
    expect(await ws.listOutbox()).toEqual([])
  })

  it('pushes per document in order, in parallel across documents', async () => {
    const ws = await workspace({ pushConcurrency: 3 })
    await ws.syncNow()
    service.offline = true
    const [a, b] = agendaOneIds()
    await ws.enqueue({ kind: 'document.setState', documentId: a!, state: 'ready' })
    await ws.enqueue({ kind: 'document.setState', documentId: b!, state: 'ready' })
    await ws.enqueue({ kind: 'document.setState', documentId: a!, state: 'exported' })
    await ws.enqueue({ kind: 'document.archive', documentId: a! })
    service.offline = false
    service.calls = []
    await ws.syncNow()
    const onA = service.calls.filter((c) => c.includes(`"id":${a}`) || c === `archiveDocument:${a}`)
    expect(onA).toEqual([
      `setDocumentState:{"id":${a},"state":"ready"}`,
      `setDocumentState:{"id":${a},"state":"exported"}`,
      `archiveDocument:${a}`,
    ])
    expect(service.documents.get(a!)).toMatchObject({ state: 'exported', archived: true })
    expect(service.documents.get(b!)!.state).toBe('ready')
  })
})

describe('unknown outcomes and crashes', () => {
  it('a comment whose answer was lost is found on the service, not posted twice', async () => {
    const ws = await workspace()
    await ws.syncNow()
    const [id] = agendaOneIds()
    service.failNext('createComment', new ApiError('unknown_outcome', 'lost after sending'), true)
    service.offline = false
    await ws.enqueue({ kind: 'comment.create', documentId: id!, text: 'Paid already?' })
    // The push loses the answer (offline, uncertain); the sync's pull finds the service again,
    // and the retry looks for the comment before posting.
    await ws.syncNow()
    expect(await ws.listOutbox()).toEqual([])
    expect(service.comments.filter((c) => c.text === 'Paid already?')).toHaveLength(1)
    expect(service.count('createComment')).toBe(1)
  })

  it('an entry left in flight by a crash is replayed from storage after reopening, checked first for creates', async () => {
    const first = await workspace()
    await first.syncNow()
    const [a, b] = agendaOneIds()
    service.offline = true
    const comment = await first.enqueue({ kind: 'comment.create', documentId: a!, text: 'Crash me' })
    await first.enqueue({ kind: 'document.setState', documentId: b!, state: 'exported' })
    await first.close()
    open.splice(0)
    // The process died right after the service applied the create: it is in flight in the store.
    const key = String(
      (await level.sublevel<string, number>('outboxIds', { valueEncoding: 'json' }).get(comment.id))!,
    ).padStart(12, '0')
    const outbox = level.sublevel<string, Record<string, unknown>>('outbox', { valueEncoding: 'json' })
    await outbox.put(key, { ...(await outbox.get(key))!, status: 'in_flight', attempts: 1 })
    service.offline = false
    await service.createComment(a!, 'Crash me')
    service.calls = []

    const second = await workspace()
    expect((await second.listOutbox()).find((e) => e.id === comment.id)).toMatchObject({
      status: 'pending',
      uncertain: true,
    })
    expect((await second.listComments(a!)).map((c) => c.text)).toEqual(['Crash me'])
    await second.syncNow()
    expect(await second.listOutbox()).toEqual([])
    expect(service.comments.filter((c) => c.text === 'Crash me')).toHaveLength(1)
    expect(service.count('createComment')).toBe(0)
    expect(service.documents.get(b!)!.state).toBe('exported')
  })

  it('a repair whose answer was lost counts as done when the document is already repairing', async () => {
    const ws = await workspace()
    await ws.syncNow()
    const [id] = agendaOneIds()
    service.failNext('repairDocument', new ApiError('unknown_outcome', 'lost'), true)
    await ws.enqueue({ kind: 'document.repair', documentId: id!, description: 'wrong total' })
    await ws.syncNow()
    await ws.syncNow()
    expect(await ws.listOutbox()).toEqual([])
    expect(service.count('repairDocument')).toBe(1)
    expect((await ws.getDocument(id!))!.state).toBe('repairing')
  })

  it('a repair whose answer was lost counts as done when the review already ended (changed after it was sent)', async () => {
    const ws = await workspace()
    await ws.syncNow()
    const [id] = agendaOneIds()
    const repair = service.repairDocument
    service.repairDocument = async (documentId, description) => {
      await repair(documentId, description)
      service.touch(documentId, { state: 'ready' }) // the human review ends before we look
      throw new ApiError('unknown_outcome', 'lost after sending')
    }
    await ws.enqueue({ kind: 'document.repair', documentId: id!, description: 'wrong total' })
    await ws.syncNow()
    await ws.syncNow()
    expect(await ws.listOutbox()).toEqual([])
    expect(service.count('repairDocument')).toBe(1)
    expect(service.documents.get(id!)!.state).toBe('ready')
  })

  it('a repair lost before it reached the service is sent again (the document did not change)', async () => {
    const ws = await workspace()
    await ws.syncNow()
    const [id] = agendaOneIds()
    service.touch(id!, { state: 'ready' })
    await ws.syncNow()
    service.failNext('repairDocument', new ApiError('unknown_outcome', 'lost before arriving'))
    await ws.enqueue({ kind: 'document.repair', documentId: id!, description: 'wrong total' })
    await ws.syncNow()
    await ws.syncNow()
    expect(await ws.listOutbox()).toEqual([])
    expect(service.count('repairDocument')).toBe(2)
    expect(service.documents.get(id!)!.state).toBe('repairing')
  })

  it('a repair left in flight by a crash is not sent again when the review already ended', async () => {
    const first = await workspace()
    await first.syncNow()
    const [id] = agendaOneIds()
    service.offline = true
    const entry = await first.enqueue({ kind: 'document.repair', documentId: id! })
    await first.close()
    open.splice(0)
    // The process died after sending: the service put it in repair, and the review ended.
    const key = String(
      (await level.sublevel<string, number>('outboxIds', { valueEncoding: 'json' }).get(entry.id))!,
    ).padStart(12, '0')
    const outbox = level.sublevel<string, Record<string, unknown>>('outbox', { valueEncoding: 'json' })
    await outbox.put(key, {
      ...(await outbox.get(key))!,
      status: 'in_flight',
      attempts: 1,
      lastAttemptAt: service.now(),
    })
    service.offline = false
    await service.repairDocument(id!)
    service.touch(id!, { state: 'ready' })
    service.calls = []
    const second = await workspace()
    await second.syncNow()
    expect(await second.listOutbox()).toEqual([])
    expect(service.count('repairDocument')).toBe(0)
  })

  it('an agenda created offline gets its real id; an update made on the local id follows it', async () => {
    const ws = await workspace()
    await ws.syncNow()
    service.offline = true
    const create = await ws.enqueue({ kind: 'agenda.create', agenda: { name: 'Travel 2026', home_currency: 'EUR' } })
    expect(create.localAgendaId).toBe(-1)
    const update = await ws.enqueue({ kind: 'agenda.update', agendaId: -1, attrs: { name: 'Travel' } })
    expect(update.dependsOn).toEqual([create.id])
    expect((await ws.listAgendas()).find((a) => a.id === -1)!.name).toBe('Travel')
    service.offline = false
    service.failNext('createAgendas', new ApiError('unknown_outcome', 'lost'), true)
    await ws.syncNow()
    await ws.syncNow()
    expect(service.agendas.filter((a) => a.name === 'Travel' || a.name === 'Travel 2026')).toHaveLength(1)
    expect((await ws.listAgendas()).map((a) => a.name)).toEqual(['Agenda 1', 'Agenda 2', 'Travel'])
  })

  it('uploads stored files and never uploads twice after a lost answer', async () => {
    const ws = await workspace()
    await ws.syncNow()
    service.failNext('uploadDocuments', new ApiError('unknown_outcome', 'lost'), true)
    const entry = await ws.enqueueUpload({
      agendaId: 2,
      type: 'PurchaseInvoice',
      files: [{ fileName: 'scan-1.pdf', contentType: 'application/pdf', bytes: new Uint8Array([1, 2, 3]) }],
    })
    expect(entry.action).toMatchObject({ files: [{ fileName: 'scan-1.pdf', size: 3 }] })
    expect(await readdir(join(dir, 'uploads', entry.id))).toEqual(['0'])
    await ws.syncNow()
    await ws.syncNow()
    expect([...service.documents.values()].filter((d) => d.user_file_name === 'scan-1.pdf')).toHaveLength(1)
    expect(await ws.listOutbox()).toEqual([])
    expect(await readdir(join(dir, 'uploads'))).toEqual([])
  })
})

describe('partly done uploads', () => {
  it('an upload that failed after creating some documents is checked before it is sent again', async () => {
    const ws = await workspace()
    await ws.syncNow()
    service.failNext(
      'uploadDocuments',
      new ApiError('server', 'second request failed', { status: 500, details: { createdIds: [1] } }),
      true,
    )
    await ws.enqueueUpload({
      agendaId: 1,
      type: 'PurchaseInvoice',
      files: [
        { fileName: 'part-a.pdf', contentType: 'application/pdf', bytes: new Uint8Array([1]) },
        { fileName: 'part-b.pdf', contentType: 'application/pdf', bytes: new Uint8Array([2]) },
      ],
    })
    await expect.poll(async () => (await ws.listOutbox())[0]?.uncertain).toBe(true)
    service.tick(1_000)
    await ws.syncNow()
    expect(await ws.listOutbox()).toEqual([])
    const names = [...service.documents.values()].map((d) => d.user_file_name)
    expect(names.filter((n) => n === 'part-a.pdf')).toHaveLength(1)
    expect(names.filter((n) => n === 'part-b.pdf')).toHaveLength(1)
  })
})

describe('sync engine', () => {
  it('goes offline on network errors, keeps the outbox, and applies it when back', async () => {
    const ws = await workspace()
    await ws.syncNow()
    service.offline = true
    const [id] = agendaOneIds()
    await ws.enqueue({ kind: 'document.setState', documentId: id!, state: 'ready' })
    await ws.syncNow()
    expect(ws.status()).toMatchObject({ online: false, pending: 1 })
    expect(ws.status().lastError).toMatchObject({ code: 'network' })
    service.offline = false
    await ws.syncNow()
    expect(ws.status()).toMatchObject({ online: true, pending: 0 })
    expect(service.documents.get(id!)!.state).toBe('ready')
  })

  it('the background loop retries with backoff while offline and pushes on enqueue', async () => {
    const ws = await workspace({ pullIntervalMs: 60_000 })
    await ws.syncNow()
    service.offline = true
    ws.start()
    const [id] = agendaOneIds()
    await ws.enqueue({ kind: 'document.setState', documentId: id!, state: 'ready' })
    await ws.syncNow()
    expect(ws.status().online).toBe(false)
    service.offline = false
    await expect.poll(() => service.documents.get(id!)!.state, { timeout: 5_000 }).toBe('ready')
    await expect.poll(() => ws.status().pending, { timeout: 5_000 }).toBe(0)
  })

  it('pauses on reauth_required and keeps the queue', async () => {
    const ws = await workspace()
    await ws.syncNow()
    const [id] = agendaOneIds()
    service.failNext('setDocumentState', Object.assign(new Error('Sign in again.'), { code: 'reauth_required' }))
    await ws.enqueue({ kind: 'document.setState', documentId: id!, state: 'exported' })
    await ws.syncNow()
    expect(ws.status()).toMatchObject({ paused: true, pending: 1 })
    expect((await ws.listOutbox())[0]).toMatchObject({ status: 'pending', attempts: 0 })
    ws.resume()
    await expect.poll(() => ws.status().pending, { timeout: 5_000 }).toBe(0)
    expect(service.documents.get(id!)!.state).toBe('exported')
  })

  it('confirms a batch update by re-reading the documents until applied', async () => {
    const ws = await workspace()
    await ws.syncNow()
    const ids = agendaOneIds()
    service.batchDelayPolls = 3
    await ws.enqueue({ kind: 'documents.setStates', items: ids.map((id) => ({ id, state: 'exported' })) })
    expect((await ws.listDocuments(1)).every((d) => d.state === 'exported')).toBe(true)
    await ws.syncNow()
    expect(await ws.listOutbox()).toEqual([])
    expect(ids.every((id) => service.documents.get(id)!.state === 'exported')).toBe(true)
    // Confirmed by single pages of ids[] (not by listDocuments, which reads 4 pages at once).
    expect(
      service.calls.filter((c) => c.startsWith('listDocumentsPage:') && c.includes('"ids"')).length,
    ).toBeGreaterThanOrEqual(3)
    expect(service.calls.filter((c) => c.startsWith('listDocuments:') && c.includes('"ids"'))).toEqual([])
  })

  it('once the service answered a batch update, read errors while confirming neither count as attempts nor re-send it', async () => {
    const ws = await workspace()
    await ws.syncNow()
    const ids = agendaOneIds()
    service.batchDelayPolls = 3
    // More failed reads after the 200 than maxTransientAttempts (8): the 10% 500s of the sandbox.
    const patch = service.setDocumentStates
    service.setDocumentStates = async (entries) => {
      const answer = await patch(entries)
      service.idReadFaults.push(
        ...Array.from({ length: 10 }, () => new ApiError('server', 'Internal error', { status: 500 })),
      )
      return answer
    }
    await ws.enqueue({ kind: 'documents.setStates', items: ids.map((id) => ({ id, state: 'exported' })) })
    await ws.syncNow()
    expect(await ws.listOutbox()).toEqual([])
    expect(service.count('setDocumentStates')).toBe(1)
    expect(ids.every((id) => service.documents.get(id)!.state === 'exported')).toBe(true)
    expect((await ws.listDocuments(1)).every((d) => d.state === 'exported')).toBe(true)
  })

  it('reads a batch of n documents in at most ceil(n/50) pages per poll', async () => {
    for (let i = 0; i < 117; i++) service.addDocument(1)
    const ws = await workspace()
    await ws.syncNow()
    const ids = agendaOneIds()
    expect(ids).toHaveLength(120)
    service.batchDelayPolls = 1
    service.calls = []
    await ws.enqueue({ kind: 'documents.setStates', items: ids.map((id) => ({ id, state: 'ready' })) })
    await ws.syncNow()
    expect(await ws.listOutbox()).toEqual([])
    const pagesBeforePatch = service.calls.findIndex((c) => c.startsWith('setDocumentStates:'))
    // one read before the request (which documents need it), one after (confirm): 3 pages each
    expect(service.calls.slice(0, pagesBeforePatch).filter((c) => c.startsWith('listDocumentsPage:'))).toHaveLength(3)
    expect(service.calls.slice(pagesBeforePatch).filter((c) => c.startsWith('listDocumentsPage:'))).toHaveLength(3)
  })

  it('a batch update leaves out documents already in their state, so its late job cannot undo a later action', async () => {
    const ws = await workspace()
    const [a, b] = agendaOneIds()
    service.touch(a!, { state: 'exported' })
    await ws.syncNow()
    service.batchDelayPolls = 2
    await ws.enqueue({
      kind: 'documents.setStates',
      items: [
        { id: a!, state: 'exported' },
        { id: b!, state: 'ready' },
      ],
    })
    await ws.enqueue({ kind: 'document.setState', documentId: a!, state: 'ready' })
    await ws.syncNow()
    expect(await ws.listOutbox()).toEqual([])
    service.applyBatches() // any job still queued at the service runs now
    expect(service.documents.get(a!)!.state).toBe('ready')
    expect(service.documents.get(b!)!.state).toBe('ready')
    expect(service.calls.filter((c) => c.startsWith('setDocumentStates:'))).toEqual(['setDocumentStates:1'])
  })

  it('a batch update whose answer was lost waits for its queued job instead of sending it again', async () => {
    const ws = await workspace()
    await ws.syncNow()
    const ids = agendaOneIds()
    service.batchDelayPolls = 3
    service.failNext('setDocumentStates', new ApiError('unknown_outcome', 'lost after sending'), true)
    await ws.enqueue({ kind: 'documents.setStates', items: ids.map((id) => ({ id, state: 'exported' })) })
    await ws.syncNow()
    await ws.syncNow()
    expect(await ws.listOutbox()).toEqual([])
    expect(service.count('setDocumentStates')).toBe(1)
    expect(ids.every((id) => service.documents.get(id)!.state === 'exported')).toBe(true)
  })

  it('fails a batch update that is not applied in time (not_confirmed) and rolls it back', async () => {
    const ws = await workspace({ batchConfirmTimeoutMs: 20, batchConfirmPollMs: 5 })
    await ws.syncNow()
    const ids = agendaOneIds()
    const clockStart = Date.now()
    // the fake service clock does not move by itself; move it with real time for the deadline
    const ws2 = ws
    service.batchDelayPolls = 0
    const tick = setInterval(() => service.tick(10), 2)
    await ws2.enqueue({ kind: 'documents.setStates', items: ids.map((id) => ({ id, state: 'ready' })) })
    await ws2.syncNow()
    clearInterval(tick)
    expect(Date.now() - clockStart).toBeLessThan(10_000)
    expect((await ws.listOutbox())[0]).toMatchObject({ status: 'failed', error: { code: 'not_confirmed' } })
    expect((await ws.listDocuments(1)).every((d) => d.state === 'not_ready')).toBe(true)
  })

  it('polls documents in repair until the review ends and tells the renderer', async () => {
    const ws = await workspace()
    await ws.syncNow()
    const [id] = agendaOneIds()
    await ws.enqueue({ kind: 'document.repair', documentId: id! })
    await ws.syncNow()
    expect(await ws.pollRepairs()).toEqual([])
    service.touch(id!, { state: 'ready' })
    expect(await ws.pollRepairs()).toEqual([{ documentId: id, agendaId: 1, state: 'ready' }])
    expect(events.some((e) => e.event === 'documents.repairFinished')).toBe(true)
    expect(await ws.pollRepairs()).toEqual([])
  })
})

describe('files and retention', () => {
  it('caches previews and keeps them under the cap, least recently used out first', async () => {
    const ws = await workspace({ cacheCapBytes: 250 })
    await ws.syncNow()
    const [a, b, c] = agendaOneIds()
    expect((await ws.getPreview(a!))!.bytes.byteLength).toBe(100)
    await ws.getPreview(b!)
    service.tick(1000)
    await ws.getPreview(a!) // a is now more recent than b
    service.tick(1000)
    await ws.getPreview(c!) // 300 bytes > 250: b leaves
    service.offline = true
    expect(await ws.getPreview(a!)).not.toBeNull()
    expect(await ws.getPreview(c!)).not.toBeNull()
    expect(await ws.getPreview(b!)).toBeNull()
    expect((await readdir(join(dir, 'previews'))).sort()).toEqual([String(a), String(c)].sort())
  })

  it('fetches originals when online and answers offline when not cached', async () => {
    const ws = await workspace()
    await ws.syncNow()
    const [a, b] = agendaOneIds()
    expect(await ws.getOriginal(a!)).toMatchObject({ contentType: 'application/pdf' })
    service.offline = true
    expect((await ws.getOriginal(a!)).bytes.byteLength).toBe(50)
    await expect(ws.getOriginal(b!)).rejects.toMatchObject({ code: 'offline' })
    await expect(ws.getOriginal(999_999)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('a full pull sweeps old exported documents it did not list (here: of an agenda no longer in the account)', async () => {
    const ws = await workspace({ retentionDays: 10 })
    const [other] = [...service.documents.values()].filter((d) => d.agenda_id === 2).map((d) => d.id)
    service.touch(other!, { state: 'exported' })
    await ws.syncNow()
    expect((await ws.getDocument(other!))?.state).toBe('exported')
    service.agendas = service.agendas.filter((a) => a.id !== 2)
    service.tick(11 * 86_400_000)
    await ws.syncNow()
    expect(await ws.getDocument(other!)).toBeNull()
    expect(await ws.listDocuments(1)).toHaveLength(3)
  })

  it('exported and archived documents older than the retention period leave the cache', async () => {
    const ws = await workspace({ retentionDays: 10 })
    const [a, b, c] = agendaOneIds()
    service.touch(a!, { state: 'exported' })
    service.touch(b!, { state: 'ready' })
    await ws.syncNow()
    await ws.getPreview(a!)
    service.tick(11 * 86_400_000)
    service.touch(c!, { state: 'exported' })
    await ws.syncNow()
    expect(await ws.getDocument(a!)).toBeNull()
    expect(await ws.getDocument(b!)).not.toBeNull()
    expect(await ws.getDocument(c!)).not.toBeNull()
    expect(await readdir(join(dir, 'previews'))).toEqual([])
  })
})
