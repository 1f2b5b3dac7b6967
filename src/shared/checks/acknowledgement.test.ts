import { describe, expect, it } from 'vitest'
import { applyAcknowledgements, type Acknowledgement } from './acknowledgement'
import type { CheckResult } from './result'

const at = '2026-11-22T10:00:00.000Z'
const duplicateOf = (...documentIds: number[]): CheckResult => ({ code: 'duplicate', status: 'warning', documentIds })
const notDuplicate = (...documentIds: number[]): Acknowledgement => ({
  documentId: 1,
  code: 'duplicate',
  kind: 'not_duplicate',
  reason: null,
  documentIds,
  at,
  userId: 3,
})

describe('applyAcknowledgements', () => {
  it('shows an answered warning as acknowledged, with who, when and why, keeping what the problem was', () => {
    const overdue: CheckResult = { code: 'overdue', status: 'warning', days: 40 }
    const ack: Acknowledgement = { documentId: 1, code: 'overdue', kind: 'acknowledged', reason: 'paid', at, userId: 3 }
    expect(applyAcknowledgements([overdue], [ack])).toEqual([
      { ...overdue, status: 'acknowledged', acknowledged: { kind: 'acknowledged', reason: 'paid', at, userId: 3 } },
    ])
  })

  it('leaves passes, skips and warnings without an answer as they are', () => {
    const checks: CheckResult[] = [
      { code: 'iban', status: 'ok' },
      { code: 'vat_id', status: 'skipped' },
      { code: 'overdue', status: 'warning', days: 3 },
    ]
    const ack: Acknowledgement = { documentId: 1, code: 'iban', kind: 'acknowledged', reason: null, at, userId: 3 }
    expect(applyAcknowledgements(checks, [ack])).toEqual(checks)
  })

  it('dismisses a duplicate only while it names no document other than those dismissed', () => {
    expect(applyAcknowledgements([duplicateOf(13)], [notDuplicate(13, 14)])[0]!.status).toBe('acknowledged')
    // A new look-alike (15) arrived since: flagged again.
    expect(applyAcknowledgements([duplicateOf(13, 15)], [notDuplicate(13, 14)])[0]!.status).toBe('warning')
  })
})
