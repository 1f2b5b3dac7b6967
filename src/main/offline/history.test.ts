import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MemoryLevel } from 'memory-level'
import { describe, expect, it } from 'vitest'
import type { HistoryEvent, LegacyHistoryEvent } from '../../shared/history/events'
import { HISTORY_CAP_PER_DOCUMENT, newEventOps } from './history'
import { Store, type Level } from './store'
import { useWorkspaceHarness } from './testing/workspaceHarness'

const h = useWorkspaceHarness()
const named = { userName: 'Jana Nováková' }

describe("a document's history in the account's store", () => {
  it('writes an event for every action, with who and when, in the batch of its outbox entry', async () => {
    const ws = await h.workspace({}, named)
    await ws.syncNow()
    h.service.offline = true
    const [a, b] = h.agendaOneIds()
    const ready = await ws.enqueue({ kind: 'documents.setState', items: [{ id: a!, state: 'ready' }] })
    const bulk = await ws.enqueue({
      kind: 'documents.setState',
      items: [
        { id: a!, state: 'exported' },
        { id: b!, state: 'exported' },
      ],
    })
    await ws.enqueue({ kind: 'documents.repair', documentId: b!, description: 'VAT read wrong' })
    const deleted = await ws.enqueue({ kind: 'documents.delete', documentId: b! })

    expect(await ws.historyOf(a!)).toMatchObject([
      { kind: 'ready', by: 'Jana Nováková', userId: 7, at: ready.createdAt, entryId: ready.id, status: 'pending' },
      { kind: 'exported', by: 'Jana Nováková', entryId: bulk.id, status: 'pending' },
    ])
    expect(await ws.historyOf(b!)).toMatchObject([
      { kind: 'exported', entryId: bulk.id },
      { kind: 'repair', text: 'VAT read wrong', status: 'pending' },
      { kind: 'delete', by: 'Jana Nováková', entryId: deleted.id, status: 'pending' },
    ])
  })

  it('a failed batch writes neither the entry nor its event', async () => {
    const ws = await h.workspace({}, named)
    await ws.syncNow()
    const [id] = h.agendaOneIds()
    const original = h.level.batch.bind(h.level)
    ;(h.level as unknown as { batch: unknown }).batch = async () => {
      throw new Error('disk full')
    }
    await expect(ws.enqueue({ kind: 'documents.archive', documentId: id! })).rejects.toThrow('disk full')
    ;(h.level as unknown as { batch: unknown }).batch = original
    expect(await ws.listOutbox()).toEqual([])
    expect(await ws.historyOf(id!)).toEqual([])

    // And the other way round: the event's write is part of the same batch as the entry's.
    await ws.enqueue({ kind: 'documents.archive', documentId: id! })
    expect(await ws.listOutbox()).toHaveLength(1)
    expect(await ws.historyOf(id!)).toHaveLength(1)
  })

  it('undo marks the event undone (it stays in the history)', async () => {
    const ws = await h.workspace({ undoWindowMs: 60_000 }, named)
    await ws.syncNow()
    const [id] = h.agendaOneIds()
    const entry = await ws.enqueue({ kind: 'comments.create', documentId: id!, text: 'Call the supplier' })
    await ws.undo(entry.id)
    expect(await ws.historyOf(id!)).toMatchObject([
      { kind: 'commentCreate', text: 'Call the supplier', status: 'undone', outcome: 'undone' },
    ])
  })

  it("notes the service's answer: sent, or refused with its reason (also after a discard)", async () => {
    const [sent, refused] = h.agendaOneIds()
    h.service.touch(refused!, { state: 'exported' })
    const ws = await h.workspace({}, named)
    await ws.syncNow()
    await ws.enqueue({ kind: 'documents.setState', items: [{ id: sent!, state: 'ready' }] })
    const repair = await ws.enqueue({ kind: 'documents.repair', documentId: refused! })
    await ws.syncNow()

    expect(await ws.historyOf(sent!)).toMatchObject([{ kind: 'ready', status: 'sent', outcome: 'sent' }])
    const [failed] = await ws.historyOf(refused!)
    expect(failed).toMatchObject({ kind: 'repair', status: 'failed', outcome: 'refused' })
    expect(failed!.error).toMatch(/cannot be repaired/)

    await ws.discard(repair.id)
    expect(await ws.historyOf(refused!)).toMatchObject([{ kind: 'repair', status: 'discarded' }])
  })

  it('records a return from repair, with the state the document came back in', async () => {
    const ws = await h.workspace({}, named)
    await ws.syncNow()
    const [id] = h.agendaOneIds()
    await ws.enqueue({ kind: 'documents.repair', documentId: id! })
    await ws.syncNow()
    h.service.touch(id!, { state: 'ready' })
    await ws.pollRepairs()
    const history = await ws.historyOf(id!)
    expect(history.map((e) => [e.kind, e.status ?? null, e.state ?? null])).toEqual([
      ['repair', 'sent', null],
      ['returned', null, 'ready'],
    ])
    expect(history[1]!.by).toBeUndefined()
  })

  it('lists answers to warnings and their withdrawal', async () => {
    const ws = await h.workspace({}, named)
    await ws.syncNow()
    const [id] = h.agendaOneIds()
    await ws.acknowledge({ documentId: id!, code: 'duplicate', kind: 'not_duplicate', reason: null, documentIds: [2] })
    await ws.acknowledge({ documentId: id!, code: 'overdue', kind: 'acknowledged', reason: 'paid in cash' })
    await ws.withdrawAcknowledgement(id!, 'overdue')
    expect(await ws.historyOf(id!)).toMatchObject([
      { kind: 'notDuplicate', check: 'duplicate', by: 'Jana Nováková' },
      { kind: 'acknowledged', check: 'overdue', text: 'paid in cash' },
      { kind: 'acknowledgementWithdrawn', check: 'overdue' },
    ])
  })

  it('lists corrections of extracted fields, made and taken back, in time order with the actions', async () => {
    const ws = await h.workspace({}, named)
    await ws.syncNow()
    const [id] = h.agendaOneIds()
    await ws.correct({
      documentId: id!,
      field: 'summary.total',
      value: '592.87',
      extracted: '529.87',
      by: 'Jana Nováková',
    })
    h.service.tick()
    await ws.enqueue({ kind: 'documents.setState', items: [{ id: id!, state: 'ready' }] })
    h.service.tick()
    await ws.withdrawCorrection(id!, 'summary.total', 'Jana Nováková')
    expect(await ws.historyOf(id!)).toMatchObject([
      { kind: 'corrected', field: 'summary.total', value: '592.87', extracted: '529.87', by: 'Jana Nováková' },
      { kind: 'ready' },
      { kind: 'correctionWithdrawn', field: 'summary.total', value: '592.87' },
    ])
  })

  it("keeps two accounts' histories apart, even for the same document id", async () => {
    const first = await h.workspace({}, named)
    await first.syncNow()
    const [id] = h.agendaOneIds()
    const otherDir = await mkdtemp(join(tmpdir(), 'docket-history-'))
    try {
      const second = await h.workspace(
        {},
        {
          dir: otherDir,
          userId: 8,
          userName: 'Petr Svoboda',
          level: new MemoryLevel<string, unknown>({ valueEncoding: 'json' }) as unknown as Level,
        },
      )
      await second.syncNow()
      await first.enqueue({ kind: 'documents.setState', items: [{ id: id!, state: 'ready' }] })
      await second.enqueue({ kind: 'documents.archive', documentId: id! })
      expect((await first.historyOf(id!)).map((e) => [e.kind, e.by])).toEqual([['ready', 'Jana Nováková']])
      expect((await second.historyOf(id!)).map((e) => [e.kind, e.by])).toEqual([['archive', 'Petr Svoboda']])
    } finally {
      await rm(otherDir, { recursive: true, force: true })
    }
  })

  it("imports an earlier window's history once, dropping documents this account does not hold", async () => {
    const ws = await h.workspace({}, named)
    await ws.syncNow()
    h.service.offline = true
    const [id] = h.agendaOneIds()
    const queued = await ws.enqueue({ kind: 'documents.setState', items: [{ id: id!, state: 'exported' }] })
    const legacy: LegacyHistoryEvent[] = [
      { documentId: id!, kind: 'ready', at: '2026-01-01T10:00:00.000Z', by: 'Jana', entryIds: ['gone-1'] },
      { documentId: id!, kind: 'archive', at: '2026-01-01T11:00:00.000Z', entryIds: ['gone-2'], undone: true },
      { documentId: id!, kind: 'returned', at: '2026-01-01T12:00:00.000Z', state: 'ready', entryIds: [] },
      { documentId: id!, kind: 'exported', at: '2026-01-01T13:00:00.000Z', entryIds: [queued.id] },
      { documentId: 999_999, kind: 'ready', at: '2026-01-01T10:00:00.000Z', entryIds: ['x'] },
    ]
    h.events = []
    expect(await ws.importHistory(legacy)).toEqual({ imported: 4, dropped: 1, alreadyDone: false })
    // Screens showing the document are worked out again with the imported history.
    expect(h.documentsChanged().flatMap((change) => change.documentIds)).toContain(id!)
    h.events = []
    expect(await ws.importHistory(legacy)).toEqual({ imported: 0, dropped: 0, alreadyDone: true })
    expect(h.documentsChanged()).toEqual([])
    const history = await ws.historyOf(id!)
    expect(history.map((e) => [e.kind, e.status ?? null])).toEqual([
      ['ready', 'sent'],
      ['archive', 'undone'],
      ['returned', null],
      ['exported', 'pending'],
      ['exported', 'pending'],
    ])
    expect(history[0]!.by).toBe('Jana')
    expect(await ws.historyOf(999_999)).toEqual([])
  })
})

describe('the cap per document', () => {
  it(`keeps the newest ${HISTORY_CAP_PER_DOCUMENT} events of a document, other documents untouched`, async () => {
    const level = new MemoryLevel<string, unknown>({ valueEncoding: 'json' }) as unknown as Level
    await level.open()
    const store = new Store(level, false)
    const event = (documentId: number, minute: number): HistoryEvent => ({
      documentId,
      kind: 'ready',
      at: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
      text: String(minute),
    })
    await store.batch(await newEventOps(store, [event(2, 0)]))
    for (let minute = 0; minute < HISTORY_CAP_PER_DOCUMENT + 5; minute++)
      await store.batch(await newEventOps(store, [event(1, minute)]))
    const kept = await store.historyOf(1)
    expect(kept).toHaveLength(HISTORY_CAP_PER_DOCUMENT)
    expect(kept[0]!.event.text).toBe('5')
    expect(kept.at(-1)!.event.text).toBe(String(HISTORY_CAP_PER_DOCUMENT + 4))
    expect(await store.historyOf(2)).toHaveLength(1)
    await level.close()
  })
})
