import { parse } from 'csv-parse/sync'
import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import type { Agenda, Document } from '../../../shared/api'
import { exportRequestSchema, type ExportRequest } from '../../../shared/ipc'
import type { OutboxAction } from '../../../shared/outbox'
import type { CachedDocument } from '../../offline'
import type { FileHost, FileToSave } from '../ports'
import { pendingEntry } from '../testing/fakeWorkspace'
import { pohodaSchemaErrors } from '../testing/pohodaSchema'
import { isdocSchemaErrors } from '../testing/isdocSchema'
import { documentsCsv, documentsJson, formatAmount, formatDate, itemsCsv } from './format'
import { createExportHandlers, type ExportPort } from './handlers'

function doc(id: number, over: Partial<Document> = {}): Document {
  return {
    id,
    type: 'PurchaseInvoice',
    state: 'ready',
    created_at: '2026-11-01T08:00:00Z',
    last_modified_at: '2026-11-02T09:30:00.000Z',
    data: { header: { invoice_no: `INV-${id}`, issue_date: '2026-10-30', due_date: '2026-11-13', currency: 'CZK' } },
    supplier: { name: `Supplier ${id}`, vat_id: 'CZ12345678' },
    summary: { sub_total: 1000, vat_total: 210, total: 1210 },
    items: [{ id: id * 10, name: 'Widget', quantity: 2, unit_price: 500, total: 1210 }],
    ...over,
  } as Document
}

const awkwardNames = [
  'Acme, s.r.o.',
  'The "Best" Supplies',
  'Line one\nLine two',
  'Carriage\r\nreturn',
  'Žluťoučký kůň úpěl ďábelské ódy',
  'ООО «Ромашка»',
  '株式会社テスト',
  'Ελληνικά, "quoted"\nand more',
]

const parseCsv = (text: string) =>
  parse(text, { bom: true, columns: true, skip_empty_lines: false }) as Record<string, string>[]

describe('documents CSV', () => {
  it('starts with a UTF-8 BOM and uses CRLF between records', () => {
    const out = documentsCsv([doc(1)], ['id', 'total'])
    expect(out.charCodeAt(0)).toBe(0xfeff)
    expect(out.slice(1)).toBe('id,total\r\n1,1210\r\n')
  })

  it('round-trips supplier names with commas, quotes, newlines and non-Latin letters', () => {
    const docs = awkwardNames.map((name, i) => doc(i + 1, { supplier: { name } }))
    const rows = parseCsv(documentsCsv(docs, ['id', 'supplier_name', 'total']))
    expect(rows.map((r) => r.supplier_name)).toEqual(awkwardNames)
    expect(rows.map((r) => r.id)).toEqual(docs.map((d) => String(d.id)))
  })

  it('writes dates as ISO 8601 and amounts as plain decimals with a dot', () => {
    const d = doc(7, {
      created_at: '2026-11-01T10:00:00+01:00',
      summary: { sub_total: 1234567.5, vat_total: 0.1, total: -12.05 },
    })
    const [row] = parseCsv(
      documentsCsv([d], ['issue_date', 'due_date', 'created_at', 'sub_total', 'vat_total', 'total']),
    )
    expect(row).toEqual({
      issue_date: '2026-10-30',
      due_date: '2026-11-13',
      created_at: '2026-11-01T09:00:00.000Z',
      sub_total: '1234567.5',
      vat_total: '0.1',
      total: '-12.05',
    })
  })

  it('leaves missing data as empty cells, not "null" or "undefined"', () => {
    const d = doc(8, { data: null, supplier: null, summary: null })
    const [row] = parseCsv(documentsCsv([d], ['invoice_no', 'supplier_name', 'total']))
    expect(row).toEqual({ invoice_no: '', supplier_name: '', total: '' })
  })
})

describe('items CSV', () => {
  it('has one row per item with the document id and round-trips item names', () => {
    const d = doc(3, {
      supplier: { name: 'Dodavatel, a.s.' },
      items: [
        { id: 1, name: 'Šroub "M6", 100 ks', quantity: 100, unit_price: 0.35, total: 35 },
        { id: 2, name: 'Multi\nline', quantity: 1.5, unit: 'h', unit_price: 800, total: 1200 },
      ],
    })
    const rows = parseCsv(itemsCsv([d, doc(4, { items: [] })]))
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({
      document_id: '3',
      supplier_name: 'Dodavatel, a.s.',
      name: 'Šroub "M6", 100 ks',
      unit_price: '0.35',
    })
    expect(rows[1]).toMatchObject({ name: 'Multi\nline', quantity: '1.5', unit: 'h', total: '1200' })
  })
})

