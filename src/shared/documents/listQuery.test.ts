import { describe, expect, it } from 'vitest'
import { countFiltered, filterRows, isFiltered, matchesSearch, parseAmountQuery, sortRows } from './listQuery'
import { sampleRow } from './testing'

const row = sampleRow

const rows = [
  row(5, { state: 'ready', supplierName: 'Coolblue B.V.', total: 1234.5 }),
  row(4, { state: 'exported', type: 'SalesInvoice', issueDate: '2025-12-01' }),
  row(3, { state: 'repairing', dueDate: null }),
  row(2, { state: 'extracting', supplierName: null, total: null }),
  row(1, { state: 'not_ready', supplierName: 'ACME', issueDate: '2026-03-01' }),
]

describe('filtering the inbox', () => {
  it('shows the documents of the tab: not ready and ready apart, so marking ready shrinks Not ready', () => {
    expect(filterRows(rows, { queue: 'not_ready', type: 'all', search: '' }).map((r) => r.id)).toEqual([1])
    expect(filterRows(rows, { queue: 'ready', type: 'all', search: '' }).map((r) => r.id)).toEqual([5])
    expect(filterRows(rows, { queue: 'in_repair', type: 'all', search: '' }).map((r) => r.id)).toEqual([3])
    expect(filterRows(rows, { queue: 'processing', type: 'all', search: '' }).map((r) => r.id)).toEqual([2])
    expect(filterRows(rows, { queue: 'exported', type: 'all', search: '' }).map((r) => r.id)).toEqual([4])
    expect(filterRows(rows, { queue: 'all', type: 'all', search: '' })).toHaveLength(5)
  })
  it('filters by type', () => {
    expect(filterRows(rows, { queue: 'all', type: 'SalesInvoice', search: '' }).map((r) => r.id)).toEqual([4])
    expect(filterRows(rows, { queue: 'all', type: 'PurchaseInvoice', search: '' })).toHaveLength(4)
  })
  it('filters by checks: rows with warnings, clean rows, or both', () => {
    const flagged = [row(7, { warnings: ['duplicate'] }), row(6, { warnings: [] })]
    expect(
      filterRows(flagged, { queue: 'all', type: 'all', search: '', warnings: 'warnings' }).map((r) => r.id),
    ).toEqual([7])
    expect(filterRows(flagged, { queue: 'all', type: 'all', search: '', warnings: 'clean' }).map((r) => r.id)).toEqual([
      6,
    ])
    expect(filterRows(flagged, { queue: 'all', type: 'all', search: '', warnings: 'all' })).toHaveLength(2)
  })
  it('counts the tabs under the search and filters, and says whether any applies', () => {
    const filter = { type: 'all' as const, search: 'supplier' }
    expect(countFiltered(rows, filter)).toMatchObject({ not_ready: 0, in_repair: 1, exported: 1, all: 2 })
    expect(isFiltered(filter)).toBe(true)
    expect(isFiltered({ type: 'all', search: ' ', warnings: 'all' })).toBe(false)
    expect(countFiltered(rows, { type: 'all', search: '' }).all).toBe(5)
  })
  it('searches the counterparty of a sales invoice (its customer)', () => {
    const sale = row(8, { type: 'SalesInvoice', supplierName: 'Us s.r.o.', counterpartyName: 'Buyer a.s.' })
    expect(matchesSearch(sale, 'buyer')).toBe(true)
  })
  it('searches supplier name, invoice number and variable symbol, ignoring case', () => {
    expect(filterRows(rows, { queue: 'all', type: 'all', search: 'coolblue' }).map((r) => r.id)).toEqual([5])
    expect(filterRows(rows, { queue: 'all', type: 'all', search: 'inv-3' }).map((r) => r.id)).toEqual([3])
    expect(filterRows(rows, { queue: 'all', type: 'all', search: '4000' }).map((r) => r.id)).toEqual([4])
  })
  it('searches amounts written the way people write them', () => {
    expect(parseAmountQuery('1 234,50')).toBe(1234.5)
    expect(parseAmountQuery('1,234.50')).toBe(1234.5)
    expect(parseAmountQuery('€1234.5')).toBe(1234.5)
    expect(parseAmountQuery('abc')).toBeNull()
    expect(matchesSearch(rows[0]!, '1 234,50')).toBe(true)
    expect(matchesSearch(rows[0]!, '1234.51')).toBe(false)
  })
})

describe('sorting the inbox', () => {
  it('keeps the service order (newest first) by default', () => {
    expect(sortRows(rows, { key: 'received', direction: 'desc' }).map((r) => r.id)).toEqual([5, 4, 3, 2, 1])
  })
  it('sorts by issue date, due date, total and supplier, missing values last', () => {
    expect(sortRows(rows, { key: 'issueDate', direction: 'asc' }).map((r) => r.id)).toEqual([4, 5, 3, 2, 1])
    expect(sortRows(rows, { key: 'dueDate', direction: 'desc' }).at(-1)?.id).toBe(3)
    expect(sortRows(rows, { key: 'total', direction: 'desc' }).map((r) => r.id)).toEqual([5, 4, 3, 1, 2])
    expect(sortRows(rows, { key: 'supplier', direction: 'asc' }).map((r) => r.supplierName)).toEqual([
      'ACME',
      'Coolblue B.V.',
      'Supplier 3',
      'Supplier 4',
      null,
    ])
  })
  it('sorts totals within each currency, never comparing a koruna amount with a euro one', () => {
    const mixed = [
      row(1, { total: 900, currency: 'EUR' }),
      row(2, { total: 4836.82, currency: 'CZK' }),
      row(3, { total: 100, currency: 'EUR' }),
      row(4, { total: 120000, currency: 'CZK' }),
      row(5, { total: 50, currency: null }),
    ]
    expect(sortRows(mixed, { key: 'total', direction: 'desc' }).map((r) => r.id)).toEqual([4, 2, 1, 3, 5])
    expect(sortRows(mixed, { key: 'total', direction: 'asc' }).map((r) => r.id)).toEqual([2, 4, 3, 1, 5])
  })
  it('does not change the rows it was given', () => {
    const copy = [...rows]
    sortRows(rows, { key: 'total', direction: 'asc' })
    expect(rows).toEqual(copy)
  })
})
