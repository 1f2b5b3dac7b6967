import { beforeEach, describe, expect, it } from 'vitest'
import { seededWorkspace, type FakeWorkspace } from './fakeWorkspace'

let workspace: FakeWorkspace
let events: { event: string; payload: unknown }[]

beforeEach(() => {
  workspace = seededWorkspace()
  events = []
  workspace.subscribe((event, payload) => events.push({ event, payload }))
})

describe('FakeWorkspace events follow the real workspace’s', () => {
  it('an enqueued action: outbox.changed, then documents.changed naming each document it acts on once', async () => {
    const entry = await workspace.enqueue({
      kind: 'documents.setState',
      items: [
        { id: 10, state: 'ready' },
        { id: 11, state: 'exported' },
      ],
    })
    expect(events).toEqual([
      { event: 'outbox.changed', payload: { pending: 1, failed: 0, entryIds: [entry.id] } },
      { event: 'documents.changed', payload: { documentIds: [10, 11], agendaIds: [] } },
    ])
  })

  it('an undo names the documents the entry acted on, after they are rolled back', async () => {
    const entry = await workspace.enqueue({ kind: 'documents.archive', documentId: 12 })
    events = []
    let archivedWhenTold: boolean | undefined
    workspace.subscribe((event) => {
      if (event === 'documents.changed') archivedWhenTold = workspace.documents.get(12)?.local.archived
    })
    await workspace.undo(entry.id)
    expect(events.map((e) => e.event)).toEqual(['outbox.changed', 'documents.changed'])
    expect(events[1]!.payload).toEqual({ documentIds: [12], agendaIds: [] })
    expect(archivedWhenTold).toBe(false)
  })

  it('a send names the documents of the entries it sent, and none when nothing was pending', async () => {
    await workspace.enqueue({ kind: 'documents.repair', documentId: 10 })
    await workspace.enqueue({ kind: 'comments.create', documentId: 11, text: 'Paid by card' })
    events = []
    workspace.send()
    expect(events.at(-1)).toEqual({ event: 'documents.changed', payload: { documentIds: [10, 11], agendaIds: [] } })
    events = []
    workspace.send()
    expect(events.map((e) => e.event)).toEqual(['outbox.changed'])
  })

  it('an answer to a warning, a correction and their withdrawals name their document', async () => {
    await workspace.acknowledge({ documentId: 10, code: 'duplicate', kind: 'not_duplicate', reason: null })
    await workspace.withdrawAcknowledgement(10, 'duplicate')
    await workspace.correct({
      documentId: 11,
      field: 'header.invoice_no',
      extracted: 'INV-11',
      value: 'INV-011',
      by: null,
    })
    await workspace.withdrawCorrection(11, 'header.invoice_no', null)
    expect(events.map((e) => e.payload)).toEqual([
      { documentIds: [10], agendaIds: [] },
      { documentIds: [10], agendaIds: [] },
      { documentIds: [11], agendaIds: [] },
      { documentIds: [11], agendaIds: [] },
    ])
  })

  it('a document or agenda added (as a pull would) is named; a direct edit is told with documentsChanged', () => {
    workspace.addAgenda({ id: 3, name: 'Third' })
    workspace.addDocument(3, { ...workspace.documents.get(10)!, id: 30 })
    workspace.documentsChanged([10, 11])
    expect(events).toEqual([
      { event: 'documents.changed', payload: { documentIds: [], agendaIds: [3] } },
      { event: 'documents.changed', payload: { documentIds: [30], agendaIds: [] } },
      { event: 'documents.changed', payload: { documentIds: [10, 11], agendaIds: [] } },
    ])
  })
})
