import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { OutboxEntry } from '../../../shared/outbox/entry'
import { lanesOf, planPush } from './planner'

/** Random outboxes of document actions over a few documents, with random statuses. */
const entriesArb = fc
  .array(
    fc.record({
      documentId: fc.integer({ min: 1, max: 4 }),
      status: fc.constantFrom('pending', 'pending', 'in_flight', 'failed'),
      dependsOnPrevious: fc.boolean(),
    }),
    { maxLength: 25 },
  )
  .map((specs) =>
    specs.map((spec, index): OutboxEntry => ({
      id: `e${index}`,
      seq: index + 1,
      action: { kind: 'documents.setState', items: [{ id: spec.documentId, state: 'ready' }] },
      createdAt: '2026-11-22T00:00:00.000Z',
      baseLastModifiedAt: null,
      attempts: 0,
      status: spec.status as OutboxEntry['status'],
      dependsOn: spec.dependsOnPrevious && index > 0 ? [`e${index - 1}`] : [],
    })),
  )

describe('planPush (per-document order, parallel across documents)', () => {
  it('sends at most one entry per document, and only the oldest live one of its lane', () => {
    fc.assert(
      fc.property(entriesArb, (entries) => {
        const { runnable, dependencyFailed } = planPush(entries, new Set(), Date.parse('2026-11-22T00:00:00Z'))
        // Entries whose dependency failed are failed (never sent) before anything else is dispatched.
        const willFail = new Set(dependencyFailed.map((e) => e.id))
        const lanes = runnable.flatMap(lanesOf)
        expect(new Set(lanes).size).toBe(lanes.length)
        for (const entry of runnable) {
          const lane = lanesOf(entry)[0]!
          const older = entries.filter((e) => e.seq < entry.seq && lanesOf(e)[0] === lane)
          expect(older.every((e) => e.status === 'failed' || willFail.has(e.id))).toBe(true)
          expect(entry.status).toBe('pending')
        }
      }),
    )
  })

  it('never sends an entry before the entries it depends on are done', () => {
    fc.assert(
      fc.property(entriesArb, (entries) => {
        const { runnable, dependencyFailed } = planPush(entries, new Set(), Date.parse('2026-11-22T00:00:00Z'))
        const live = new Set(entries.filter((e) => e.status === 'pending' || e.status === 'in_flight').map((e) => e.id))
        const failed = new Set(entries.filter((e) => e.status === 'failed').map((e) => e.id))
        for (const entry of runnable) expect(entry.dependsOn.some((d) => live.has(d) || failed.has(d))).toBe(false)
        for (const entry of dependencyFailed) expect(entry.dependsOn.some((d) => failed.has(d))).toBe(true)
      }),
    )
  })

  it('holds an entry back until its nextAttemptAt', () => {
    const entry: OutboxEntry = {
      id: 'a',
      seq: 1,
      action: { kind: 'documents.archive', documentId: 1 },
      createdAt: '2026-11-22T00:00:00.000Z',
      baseLastModifiedAt: null,
      attempts: 1,
      status: 'pending',
      dependsOn: [],
      nextAttemptAt: '2026-11-22T00:00:05.000Z',
    }
    const early = planPush([entry], new Set(), Date.parse('2026-11-22T00:00:04Z'))
    expect(early.runnable).toEqual([])
    expect(early.wakeAt).toBe(Date.parse('2026-11-22T00:00:05Z'))
    expect(planPush([entry], new Set(), Date.parse('2026-11-22T00:00:05Z')).runnable).toEqual([entry])
  })
})
