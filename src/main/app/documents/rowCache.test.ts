import { beforeEach, describe, expect, it } from 'vitest'
import { EVERY_DOCUMENT, FIRST_ROWS } from '../../../shared/documents/testing'
import type { CachedDocument } from '../../offline'
import { FakeWorkspace, sampleDocument as doc } from '../testing/fakeWorkspace'
import { createTriageHandlers } from '../triage'
import { AgendaRowCache, readAgendaRows, type RowsOrError } from './rowCache'

/** A FakeWorkspace that counts its reads. */
class CountingWorkspace extends FakeWorkspace {
  listCalls = 0
  getCalls = 0
  /** Runs inside the next listDocuments, after it has read (an event arriving mid-read). */
  duringList: (() => void) | null = null

  override async listDocuments(agendaId: number) {
    this.listCalls++
    const docs = await super.listDocuments(agendaId)
    const during = this.duringList
    this.duringList = null
    during?.()
    return docs
  }

  override async getDocument(id: number) {
    this.getCalls++
    return super.getDocument(id)
  }
}

let workspace: CountingWorkspace
let listeners: ((event: string, payload: unknown) => void)[]
let cache: AgendaRowCache
const emit = (event: string, payload: unknown) => listeners.forEach((l) => l(event, payload))
const ids = async (agendaId = 1) => (await cache.get(agendaId)).rows.map((r) => r.id)
const subscribe = (listener: (event: string, payload: unknown) => void) => {
  listeners.push(listener)
  return () => (listeners = listeners.filter((l) => l !== listener))
}

beforeEach(() => {
  listeners = []
  workspace = new CountingWorkspace()
  workspace.addAgenda({ id: 1, name: 'One' }).addAgenda({ id: 2, name: 'Two' })
  for (const id of [10, 11, 12, 13]) workspace.addDocument(1, doc(id))
  workspace.addDocument(2, doc(20))
  cache = new AgendaRowCache(() => workspace, subscribe)
})

