import { beforeEach, describe, expect, it } from 'vitest'
import { EVERY_DOCUMENT, FIRST_ROWS } from '../../../shared/documents/testing'
import type { CheckResult } from '../../../shared/checks/result'
import type { CachedDocumentView } from '../../../shared/ipc'
import type { Handlers } from '../router'
import { sampleDocument as doc, seededWorkspace, type FakeWorkspace } from '../testing/fakeWorkspace'
import { routerCall } from '../testing/routerCall'
import { createTriageHandlers } from '../triage'

let workspace: FakeWorkspace
let call: (channel: string, input: unknown) => Promise<unknown>

/** Document 30: base 490 + VAT 102.87, but the total was read as 529.87 (the invoice says 592.87). */
beforeEach(() => {
  workspace = seededWorkspace()
  workspace.addDocument(
    2,
    doc(30, {
      summary: { sub_total: 490, vat_total: 102.87, total: 529.87 },
      tax_lines: [{ percent: 21, sub_total: 490, vat_total: 102.87, total: 592.87 }],
    }),
  )
  call = routerCall(
    createTriageHandlers(() => workspace, {
      now: () => new Date(2026, 1, 5),
      userName: () => 'Jana Nováková',
    }) as Handlers,
  )
})

type Answer = { document: CachedDocumentView; checks: CheckResult[] }
const statusOf = (checks: CheckResult[], code: string) => checks.find((c) => c.code === code)?.status

describe('documents.correct', () => {
  it('keeps the corrected total, and the checks run on it: the arithmetic warning goes away', async () => {
    const before = (await call('documents.get', { id: 30 })) as Answer
    expect(statusOf(before.checks, 'summary_total')).toBe('warning')

    const after = (await call('documents.correct', { id: 30, field: 'summary.total', value: '592,87' })) as Answer
    expect(after.document.summary?.total).toBe(592.87)
    expect(after.document.local.corrections).toEqual([
      expect.objectContaining({ field: 'summary.total', extracted: '529.87', value: '592.87', by: 'Jana Nováková' }),
    ])
    expect(statusOf(after.checks, 'summary_total')).toBe('ok')
  })

  it('clears the inbox flag of the corrected document', async () => {
    const flags = async () => {
      const { rows } = (await call('documents.query', { agendaId: 2, query: EVERY_DOCUMENT, window: FIRST_ROWS })) as {
        rows: { id: number; warnings: string[] }[]
      }
      return rows.find((r) => r.id === 30)?.warnings
    }
    expect(await flags()).toContain('summary_total')
    await call('documents.correct', { id: 30, field: 'summary.total', value: '592.87' })
    expect(await flags()).not.toContain('summary_total')
  })

  it('refuses a value that does not fit the field, saying why', async () => {
    await expect(call('documents.correct', { id: 30, field: 'summary.total', value: '59x' })).rejects.toMatchObject({
      code: 'invalid_value',
      details: { reason: 'not_amount' },
    })
    await expect(
      call('documents.correct', { id: 30, field: 'header.due_date', value: '31.2.2026' }),
    ).rejects.toMatchObject({
      code: 'invalid_value',
      details: { reason: 'not_date' },
    })
    await expect(call('documents.correct', { id: 30, field: 'header.locale', value: 'cs' })).rejects.toMatchObject({
      code: 'validation',
    })
    await expect(call('documents.correct', { id: 30, field: 'tax_lines.4.total', value: '1' })).rejects.toMatchObject({
      code: 'invalid_input',
    })
    expect(await workspace.corrections(30)).toEqual([])
  })

  it('withdraws the correction when the value typed is what the service says', async () => {
    await call('documents.correct', { id: 30, field: 'summary.total', value: '592.87' })
    const answer = (await call('documents.correct', { id: 30, field: 'summary.total', value: '529.87' })) as Answer
    expect(answer.document.local.corrections).toBeUndefined()
    expect(answer.document.summary?.total).toBe(529.87)
  })
})

describe('documents.withdrawCorrection and documents.corrections', () => {
  it('reads the service value again and lists what happened, with who and when', async () => {
    await call('documents.correct', { id: 30, field: 'summary.total', value: '592.87' })
    const answer = (await call('documents.withdrawCorrection', { id: 30, field: 'summary.total' })) as Answer
    expect(answer.document.summary?.total).toBe(529.87)
    expect(statusOf(answer.checks, 'summary_total')).toBe('warning')
    const listed = (await call('documents.corrections', { id: 30 })) as {
      corrections: unknown[]
      events: { kind: string; by: string | null; at: string }[]
    }
    expect(listed.corrections).toEqual([])
    expect(listed.events.map((e) => [e.kind, e.by])).toEqual([
      ['corrected', 'Jana Nováková'],
      ['withdrawn', 'Jana Nováková'],
    ])
  })
})
