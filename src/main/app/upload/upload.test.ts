import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  MAX_UPLOAD_BASE64_LENGTH,
  uploadRequestSchema,
  type UploadProgress,
  type UploadRequest,
} from '../../../shared/ipc'
import { MAX_REQUEST_BYTES } from '../../api/uploads'
import { FakeUploadWorkspace } from '../testing/fakeUploadWorkspace'
import { checkUploadFile, sniffContentType, tooLargeReason } from './fileCheck'
import { createUploadHandlers } from './handlers'
import { planUploadRequests, uploadRequestBody, type PlannedFile } from './plan'
import { UploadProgressReporter } from './progress'

/** The demo invoices shipped with the app (copies of the shared fixtures). */
const fixtures = join(import.meta.dirname, '../../../../resources/demo/invoices')
const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64')
const realPdf = readFileSync(join(fixtures, 'AzureInterior.pdf'))
const realPng = readFileSync(join(fixtures, 'oyo.png'))
/** A minimal well-formed JPEG frame: SOI, APP0 JFIF, EOI. */
const jpeg = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9,
])

describe('file check by magic bytes', () => {
  it('recognises the fixture PDF and PNG and a JPEG whatever their names say', () => {
    expect(checkUploadFile('invoice.png', b64(realPdf))).toMatchObject({ ok: true, contentType: 'application/pdf' })
    expect(checkUploadFile('scan.pdf', b64(realPng))).toMatchObject({ ok: true, contentType: 'image/png' })
    expect(checkUploadFile('photo.jpg', b64(jpeg))).toMatchObject({ ok: true, contentType: 'image/jpeg' })
  })
  it('refuses an empty file', () => {
    expect(checkUploadFile('empty.pdf', '')).toMatchObject({ ok: false, code: 'empty' })
  })
  it('refuses a text file named .pdf', () => {
    const result = checkUploadFile('notes.pdf', b64(Buffer.from('hello, this is not a PDF')))
    expect(result).toMatchObject({ ok: false, code: 'unsupported_type' })
    expect(!result.ok && result.reason).toContain('notes.pdf')
  })
  it('refuses truncated PDF, PNG and JPEG files as malformed', () => {
    expect(checkUploadFile('a.pdf', b64(realPdf.subarray(0, realPdf.length - 2000)))).toMatchObject({
      code: 'malformed',
    })
    expect(checkUploadFile('a.png', b64(realPng.subarray(0, realPng.length / 2)))).toMatchObject({ code: 'malformed' })
    expect(checkUploadFile('a.jpg', b64(jpeg.subarray(0, jpeg.length - 2)))).toMatchObject({ code: 'malformed' })
  })
  it('refuses garbled base64', () => {
    expect(checkUploadFile('a.pdf', '%%%not base64%%%')).toMatchObject({ ok: false, code: 'bad_base64' })
  })
  it('does not take a PNG signature without the rest for an image', () => {
    expect(sniffContentType(new Uint8Array([1, 2, 3]))).toBeNull()
  })
})

const file = (name: string, base64Length: number): PlannedFile => ({
  uploadId: name,
  fileName: name,
  contentType: 'application/pdf',
  base64: 'A'.repeat(base64Length),
})

describe('planning requests under 20 MB', () => {
  it('keeps every planned body strictly under the limit and keeps the file order', () => {
    const files = [file('a', 9_000_000), file('b', 9_000_000), file('c', 9_000_000), file('d', 100)]
    const plan = planUploadRequests(7, 'PurchaseInvoice', files)
    expect(plan.tooLarge).toEqual([])
    expect(plan.requests.map((r) => r.map((f) => f.fileName))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ])
    for (const request of plan.requests) {
      expect(Buffer.byteLength(uploadRequestBody(7, 'PurchaseInvoice', request))).toBeLessThan(MAX_REQUEST_BYTES)
    }
  })
  it('measures the body exactly: a request that would reach the limit is split', () => {
    const files = [file('x', 500), file('y', 500)]
    const oneBody = Buffer.byteLength(uploadRequestBody(1, 'PurchaseInvoice', files))
    expect(planUploadRequests(1, 'PurchaseInvoice', files, oneBody + 1).requests).toHaveLength(1)
    expect(planUploadRequests(1, 'PurchaseInvoice', files, oneBody).requests).toHaveLength(2)
  })
  it('counts non-Latin file names in UTF-8 bytes', () => {
    const files = [{ ...file('Účtenka ž.pdf', 100) }]
    const body = Buffer.byteLength(uploadRequestBody(1, 'PurchaseInvoice', files))
    expect(planUploadRequests(1, 'PurchaseInvoice', files, body).requests).toHaveLength(0)
    expect(planUploadRequests(1, 'PurchaseInvoice', files, body + 1).requests).toHaveLength(1)
  })
  it('sets aside a file too large for any request (over ~15 MB of bytes)', () => {
    const plan = planUploadRequests(1, 'PurchaseInvoice', [
      file('huge', Math.ceil((15_100_000 * 4) / 3)),
      file('ok', 10),
    ])
    expect(plan.tooLarge.map((f) => f.fileName)).toEqual(['huge'])
    expect(plan.requests).toHaveLength(1)
  })
})

