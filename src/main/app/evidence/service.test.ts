import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { encode, PaymentOptions } from 'bysquare/pay'
import { afterEach, describe, expect, it } from 'vitest'
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer'
import { evidenceChecks } from '../../../shared/evidence/checks'
import type { CachedDocument } from '../../offline'
import { forkNodeChild } from './childLauncher'
import { EvidenceReadError, inlineEvidenceReader, type EvidenceReader } from './evidenceReader'
import { ProcessEvidenceReader, sourceEvidenceChild } from './evidenceProcess'
import { createEvidenceService, type EvidenceService, type EvidenceWorkspace } from './service'

const root = join(import.meta.dirname, '../../../..')
const einfach = readFileSync(join(root, 'resources/test-fixtures/facturx/EN16931_Einfach.pdf'))

/** A workspace holding one document (id 1) with the given original and preview, counting what is asked. */
function workspaceWith(files: {
  original?: { contentType: string; bytes: Uint8Array } | null
  preview?: { contentType: string; bytes: Uint8Array } | null
  cached?: boolean
}) {
  const stored = new Map<number, unknown>()
  const asked = { originals: 0, fetched: 0 }
  const workspace: EvidenceWorkspace = {
    getDocument: async (id) =>
      id === 1 ? ({ id: 1, last_modified_at: '2026-01-01T00:00:00Z' } as CachedDocument) : null,
    getOriginal: async () => {
      asked.fetched++
      if (!files.original) throw new Error('offline')
      return { fileName: 'invoice.pdf', ...files.original }
    },
    cachedOriginal: async () => {
      asked.originals++
      return files.cached ? (files.original ?? null) : null
    },
    getPreview: async () => files.preview ?? null,
    storedEvidence: async (id) => stored.get(id),
    storeEvidence: async (id, value) => void stored.set(id, structuredClone(value)),
  }
  return { workspace, stored, asked }
}

/** A reader that counts the PDFs it reads. */
function counting(reader: EvidenceReader): EvidenceReader & { pdfs: number } {
  const counted = {
    pdfs: 0,
    readPdf: (bytes: Uint8Array) => {
      counted.pdfs++
      return reader.readPdf(bytes)
    },
    readQr: (bytes: Uint8Array, page: number) => reader.readQr(bytes, page),
    close: () => reader.close(),
  }
  return counted
}

async function spaydQr(text: string): Promise<Uint8Array> {
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm'))
  prepareZXingModule({
    overrides: {
      instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) {
        void WebAssembly.instantiate(wasm, imports).then(({ instance }) => done(instance))
        return {}
      },
    },
  })
  const written = await writeBarcode(text, { format: 'QRCode', scale: 4 })
  return new Uint8Array(await written.image!.arrayBuffer())
}

let service: EvidenceService | null = null
afterEach(async () => {
  await service?.close()
  service = null
})