describe('AgendaRowCache', () => {
  it('reads an agenda once and answers the same rows until something changes', async () => {
    expect(await ids()).toEqual([13, 12, 11, 10])
    expect(await ids()).toEqual([13, 12, 11, 10])
    expect(workspace.listCalls).toBe(1)
    expect(await ids(2)).toEqual([20])
    expect(workspace.listCalls).toBe(2)
  })

  it('re-reads only the documents an event names: new state, archived ones leave, new ones in id order', async () => {
    await ids()
    await workspace.enqueue({ kind: 'documents.setState', items: [{ id: 12, state: 'ready' }] })
    await workspace.enqueue({ kind: 'documents.archive', documentId: 11 })
    workspace.addDocument(1, doc(15)).addDocument(1, doc(9))
    emit('documents.changed', { documentIds: [12, 11, 15, 9], agendaIds: [] })
    const { rows } = await cache.get(1)
    expect(rows.map((r) => r.id)).toEqual([15, 13, 12, 10, 9])
    expect(rows.find((r) => r.id === 12)).toMatchObject({ state: 'ready', pending: 1 })
    expect(workspace.listCalls).toBe(1)
    expect(workspace.getCalls).toBe(4)
    // moved to another agenda: leaves agenda 1, appears in agenda 2 once that is read
    workspace.documents.set(13, { ...workspace.documents.get(13)!, agenda_id: 2 })
    emit('documents.changed', { documentIds: [13], agendaIds: [] })
    expect(await ids()).toEqual([15, 12, 10, 9])
    expect(await ids(2)).toEqual([20, 13])
  })

  it('moves an archived document from the rows to the archived rows, and back when the archive is undone', async () => {
    const first = await cache.get(1)
    expect(first.archived).toEqual([])
    const archive = await workspace.enqueue({ kind: 'documents.archive', documentId: 11 })
    emit('documents.changed', { documentIds: [11], agendaIds: [] })
    const after = await cache.get(1)
    expect(after.rows.map((r) => r.id)).toEqual([13, 12, 10])
    expect(after.archived.map((r) => r.id)).toEqual([11])
    expect(after.byKey).not.toBe(first.byKey)
    await workspace.undo(archive.id)
    emit('documents.changed', { documentIds: [11], agendaIds: [] })
    const undone = await cache.get(1)
    expect(undone.rows.map((r) => r.id)).toEqual([13, 12, 11, 10])
    expect(undone.archived).toEqual([])
    expect(workspace.listCalls).toBe(1)
  })

  it('reads an agenda again whole when an event names the agenda, or names nothing', async () => {
    await ids()
    workspace.addDocument(1, doc(14))
    emit('documents.changed', { documentIds: [], agendaIds: [1] })
    expect(await ids()).toEqual([14, 13, 12, 11, 10])
    expect(workspace.listCalls).toBe(2)
    workspace.documents.delete(14)
    emit('documents.changed', { documentIds: [], agendaIds: [] })
    expect(await ids()).toEqual([13, 12, 11, 10])
    expect(workspace.listCalls).toBe(3)
  })

  it('a failed pull names the agendas whose pages it wrote: those are read again', async () => {
    await ids()
    workspace.addDocument(1, doc(14))
    emit('sync.status', { syncing: false })
    expect(await ids()).toEqual([13, 12, 11, 10])
    emit('documents.changed', { documentIds: [], agendaIds: [1] })
    expect(await ids()).toEqual([14, 13, 12, 11, 10])
  })

  it('keeps each listed purchase document’s bank account with the rows, patched by a document’s event', async () => {
    workspace.addDocument(1, doc(14, { supplier: { name: 'Alfa', iban: 'CZ65 0800 0000 1920 0014 5399' } }))
    const first = await cache.get(1)
    expect([...first.accounts.values()].map((record) => [record.id, record.account])).toEqual([
      [14, 'CZ6508000000192000145399'],
    ])
    workspace.documents.get(14)!.supplier = { name: 'Alfa', iban: 'CZ69 0710 1781 2400 0004 1012' }
    emit('documents.changed', { documentIds: [14], agendaIds: [] })
    const second = await cache.get(1)
    expect(second.accounts.get(14)?.account).toBe('CZ6907101781240000041012')
    // The bank-account check's history comes with the rows: no agenda read whole again.
    expect(workspace.listCalls).toBe(1)
  })

  it('keeps a whole read that overlapped a document’s event, and re-reads that document alone next', async () => {
    workspace.duringList = () => {
      workspace.addDocument(1, doc(14))
      emit('documents.changed', { documentIds: [14], agendaIds: [] })
    }
    expect(await ids()).toEqual([13, 12, 11, 10])
    expect(await ids()).toEqual([14, 13, 12, 11, 10])
    // A stream of single documents' events never makes the agenda be read whole again.
    expect(workspace.listCalls).toBe(1)
  })

  it('answers a whole read that overlapped an event dropping its agenda, but does not keep it', async () => {
    workspace.duringList = () => {
      workspace.addDocument(1, doc(14))
      emit('documents.changed', { documentIds: [], agendaIds: [1] })
    }
    expect(await ids()).toEqual([13, 12, 11, 10])
    expect(await ids()).toEqual([14, 13, 12, 11, 10])
    expect(workspace.listCalls).toBe(2)
  })

  it('reads the agenda whole instead of more than 200 documents one by one', async () => {
    await ids()
    emit('documents.changed', { documentIds: Array.from({ length: 201 }, (_, i) => 1000 + i), agendaIds: [] })
    await ids()
    expect(workspace.getCalls).toBe(0)
    expect(workspace.listCalls).toBe(2)
  })

  it('answers many agendas in one call as each alone would, changes and errors included', async () => {
    const rowsIn = (read: RowsOrError) => ('rows' in read ? read.rows.rows : null)
    const each = async (agendaIds: number[]) =>
      (await cache.getEach(agendaIds)).map((read) => rowsIn(read)?.map((r) => r.id) ?? 'error')
    expect(await each([1, 2])).toEqual([[13, 12, 11, 10], [20]])
    const kept = await cache.getEach([1, 2])
    expect(workspace.listCalls).toBe(2)
    await workspace.enqueue({ kind: 'documents.archive', documentId: 12 })
    emit('documents.changed', { documentIds: [12], agendaIds: [] })
    const after = await cache.getEach([1, 2])
    expect(after.map((read) => rowsIn(read)?.map((r) => r.id))).toEqual([[13, 11, 10], [20]])
    // The agenda that did not change answers the very rows it did (what derives from them is kept).
    expect(rowsIn(after[1]!)).toBe(rowsIn(kept[1]!))
    workspace.addDocument(2, doc(21))
    emit('documents.changed', { documentIds: [], agendaIds: [2] })
    expect(await each([2, 1])).toEqual([
      [21, 20],
      [13, 11, 10],
    ])
    const failing = workspace.forEachDocument.bind(workspace)
    workspace.forEachDocument = async (agendaId, visit, options) => {
      if (agendaId === 3) throw new Error('not cached')
      return failing(agendaId, visit, options)
    }
    expect(await each([3, 1])).toEqual(['error', [13, 11, 10]])
  })

  it('starts empty for another workspace (account switch) and stops following events when closed', async () => {
    await ids()
    const other = new CountingWorkspace().addAgenda({ id: 1, name: 'One' }).addDocument(1, doc(99))
    const current = workspace
    workspace = other
    expect(await ids()).toEqual([99])
    workspace = current
    expect(await ids()).toEqual([13, 12, 11, 10])
    expect(current.listCalls).toBe(2)
    cache.close()
    expect(listeners).toHaveLength(0)
  })
})

