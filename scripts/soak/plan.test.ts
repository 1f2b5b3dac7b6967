/**
 * The soak's judge must see a lost or doubled action (otherwise `lost 0, duplicated 0` means
 * nothing). Plans are built over a made-up pool and judged against hand-made sandbox states.
 */
import { describe, expect, it } from 'vitest'
import { buildPlan, createIndexOf, judgePlan, summaryLine, type ObservedState, type Plan } from './plan'

const pool = Array.from({ length: 300 }, (_, i) => ({
  id: i + 1,
  state: i % 3 === 0 ? 'exported' : i % 3 === 1 ? 'ready' : 'not_ready',
}))

/** The sandbox state a perfect run of `plan` produces. */
function perfect(plan: Plan): ObservedState {
  const e = plan.expectation
  const documents = pool.map((d) => ({
    id: d.id,
    state: e.states.get(d.id)?.split('|')[0] ?? d.state,
    archived: e.archived.has(d.id),
  }))
  const comments = [...e.comments.values()].map((c) => ({
    document_id: c.documentId,
    text: c.text,
    deleted: c.deleted,
  }))
  const repairs = [...e.repaired].map((id) => ({ document_id: id }))
  return { documents, comments, repairs }
}

const refusals = (plan: Plan) =>
  plan.actions
    .filter((a) => a.kind === 'documents.repair' && a.expect === 'fail')
    .map((a) => ({
      action: { kind: 'documents.repair' as const, documentId: (a as { documentId: number }).documentId },
      error: { code: 'validation', message: 'Document can be repaired only in state ready or not_ready' },
    }))

describe('soak plan and judge', () => {
  const plan = buildPlan(pool, 200, 1, 't1')

  it('builds exactly the requested number of actions, the same for the same seed', () => {
    expect(plan.actions).toHaveLength(200)
    expect(buildPlan(pool, 200, 1, 't1').actions).toEqual(plan.actions)
    expect(new Set(plan.actions.map((a) => a.kind)).size).toBe(7)
    expect(createIndexOf('t1', '[soak t1 c12] text')).toBe(12)
    expect(createIndexOf('t1', '[soak t2 c12] text')).toBeNull()
  })

  it('keeps each comment edit after its create and each refused repair after its export', () => {
    for (const a of plan.actions) {
      if (a.kind === 'comments.update' || a.kind === 'comments.delete') expect(a.createIndex).toBeLessThan(a.index)
      if (a.kind === 'documents.repair' && a.expect === 'fail') {
        const exported = plan.actions.findIndex((b) => b.kind === 'documents.setState' && b.documentId === a.documentId)
        expect(exported).toBeGreaterThanOrEqual(0)
        expect(exported).toBeLessThan(a.index)
      }
    }
  })

  it('a perfect run: nothing lost or duplicated, every refused repair failed as expected', () => {
    const verdict = judgePlan(plan, perfect(plan), refusals(plan))
    expect(verdict.problems).toEqual([])
    expect(verdict.lost).toBe(0)
    expect(verdict.duplicated).toBe(0)
    expect(verdict.failedAsExpected).toBe(plan.expectation.refusedRepairs.size)
    expect(verdict.applied + verdict.failedAsExpected).toBe(200)
    expect(summaryLine('soak', verdict, 12.4)).toMatch(
      /^soak: actions 200, applied \d+, lost 0, duplicated 0, failed-as-expected \d+, seconds 12$/,
    )
  })

  it('counts a lost state change, a lost comment, a doubled comment and a doubled repair', () => {
    const observed = perfect(plan)
    const [stateId, state] = [...plan.expectation.states].find(([, s]) => s === 'ready' || s === 'exported')!
    observed.documents.find((d) => d.id === stateId)!.state = state === 'ready' ? 'exported' : 'ready'
    const liveComment = observed.comments.find((c) => !c.deleted)!
    observed.comments.splice(observed.comments.indexOf(liveComment), 1)
    observed.comments.push({ ...observed.comments[0]! })
    observed.repairs.push({ ...observed.repairs[0]! })
    const verdict = judgePlan(plan, observed, refusals(plan))
    expect(verdict.lost).toBe(2)
    expect(verdict.duplicated).toBe(2)
  })

  it('a refused repair the service applied anyway, or an action that failed unexpectedly, is lost', () => {
    const observed = perfect(plan)
    const refused = [...plan.expectation.refusedRepairs][0]!
    observed.repairs.push({ document_id: refused })
    const unexpected = {
      action: { kind: 'documents.archive' as const, documentId: [...plan.expectation.archived][0]! },
      error: { code: 'server', message: 'Internal Server Error' },
    }
    const verdict = judgePlan(plan, observed, [...refusals(plan), unexpected])
    expect(verdict.lost).toBe(2)
  })
})
