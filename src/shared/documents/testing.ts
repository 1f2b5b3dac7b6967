/**
 * Inbox rows and queries for tests of the list (services and renderer alike). Not used by
 * the app itself.
 */
import type { DocumentRow, ListQuery } from '../ipc'

/**
 * A not-ready purchase invoice's row: supplier "Supplier <id>", invoice "INV-<id>", variable
 * symbol "<id>000", issued 2026-01-01, due 2026-02-01, total 100 + id EUR, nothing pending,
 * no warnings; `overrides` replace any field. The counterparty follows the supplier unless
 * given.
 */
export function sampleRow(id: number, overrides: Partial<DocumentRow> = {}): DocumentRow {
  return {
    id,
    type: 'PurchaseInvoice',
    state: 'not_ready',
    supplierName: `Supplier ${id}`,
    invoiceNo: `INV-${id}`,
    variableSymbol: `${id}000`,
    issueDate: '2026-01-01',
    dueDate: '2026-02-01',
    total: 100 + id,
    currency: 'EUR',
    commentsCount: 0,
    pending: 0,
    failed: null,
    warnings: [],
    ...overrides,
    counterpartyName:
      'counterpartyName' in overrides
        ? overrides.counterpartyName!
        : 'supplierName' in overrides
          ? overrides.supplierName!
          : `Supplier ${id}`,
  }
}

/** Every document of the agenda, newest first: no tab, filter or search. */
export const EVERY_DOCUMENT: ListQuery = {
  queue: 'all',
  type: 'all',
  warnings: 'all',
  search: '',
  sort: { key: 'received', direction: 'desc' },
}

/** The first rows of a list, as many as one call answers: every row of a small test agenda. */
export const FIRST_ROWS = { start: 0, count: 500 } as const