describe('triage handlers with the row cache', () => {
  it('flags a duplicate that appears later, once its event arrives, without re-reading the agenda', async () => {
    workspace.addDocument(1, doc(30, { supplier: { name: 'ACME' }, data: { header: { invoice_no: '7' } } }))
    const handlers = createTriageHandlers(() => workspace, { subscribe })
    const context = { senderUrl: 'app://test' }
    const duplicate = async () =>
      (await handlers['documents.get']({ id: 30 }, context)).checks.find((c) => c.code === 'duplicate')
    expect(await duplicate()).toMatchObject({ status: 'ok' })
    expect(await handlers['agendas.list']({}, context)).toMatchObject({
      agendas: [
        { id: 1, counts: { all: 5 } },
        { id: 2, counts: { all: 1 } },
      ],
    })
    workspace.addDocument(1, doc(31, { supplier: { name: ' acme ' }, data: { header: { invoice_no: '7' } } }))
    expect(await duplicate()).toMatchObject({ status: 'ok' }) // no event yet: the cache holds
    emit('documents.changed', { documentIds: [31], agendaIds: [] })
    expect(await duplicate()).toMatchObject({ status: 'warning', documentIds: [31] })
    expect(
      (await handlers['documents.query']({ agendaId: 1, query: EVERY_DOCUMENT, window: FIRST_ROWS }, context)).rows[0],
    ).toMatchObject({ id: 31 })
    expect(workspace.listCalls).toBe(2)
  })
})

describe('All agendas and the sidebar, with the row cache', () => {
  it('answer each action, undo and agenda added or removed at once, and the same list while nothing changes', async () => {
    const handlers = createTriageHandlers(() => workspace, { subscribe })
    const context = { senderUrl: 'app://test' }
    const all = async (queue: 'all' | 'ready' = 'all') =>
      handlers['documents.query']({ agendaId: 'all', query: { ...EVERY_DOCUMENT, queue }, window: FIRST_ROWS }, context)
    const counts = async () =>
      (await handlers['agendas.list']({}, context)).agendas.map((agenda) => [agenda.id, agenda.counts.ready])
    const first = await all()
    expect(first.ids).toEqual([20, 13, 12, 11, 10])
    expect(await counts()).toEqual([
      [1, 0],
      [2, 0],
    ])
    // Nothing changed: the very list (and so its token, worked out once).
    expect((await all()).ids).toBe(first.ids)

    const entry = await workspace.enqueue({ kind: 'documents.setState', items: [{ id: 12, state: 'ready' }] })
    emit('documents.changed', { documentIds: [12], agendaIds: [] })
    expect((await all('ready')).ids).toEqual([12])
    expect((await all()).counts.ready).toBe(1)
    expect(await counts()).toEqual([
      [1, 1],
      [2, 0],
    ])

    await workspace.undo(entry.id)
    emit('documents.changed', { documentIds: [12], agendaIds: [] })
    expect((await all('ready')).ids).toEqual([])
    expect(await counts()).toEqual([
      [1, 0],
      [2, 0],
    ])

    workspace.addAgenda({ id: 3, name: 'Three' }).addDocument(3, doc(30, { state: 'ready' }))
    emit('documents.changed', { documentIds: [], agendaIds: [3] })
    expect((await all()).ids).toEqual([30, 20, 13, 12, 11, 10])
    expect((await all()).agendaIds).toEqual([3, 2, 1, 1, 1, 1])
    expect(await counts()).toEqual([
      [1, 0],
      [2, 0],
      [3, 1],
    ])

    workspace.agendas.splice(
      workspace.agendas.findIndex((agenda) => agenda.id === 2),
      1,
    )
    emit('documents.changed', { documentIds: [], agendaIds: [2] })
    expect((await all()).ids).toEqual([30, 13, 12, 11, 10])
    expect((await counts()).map(([id]) => id)).toEqual([1, 3])
  })
})

