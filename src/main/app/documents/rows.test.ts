import { describe, expect, it } from 'vitest'
import type { Acknowledgement } from '../../../shared/checks/acknowledgement'
import { runChecks } from '../../../shared/checks/run'
import type { Document } from '../../../shared/api'
import type { CachedDocument } from '../../offline'
import { sampleDocument } from '../testing/fakeWorkspace'
import { DuplicateIndexBuilder } from './duplicateIndex'
import { createStringPool, ownWarnings, toDocumentRow, withDuplicateFlags } from './rows'

/** A sample document whose supplier has a VAT ID, so only the planted problem warns. */
const cached = (doc: Document): CachedDocument =>
  ({
    ...doc,
    supplier: { vat_id: 'CZ699004900', ...doc.supplier },
    agenda_id: 1,
    local: { pendingActions: 0, failed: null, archived: false },
  }) as CachedDocument

describe('the flags of an inbox row', () => {
  it('flag the same checks the checks panel fails (overdue and duplicate aside)', () => {
    const docs = [
      sampleDocument(1),
      sampleDocument(2, { data: { header: { issue_date: '2026-02-01', due_date: '2026-01-01' } } }),
      sampleDocument(3, { data: { header: { issue_date: '2026-02-01T00:00:00Z', due_date: '2026-01-01' } } }),
      sampleDocument(4, { bank_account: { iban: 'CZ65 0800 0000 1920 0014 5399' } }),
      sampleDocument(5, { bank_account: { iban: 'CZ65 0800 0000 1920 0014 5398' } }),
      sampleDocument(6, { bank_account: { iban: 'CZ65 0800 0000 1920 0014 5398' } }),
      sampleDocument(7, { summary: { sub_total: 100, vat_total: 21, total: 150 } }),
    ].map(cached)
    for (const doc of docs) {
      const panel = runChecks(doc, { today: new Date(2026, 0, 1), agenda: [] })
        .filter((c) => c.status === 'warning' && c.code !== 'overdue' && c.code !== 'duplicate')
        .map((c) => c.code)
      expect(ownWarnings(doc), `document ${doc.id}`).toEqual(panel)
    }
    expect(docs.map((doc) => ownWarnings(doc).length > 0)).toEqual([false, true, true, false, true, true, true])
  })

  it("flag the agenda-dependent checks against the agenda's company and home currency", () => {
    const doc = cached(sampleDocument(8, { customer: { name: 'Pino Bluebird' } }))
    expect(ownWarnings(doc)).toEqual([])
    expect(ownWarnings(doc, { name: 'Demo s.r.o.', homeCurrency: 'CZK' })).toEqual(['exchange_rate', 'counterparty'])
    expect(toDocumentRow(doc, { name: 'Pino Bluebird', homeCurrency: 'EUR' }).warnings).toEqual([])
  })

  it('add duplicate to every row sharing a duplicate key with another, and copy only those', () => {
    const rows = [3, 2, 1].map((id) => toDocumentRow(cached(sampleDocument(id))))
    const index = new DuplicateIndexBuilder()
    for (const id of [1, 3]) index.addKey('acme\u0000inv-1', id)
    index.addKey('acme\u0000inv-2', 2)
    const byKey = index.build()
    const flagged = withDuplicateFlags(rows, byKey)
    expect(flagged.map((row) => row.warnings)).toEqual([['duplicate'], [], ['duplicate']])
    expect(flagged[1]).toBe(rows[1])
    expect(rows[0]!.warnings).toEqual([])
    expect(withDuplicateFlags(rows, byKey)).toBe(flagged)
    const none = [2, 1].map((id) => toDocumentRow(cached(sampleDocument(id))))
    expect(withDuplicateFlags(none, new DuplicateIndexBuilder().build())).toBe(none)
  })
})

