import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import type { Document } from '../../../shared/api'
import type { Correction } from '../../../shared/corrections'
import { correctedView, type CachedDocument } from '../../offline'
import { isdocSchemaErrors } from '../testing/isdocSchema'
import { pohodaSchemaErrors } from '../testing/pohodaSchema'
import { xmlFields } from '../testing/xmlFields'
import { correctionNote } from './corrections'
import { CORRECTED_COLUMN, documentsCsv, documentsJson } from './format'
import { ISDOC_NAMESPACE, isdocXml } from './isdoc'
import { isdocExport } from './isdocFiles'
import { POHODA_NS, pohodaXml } from './pohoda'
import { documentsXlsx } from './xlsx'

/**
 * Every export carries the person's corrections: the corrected value where the extracted one
 * was, marked as corrected with the extracted value kept, and the files still valid.
 */

/** A Czech received invoice whose total was extracted as 529.87 and whose due date was misread. */
function extracted(): CachedDocument {
  return {
    id: 31,
    type: 'PurchaseInvoice',
    state: 'ready',
    created_at: '2026-01-01T00:00:00Z',
    last_modified_at: '2026-01-01T00:00:00Z',
    invoice_type: 0,
    data: {
      header: {
        invoice_no: 'FV-2026/031',
        variable_symbol: '2026031',
        issue_date: '2026-03-05',
        tax_date: '2026-03-05',
        due_date: '2026-03-19',
        currency: 'CZK',
      },
    },
    supplier: { name: 'Dodavatel s.r.o.', id: '04080176', vat_id: 'CZ04080176', country: 'CZ' },
    customer: { name: 'Odběratel a.s.', id: '27074358', vat_id: 'CZ27074358', country: 'CZ' },
    summary: { sub_total: 490, vat_total: 102.87, total: 529.87 },
    tax_lines: [{ percent: 21, sub_total: 490, vat_total: 102.87, total: 592.87 }],
    items: [],
    bank_account: { bban: '19-2000145399', bank_code: '0800' },
    agenda_id: 1,
    local: { pendingActions: 0, failed: null, archived: false },
  } as CachedDocument
}

const correction = (field: string, value: string, extractedValue: string | null): Correction => ({
  documentId: 31,
  field,
  extracted: extractedValue,
  value,
  at: '2026-11-28T06:00:00.000Z',
  userId: 7,
  by: 'Jana Nováková',
})

/** The document as the workspace hands it to an export: corrected, with its corrections listed. */
const corrected = correctedView(extracted(), [
  correction('summary.total', '592.87', '529.87'),
  correction('header.due_date', '2026-03-26', '2026-03-19'),
])