describe('formatting helpers', () => {
  it('never writes exponent notation for amounts', () => {
    expect(formatAmount(1e21)).toBe('1000000000000000000000')
    expect(formatAmount(1e-7)).toBe('0.0000001')
    expect(formatAmount('12.50')).toBe('12.5')
    expect(formatAmount(Number.NaN)).toBeNull()
    expect(formatAmount('abc')).toBeNull()
  })
  it('keeps text it cannot read as a date rather than losing it', () => {
    expect(formatDate('sometime')).toBe('sometime')
    expect(formatDate(null)).toBeNull()
  })
})

describe('JSON export', () => {
  it('holds amounts as numbers and items when asked', () => {
    const out = JSON.parse(
      documentsJson([doc(5, { supplier: { name: 'A, "B"\nC' } })], ['id', 'supplier_name', 'total'], {
        includeItems: true,
        exportedAt: new Date('2026-11-22T05:00:00Z'),
      }),
    )
    expect(out.exported_at).toBe('2026-11-22T05:00:00.000Z')
    expect(out.documents[0]).toMatchObject({ id: 5, supplier_name: 'A, "B"\nC', total: 1210 })
    expect(out.documents[0].items[0]).toMatchObject({ name: 'Widget', quantity: 2, unit_price: 500 })
  })
})

function fakes(documents: Document[], options: { cancel?: boolean; agendas?: Agenda[] } = {}) {
  const saved: FileToSave[] = []
  const actions: OutboxAction[] = []
  const files: FileHost = {
    async saveFile(file) {
      saved.push(file)
      return options.cancel ? { saved: false } : { saved: true, path: `/tmp/${file.suggestedName}` }
    },
    async openWithSystemViewer() {},
  }
  const cached = documents as CachedDocument[]
  const workspace: ExportPort = {
    async listDocuments(agendaId) {
      return cached.filter((d) => d.agenda_id === agendaId)
    },
    async getDocument(id) {
      return cached.find((d) => d.id === id) ?? null
    },
    async enqueue(action) {
      actions.push(action)
      return pendingEntry(`entry-${actions.length}`, action)
    },
    ...(options.agendas ? { listAgendas: async () => options.agendas! } : {}),
  }
  const handlers = createExportHandlers({
    getWorkspace: () => workspace,
    files,
    now: () => new Date('2026-11-22T05:00:00Z'),
  })
  const run = (input: ExportRequest) =>
    handlers['export.documents'](exportRequestSchema.parse(input), { senderUrl: 'test' })
  return { saved, actions, run }
}

describe('export.documents handler', () => {
  const docs = [
    { ...doc(1), agenda_id: 1 },
    { ...doc(2, { state: 'exported' }), agenda_id: 1 },
    { ...doc(3, { type: 'SalesInvoice', supplier: { name: 'Prodej, s.r.o.' } }), agenda_id: 1 },
  ] as Document[]

  it('saves a documents file and an items file, then marks them exported through the outbox', async () => {
    const { saved, actions, run } = fakes(docs)
    const result = await run({
      agendaId: 1,
      format: 'csv',
      selection: { kind: 'ids', ids: [1, 2] },
      columns: ['id', 'supplier_name'],
      includeItems: true,
      markExported: true,
    })
    expect(saved.map((f) => f.suggestedName)).toEqual([
      'docket-agenda-1-2026-11-22.csv',
      'docket-agenda-1-2026-11-22-items.csv',
    ])
    expect(parseCsv(new TextDecoder().decode(saved[0]!.bytes)).map((r) => r.id)).toEqual(['1', '2'])
    expect(result).toMatchObject({ saved: true, documentCount: 2, itemCount: 2, markedExported: 1 })
    expect(actions).toEqual([{ kind: 'documents.setState', items: [{ id: 1, state: 'exported' }] }])
  })

  it('exports what the filter shows', async () => {
    const { saved, run } = fakes(docs)
    await run({
      agendaId: 1,
      format: 'json',
      selection: { kind: 'filter', filter: { queue: 'ready', type: 'SalesInvoice', search: 'prodej' } },
      columns: ['id'],
    })
    const out = JSON.parse(new TextDecoder().decode(saved[0]!.bytes))
    expect(out.documents).toEqual([{ id: 3 }])
  })

  it('marks nothing when the user cancels the save dialog', async () => {
    const { actions, run } = fakes(docs, { cancel: true })
    const result = await run({
      agendaId: 1,
      format: 'csv',
      selection: { kind: 'ids', ids: [1] },
      columns: ['id'],
      markExported: true,
    })
    expect(result.saved).toBe(false)
    expect(actions).toEqual([])
  })

  it('refuses with not_found when no selected document is cached', async () => {
    const { run } = fakes(docs)
    await expect(
      run({ agendaId: 1, format: 'csv', selection: { kind: 'ids', ids: [99] }, columns: ['id'] }),
    ).rejects.toMatchObject({ code: 'not_found' })
  })
})

