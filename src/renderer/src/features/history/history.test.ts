import { describe, expect, it } from 'vitest'
import type { HistoryItem } from '../../../../shared/history/events'
import type { CachedCommentView } from '../../../../shared/ipc'
import { buildHistory } from './history'

const comment = (uuid: string, at: string, text: string): CachedCommentView =>
  ({ uuid, created_at: at, text, user_id: 7 }) as unknown as CachedCommentView

describe('buildHistory', () => {
  it("merges the comments with the account's history, newest first, each action with who and its status", () => {
    const items: HistoryItem[] = [
      { key: 'a', documentId: 10, kind: 'ready', at: '2026-01-01T09:00:00.000Z', by: 'Jana', status: 'sent' },
      {
        key: 'b',
        documentId: 10,
        kind: 'repair',
        at: '2026-01-01T11:00:00.000Z',
        by: 'Jana',
        text: 'VAT read wrong',
        status: 'failed',
        error: 'It cannot be repaired.',
      },
      { key: 'c', documentId: 10, kind: 'returned', at: '2026-01-01T12:00:00.000Z', state: 'ready' },
    ]
    const lines = buildHistory({
      comments: [comment('u1', '2026-01-01T10:00:00.000Z', 'Call the supplier')],
      items,
      author: () => 'Petr',
    })
    expect(lines).toEqual([
      { key: 'event-c', at: '2026-01-01T12:00:00.000Z', kind: 'returned', state: 'ready' },
      {
        key: 'event-b',
        at: '2026-01-01T11:00:00.000Z',
        kind: 'repair',
        by: 'Jana',
        text: 'VAT read wrong',
        status: 'failed',
        error: 'It cannot be repaired.',
      },
      { key: 'comment-u1', at: '2026-01-01T10:00:00.000Z', by: 'Petr', kind: 'comment', text: 'Call the supplier' },
      { key: 'event-a', at: '2026-01-01T09:00:00.000Z', kind: 'ready', by: 'Jana', status: 'sent' },
    ])
  })

  it('keeps events of the same moment in reverse write order, and answers to warnings with their check and reason', () => {
    const at = '2026-01-02T09:00:00.000Z'
    const items: HistoryItem[] = [
      { key: '1', documentId: 10, kind: 'notDuplicate', at, check: 'duplicate', by: 'Jana' },
      { key: '2', documentId: 10, kind: 'acknowledged', at, check: 'overdue', text: 'paid in cash', by: 'Jana' },
      { key: '3', documentId: 10, kind: 'acknowledgementWithdrawn', at, check: 'overdue', by: 'Jana' },
    ]
    expect(buildHistory({ comments: [], items, author: () => '' }).map((l) => [l.kind, l.check, l.text])).toEqual([
      ['acknowledgementWithdrawn', 'overdue', undefined],
      ['acknowledged', 'overdue', 'paid in cash'],
      ['notDuplicate', 'duplicate', undefined],
    ])
  })

  it('shows the reason of a failure only while the action is failed', () => {
    const items: HistoryItem[] = [
      { key: 'x', documentId: 10, kind: 'archive', at: '2026-01-01T09:00:00.000Z', status: 'sent', error: 'old' },
    ]
    expect(buildHistory({ comments: [], items, author: () => '' })[0]).not.toHaveProperty('error')
  })
})
