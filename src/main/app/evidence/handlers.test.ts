import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { documentEvidenceViewSchema } from '../../../shared/ipc/channels/evidence'
import type { CachedDocument } from '../../offline'
import { inlineEvidenceReader } from './evidenceReader'
import { createEvidenceHandlers } from './handlers'
import { createEvidenceService, disabledEvidenceService, type EvidenceService, type EvidenceWorkspace } from './service'

const root = join(import.meta.dirname, '../../../..')
const pdf = readFileSync(join(root, 'resources/test-fixtures/facturx/EN16931_Einfach.pdf'))

/** Einfach as extracted, with the total misread (the invoice says 529.87). */
const document = {
  id: 5,
  last_modified_at: '2026-11-01T00:00:00Z',
  data: { header: { invoice_no: '471102', issue_date: '2018-03-05', currency: 'EUR' } },
  supplier: { name: 'Lieferant GmbH', vat_id: 'DE123456789' },
  summary: { sub_total: 473, vat_total: 56.87, total: 592.87 },
  tax_lines: [{ percent: 19, sub_total: 198, vat_total: 37.62 }],
} as unknown as CachedDocument

function handlers(switchedOff = false) {
  const stored = new Map<number, unknown>()
  const fetched = { originals: 0 }
  const workspace: EvidenceWorkspace = {
    getDocument: async (id) => (id === 5 ? document : null),
    getOriginal: async () => {
      fetched.originals++
      return { fileName: 'a.pdf', contentType: 'application/pdf', bytes: pdf }
    },
    cachedOriginal: async () => null,
    getPreview: async () => null,
    storedEvidence: async (id) => stored.get(id),
    storeEvidence: async (id, value) => void stored.set(id, value),
  }
  const evidence: EvidenceService = switchedOff
    ? disabledEvidenceService()
    : createEvidenceService({ getWorkspace: () => workspace, reader: inlineEvidenceReader, ocr: null })
  return { evidence, stored, fetched, ...createEvidenceHandlers({ getWorkspace: () => workspace, evidence }) }
}

describe('documents.evidence', () => {
  it('answers each value with where it is and what the invoice says, in the shape of the contract', async () => {
    const { evidence, 'documents.evidence': handler } = handlers()
    const view = await handler({ id: 5 }, { senderUrl: 'app://docket' } as never)
    await evidence.close()
    expect(documentEvidenceViewSchema.parse(view)).toEqual(view)
    expect(view).toMatchObject({ id: 5, status: 'ready', einvoice: 'cii', source: 'original' })
    const field = (name: string) => view.fields.find((f) => f.field === name)!
    expect(field('summary.total')).toMatchObject({ status: 'differs', source: 'einvoice', invoiceValue: '529.87' })
    expect(field('summary.total').boxes[0]).toMatchObject({ page: 2 })
    expect(field('header.invoice_no')).toMatchObject({ status: 'matches_einvoice' })
    expect(field('header.invoice_no').boxes[0]).toMatchObject({ page: 1 })
    expect(field('tax_lines.0.vat_total')).toMatchObject({ status: 'matches_einvoice' })
    expect(view.unverified).toBe(1)
  })

  it('answers not_found for a document that is not cached', async () => {
    const { evidence, 'documents.evidence': handler } = handlers()
    await expect(handler({ id: 6 }, {} as never)).rejects.toMatchObject({ code: 'not_found' })
    await evidence.close()
  })

  it('with evidence switched off, fetches and reads nothing and answers none with no fields', async () => {
    const { evidence, stored, fetched, 'documents.evidence': handler } = handlers(true)
    const view = await handler({ id: 5 }, { senderUrl: 'app://docket' } as never)
    await evidence.settled()
    expect(documentEvidenceViewSchema.parse(view)).toEqual(view)
    expect(view).toMatchObject({ id: 5, status: 'none', fields: [], words: [], unverified: 0 })
    expect(fetched.originals).toBe(0)
    expect(stored.size).toBe(0)
    await evidence.close()
  })
})