describe('export.documents as ISDOC', () => {
  const docs = [
    { ...doc(1), agenda_id: 1 },
    { ...doc(2), agenda_id: 1 },
    { ...doc(3, { summary: { sub_total: null, vat_total: null, total: null } }), agenda_id: 1 },
  ] as Document[]
  const isdoc = (ids: number[], markExported = false) => ({
    agendaId: 1,
    format: 'isdoc' as const,
    selection: { kind: 'ids' as const, ids },
    columns: ['id' as const],
    markExported,
  })

  it('saves one .isdoc file for one document', async () => {
    const { saved, run } = fakes(docs)
    const result = await run(isdoc([1]))
    expect(saved.map((f) => [f.suggestedName, f.mimeType])).toEqual([['INV-1.isdoc', 'application/x-isdoc+xml']])
    expect(new TextDecoder().decode(saved[0]!.bytes)).toContain('<ID>INV-1</ID>')
    expect(isdocSchemaErrors(saved[0]!.bytes)).toBeNull()
    expect(result).toMatchObject({ saved: true, documentCount: 1, files: [{ kind: 'isdoc' }], skipped: [] })
  })

  it('saves a zip of one .isdoc per document, leaves out and names those lacking the total, marks only the exported', async () => {
    const { saved, actions, run } = fakes(docs)
    const result = await run(isdoc([1, 2, 3], true))
    expect(saved[0]!.suggestedName).toBe('docket-agenda-1-2026-11-22-isdoc.zip')
    const files = unzipSync(saved[0]!.bytes)
    expect(Object.keys(files).sort()).toEqual(['INV-1.isdoc', 'INV-2.isdoc'])
    for (const [name, xml] of Object.entries(files)) expect(isdocSchemaErrors(xml), name).toBeNull()
    expect(result).toMatchObject({ documentCount: 2, skipped: [{ id: 3, missing: ['total'] }], markedExported: 2 })
    expect(actions).toEqual([
      {
        kind: 'documents.setState',
        items: [
          { id: 1, state: 'exported' },
          { id: 2, state: 'exported' },
        ],
      },
    ])
  })

  it('refuses when no document can become ISDOC', async () => {
    const { run } = fakes(docs)
    await expect(run(isdoc([3]))).rejects.toMatchObject({ code: 'nothing_to_export' })
  })
})

