import { describe, expect, it } from 'vitest'
import { checkDuplicate, duplicateKeysOf } from './duplicates'
import { rowWarnings } from './run'

const doc = {
  id: 1,
  supplier: { name: 'Coolblue B.V.' },
  data: { header: { invoice_no: '993548900', issue_date: '2014-04-19' } },
  summary: { total: 717.97 },
  user_file_name: 'coolblue1.pdf',
}

describe('duplicates across the agenda', () => {
  it('index each document by supplier + invoice no., supplier + total + date, and file name', () => {
    expect(
      duplicateKeysOf({
        id: 1,
        supplierName: 'A',
        invoiceNo: '1',
        total: 10,
        issueDate: '2026-01-01',
        fileName: 'x.pdf',
      }).map((k) => k.match),
    ).toEqual(['invoice_no', 'total_date', 'file'])
    expect(duplicateKeysOf({ id: 1, supplierName: 'A', invoiceNo: null, total: 0, issueDate: '2026-01-01' })).toEqual(
      [],
    )
  })
  it('flag the same supplier, total and issue date under another invoice number', () => {
    const other = { id: 7, supplierName: 'COOLBLUE B.V.', invoiceNo: 'X-1', total: 717.97, issueDate: '2014-04-19' }
    expect(checkDuplicate(doc, [other])).toEqual({
      code: 'duplicate',
      status: 'warning',
      variant: 'total_date',
      documentIds: [7],
    })
  })
  it('flag the same file uploaded twice, and name the strongest match', () => {
    const file = { id: 3, supplierName: null, invoiceNo: null, fileName: 'Coolblue1.PDF' }
    const invoice = { id: 2, supplierName: 'Coolblue B.V.', invoiceNo: '993548900' }
    expect(checkDuplicate(doc, [file])).toMatchObject({ variant: 'file', documentIds: [3] })
    expect(checkDuplicate(doc, [file, invoice, { ...doc, supplierName: 'x', invoiceNo: 'y' }])).toMatchObject({
      variant: 'invoice_no',
      documentIds: [2, 3],
    })
  })
  it('know the supplier by VAT ID or company ID first, its normalised name last', () => {
    const byVat = {
      id: 4,
      supplierName: 'Coolblue Nederland',
      supplierVatId: 'NL 810433941 B01',
      invoiceNo: '993548900',
    }
    const withVat = { ...doc, supplier: { name: 'Coolblue B.V.', vat_id: 'NL810433941B01' } }
    expect(checkDuplicate(withVat, [byVat])).toMatchObject({ variant: 'invoice_no', documentIds: [4] })
    const byId = { id: 5, supplierName: 'CB', supplierCompanyId: '24 330 087', invoiceNo: '# 993548900' }
    const withId = { ...doc, supplier: { name: 'Coolblue B.V.', id: '24330087' } }
    expect(checkDuplicate(withId, [byId])).toMatchObject({ variant: 'invoice_no', documentIds: [5] })
    // "Coolblue, B.V." and "COOLBLUE BV" are one name; two different VAT IDs are two suppliers.
    const byName = { id: 6, supplierName: 'COOLBLUE BV', invoiceNo: '993548900' }
    expect(checkDuplicate(doc, [byName])).toMatchObject({ documentIds: [6] })
    const other = { ...byName, supplierVatId: 'BE0123456749' }
    expect(checkDuplicate(withVat, [other]).status).toBe('ok')
  })
  it('match a credit note with credit notes only, never with the invoice it corrects', () => {
    const credit = { ...doc, invoice_type: 1, summary: { total: -717.97 } }
    const invoice = { id: 8, supplierName: 'Coolblue B.V.', invoiceNo: '993548900', total: 717.97 }
    expect(checkDuplicate({ ...credit, user_file_name: null }, [invoice]).status).toBe('ok')
    const again = { ...invoice, id: 9, creditNote: true, total: -717.97 }
    expect(checkDuplicate({ ...credit, user_file_name: null }, [again])).toMatchObject({ documentIds: [9] })
  })
  it('flag a byte-identical file (same content hash) whatever was extracted, naming the other document and its agenda', () => {
    const hash = 'AB'.repeat(32)
    const mine = { ...doc, invoice_type: 1, supplier: { name: 'Coolblue B.V.', vat_id: 'NL810433941B01' } }
    const sameBytes = {
      id: 9,
      supplierName: 'Other Name Ltd',
      supplierVatId: 'GB123456789',
      invoiceNo: 'R-77',
      contentSha256: hash.toLowerCase(),
      agendaName: 'Holding',
    }
    const invoice = { id: 2, supplierName: 'Coolblue B.V.', invoiceNo: '993548900', creditNote: true }
    expect(checkDuplicate({ ...mine, local: { contentSha256: hash } }, [invoice, sameBytes])).toEqual({
      code: 'duplicate',
      status: 'warning',
      variant: 'content',
      documentIds: [2, 9],
      params: { otherSupplier: 'Other Name Ltd', otherInvoiceNo: 'R-77', otherAgenda: 'Holding' },
    })
    // Other bytes, and a supplier of another VAT ID: nothing in common.
    expect(
      checkDuplicate({ ...mine, local: { contentSha256: 'cd'.repeat(32) } }, [{ ...sameBytes, agendaName: null }]),
    ).toEqual({ code: 'duplicate', status: 'ok' })
    // What is not known is said as such.
    expect(
      checkDuplicate({ ...doc, local: { contentSha256: hash } }, [
        { id: 4, supplierName: null, invoiceNo: ' ', contentSha256: hash },
      ]),
    ).toMatchObject({
      variant: 'content_unnamed',
      params: { otherSupplier: '–', otherInvoiceNo: '–', otherAgenda: '–' },
    })
  })
  it('index a content hash only when it is one (64 hex digits)', () => {
    expect(duplicateKeysOf({ id: 1, supplierName: null, invoiceNo: null, contentSha256: 'ab'.repeat(32) })).toEqual([
      { key: `sha256\u0000${'ab'.repeat(32)}`, match: 'content' },
    ])
    expect(duplicateKeysOf({ id: 1, supplierName: null, invoiceNo: null, contentSha256: 'not a hash' })).toEqual([])
  })
  it('are not what the cheap row summary computes (main adds them from its agenda-wide index)', () => {
    expect(rowWarnings(doc)).not.toContain('duplicate')
    expect(rowWarnings({ ...doc, summary: { total: 0 } })).toContain('total_sign')
  })
})
