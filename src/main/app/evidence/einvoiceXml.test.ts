import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Document } from '../../../shared/api'
import { mapExtractedJson } from '../../../sandbox/fixtures'
import { isdocXml } from '../export/isdoc'
import { EInvoiceError, MAX_EINVOICE_XML_BYTES, readEInvoiceXml } from './einvoiceXml'

const root = join(import.meta.dirname, '../../../..')
const bytes = (text: string) => new TextEncoder().encode(text)

describe('the embedded e-invoice', () => {
  it('reads a Factur-X (CII) invoice: number, dates, parties, totals and VAT per rate', () => {
    const xml = readFileSync(join(root, 'resources/test-fixtures/facturx/EN16931_Einfach.cii.xml'))
    expect(readEInvoiceXml(xml)).toMatchObject({
      format: 'cii',
      invoice_no: '471102',
      issue_date: '2018-03-05',
      currency: 'EUR',
      supplier_name: 'Lieferant GmbH',
      supplier_vat_id: 'DE123456789',
      customer_name: 'Kunden AG Mitte',
      sub_total: 473,
      vat_total: 56.87,
      total: 529.87,
      payment_amount: 529.87,
      tax_lines: [
        { percent: 7, sub_total: 275, vat_total: 19.25 },
        { percent: 19, sub_total: 198, vat_total: 37.62 },
      ],
    })
  })

  it('reads the IBAN and due date of a CII invoice that has them', () => {
    const xml = readFileSync(join(root, 'resources/test-fixtures/facturx/EN16931_Physiotherapeut.cii.xml'))
    expect(readEInvoiceXml(xml)).toMatchObject({ supplier_iban: 'DE02120300000000202051', due_date: '2018-11-21' })
  })

  it('reads an ISDOC invoice (as Docket exports one)', () => {
    const data = mapExtractedJson(
      JSON.parse(readFileSync(join(root, 'resources/test-fixtures/facturx/EN16931_Einfach.json'), 'utf8')),
    )
    const doc = {
      id: 7,
      type: 'PurchaseInvoice',
      state: 'ready',
      created_at: '',
      last_modified_at: '',
      ...data,
      data: { header: data.header },
    }
    const xml = isdocXml(doc as unknown as Document, { agendaId: 1, homeCurrency: 'EUR' })
    expect(readEInvoiceXml(bytes(xml))).toMatchObject({
      format: 'isdoc',
      invoice_no: '471102',
      issue_date: '2018-03-05',
      supplier_name: 'Lieferant GmbH',
      supplier_vat_id: 'DE123456789',
      sub_total: 473,
      vat_total: 56.87,
      total: 529.87,
    })
  })

  it('answers a typed error for what is not an e-invoice, not XML, or too large', () => {
    const code = (input: Uint8Array) => {
      try {
        readEInvoiceXml(input)
        return 'read'
      } catch (error) {
        return error instanceof EInvoiceError ? error.code : 'untyped'
      }
    }
    expect(code(bytes('<?xml version="1.0"?><note><to>Tove</to></note>'))).toBe('not_einvoice')
    expect(code(bytes('<Invoice><ID>1</ID></Invoice'))).toBe('not_xml')
    expect(code(new Uint8Array(MAX_EINVOICE_XML_BYTES + 1))).toBe('too_large')
  })

  it('does not expand entities (a billion laughs stays text)', () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>' +
      '<CrossIndustryInvoice><ExchangedDocument><ID>&lol2;</ID></ExchangedDocument></CrossIndustryInvoice>'
    expect(readEInvoiceXml(bytes(laughs)).invoice_no).toBe('&lol2;')
  })
})
