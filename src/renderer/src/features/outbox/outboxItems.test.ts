import { describe, expect, it } from 'vitest'
import type { OutboxItem } from '../../../../shared/ipc'
import { actionKey, documentOf, panelEntries, relativeTime } from './outboxItems'

function item(seq: number, status: OutboxItem['status'], action: OutboxItem['action'] = archive(seq)): OutboxItem {
  return {
    id: `e${seq}`,
    seq,
    action,
    createdAt: '2026-11-22T05:00:00Z',
    baseLastModifiedAt: null,
    attempts: 0,
    status,
    dependsOn: [],
    description: `action ${seq}`,
  }
}
function archive(documentId: number): OutboxItem['action'] {
  return { kind: 'documents.archive', documentId }
}

describe('the outbox panel', () => {
  it('lists failed actions first, then the waiting ones, each oldest first, and never the done ones', () => {
    const { failed, waiting } = panelEntries([
      item(4, 'pending'),
      item(3, 'failed'),
      item(1, 'in_flight'),
      item(2, 'done'),
      item(0, 'failed'),
    ])
    expect(failed.map((e) => e.seq)).toEqual([0, 3])
    expect(waiting.map((e) => e.seq)).toEqual([1, 4])
  })

  it('opens the one document an action is about, and none for a batch, an agenda or an upload', () => {
    expect(documentOf(item(1, 'failed', archive(42)))).toBe(42)
    expect(documentOf(item(1, 'failed', { kind: 'comments.create', documentId: 7, text: 'hi' }))).toBe(7)
    expect(documentOf(item(1, 'failed', { kind: 'documents.setState', items: [{ id: 9, state: 'ready' }] }))).toBe(9)
    expect(
      documentOf(
        item(1, 'failed', {
          kind: 'documents.setState',
          items: [
            { id: 9, state: 'ready' },
            { id: 10, state: 'ready' },
          ],
        }),
      ),
    ).toBeNull()
    expect(
      documentOf(
        item(1, 'failed', {
          kind: 'upload.files',
          agendaId: 1,
          type: 'PurchaseInvoice',
          files: [{ fileName: 'a.pdf', contentType: 'application/pdf', size: 1 }],
        }),
      ),
    ).toBeNull()
  })

  it('says when an action was made in the largest unit that fits, in the user’s language', () => {
    const now = Date.parse('2026-11-22T05:00:00Z')
    expect(relativeTime('2026-11-22T04:57:00Z', now, 'en')).toBe('3 minutes ago')
    expect(relativeTime('2026-11-22T03:30:00Z', now, 'en')).toBe('1 hour ago')
    expect(relativeTime('2026-11-22T04:59:50Z', now, 'en')).toBe('10 seconds ago')
    expect(relativeTime('2026-11-20T05:00:00Z', now, 'en')).toBe('2 days ago')
    expect(relativeTime('2026-11-22T04:57:00Z', now, 'cs')).toBe('před 3 minutami')
    expect(relativeTime('garbage', now, 'en')).toBe('garbage')
  })

  it('words an action on one document without its internal id, and leaves the others to their description', () => {
    expect(actionKey(item(1, 'failed', { kind: 'documents.repair', documentId: 7 }))).toBe('outbox.action.repair')
    expect(actionKey(item(1, 'failed', { kind: 'documents.setState', items: [{ id: 7, state: 'exported' }] }))).toBe(
      'outbox.action.exported',
    )
    expect(actionKey(item(1, 'failed', archive(7)))).toBe('outbox.action.archive')
    const batch = {
      kind: 'documents.setState' as const,
      items: [
        { id: 9, state: 'ready' as const },
        { id: 10, state: 'ready' as const },
      ],
    }
    expect(actionKey(item(1, 'failed', batch))).toBeNull()
  })
})
