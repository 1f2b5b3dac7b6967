import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../api/errors'
import { Store } from '../store'
import { useWorkspaceHarness } from '../testing/workspaceHarness'

const h = useWorkspaceHarness()

describe('pull', () => {
  it('a pull that fails half-way keeps the pages it wrote and names their agendas in documents.changed', async () => {
    const ws = await h.workspace()
    h.service.failNext('listDocumentPages', new ApiError('server', 'The service failed (fake).', { status: 500 }), true)
    await ws.syncNow()
    expect(ws.status().lastError).toMatchObject({ code: 'server' })
    // Both listings ran at once and delivered their pages before agenda 1's call failed.
    const changed = h.events
      .filter((e) => e.event === 'documents.changed')
      .map((e) => e.payload as { documentIds: number[]; agendaIds: number[] })
    expect(changed).toHaveLength(1)
    expect(changed[0]!.documentIds).toEqual([])
    expect([...changed[0]!.agendaIds].sort()).toEqual([1, 2])
    expect((await ws.listDocuments(1)).map((d) => d.id)).toEqual(h.agendaOneIds())
  })

  it('tells readers only what a pull changed: a full pull names its agendas, a delta its changed documents, a quiet delta nothing', async () => {
    const ws = await h.workspace({ overlapMs: 5_000 })
    const changed = () =>
      h.events
        .filter((e) => e.event === 'documents.changed')
        .map((e) => e.payload as { documentIds: number[]; agendaIds: number[] })
    await ws.syncNow()
    expect(changed()).toHaveLength(1)
    expect([...changed()[0]!.agendaIds].sort()).toEqual([1, 2])

    // The next delta sees the last documents again (overlap) but none changed: no event.
    h.events = []
    h.service.tick(2_000)
    await ws.syncNow()
    expect(ws.status().lastError).toBeNull()
    expect(changed()).toEqual([])

    h.events = []
    const [id] = h.agendaOneIds()
    h.service.touch(id!, { state: 'ready' })
    await ws.syncNow()
    expect(changed()).toEqual([{ documentIds: [id], agendaIds: [] }])
  })

  it('a delta lists the known agendas alongside the agenda list; an agenda gone meanwhile is dropped, a new one pulled in full', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    const [kept] = h.agendaOneIds()
    const gone = [...h.service.documents.values()].find((d) => d.agenda_id === 2)!
    h.service.touch(kept!, { state: 'ready' })
    h.service.touch(gone.id, { state: 'exported' })
    // Agenda 2 leaves the account (its listing is sent before the agenda list says so); agenda 3 arrives.
    h.service.agendas = h.service.agendas.filter((a) => a.id !== 2)
    h.service.agendas[0] = { ...h.service.agendas[0]!, name: 'Agenda 1 renamed' }
    h.service.agendas.push({ id: 3, name: 'Agenda 3', home_currency: 'EUR' } as (typeof h.service.agendas)[number])
    const fresh = h.service.addDocument(3)
    h.service.calls = []
    // The agenda list answers late: the known agendas are being listed meanwhile.
    const listAgendas = h.service.listAgendas
    let listedWhileWaiting: string[] = []
    h.service.listAgendas = async () => {
      const agendas = await listAgendas()
      await new Promise((resolve) => setTimeout(resolve, 20))
      listedWhileWaiting = h.service.calls.filter((c) => c.startsWith('listDocumentPages:'))
      return agendas
    }
    await ws.syncNow()
    expect(ws.status().lastError).toBeNull()
    expect(listedWhileWaiting.map((c) => /"agendaId":(\d+)/.exec(c)![1])).toEqual(['1', '2'])
    expect(
      h.service.calls.filter((c) => c.startsWith('listDocumentPages:') && c.includes('"agendaId":3')),
    ).toHaveLength(1)
    expect((await ws.listAgendas()).map((a) => [a.id, a.name])).toEqual([
      [1, 'Agenda 1 renamed'],
      [3, 'Agenda 3'],
    ])
    expect((await ws.getDocument(kept!))!.state).toBe('ready')
    expect((await ws.getDocument(gone.id))!.state).not.toBe('exported')
    expect((await ws.listDocuments(3)).map((d) => d.id)).toEqual([fresh.id])
  })

  it('reports page progress (done / expected)', async () => {
    for (let i = 0; i < 120; i++) h.service.addDocument(1)
    const ws = await h.workspace()
    await ws.syncNow()
    const progress = h.events
      .filter((e) => e.event === 'sync.status')
      .map((e) => (e.payload as { progress: { done: number; expected: number } }).progress)
    expect(progress.at(-1)!.done).toBeGreaterThanOrEqual(3)
    expect(progress.at(-1)!.done).toBe(progress.at(-1)!.expected)
    expect(progress.some((p) => p.done > 0 && p.done < p.expected)).toBe(true)
  })

  it('never overwrites a field with a pending local effect (the effect is re-applied on top)', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    const [id] = h.agendaOneIds()
    h.service.offline = true
    await ws.enqueue({ kind: 'documents.setState', items: [{ id: id!, state: 'exported' }] })
    h.service.offline = false
    h.service.touch(id!, { state: 'ready', user_file_name: 'renamed.pdf' })
    // pull only: push is blocked by a refusal on the first try being transient
    h.service.failNext('setDocumentState', new ApiError('server', 'busy', { status: 503 }))
    await ws.syncNow()
    const doc = (await ws.getDocument(id!))!
    expect(doc.user_file_name).toBe('renamed.pdf')
    expect(doc.state).toBe('exported')
    expect(doc.local.pendingActions).toBe(1)
  })

  it('a sync with nothing queued asks for the agendas and lists the known ones before any store read answers, and reads the outbox once however many agendas it lists', async () => {
    for (let agenda = 3; agenda <= 6; agenda++) {
      h.service.agendas.push({
        id: agenda,
        name: `Agenda ${agenda}`,
        home_currency: 'EUR',
      } as (typeof h.service.agendas)[number])
      h.service.addDocument(agenda)
    }
    const ws = await h.workspace()
    await ws.syncNow()
    // Spies keep the real calls; their call order is one sequence across spies. The outbox
    // read answers late, to see what left before it did.
    const readOutbox = Store.prototype.outboxEntries
    let listingsBeforeOutboxAnswered: string[] | undefined
    const outboxRead = vi.spyOn(Store.prototype, 'outboxEntries').mockImplementation(async function (this: Store) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      listingsBeforeOutboxAnswered ??= h.service.calls.filter((c) => c.startsWith('listDocumentPages:'))
      return readOutbox.call(this)
    })
    const cursorRead = vi.spyOn(Store.prototype, 'getCursor')
    const agendaList = vi.spyOn(h.service, 'listAgendas')
    try {
      h.service.tick(2_000)
      h.service.calls = []
      await ws.syncNow()
      expect(ws.status().lastError).toBeNull()
      expect(h.documentsChanged()).toHaveLength(1)
      const first = (spy: { mock: { invocationCallOrder: number[] } }) => spy.mock.invocationCallOrder[0]!
      expect(agendaList).toHaveBeenCalledTimes(1)
      expect(first(agendaList)).toBeLessThan(first(outboxRead))
      // The cursor the last pull wrote is known: not read again, and the six known agendas'
      // delta listings were asked before the outbox read answered.
      expect(cursorRead).not.toHaveBeenCalled()
      expect(listingsBeforeOutboxAnswered).toHaveLength(6)
      // Six agendas listed, one read of the outbox: what the pull's writes must not overwrite.
      expect(outboxRead).toHaveBeenCalledTimes(1)
    } finally {
      outboxRead.mockRestore()
      cursorRead.mockRestore()
      agendaList.mockRestore()
    }
  })

  it('a sync with an action queued pushes it before it pulls', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    const [id] = h.agendaOneIds()
    h.service.offline = true
    await ws.enqueue({ kind: 'documents.setState', items: [{ id: id!, state: 'exported' }] })
    h.service.offline = false
    h.service.calls = []
    await ws.syncNow()
    const calls = h.service.calls.map((c) => c.split(':')[0])
    expect(calls.indexOf('setDocumentState')).toBeGreaterThanOrEqual(0)
    expect(calls.indexOf('setDocumentState')).toBeLessThan(calls.indexOf('listAgendas'))
    expect((await ws.getDocument(id!))!.state).toBe('exported')
    expect((await ws.getDocument(id!))!.local.pendingActions).toBe(0)
  })
})