describe('evidence of a document, in the background', () => {
  it('reads the opened document in the evidence process, keeps it in the store, and does not read it again', async () => {
    const { workspace, stored } = workspaceWith({ original: { contentType: 'application/pdf', bytes: einfach } })
    const reader = counting(new ProcessEvidenceReader({ ...sourceEvidenceChild(), launch: forkNodeChild }))
    service = createEvidenceService({ getWorkspace: () => workspace, reader, ocr: null })
    const first = await service.evidenceOf(1, { fetch: true, waitMs: 20_000 })
    expect(first.status).toBe('ready')
    expect(first.evidence?.einvoice?.total).toBe(529.87)
    expect(first.evidence?.words.length).toBeGreaterThan(100)
    await service.settled()
    expect(stored.get(1)).toMatchObject({ complete: true, evidence: { version: '2026-01-01T00:00:00Z' } })

    // A new service (the app started again) finds it in the store.
    const again = createEvidenceService({ getWorkspace: () => workspace, reader, ocr: null })
    expect((await again.evidenceOf(1, { fetch: true })).status).toBe('ready')
    expect(reader.pdfs).toBe(1)
    await again.close()
  })

  it('reads nothing for a document not opened whose original is not on this device', async () => {
    const { workspace, asked } = workspaceWith({ original: { contentType: 'application/pdf', bytes: einfach } })
    service = createEvidenceService({ getWorkspace: () => workspace, reader: inlineEvidenceReader, ocr: null })
    expect(await service.evidenceOf(1)).toMatchObject({ status: 'none', evidence: null })
    expect(asked.fetched).toBe(0)
  })

  it('answers failed with a code for a file that is not a PDF at all, and keeps the app going', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7\n this is not really a pdf')
    const { workspace } = workspaceWith({ original: { contentType: 'application/pdf', bytes } })
    service = createEvidenceService({ getWorkspace: () => workspace, reader: inlineEvidenceReader, ocr: null })
    await service.evidenceOf(1, { fetch: true, waitMs: 10_000 })
    await service.settled()
    const after = await service.evidenceOf(1, { fetch: true })
    expect(after).toMatchObject({ status: 'failed', problem: { code: 'unreadable_pdf' } })
    expect(after.evidence?.problems[0]).toMatchObject({ part: 'text_layer', code: 'unreadable_pdf' })
    expect(after.evidence?.words).toEqual([])
  })

  it('stops a reading that takes too long and answers failed with the code timeout', async () => {
    const { workspace } = workspaceWith({ original: { contentType: 'application/pdf', bytes: einfach } })
    const reader = new ProcessEvidenceReader({ ...sourceEvidenceChild(), launch: forkNodeChild, timeoutMs: 1 })
    service = createEvidenceService({ getWorkspace: () => workspace, reader, ocr: null })
    await service.evidenceOf(1, { fetch: true, waitMs: 0 })
    await service.settled()
    expect(await service.evidenceOf(1, { fetch: true })).toMatchObject({
      status: 'failed',
      problem: { code: 'timeout' },
    })
  })

  it('gets the reader ready when a document without evidence opens, not when its evidence is stored', async () => {
    const { workspace } = workspaceWith({ original: { contentType: 'application/pdf', bytes: einfach } })
    let warmed = 0
    const reader: EvidenceReader = { ...inlineEvidenceReader, warm: () => void warmed++ }
    service = createEvidenceService({ getWorkspace: () => workspace, reader, ocr: null })
    // The checks of an opened document ask first (no fetch, no wait): nothing is read yet.
    expect(await service.evidenceOf(1, { waitMs: 0 })).toMatchObject({ status: 'none' })
    expect(warmed).toBe(1)
    await service.evidenceOf(1, { fetch: true, waitMs: 10_000 })
    await service.settled()
    warmed = 0
    expect(await service.evidenceOf(1, { waitMs: 0 })).toMatchObject({ status: 'ready' })
    expect(warmed).toBe(0)
  })

  it('answers failed with reader_failed for the document whose reading process crashed', async () => {
    const { workspace } = workspaceWith({ original: { contentType: 'application/pdf', bytes: einfach } })
    let crashes = 1
    const reader: EvidenceReader = {
      ...inlineEvidenceReader,
      readPdf: async (bytes) => {
        if (crashes-- > 0)
          throw new EvidenceReadError('reader_failed', 'The evidence process ended while reading (signal SIGSEGV).')
        return inlineEvidenceReader.readPdf(bytes)
      },
    }
    service = createEvidenceService({ getWorkspace: () => workspace, reader, ocr: null })
    await service.evidenceOf(1, { fetch: true, waitMs: 10_000 })
    await service.settled()
    expect(await service.evidenceOf(1, { fetch: true })).toMatchObject({
      status: 'failed',
      problem: { code: 'reader_failed' },
    })
  })

  it('reads the payment QR code of an image invoice and flags an IBAN that differs from it', async () => {
    const qr = await spaydQr('SPD*1.0*ACC:CZ6508000000192000145399*AM:480.50*CC:CZK*X-VS:2024001')
    const { workspace } = workspaceWith({ original: { contentType: 'image/png', bytes: qr } })
    service = createEvidenceService({ getWorkspace: () => workspace, reader: inlineEvidenceReader, ocr: null })
    await service.evidenceOf(1, { fetch: true, waitMs: 0 })
    await service.settled()
    const { evidence } = await service.evidenceOf(1, { fetch: true })
    expect(evidence?.payments).toEqual([
      expect.objectContaining({
        kind: 'spayd',
        iban: 'CZ6508000000192000145399',
        amount: 480.5,
        variable_symbol: '2024001',
      }),
    ])
    const doc = { id: 1, supplier: { iban: 'CZ5508000000001234567899' }, summary: { total: 480.5 } } as CachedDocument
    expect(evidenceChecks(doc, evidence!).find((check) => check.code === 'qr_iban')).toMatchObject({
      status: 'warning',
      iban: 'CZ5508000000001234567899',
      params: { qrIban: 'CZ6508000000192000145399' },
    })
    const right = { ...doc, supplier: { iban: 'CZ65 0800 0000 1920 0014 5399' } } as CachedDocument
    expect(evidenceChecks(right, evidence!).find((check) => check.code === 'qr_iban')?.status).toBe('ok')
  })

  it('reads a PAY by square code of an image invoice: IBAN, amount, variable symbol and due date', async () => {
    const text = encode({
      invoiceId: 'FA2024001',
      payments: [
        {
          type: PaymentOptions.PaymentOrder,
          amount: 592.87,
          currencyCode: 'EUR',
          paymentDueDate: '20240315',
          variableSymbol: '2024001',
          bankAccounts: [{ iban: 'SK9611000000002918599669' }],
          beneficiary: { name: 'Dodavatel s.r.o.' },
        },
      ],
    })
    const { workspace } = workspaceWith({ original: { contentType: 'image/png', bytes: await spaydQr(text) } })
    service = createEvidenceService({ getWorkspace: () => workspace, reader: inlineEvidenceReader, ocr: null })
    await service.evidenceOf(1, { fetch: true, waitMs: 0 })
    await service.settled()
    const { evidence } = await service.evidenceOf(1, { fetch: true })
    expect(evidence?.payments).toEqual([
      expect.objectContaining({
        kind: 'paybysquare',
        iban: 'SK9611000000002918599669',
        amount: 592.87,
        currency: 'EUR',
        variable_symbol: '2024001',
        due_date: '2024-03-15',
      }),
    ])
    const doc = { id: 1, supplier: { iban: 'SK3112000000198742637541' }, summary: { total: 592.87 } } as CachedDocument
    expect(evidenceChecks(doc, evidence!).find((check) => check.code === 'qr_iban')).toMatchObject({
      status: 'warning',
      params: { qrIban: 'SK9611000000002918599669' },
    })
  })

  it('reports a damaged PAY by square code as a qr problem and keeps the other codes', async () => {
    const { workspace } = workspaceWith({
      original: { contentType: 'image/png', bytes: await spaydQr('0' + 'A1B2C3D4E5F6G7H8'.repeat(4)) },
    })
    service = createEvidenceService({ getWorkspace: () => workspace, reader: inlineEvidenceReader, ocr: null })
    await service.evidenceOf(1, { fetch: true, waitMs: 0 })
    await service.settled()
    const { evidence } = await service.evidenceOf(1, { fetch: true })
    expect(evidence?.payments).toEqual([])
    expect(evidence?.problems).toEqual([expect.objectContaining({ part: 'qr', code: 'damaged' })])
  })
})
