import { describe, expect, it } from 'vitest'
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
