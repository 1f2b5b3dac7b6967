import { describe, expect, it } from 'vitest'
import { ECB_REFERENCE_RATES, newestReferenceDay, type ReferenceRateTable } from '../../shared/checks/exchangeRate'
import { appendFeedDays, withStoredRows } from './merge'
import { parseEcbFeed } from './parseFeed'
import { SAMPLE_FEED, SAMPLE_NEW_DAYS } from './testing/feeds'

const SHIPPED = ECB_REFERENCE_RATES
const feed = parseEcbFeed(SAMPLE_FEED, { after: null, today: '2026-11-24' })
const column = (table: ReferenceRateTable, currency: string) => table.currencies.indexOf(currency) + 1
const rowOf = (table: ReferenceRateTable, day: string) => table.days.find((row) => row[0] === day)

describe('appending fetched days to the shipped table', () => {
  it('adds the days after its end, in its own currency columns', () => {
    const { table, added } = appendFeedDays(SHIPPED, feed)
    expect(added.map((row) => row[0])).toEqual(SAMPLE_NEW_DAYS)
    expect(newestReferenceDay(table)).toBe('2025-05-16')
    expect(table.days.length).toBe(SHIPPED.days.length + 5)
    expect(table.currencies).toEqual(SHIPPED.currencies)
    const last = rowOf(table, '2025-05-16')!
    expect(last[column(table, 'USD')]).toBe(1.1185)
    expect(last[column(table, 'CZK')]).toBe(24.955)
    expect(last.length).toBe(SHIPPED.currencies.length + 1)
  })

  it('leaves out a currency the table does not list (ISK), and leaves null where the file has none (SEK)', () => {
    const { table } = appendFeedDays(SHIPPED, feed)
    expect(table.currencies).not.toContain('ISK')
    expect(rowOf(table, '2025-05-16')![column(table, 'SEK')]).toBeNull()
  })

  it('never rewrites a day the table has, even when the file says otherwise', () => {
    const changed = feed.map((d) => (d.day === '2025-05-09' ? { ...d, rates: { ...d.rates, USD: 1.2 } } : d))
    const { table } = appendFeedDays(SHIPPED, changed)
    expect(rowOf(table, '2025-05-09')![column(table, 'USD')]).toBe(1.1252)
    expect(table.days.filter((row) => row[0] === '2025-05-09')).toHaveLength(1)
  })

  it('changes nothing when the file has no newer day', () => {
    const older = feed.filter((d) => d.day <= '2025-05-09')
    const result = appendFeedDays(SHIPPED, older)
    expect(result.added).toEqual([])
    expect(result.table).toBe(SHIPPED)
  })

  it('refuses a rate three times the last known one (a misplaced decimal point), adding nothing', () => {
    const shifted = feed.map((d) => (d.day === '2025-05-14' ? { ...d, rates: { ...d.rates, CZK: 249.85 } } : d))
    expect(() => appendFeedDays(SHIPPED, shifted)).toThrow(
      expect.objectContaining({ code: 'invalid_rates', message: expect.stringMatching(/2025-05-14: CZK 249.85/) }),
    )
    const third = feed.map((d) => (d.day === '2025-05-12' ? { ...d, rates: { ...d.rates, USD: 0.3 } } : d))
    expect(() => appendFeedDays(SHIPPED, third)).toThrow(expect.objectContaining({ code: 'invalid_rates' }))
  })
})

describe('the stored days beside the shipped table', () => {
  it('are matched to the shipped currencies by code, whatever order they were stored in', () => {
    const table = withStoredRows(SHIPPED, {
      currencies: ['CZK', 'USD', 'ISK'],
      days: [['2025-05-12', 24.965, 1.11, 146.9]],
    })
    const row = rowOf(table, '2025-05-12')!
    expect(row[column(table, 'CZK')]).toBe(24.965)
    expect(row[column(table, 'USD')]).toBe(1.11)
    expect(row[column(table, 'GBP')]).toBeNull()
    expect(row.length).toBe(SHIPPED.currencies.length + 1)
  })

  it('give way to a newer shipped table: stored days it already has are left out', () => {
    const table = withStoredRows(SHIPPED, {
      currencies: ['USD'],
      days: [
        ['2025-05-08', 9.99],
        ['2025-05-12', 1.11],
      ],
    })
    expect(rowOf(table, '2025-05-08')![column(table, 'USD')]).toBe(1.1297)
    expect(table.days.length).toBe(SHIPPED.days.length + 1)
    expect(withStoredRows(SHIPPED, { currencies: ['USD'], days: [] })).toBe(SHIPPED)
  })
})
