import { describe, expect, it } from 'vitest'
import {
  checkDueBeforeIssue,
  checkIban,
  checkItemsSum,
  checkOverdue,
  checkSummaryTotal,
  checkTaxLines,
  isOverdue,
  type CheckedDocument,
} from './documentChecks'
import { checkDuplicate, duplicateKey, type DuplicateCandidate } from './duplicates'
import { rowWarnings, runChecks } from './run'

/** A consistent invoice: 2 items (100 + 50), VAT 21 %, total 181.50, valid IBAN. */
function invoice(overrides: Partial<CheckedDocument> = {}): CheckedDocument {
  return {
    id: 1,
    supplier: { name: 'ACME s.r.o.', iban: null },
    bank_account: { iban: 'DE89 3704 0044 0532 0130 00', bban: '', bank_code: '', bic: null },
    data: { header: { invoice_no: 'F-2026-1', issue_date: '2026-03-01', due_date: '2026-03-15', currency: 'EUR' } },
    summary: { sub_total: 150, vat_total: 31.5, total: 181.5 },
    tax_lines: [{ percent: 21, sub_total: 150, vat_total: 31.5, total: 181.5 }],
    items: [
      { name: 'Desk', quantity: 1, unit_price: 100, subtotal: 100 },
      { name: 'Lamp', quantity: 2, unit_price: 25, subtotal: 50 },
    ],
    ...overrides,
  }
}

describe('items vs subtotal', () => {
  it('passes when the items add up to the subtotal', () => {
    expect(checkItemsSum(invoice())).toMatchObject({ code: 'items_sum', status: 'ok' })
  })
  it('flags items that do not add up, with both amounts', () => {
    const doc = invoice({ items: [{ subtotal: 100 }, { subtotal: 40 }] })
    expect(checkItemsSum(doc)).toEqual({
      code: 'items_sum',
      status: 'warning',
      rule: 'BR-CO-10',
      stated: 150,
      computed: 140,
    })
  })
  it('accepts shipping added to the items', () => {
    const doc = invoice({
      items: [{ subtotal: 140 }],
      summary: { sub_total: 150, vat_total: 31.5, total: 181.5, shipping: 10 },
    })
    expect(checkItemsSum(doc).status).toBe('ok')
  })
  it('tolerates a cent of rounding per item', () => {
    expect(
      checkItemsSum(invoice({ items: [{ subtotal: 100.01 }, { subtotal: 49.99 }, { subtotal: 0.01 }] })).status,
    ).toBe('ok')
  })
  it('is skipped without items or subtotal', () => {
    expect(checkItemsSum(invoice({ items: [] })).status).toBe('skipped')
    expect(checkItemsSum(invoice({ summary: { total: 10 } })).status).toBe('skipped')
  })
})

describe('subtotal + VAT vs total', () => {
  it('passes when subtotal + VAT = total', () => {
    expect(checkSummaryTotal(invoice())).toMatchObject({ status: 'ok' })
  })
  it('avoids floating point noise', () => {
    expect(checkSummaryTotal(invoice({ summary: { sub_total: 0.1, vat_total: 0.2, total: 0.3 } })).status).toBe('ok')
  })
  it('flags a total that differs, with stated and computed amounts', () => {
    expect(checkSummaryTotal(invoice({ summary: { sub_total: 150, vat_total: 31.5, total: 191.5 } }))).toEqual({
      code: 'summary_total',
      status: 'warning',
      rule: 'BR-CO-15',
      stated: 191.5,
      computed: 181.5,
    })
  })
  it('accepts a stated rounding', () => {
    expect(
      checkSummaryTotal(invoice({ summary: { sub_total: 150, vat_total: 31.5, total: 182, rounding: 0.5 } })).status,
    ).toBe('ok')
  })
  it('is skipped when an amount is missing', () => {
    expect(checkSummaryTotal(invoice({ summary: { sub_total: 150, total: 181.5 } }))).toMatchObject({
      status: 'skipped',
      variant: 'vat_missing',
    })
    expect(checkSummaryTotal(invoice({ summary: null })).status).toBe('skipped')
  })
})