describe("an inbox row and the person's answers to its warnings", () => {
  const answer = (
    documentId: number,
    code: Acknowledgement['code'],
    kind: Acknowledgement['kind'],
    documentIds?: number[],
  ): Acknowledgement => ({
    documentId,
    code,
    kind,
    reason: kind === 'acknowledged' ? 'Checked with the supplier' : null,
    ...(documentIds ? { documentIds } : {}),
    at: '2026-01-02T09:30:00.000Z',
    userId: 7,
  })
  const overdueFirst = cached(
    sampleDocument(2, { data: { header: { issue_date: '2026-02-01', due_date: '2026-01-01' } } }),
  )

  it('an acknowledged warning moves from warnings to acknowledged: a row whose only warning is answered is clean', () => {
    expect(toDocumentRow(overdueFirst).warnings).toEqual(['required_fields', 'due_before_issue'])
    const partly = toDocumentRow(overdueFirst, null, undefined, undefined, [
      answer(2, 'due_before_issue', 'acknowledged'),
    ])
    expect([partly.warnings, partly.acknowledged]).toEqual([['required_fields'], ['due_before_issue']])
    const answered = toDocumentRow(overdueFirst, null, undefined, undefined, [
      answer(2, 'due_before_issue', 'acknowledged'),
      answer(2, 'required_fields', 'acknowledged'),
    ])
    expect([answered.warnings, answered.acknowledged]).toEqual([[], ['required_fields', 'due_before_issue']])
  })

  it('an answer to a check that does not warn (any more) says nothing on the row', () => {
    const row = toDocumentRow(cached(sampleDocument(1)), null, undefined, undefined, [
      answer(1, 'due_before_issue', 'acknowledged'),
    ])
    expect(row.warnings).toEqual([])
    expect(row.acknowledged).toBeUndefined()
  })

  it('a duplicate flag answered Acknowledge, or Not a duplicate of every look-alike, is not counted', () => {
    const index = new DuplicateIndexBuilder()
    for (const id of [1, 2, 3]) index.addKey('acme\u0000inv-1', id)
    const byKey = index.build()
    const rows = [
      toDocumentRow(cached(sampleDocument(3)), null, undefined, undefined, [answer(3, 'duplicate', 'acknowledged')]),
      toDocumentRow(cached(sampleDocument(2)), null, undefined, undefined, [
        answer(2, 'duplicate', 'not_duplicate', [1, 3]),
      ]),
      toDocumentRow(cached(sampleDocument(1)), null, undefined, undefined, [
        answer(1, 'duplicate', 'not_duplicate', [2]),
      ]),
    ]
    const flagged = withDuplicateFlags(rows, byKey)
    expect(flagged.map((row) => [row.warnings, row.acknowledged])).toEqual([
      [[], ['duplicate']],
      [[], ['duplicate']],
      // Dismissed for #2 only: #3 looks like it too, so the flag comes back.
      [['duplicate'], undefined],
    ])
  })

  it('the look-alikes of a document are the others sharing one of its keys', () => {
    const index = new DuplicateIndexBuilder()
    index.addKey('a', 1)
    index.addKey('a', 2)
    index.addKey('b', 2)
    index.addKey('b', 5)
    index.addKey('c', 9)
    const byKey = index.build()
    expect(byKey.partnersOf(2)).toEqual([1, 5])
    expect(byKey.partnersOf(1)).toEqual([2])
    expect(byKey.partnersOf(9)).toEqual([])
    expect(byKey.partnersOf(4)).toEqual([])
  })
})

describe('the rows of a whole agenda share what they can', () => {
  it('rows with the same warnings share one frozen array', () => {
    const [a, b, c] = [sampleDocument(1), sampleDocument(2), sampleDocument(3, { supplier: {} })]
      .map(cached)
      .map((doc) => toDocumentRow(doc))
    expect(a!.warnings).toBe(b!.warnings)
    expect(Object.isFrozen(a!.warnings)).toBe(true)
    expect(c!.warnings).not.toEqual(a!.warnings)
    expect(Object.isFrozen(c!.warnings)).toBe(true)
    expect(() => (a!.warnings as string[]).push('duplicate')).toThrow(TypeError)
  })

  it('pooling changes no value of a row', () => {
    const pool = createStringPool()
    for (const doc of [
      sampleDocument(1),
      sampleDocument(2, { type: 'SalesInvoice', customer: { name: 'Pino' } }),
      sampleDocument(3, { data: { header: { invoice_no: '7', variable_symbol: '7', issue_date: '' } } }),
    ].map(cached)) {
      expect(toDocumentRow(doc, null, undefined, pool)).toEqual(toDocumentRow(doc))
    }
    expect(
      toDocumentRow(cached(sampleDocument(4, { data: { header: { invoice_no: '7', variable_symbol: '7' } } }))),
    ).toMatchObject({ invoiceNo: '7', variableSymbol: '7' })
  })
})