describe('corrections in exports', () => {
  it('names the corrected value and the extracted one in the note', () => {
    expect(correctionNote(corrected.local.corrections!)).toBe(
      'Corrected in Docket against the invoice (not as the service extracted): ' +
        'Total 592.87 (extracted 529.87; Jana Nováková, 2026-11-28); Due date 2026-03-26 (extracted 2026-03-19; Jana Nováková, 2026-11-28).',
    )
  })

  it('ISDOC: a schema-valid invoice with the corrected total and due date, the note saying so', () => {
    const xml = isdocXml(corrected, { agendaId: 1, homeCurrency: 'CZK', corrections: corrected.local.corrections! })
    expect(isdocSchemaErrors(xml)).toBeNull()
    const f = xmlFields(xml, { i: ISDOC_NAMESPACE })
    expect(f.number('/i:Invoice/i:LegalMonetaryTotal/i:TaxInclusiveAmount')).toBe(592.87)
    expect(f.number('/i:Invoice/i:LegalMonetaryTotal/i:PayableAmount')).toBe(592.87)
    expect(f.text('//i:PaymentDueDate')).toBe('2026-03-26')
    expect(f.text('/i:Invoice/i:Note')).toContain('Total 592.87 (extracted 529.87; Jana Nováková, 2026-11-28)')
    f.dispose()
  })

  it('ISDOC files take the corrections from the documents the workspace hands out', () => {
    const { file } = isdocExport([corrected], { agendaId: 1, homeCurrency: 'CZK', baseName: 'x', mtime: new Date() })
    expect(new TextDecoder().decode(file.bytes)).toContain('Total 592.87 (extracted 529.87')
  })

  it('Pohoda: a schema-valid pack with the corrected due date and the corrections in intNote', () => {
    const xml = pohodaXml([corrected], {
      agendaId: 1,
      homeCurrency: 'CZK',
      createdAt: new Date('2026-11-28T10:00:00Z'),
    })
    expect(pohodaSchemaErrors(xml)).toBeNull()
    const f = xmlFields(xml, { dat: POHODA_NS.dat, inv: POHODA_NS.inv, typ: POHODA_NS.typ })
    expect(f.text('//inv:invoiceHeader/inv:dateDue')).toBe('2026-03-26')
    expect(f.text('//inv:invoiceHeader/inv:intNote')).toContain('Due date 2026-03-26 (extracted 2026-03-19')
    expect(f.text('//inv:invoiceHeader/inv:intNote')).toContain('Total 592.87 (extracted 529.87')
    f.dispose()
    // Without corrections there is no intNote.
    expect(pohodaXml([extracted()], { agendaId: 1, homeCurrency: 'CZK', createdAt: new Date() })).not.toContain(
      'intNote',
    )
  })

  it('XLSX: the corrected total in its cell, filled and noted with the extracted value, and a corrected column', async () => {
    const bytes = await documentsXlsx([corrected, { ...extracted(), id: 32 } as Document], ['id', 'due_date', 'total'])
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(bytes.buffer as ArrayBuffer)
    const sheet = book.getWorksheet('Documents')!
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    expect(header).toEqual(['id', 'due_date', 'total', CORRECTED_COLUMN])
    const total = sheet.getRow(2).getCell(3)
    expect(total.value).toBe(592.87)
    expect(String(total.note)).toContain('Corrected in Docket: extracted 529.87; Jana Nováková, 2026-11-28')
    expect(sheet.getRow(2).getCell(4).value).toContain('Total 592.87 (extracted 529.87')
    expect(sheet.getRow(3).getCell(3).value).toBe(529.87)
    expect(sheet.getRow(3).getCell(3).note).toBeUndefined()
    expect(sheet.getRow(3).getCell(4).value).toBeNull()
  })

  it('CSV: the corrected values, and a corrected column listing the corrections', () => {
    const csv = documentsCsv([corrected], ['id', 'total'])
    const [head, row] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(head).toBe(`id,total,${CORRECTED_COLUMN}`)
    expect(row).toMatch(/^31,592\.87,"Total 592\.87 \(extracted 529\.87; Jana Nováková, 2026-11-28\); Due date/)
  })

  it('CSV without any correction has no corrected column', () => {
    expect(documentsCsv([extracted()], ['id', 'total'])).not.toContain(CORRECTED_COLUMN)
  })

  it('JSON: the corrected values in the columns, each correction with the extracted value kept', () => {
    const json = JSON.parse(
      documentsJson([corrected], ['id', 'total'], {
        includeItems: false,
        exportedAt: new Date('2026-11-28T10:00:00Z'),
      }),
    ) as { columns: string[]; documents: Record<string, unknown>[] }
    expect(json.columns).toEqual(['id', 'total'])
    expect(json.documents[0]).toEqual({
      id: 31,
      total: 592.87,
      corrections: [
        {
          field: 'summary.total',
          corrected: '592.87',
          extracted: '529.87',
          by: 'Jana Nováková',
          at: '2026-11-28T06:00:00.000Z',
        },
        {
          field: 'header.due_date',
          corrected: '2026-03-26',
          extracted: '2026-03-19',
          by: 'Jana Nováková',
          at: '2026-11-28T06:00:00.000Z',
        },
      ],
    })
  })
})
