import { describe, expect, it } from 'vitest'
import { runChecks } from '../../../shared/checks/run'
import type { Document } from '../../../shared/api'
import type { CachedDocument } from '../../offline'
import { sampleDocument } from '../testing/fakeWorkspace'
import { ownWarnings, toDocumentRow, withDuplicateFlags } from './rows'

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

  it('add duplicate to every row sharing a supplier and invoice number, and copy only those', () => {
    const rows = [1, 2, 3].map((id) => toDocumentRow(cached(sampleDocument(id))))
    const byKey = new Map([['k', [{ id: 1 }, { id: 3 }]]])
    const flagged = withDuplicateFlags(rows, byKey)
    expect(flagged.map((row) => row.warnings)).toEqual([['duplicate'], [], ['duplicate']])
    expect(flagged[1]).toBe(rows[1])
    expect(withDuplicateFlags(rows, byKey)).toBe(flagged)
  })
})
