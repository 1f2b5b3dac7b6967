import { describe, expect, it } from 'vitest'
import type { CheckResult } from '../../../../shared/checks/result'
import { buildHistory } from './history'

const base = { documentId: 10, comments: [], events: [], outbox: [], author: () => 'Someone', you: 'You' }

describe('buildHistory: answered warnings', () => {
  it('lists each acknowledged warning with who, when and the reason, newest first; warnings not answered are no lines', () => {
    const checks: CheckResult[] = [
      {
        code: 'duplicate',
        status: 'acknowledged',
        documentIds: [13],
        acknowledged: { kind: 'not_duplicate', reason: null, at: '2026-01-02T09:00:00.000Z', userId: 7 },
      },
      {
        code: 'overdue',
        status: 'acknowledged',
        acknowledged: { kind: 'acknowledged', reason: 'paid in cash', at: '2026-01-03T09:00:00.000Z', userId: 7 },
      },
      { code: 'iban', status: 'warning' },
    ]
    expect(buildHistory({ ...base, checks })).toEqual([
      {
        key: 'ack-overdue',
        at: '2026-01-03T09:00:00.000Z',
        by: 'You',
        kind: 'acknowledged',
        check: 'overdue',
        text: 'paid in cash',
      },
      { key: 'ack-duplicate', at: '2026-01-02T09:00:00.000Z', by: 'You', kind: 'notDuplicate', check: 'duplicate' },
    ])
  })
})