describe('export.documents: money checks, periods, Pohoda and Excel', () => {
  const agenda = {
    id: 1,
    name: 'Odběratel a.s.',
    home_currency: 'CZK',
    company_id: '27074358',
    address: { country: 'CZ' },
  } as unknown as Agenda
  const taxed = (id: number, over: Partial<Document> = {}) =>
    ({
      ...doc(id, {
        summary: { sub_total: 1000, vat_total: 210, total: 1210 },
        tax_lines: [{ percent: 21, sub_total: 1000, vat_total: 210, total: 1210 }],
        items: [],
        ...over,
      }),
      agenda_id: 1,
    }) as Document
  // Its tax line says 900 + 189 while its totals say 1000 + 210: the tax-lines check fails.
  const wrongTax = taxed(2, { tax_lines: [{ percent: 21, sub_total: 900, vat_total: 189, total: 1089 }] })
  const docs = [
    taxed(1),
    wrongTax,
    taxed(3, { data: { header: { invoice_no: 'INV-3', issue_date: '2026-09-30', tax_date: '2026-10-01' } } }),
  ]
  const request = (format: 'isdoc' | 'pohoda', flagged?: 'ask' | 'leave_out' | 'mark', markExported = false) => ({
    agendaId: 1,
    format,
    selection: { kind: 'ids' as const, ids: [1, 2] },
    columns: ['id' as const],
    markExported,
    ...(flagged ? { flagged } : {}),
  })

  it('saves nothing and names the documents failing a money check until the user chooses', async () => {
    const { saved, actions, run } = fakes(docs, { agendas: [agenda] })
    const result = await run(request('isdoc', undefined, true))
    expect(saved).toEqual([])
    expect(actions).toEqual([])
    expect(result).toMatchObject({
      saved: false,
      flaggedAction: 'ask',
      flagged: [{ id: 2, supplier: 'Supplier 2', invoiceNo: 'INV-2', checks: ['tax_lines'] }],
    })
  })

  it('leaves them out when asked, and marks only what was exported', async () => {
    const { saved, actions, run } = fakes(docs, { agendas: [agenda] })
    const result = await run(request('isdoc', 'leave_out', true))
    expect(saved.map((f) => f.suggestedName)).toEqual(['INV-1.isdoc'])
    expect(result).toMatchObject({ saved: true, documentCount: 1, flaggedAction: 'leave_out', markedExported: 1 })
    expect(actions).toEqual([{ kind: 'documents.setState', items: [{ id: 1, state: 'exported' }] }])
  })

  it('exports them marked with a note in the file, the data unchanged', async () => {
    const { saved, run } = fakes(docs, { agendas: [agenda] })
    await run(request('isdoc', 'mark'))
    const files = unzipSync(saved[0]!.bytes)
    const flaggedXml = new TextDecoder().decode(files['INV-2.isdoc']!)
    expect(isdocSchemaErrors(flaggedXml)).toBeNull()
    expect(flaggedXml).toMatch(/exported although its checks failed: the tax lines do not match the totals/)
    expect(flaggedXml).toMatch(/<TaxableAmount>900.00<\/TaxableAmount>/)
    expect(new TextDecoder().decode(files['INV-1.isdoc']!)).not.toMatch(/checks failed/)
  })

  it('points a credit note at the invoice of the same supplier it names as its reference', async () => {
    const credit = taxed(4, {
      invoice_type: 1,
      data: { header: { invoice_no: 'CN-4', issue_date: '2026-11-02', currency: 'CZK', reference: 'INV-1' } },
      summary: { sub_total: -1000, vat_total: -210, total: -1210 },
      tax_lines: [{ percent: 21, sub_total: -1000, vat_total: -210, total: -1210 }],
      supplier: { name: 'Supplier 1', vat_id: 'CZ12345678' },
    })
    const { saved, run } = fakes([...docs, credit], { agendas: [agenda] })
    await run({ ...request('isdoc', 'mark'), selection: { kind: 'ids', ids: [4] } })
    const xml = new TextDecoder().decode(saved[0]!.bytes)
    expect(isdocSchemaErrors(xml)).toBeNull()
    expect(xml).toContain('<DocumentType>2</DocumentType>')
    expect(xml).toMatch(
      /<OriginalDocumentReference id="original">\s*<ID>INV-1<\/ID>\s*<IssueDate>2026-10-30<\/IssueDate>\s*<UUID>/,
    )
  })

  it('writes one schema-valid Pohoda data pack for the company of the agenda', async () => {
    const { saved, run } = fakes(docs, { agendas: [agenda] })
    const result = await run(request('pohoda', 'mark'))
    expect(saved.map((f) => [f.suggestedName, f.mimeType])).toEqual([
      ['docket-agenda-1-2026-11-22-pohoda.xml', 'application/xml'],
    ])
    const xml = new TextDecoder().decode(saved[0]!.bytes)
    expect(pohodaSchemaErrors(xml)).toBeNull()
    expect(xml).toContain('ico="27074358"')
    expect(xml.match(/<inv:invoice /g)).toHaveLength(2)
    expect(result).toMatchObject({ saved: true, documentCount: 2, files: [{ kind: 'pohoda' }] })
  })

  // TextDecoder drops the BOM the files start with.
  it('exports only the documents of the period, by issue date or by tax date', async () => {
    const { saved, run } = fakes(docs, { agendas: [agenda] })
    const period = (field: 'issue_date' | 'tax_date') => ({
      agendaId: 1,
      format: 'csv' as const,
      selection: { kind: 'filter' as const, filter: { queue: 'all' as const, type: 'both' as const, search: '' } },
      period: { field, from: '2026-10-01', to: '2026-10-31' },
      columns: ['id' as const],
    })
    await run(period('issue_date'))
    expect(new TextDecoder().decode(saved[0]!.bytes)).toBe('id\r\n1\r\n2\r\n')
    await run(period('tax_date'))
    expect(new TextDecoder().decode(saved[1]!.bytes)).toBe('id\r\n1\r\n2\r\n3\r\n')
    await expect(
      run({ ...period('issue_date'), period: { field: 'issue_date', from: '2027-01-01', to: null } }),
    ).rejects.toMatchObject({ code: 'nothing_to_export' })
  })

  it('saves an Excel workbook, and CSV in the layout asked for', async () => {
    const { saved, run } = fakes(docs, { agendas: [agenda] })
    const base = {
      agendaId: 1,
      selection: { kind: 'ids' as const, ids: [1] },
      columns: ['id' as const, 'total' as const],
    }
    const xlsx = await run({ ...base, format: 'xlsx' })
    expect(xlsx.files).toEqual([{ kind: 'xlsx', path: '/tmp/docket-agenda-1-2026-11-22.xlsx' }])
    expect(saved[0]!.bytes.slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]))
    await run({ ...base, format: 'csv', csv: { delimiter: ';', decimalMark: ',' } })
    expect(new TextDecoder().decode(saved[1]!.bytes)).toBe('id;total\r\n1;1210\r\n')
  })
})
