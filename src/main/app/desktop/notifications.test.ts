import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OutboxEntry } from '../../../shared/outbox/entry'
import { EventBus } from '../eventBus'
import { watchForNotifications, type DesktopNotice, type NotificationPort } from './notifications'

type Doc = { id: number; agenda_id: number; state: string; type: string; supplier?: { name: string } }

function setup(docs: Record<number, Doc>, outbox: Partial<OutboxEntry>[] = []) {
  const bus = new EventBus(() => {})
  const notices: DesktopNotice[] = []
  const workspace = {
    getDocument: async (id: number) => docs[id] ?? null,
    listOutbox: async () => outbox,
  } as unknown as NotificationPort
  const stop = watchForNotifications({
    subscribe: (listener) => bus.connect(listener),
    notify: (notice) => notices.push(notice),
    getWorkspace: () => workspace,
    language: 'en',
    coalesceMs: 10,
  })
  return { bus, notices, stop }
}

const settle = () => vi.advanceTimersByTimeAsync(50)

describe('desktop notifications from service events', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('tells that a repaired document is back, naming it, and a click opens it', async () => {
    const { bus, notices } = setup({
      7: { id: 7, agenda_id: 1, state: 'not_ready', type: 'PurchaseInvoice', supplier: { name: 'ACME' } },
    })
    bus.emit('documents.repairFinished', { documentId: 7, agendaId: 1, state: 'not_ready' })
    await settle()
    expect(notices).toEqual([
      {
        kind: 'repairFinished',
        title: 'A repaired document is back',
        body: 'ACME is back from repair. Click to open it.',
        target: { target: 'document', id: 7 },
      },
    ])
  })

  it('tells repairs finished together in one notification', async () => {
    const { bus, notices } = setup({})
    bus.emit('documents.repairFinished', { documentId: 7, agendaId: 1, state: 'ready' })
    bus.emit('documents.repairFinished', { documentId: 8, agendaId: 1, state: 'ready' })
    await settle()
    expect(notices).toHaveLength(1)
    expect(notices[0]!.body).toBe('2 documents are back from repair.')
  })

  it('tells uploads once the last uploaded document has left Processing', async () => {
    const docs: Record<number, Doc> = {
      20: { id: 20, agenda_id: 3, state: 'extracting', type: 'PurchaseInvoice' },
      21: { id: 21, agenda_id: 3, state: 'extracting', type: 'PurchaseInvoice' },
    }
    const { bus, notices } = setup(docs)
    for (const id of [20, 21])
      bus.emit('upload.progress', { uploadId: `u${id}`, fileName: 'a.pdf', phase: 'sent', fraction: 1, documentId: id })
    docs[20]!.state = 'not_ready'
    bus.emit('documents.changed', { documentIds: [20], agendaIds: [] })
    await settle()
    expect(notices).toEqual([])
    docs[21]!.state = 'ready'
    bus.emit('documents.changed', { documentIds: [21], agendaIds: [] })
    await settle()
    expect(notices).toEqual([
      {
        kind: 'uploadsProcessed',
        title: 'Uploads processed',
        body: '2 uploaded documents are ready for review.',
        target: { target: 'agenda', id: 3 },
      },
    ])
  })

  it('tells each newly failed action once, opening its document', async () => {
    const failed = {
      id: 'e1',
      status: 'failed',
      action: { kind: 'documents.setState', items: [{ id: 9, state: 'ready' }] },
    } as Partial<OutboxEntry>
    const { bus, notices } = setup({ 9: { id: 9, agenda_id: 1, state: 'not_ready', type: 'PurchaseInvoice' } }, [
      failed,
    ])
    bus.emit('outbox.changed', { pending: 0, failed: 1, entryIds: ['e1'] })
    await settle()
    bus.emit('outbox.changed', { pending: 0, failed: 1, entryIds: ['e1'] })
    await settle()
    expect(notices).toEqual([
      {
        kind: 'actionsFailed',
        title: 'Actions could not be sent',
        body: 'An action on #9 was refused by the service. Click to see it.',
        target: { target: 'document', id: 9 },
      },
    ])
  })

  it('tells once that sign-in is needed, and again only after a new sign-in', async () => {
    const { bus, notices } = setup({})
    bus.emit('auth.changed', { accountId: 'a', signedIn: false, reason: 'reauth_required' })
    bus.emit('auth.changed', { accountId: 'a', signedIn: false, reason: 'reauth_required' })
    expect(notices.map((n) => n.kind)).toEqual(['signInNeeded'])
    bus.emit('auth.changed', { accountId: 'a', signedIn: false, reason: 'signed_in' })
    bus.emit('auth.changed', { accountId: 'a', signedIn: false, reason: 'reauth_required' })
    expect(notices.map((n) => n.kind)).toEqual(['signInNeeded', 'signInNeeded'])
    expect(notices[0]!.target).toBeUndefined()
  })

  it('stops following when stopped', async () => {
    const { bus, notices, stop } = setup({})
    stop()
    bus.emit('documents.repairFinished', { documentId: 7, agendaId: 1, state: 'ready' })
    await settle()
    expect(notices).toEqual([])
  })
})
