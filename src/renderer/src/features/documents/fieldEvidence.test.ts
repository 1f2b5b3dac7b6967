import { describe, expect, it } from 'vitest'
import type { FieldProvenance } from '../../../../shared/evidence/provenance'
import { evidenceByField, markOf, nextUnverified, paneFieldOf, unverifiedCount } from './fieldEvidence'

const field = (name: string, status: FieldProvenance['status']): FieldProvenance => ({
  field: name,
  value: '1',
  status,
  boxes: [],
})

describe('field evidence in the data pane', () => {
  it('verifies what the e-invoice, the QR code or the printed invoice holds; flags differs and not found', () => {
    expect(markOf('matches_einvoice')).toBe('verified')
    expect(markOf('matches_qr')).toBe('verified')
    expect(markOf('on_invoice')).toBe('verified')
    expect(markOf('differs')).toBe('unverified')
    expect(markOf('not_found')).toBe('unverified')
    expect(markOf('unchecked')).toBe('none')
  })

  it("puts the supplier's IBAN where the pane shows it: the bank account", () => {
    expect(paneFieldOf('supplier.iban')).toBe('bank_account.iban')
    expect(evidenceByField([field('supplier.iban', 'differs')]).get('bank_account.iban')?.status).toBe('differs')
  })

  it('counts the unverified values the pane shows, not the ones it does not', () => {
    const byField = evidenceByField([
      field('summary.total', 'differs'),
      field('header.issue_date', 'not_found'),
      field('header.invoice_no', 'matches_einvoice'),
      field('supplier.street', 'not_found'),
      field('header.currency', 'unchecked'),
    ])
    expect(
      unverifiedCount(byField, ['summary.total', 'header.issue_date', 'header.invoice_no', 'header.currency']),
    ).toBe(2)
    expect(unverifiedCount(byField, ['header.invoice_no'])).toBe(0)
  })

  it('moves n to the next unverified value, wrapping round, from anywhere else to the first', () => {
    const order = ['header.issue_date', 'summary.total', 'tax_lines.0.vat_total']
    expect(nextUnverified(order, null)).toBe('header.issue_date')
    expect(nextUnverified(order, 'header.issue_date')).toBe('summary.total')
    expect(nextUnverified(order, 'tax_lines.0.vat_total')).toBe('header.issue_date')
    expect(nextUnverified(order, 'supplier.name')).toBe('header.issue_date')
    expect(nextUnverified([], null)).toBeNull()
  })
})