describe("the inbox and the person's answers to warnings, with the row cache", () => {
  it('a duplicate answered Not a duplicate stops counting: no flag, listed under Clean, marked ready with the clean ones; undone, it counts again', async () => {
    const acme = (id: number) =>
      doc(id, {
        supplier: { name: 'ACME', vat_id: 'CZ699004900' },
        data: { header: { invoice_no: '7', issue_date: '2026-01-01', due_date: '2026-01-31', currency: 'eur' } },
      })
    workspace.addDocument(1, acme(30)).addDocument(1, acme(31))
    const handlers = createTriageHandlers(() => workspace, { subscribe })
    const context = { senderUrl: 'app://test' }
    const list = (warnings: 'all' | 'clean' | 'warnings') =>
      handlers['documents.query']({ agendaId: 1, query: { ...EVERY_DOCUMENT, warnings }, window: FIRST_ROWS }, context)
    const rowOf = async (id: number) => (await list('all')).rows.find((row) => row.id === id)!
    expect(await rowOf(30)).toMatchObject({ warnings: ['duplicate'] })
    const cleanBefore = (await list('clean')).ids
    expect(cleanBefore).not.toContain(30)

    await handlers['documents.acknowledge']({ id: 30, code: 'duplicate', kind: 'not_duplicate' }, context)
    emit('documents.changed', { documentIds: [30], agendaIds: [] }) // what the workspace emits after an answer
    expect(await rowOf(30)).toMatchObject({ warnings: [], acknowledged: ['duplicate'] })
    // The other one was not answered: still flagged, so still not among the clean ones.
    expect(await rowOf(31)).toMatchObject({ warnings: ['duplicate'] })
    const clean = await list('clean')
    expect(clean.ids).toEqual([30, ...cleanBefore])
    expect(clean.counts.all).toBe(cleanBefore.length + 1)
    expect((await list('warnings')).ids).not.toContain(30)

    await handlers['documents.withdrawAcknowledgement']({ id: 30, code: 'duplicate' }, context)
    emit('documents.changed', { documentIds: [30], agendaIds: [] })
    expect(await rowOf(30)).toMatchObject({ warnings: ['duplicate'] })
    expect((await list('clean')).ids).toEqual(cleanBefore)
  })

  it('an agenda read whole applies the answers kept in the store', async () => {
    workspace.addDocument(1, doc(40, { data: { header: { issue_date: '2026-02-01', due_date: '2026-01-01' } } }))
    const before = (await cache.get(1)).rows.find((row) => row.id === 40)!
    expect(before.warnings).toContain('due_before_issue')
    await workspace.acknowledge({ documentId: 40, code: 'due_before_issue', kind: 'acknowledged', reason: 'typo' })
    emit('documents.changed', { documentIds: [], agendaIds: [1] })
    const after = (await cache.get(1)).rows.find((row) => row.id === 40)!
    expect(after.warnings).toEqual(before.warnings.filter((code) => code !== 'due_before_issue'))
    expect(after.acknowledged).toEqual(['due_before_issue'])
  })
})

describe('readAgendaRows', () => {
  it('builds the rows from forEachDocument, never asking for the whole list', async () => {
    class VisitingWorkspace extends FakeWorkspace {
      override async listDocuments(): Promise<never> {
        throw new Error('listDocuments must not be called when forEachDocument exists')
      }
      override async forEachDocument(agendaId: number, visit: (d: CachedDocument) => void): Promise<void> {
        for (const d of await super.listDocuments(agendaId)) visit(d)
      }
    }
    const visiting = new VisitingWorkspace()
    visiting.addDocument(1, doc(5, { supplier: { name: 'ACME' }, data: { header: { invoice_no: '7' } } }))
    visiting.addDocument(1, doc(9, { supplier: { name: 'acme' }, data: { header: { invoice_no: '7' } } }))
    visiting.addDocument(2, doc(6))
    const read = await readAgendaRows(visiting, 1)
    expect(read.rows.map((r) => r.id)).toEqual([9, 5])
    expect(read.byKey.sharedIds()).toEqual([9, 5])
    expect(read.byKey.idsUnder('invoice\u0000name:acme\u00007')).toEqual([9, 5])
  })
})
