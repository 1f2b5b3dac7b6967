/**
 * The same file bytes filed twice, through the real offline workspace (fake service): the
 * originals Docket downloads are hashed, and the duplicate check and the inbox flags compare
 * the hashes across every agenda of the account.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { EVERY_DOCUMENT, FIRST_ROWS } from '../../../shared/documents/testing'
import { useWorkspaceHarness } from '../../offline/testing/workspaceHarness'
import { createTriageHandlers } from '../triage'

const h = useWorkspaceHarness()
const context = { senderUrl: 'app://test' }
const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.7 ${text}`)

/** The workspace's events, to the row cache as the app wires them (`bus.connect`). */
let listeners: ((event: string, payload: unknown) => void)[] = []
const emit = (event: string, payload: unknown) => listeners.forEach((listener) => listener(event, payload))
const subscribe = (listener: (event: string, payload: unknown) => void) => {
  listeners.push(listener)
  return () => (listeners = listeners.filter((l) => l !== listener))
}

beforeEach(() => {
  listeners = []
})

describe('byte-identical originals', () => {
  it('are flagged in two agendas of the account, named by supplier, invoice no. and agenda; other bytes are not', async () => {
    const [a, b] = h.agendaOneIds()
    const x = [...h.service.documents.values()].find((doc) => doc.agenda_id === 2)!.id
    h.service.touch(x, { supplier: { name: 'Globex GmbH' }, data: { header: { invoice_no: 'G-2026-17' } } })
    const bytes = new Map([
      [a!, pdf('one invoice')],
      [x, pdf('one invoice')],
      [b!, pdf('another invoice')],
    ])
    h.service.getOriginalFile = async (id: number) => ({
      fileName: `invoice-${id}.pdf`,
      contentType: 'application/pdf',
      bytes: bytes.get(id) ?? pdf(`document ${id}`),
    })
    const ws = await h.workspace({}, { emit })
    await ws.syncNow()
    const handlers = createTriageHandlers(() => ws, { subscribe })
    const duplicateOf = async (id: number) =>
      (await handlers['documents.get']({ id }, context)).checks.find((check) => check.code === 'duplicate')

    expect(await duplicateOf(a!)).not.toMatchObject({ status: 'warning' })
    // Opening each original in the app (the PDF view) is what hashes it.
    for (const id of [a!, x, b!]) await handlers['documents.original']({ id }, context)

    expect(await duplicateOf(a!)).toMatchObject({
      status: 'warning',
      variant: 'content',
      documentIds: [x],
      params: { otherSupplier: 'Globex GmbH', otherInvoiceNo: 'G-2026-17', otherAgenda: 'Agenda 2' },
    })
    // a has no supplier or invoice number yet: the words say where it is instead.
    expect(await duplicateOf(x)).toMatchObject({
      status: 'warning',
      variant: 'content_unnamed',
      documentIds: [a],
      params: { otherAgenda: 'Agenda 1' },
    })
    expect(await duplicateOf(b!)).not.toMatchObject({ status: 'warning' })
  })

  it('flag both rows of one agenda in the inbox, which the Clean filter leaves out', async () => {
    const [a, b, c] = h.agendaOneIds()
    h.service.getOriginalFile = async (id: number) => ({
      fileName: `invoice-${id}.pdf`,
      contentType: 'application/pdf',
      bytes: id === b ? pdf('other') : pdf('the same scan'),
    })
    const ws = await h.workspace({}, { emit })
    await ws.syncNow()
    const handlers = createTriageHandlers(() => ws, { subscribe })
    for (const id of [a!, b!, c!]) await ws.getOriginal(id)
    const list = async (warnings: 'all' | 'clean') =>
      handlers['documents.query']({ agendaId: 1, query: { ...EVERY_DOCUMENT, warnings }, window: FIRST_ROWS }, context)
    const flagged = (await list('all')).rows.filter((row) => row.warnings.includes('duplicate')).map((row) => row.id)
    expect(flagged).toEqual([a, c])
    const clean = (await list('clean')).ids
    expect(clean).not.toContain(a)
    expect(clean).not.toContain(c)
  })
})