describe('tax lines vs summary', () => {
  it('passes when bases and VAT match the summary', () => {
    const doc = invoice({
      tax_lines: [
        { percent: 21, sub_total: 100, vat_total: 21 },
        { percent: 21, sub_total: 50, vat_total: 10.5 },
      ],
    })
    expect(checkTaxLines(doc).status).toBe('ok')
  })
  it('flags a base that does not match the subtotal', () => {
    expect(checkTaxLines(invoice({ tax_lines: [{ sub_total: 120, vat_total: 31.5 }] }))).toEqual({
      code: 'tax_lines',
      status: 'warning',
      variant: 'base',
      rule: 'BR-S-08',
      stated: 150,
      computed: 120,
    })
  })
  it('flags VAT that does not match the VAT total', () => {
    expect(checkTaxLines(invoice({ tax_lines: [{ sub_total: 150, vat_total: 30 }] }))).toMatchObject({
      status: 'warning',
      stated: 31.5,
      computed: 30,
    })
  })
  it('is skipped without tax lines', () => {
    expect(checkTaxLines(invoice({ tax_lines: [] })).status).toBe('skipped')
    expect(checkTaxLines(invoice({ tax_lines: null })).status).toBe('skipped')
  })
})

describe('dates', () => {
  it('flags a due date before the issue date', () => {
    const doc = invoice({ data: { header: { issue_date: '2026-03-10', due_date: '2026-03-01' } } })
    expect(checkDueBeforeIssue(doc)).toEqual({
      code: 'due_before_issue',
      status: 'warning',
      days: 9,
      params: { issue: '2026-03-10', due: '2026-03-01' },
    })
  })
  it('accepts a due date on or after the issue date', () => {
    expect(checkDueBeforeIssue(invoice()).status).toBe('ok')
    expect(
      checkDueBeforeIssue(invoice({ data: { header: { issue_date: '2026-03-10', due_date: '2026-03-10' } } })).status,
    ).toBe('ok')
  })
  it('skips missing or malformed dates', () => {
    expect(
      checkDueBeforeIssue(invoice({ data: { header: { issue_date: null, due_date: '2026-03-10' } } })).status,
    ).toBe('skipped')
    expect(
      checkDueBeforeIssue(invoice({ data: { header: { issue_date: 'yesterday', due_date: '2026-03-10' } } })).status,
    ).toBe('skipped')
    expect(checkDueBeforeIssue(invoice({ data: null })).status).toBe('skipped')
  })
  it('flags an invoice past its due date with the days overdue', () => {
    expect(checkOverdue(invoice(), new Date(2026, 2, 20))).toEqual({
      code: 'overdue',
      status: 'warning',
      days: 5,
      duration: { years: 0, months: 0, days: 5 },
      params: { date: '2026-03-15' },
    })
  })
  it('says how long in calendar years and months, for the words ("overdue by 3 years 8 months")', () => {
    const result = checkOverdue(invoice(), new Date(2029, 10, 24, 15, 30))
    expect(result).toMatchObject({ status: 'warning', duration: { years: 3, months: 8, days: 9 } })
    expect(result.days).toBe(1350)
  })
  it('does not flag an invoice due today or later', () => {
    expect(checkOverdue(invoice(), new Date(2026, 2, 15, 23, 59)).status).toBe('ok')
    expect(checkOverdue(invoice(), new Date(2026, 2, 1)).status).toBe('ok')
    expect(isOverdue('2026-03-15', new Date(2026, 2, 16))).toBe(true)
    expect(isOverdue(null, new Date())).toBe(false)
  })
})

describe('IBAN checksum', () => {
  it('passes a valid IBAN, written with spaces', () => {
    expect(checkIban(invoice())).toEqual({ code: 'iban', status: 'ok', iban: 'DE89370400440532013000' })
  })
  it('flags an IBAN whose check digits are wrong', () => {
    const doc = invoice({ bank_account: { iban: 'DE88370400440532013000' } })
    expect(checkIban(doc)).toMatchObject({ status: 'warning', iban: 'DE88370400440532013000' })
  })
  it("falls back to the supplier's IBAN", () => {
    const doc = invoice({ bank_account: { iban: null }, supplier: { name: 'X', iban: 'CZ6508000000192000145399' } })
    expect(checkIban(doc)).toMatchObject({ status: 'ok' })
  })
  it('is skipped without any IBAN', () => {
    expect(checkIban(invoice({ bank_account: null, supplier: { name: 'X' } })).status).toBe('skipped')
    expect(checkIban(invoice({ bank_account: { iban: '  ' } })).status).toBe('skipped')
  })
})

