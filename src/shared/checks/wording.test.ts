import { describe, expect, it } from 'vitest'
import { checkTextParams, overdueInWords } from './wording'

describe('the words of a check', () => {
  it('say how long overdue in years and months, or in days under a month', () => {
    expect(overdueInWords({ years: 3, months: 8, days: 9 }, 'en')).toBe('3 years 8 months')
    expect(overdueInWords({ years: 3, months: 8, days: 9 }, 'cs')).toBe('3 roky 8 měsíců')
    expect(overdueInWords({ years: 0, months: 0, days: 5 }, 'en')).toBe('5 days')
  })
  it('fill the figures, money and field names into the placeholders', () => {
    const params = checkTextParams(
      { code: 'required_fields', status: 'warning', fields: ['invoice_no', 'total'], stated: 5, params: { x: 1 } },
      { money: (v) => (v === undefined ? '' : `€${v}`), fieldName: (f) => f.toUpperCase(), language: 'en' },
    )
    expect(params).toMatchObject({ x: 1, stated: '€5', fields: 'INVOICE_NO, TOTAL', count: 2, duration: '' })
  })
})
