import { describe, expect, it } from 'vitest'
import type { Correction } from '../../../../shared/corrections'
import { fieldLabel, repairDescription } from './correctionText'

const correction = (field: string, value: string, extracted: string | null): Correction => ({
  documentId: 1,
  field,
  value,
  extracted,
  at: '2026-11-28T06:00:00.000Z',
  userId: 7,
  by: 'Jana Nováková',
})
const doc = { tax_lines: [{ percent: 21, vat_total: 102.87 }] }
const en = { language: 'en', locale: 'en-US' } as const
const cs = { language: 'cs', locale: 'cs-CZ' } as const

describe('the repair description of a corrected document', () => {
  const corrections = [
    correction('summary.total', '592.87', '529.87'),
    correction('header.due_date', '2026-03-26', null),
    correction('tax_lines.0.vat_total', '102.78', '102.87'),
  ]

  it('says in English what was extracted and what the invoice says, one line each', () => {
    expect(repairDescription(corrections, doc, en).split('\n')).toEqual([
      'Total: extracted 529.87, the invoice says 592.87',
      expect.stringMatching(/^Due date: not extracted, the invoice says .*2026/),
      'Tax line 21 %: VAT: extracted 102.87, the invoice says 102.78',
    ])
  })

  it('says it in Czech with Czech numbers', () => {
    expect(repairDescription(corrections, doc, cs).split('\n')).toEqual([
      'Celkem: vytěženo 529,87, na faktuře je 592,87',
      expect.stringMatching(/^Datum splatnosti: nevytěženo, na faktuře je 26\. ?3\. ?2026$/),
      'Sazba 21 %: DPH: vytěženo 102,87, na faktuře je 102,78',
    ])
  })

  it('is empty without corrections', () => {
    expect(repairDescription([], doc, en)).toBe('')
  })
})

describe('field names', () => {
  it('name the party of a party field', () => {
    expect(fieldLabel('supplier.vat_id', null, en)).toBe('Supplier VAT ID')
    expect(fieldLabel('customer.name', null, en)).toBe('Customer')
  })
})