function setup(options: { maxBodyBytes?: number } = {}) {
  const events: UploadProgress[] = []
  const workspace = new FakeUploadWorkspace()
  const progress = new UploadProgressReporter((p) => events.push(p))
  const handlers = createUploadHandlers({
    getWorkspace: () => workspace,
    progress,
    ...(options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {}),
  })
  const run = (input: UploadRequest) =>
    handlers['upload.files'](uploadRequestSchema.parse(input), { senderUrl: 'test' })
  return { actions: workspace.uploads, events, run, workspace, progress }
}

const input = (files: { name: string; bytes: Buffer }[]): UploadRequest => ({
  agendaId: 1,
  type: 'PurchaseInvoice',
  files: files.map((f, i) => ({
    uploadId: `u${i}`,
    fileName: f.name,
    contentType: 'application/octet-stream',
    base64: b64(f.bytes),
  })),
})

describe('upload.files handler', () => {
  it('queues good files as upload.files actions and refuses bad ones with a reason each', async () => {
    const { actions, events, run } = setup()
    const result = await run(
      input([
        { name: 'azure.pdf', bytes: realPdf },
        { name: 'empty.pdf', bytes: Buffer.alloc(0) },
        { name: 'oyo.png', bytes: realPng },
        { name: 'readme.txt', bytes: Buffer.from('text') },
      ]),
    )
    expect(result.accepted.map((a) => [a.fileName, a.contentType, a.size])).toEqual([
      ['azure.pdf', 'application/pdf', realPdf.length],
      ['oyo.png', 'image/png', realPng.length],
    ])
    expect(result.refused.map((r) => [r.fileName, r.code])).toEqual([
      ['empty.pdf', 'empty'],
      ['readme.txt', 'unsupported_type'],
    ])
    expect(result.requests).toBe(1)
    expect(result.accepted.map((a) => a.entryId)).toEqual(['e1', 'e1'])
    expect(actions).toHaveLength(1)
    const action = actions[0]!
    expect(action).toMatchObject({ agendaId: 1, type: 'PurchaseInvoice' })
    expect(action.files.map((f) => [f.fileName, f.contentType])).toEqual([
      ['azure.pdf', 'application/pdf'],
      ['oyo.png', 'image/png'],
    ])
    expect(Buffer.from(action.files[0]!.bytes).equals(realPdf)).toBe(true)
    expect(events.filter((e) => e.uploadId === 'u1').map((e) => e.phase)).toEqual(['checking', 'refused'])
    expect(events.filter((e) => e.uploadId === 'u0').map((e) => e.phase)).toEqual(['checking', 'queued'])
  })

  it('refuses a file whose base64 alone fills a request with the one too-large reason, before decoding it', async () => {
    const { actions, run } = setup({ maxBodyBytes: 1000 })
    const result = await run({
      agendaId: 1,
      type: 'PurchaseInvoice',
      files: [{ uploadId: 'u0', fileName: 'big.pdf', contentType: 'application/pdf', base64: '%'.repeat(1000) }],
    })
    // Garbage base64 would be bad_base64 if it were decoded: the size is checked first, against the handler's limit.
    expect(result.refused).toEqual([
      { uploadId: 'u0', fileName: 'big.pdf', code: 'too_large', reason: tooLargeReason('big.pdf') },
    ])
    expect(actions).toHaveLength(0)
  })

  it('the contract refuses base64 longer than that of a whole request (20 MB) before any handler runs', () => {
    const file = (base64: string) => ({
      agendaId: 1,
      type: 'PurchaseInvoice',
      files: [{ uploadId: 'u0', fileName: 'a.pdf', contentType: 'application/pdf', base64 }],
    })
    expect(MAX_UPLOAD_BASE64_LENGTH).toBe(Math.ceil(MAX_REQUEST_BYTES / 3) * 4)
    expect(uploadRequestSchema.safeParse(file('A'.repeat(MAX_UPLOAD_BASE64_LENGTH))).success).toBe(true)
    const tooLong = uploadRequestSchema.safeParse(file('A'.repeat(MAX_UPLOAD_BASE64_LENGTH + 1)))
    expect(tooLong.success).toBe(false)
    expect(tooLong.error?.issues[0]?.path).toEqual(['files', 0, 'base64'])
  })

  it('splits into several outbox actions when the bodies would exceed the limit', async () => {
    const { actions, run } = setup({ maxBodyBytes: Math.ceil(realPdf.length * 1.4) })
    const result = await run(
      input([
        { name: 'a.pdf', bytes: realPdf },
        { name: 'b.pdf', bytes: realPdf },
      ]),
    )
    expect(result.requests).toBe(2)
    expect(actions).toHaveLength(2)
  })

  it('follows the entry it wrote: each file is reported sending, then sent, as the outbox moves', async () => {
    const { events, run, workspace, progress } = setup()
    await run(
      input([
        { name: 'a.pdf', bytes: realPdf },
        { name: 'b.jpg', bytes: jpeg },
      ]),
    )
    workspace.setStatus('e1', 'in_flight')
    progress.onEvent('outbox.changed', { pending: 1, failed: 0, entryIds: ['e1'] })
    await progress.idle()
    workspace.remove('e1')
    progress.onEvent('outbox.changed', { pending: 0, failed: 0, entryIds: ['e1'] })
    await progress.idle()
    expect(events.filter((e) => e.uploadId === 'u1').map((e) => e.phase)).toEqual([
      'checking',
      'queued',
      'sending',
      'sent',
    ])
    expect(events.filter((e) => e.phase === 'sent').map((e) => e.fileName)).toEqual(['a.pdf', 'b.jpg'])
  })
})