describe('possible duplicate in the agenda', () => {
  const agenda = [
    { id: 1, supplierName: 'ACME s.r.o.', invoiceNo: 'F-2026-1' },
    { id: 2, supplierName: 'acme  S.R.O. ', invoiceNo: 'f-2026-1' },
    { id: 3, supplierName: 'ACME s.r.o.', invoiceNo: 'F-2026-2' },
    { id: 4, supplierName: 'Other', invoiceNo: 'F-2026-1' },
  ]
  it('flags the same supplier + invoice number, ignoring case and spacing and the document itself', () => {
    expect(checkDuplicate(invoice(), agenda)).toEqual({
      code: 'duplicate',
      status: 'warning',
      variant: 'invoice_no',
      documentIds: [2],
    })
  })
  it('passes when no other document shares both', () => {
    expect(
      checkDuplicate(
        invoice(),
        agenda.filter((d) => d.id !== 2),
      ).status,
    ).toBe('ok')
  })
  it('is skipped without an invoice number or supplier', () => {
    expect(checkDuplicate(invoice({ data: { header: { invoice_no: '' } } }), agenda).status).toBe('skipped')
    expect(duplicateKey(null, 'x')).toBeNull()
  })
})

describe('all checks', () => {
  it('runs every check in panel order and finds nothing wrong on a consistent invoice', () => {
    const results = runChecks(invoice({ supplier: { name: 'ACME s.r.o.', vat_id: 'CZ699004900', country: 'CZ' } }), {
      today: new Date(2026, 2, 2),
      agenda: [],
      company: { name: 'Buyer GmbH', homeCurrency: 'EUR' },
    })
    expect(results.map((r) => r.code)).toEqual([
      'required_fields',
      'total_sign',
      'items_sum',
      'summary_total',
      'tax_lines',
      'vat_per_rate',
      'amount_due',
      'tax_rate',
      'reverse_charge',
      'exempt_reason',
      'exchange_rate',
      'vat_id',
      'counterparty',
      'due_before_issue',
      'payment_terms',
      'overdue',
      'iban',
      'bank_account_change',
      'duplicate',
    ])
    expect(results.filter((r) => r.status === 'warning')).toEqual([])
  })
  it('checks no money while the service has not extracted the document (its 0 is a placeholder)', () => {
    const uploaded = invoice({ state: 'extracting', summary: { total: 0 }, items: [], tax_lines: [] })
    const results = runChecks(uploaded, { today: new Date(2026, 2, 2), agenda: [] })
    // Every check is listed, each skipped: as many results as for an extracted document.
    const extracted = runChecks({ ...uploaded, state: 'not_ready' }, { today: new Date(2026, 2, 2), agenda: [] })
    expect(results.map((r) => r.code)).toEqual(extracted.map((r) => r.code))
    expect(results.every((r) => r.status === 'skipped')).toBe(true)
    expect(rowWarnings(uploaded)).toEqual([])
    // Once extracted, the same zero total is worth asking about.
    expect(rowWarnings({ ...uploaded, state: 'not_ready' })).toContain('total_sign')
  })
  it('while the document is extracted, already finds the same file bytes (and only those)', () => {
    const hash = 'ab'.repeat(32)
    const uploaded = invoice({ state: 'extracting', local: { contentSha256: hash } })
    const sameBytes = { id: 77, supplierName: 'Else', invoiceNo: 'E-1', contentSha256: hash }
    const sameNumber = { id: 78, supplierName: uploaded.supplier?.name, invoiceNo: uploaded.data?.header?.invoice_no }
    const duplicate = (agenda: DuplicateCandidate[]) =>
      runChecks(uploaded, { today: new Date(2026, 2, 2), agenda }).find((r) => r.code === 'duplicate')
    expect(duplicate([sameBytes, sameNumber])).toMatchObject({
      status: 'warning',
      variant: 'content',
      documentIds: [77],
    })
    expect(duplicate([sameNumber])).toMatchObject({ status: 'ok' })
    expect(
      runChecks({ ...uploaded, local: {} }, { today: new Date(2026, 2, 2), agenda: [sameBytes] }).find(
        (r) => r.code === 'duplicate',
      ),
    ).toMatchObject({ status: 'skipped' })
  })
  it('never throws on a document with no extracted data', () => {
    const results = runChecks({ id: 9 }, { today: new Date(), agenda: [] })
    expect(results.filter((r) => r.status !== 'skipped')).toEqual([
      {
        code: 'required_fields',
        status: 'warning',
        money: true,
        fields: ['invoice_no', 'issue_date', 'total', 'vat_total', 'supplier_name', 'supplier_vat_id'],
        params: { count: 6 },
      },
    ])
  })
})
