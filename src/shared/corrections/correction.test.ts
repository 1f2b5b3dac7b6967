import { describe, expect, it } from 'vitest'
import type { Document } from '../api/document'
import { exactDecimalOf } from '../checks/money'
import { applyCorrections, isoDayOf, normalizeFieldValue, settledCorrections, type Correction } from './correction'
import { fieldValueOf, parseFieldPath } from './fields'

const doc: Document = {
  id: 7,
  type: 'PurchaseInvoice',
  state: 'not_ready',
  created_at: '2026-01-01T00:00:00Z',
  last_modified_at: '2026-01-01T00:00:00Z',
  data: { header: { invoice_no: 'FV-1', issue_date: '2026-03-05', currency: 'CZK' } },
  supplier: { name: 'Alfa s.r.o.', iban: 'CZ6508000000192000145399' },
  summary: { sub_total: 490, vat_total: 102.87, total: 529.87 },
  tax_lines: [{ percent: 21, sub_total: 490, vat_total: 102.87, total: 592.87 }],
}

const correction = (field: string, value: string, extracted: string | null = null): Correction => ({
  documentId: 7,
  field,
  extracted,
  value,
  at: '2026-11-28T06:00:00.000Z',
  userId: 1,
  by: 'Jana Nováková',
})

describe('exact decimal amounts', () => {
  it.each([
    ['592.87', '592.87'],
    ['592,87', '592.87'],
    ['1 234,56', '1234.56'],
    ['1.234,56', '1234.56'],
    ['1,234.56', '1234.56'],
    ['-0,50', '-0.5'],
    ['0012.300', '12.3'],
  ])('reads %s as %s', (typed, exact) => {
    expect(exactDecimalOf(typed)).toBe(exact)
  })

  it.each(['', 'abc', '12.3.4', '1,23,45', '5.12345', '--5'])('refuses %s', (typed) => {
    expect(exactDecimalOf(typed)).toBeNull()
  })
})

describe('typed values are checked by the field kind', () => {
  it('keeps amounts to the cent and refuses more decimals', () => {
    expect(normalizeFieldValue('amount', ' 592,87 ')).toEqual({ ok: true, value: '592.87' })
    expect(normalizeFieldValue('amount', '592.875')).toMatchObject({ ok: false, error: { code: 'not_amount' } })
  })

  it('reads dates in ISO and Czech notation, refusing days that do not exist', () => {
    expect(isoDayOf('5.3.2018')).toBe('2018-03-05')
    expect(isoDayOf('05. 03. 2018')).toBe('2018-03-05')
    expect(isoDayOf('2018-03-05')).toBe('2018-03-05')
    expect(normalizeFieldValue('date', '31.2.2018')).toMatchObject({ ok: false, error: { code: 'not_date' } })
  })

  it('checks the IBAN checksum and writes it in electronic format', () => {
    expect(normalizeFieldValue('iban', 'cz65 0800 0000 1920 0014 5399')).toEqual({
      ok: true,
      value: 'CZ6508000000192000145399',
    })
    expect(normalizeFieldValue('iban', 'CZ6508000000192000145398')).toMatchObject({
      ok: false,
      error: { code: 'not_iban' },
    })
  })

  it('bounds text and identifiers', () => {
    expect(normalizeFieldValue('text', 'x'.repeat(201))).toMatchObject({ ok: false, error: { code: 'too_long' } })
    expect(normalizeFieldValue('id', 'FV-2026/01')).toEqual({ ok: true, value: 'FV-2026/01' })
    expect(normalizeFieldValue('id', '   ')).toMatchObject({ ok: false, error: { code: 'empty' } })
  })
})

describe('field paths', () => {
  it('names the header, party, bank, summary and tax line fields of the data pane', () => {
    for (const path of [
      'header.due_date',
      'supplier.vat_id',
      'customer.name',
      'bank_account.iban',
      'summary.total',
      'tax_lines.0.vat_total',
    ])
      expect(parseFieldPath(path)).not.toBeNull()
    for (const path of ['header.locale', 'items.0.total', 'summary', 'tax_lines.x.total', '__proto__.x'])
      expect(parseFieldPath(path)).toBeNull()
  })

  it('reads the service value the way the pane shows it (the supplier IBAN when the bank account has none)', () => {
    expect(fieldValueOf(doc, parseFieldPath('bank_account.iban')!)).toBe('CZ6508000000192000145399')
    expect(fieldValueOf(doc, parseFieldPath('summary.total')!)).toBe('529.87')
    expect(fieldValueOf(doc, parseFieldPath('header.due_date')!)).toBeNull()
  })
})

describe('applying corrections', () => {
  it('sets the corrected values on a copy, leaving the service copy as it was', () => {
    const corrected = applyCorrections(doc, [
      correction('summary.total', '592.87', '529.87'),
      correction('tax_lines.0.percent', '15'),
    ])
    expect(corrected.summary?.total).toBe(592.87)
    expect(corrected.tax_lines?.[0]?.percent).toBe(15)
    expect(doc.summary?.total).toBe(529.87)
  })

  it('ignores a tax line the document no longer has and another document', () => {
    const corrected = applyCorrections(doc, [
      correction('tax_lines.3.total', '1'),
      { ...correction('summary.total', '1'), documentId: 8 },
    ])
    expect(corrected.tax_lines).toHaveLength(1)
    expect(corrected.summary?.total).toBe(529.87)
  })
})

describe('settling', () => {
  it('drops a correction once the service says the corrected value, not before', () => {
    const total = correction('summary.total', '592.87', '529.87')
    expect(settledCorrections(doc, [total])).toEqual([])
    const fixed = { ...doc, summary: { ...doc.summary, total: 592.87 } }
    expect(settledCorrections(fixed, [total])).toEqual([total])
  })

  it('compares identifiers without case and dates by the day', () => {
    const no = correction('header.invoice_no', 'fv-1')
    const day = correction('header.issue_date', '2026-03-05')
    expect(
      settledCorrections({ ...doc, data: { header: { invoice_no: 'FV-1', issue_date: '2026-03-05T00:00:00' } } }, [
        no,
        day,
      ]),
    ).toEqual([no, day])
  })
})
