/**
 * Hostile files dropped for upload (SECURITY.md, "Renderer is untrusted"): truncated PDFs and PNGs, random bytes, HTML pages with an invoice's name,
 * empty files and garbled base64, mixed with good files, sent through the router's
 * `upload.files` channel. Each bad file is refused with a reason naming it; only the good
 * files reach the outbox, byte for byte; nothing crashes.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { UploadProgress } from '../../../shared/ipc'
import { createRouter } from '../router'
import { fewHandlers } from '../testing/routerCall'
import { FakeUploadWorkspace } from '../testing/fakeUploadWorkspace'
import { createUploadHandlers } from './handlers'
import { UploadProgressReporter } from './progress'

const fixtures = join(import.meta.dirname, '../../../../resources/demo/invoices')
const pdfs = readdirSync(fixtures)
  .filter((f) => f.endsWith('.pdf'))
  .map((f) => readFileSync(join(fixtures, f)))
const pngs = readdirSync(fixtures)
  .filter((f) => f.endsWith('.png'))
  .map((f) => readFileSync(join(fixtures, f)))
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

type Sample = { fileName: string; base64: string; good: boolean; bytes?: Uint8Array }

/** Independent of the code under test: bytes no reader would take for PDF, PNG or JPEG. */
function clearlyNotAnInvoiceFile(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1100)).toString('latin1')
  return (
    !(bytes[0] === 0x89 && bytes[1] === 0x50) && !(bytes[0] === 0xff && bytes[1] === 0xd8) && !head.includes('%PDF-')
  )
}

const good: fc.Arbitrary<Sample> = fc.oneof(fc.constantFrom(...pdfs), fc.constantFrom(...pngs)).map((bytes) => ({
  fileName: 'invoice-ok.pdf',
  base64: b64(bytes),
  good: true,
  bytes: new Uint8Array(bytes),
}))

const bad: fc.Arbitrary<Sample> = fc.oneof(
  // A PDF cut before its end-of-file marker (the fixtures have one, in the last bytes).
  fc.tuple(fc.constantFrom(...pdfs), fc.double({ min: 0.01, max: 0.9, noNaN: true })).map(([bytes, at]) => ({
    fileName: 'cut.pdf',
    base64: b64(bytes.subarray(0, Math.floor(bytes.length * at))),
    good: false,
  })),
  // A PNG cut before its end chunk.
  fc.tuple(fc.constantFrom(...pngs), fc.double({ min: 0.01, max: 0.95, noNaN: true })).map(([bytes, at]) => ({
    fileName: 'cut.png',
    base64: b64(bytes.subarray(0, Math.floor(bytes.length * at))),
    good: false,
  })),
  fc
    .uint8Array({ minLength: 1, maxLength: 2000 })
    .filter(clearlyNotAnInvoiceFile)
    .map((bytes) => ({ fileName: 'random.pdf', base64: b64(bytes), good: false })),
  fc.constantFrom(
    {
      fileName: 'invoice.pdf',
      base64: b64(Buffer.from('<!DOCTYPE html><html><body>Not a PDF</body></html>')),
      good: false,
    },
    { fileName: 'invoice.exe.pdf', base64: b64(Buffer.from('MZ\x90\x00\x03\x00\x00\x00')), good: false },
    { fileName: 'empty.pdf', base64: '', good: false },
    { fileName: 'garbled.pdf', base64: '%%%not*base64!!', good: false },
    { fileName: '../../etc/passwd', base64: b64(Buffer.from('root:x:0:0')), good: false },
  ),
  fc.string({ minLength: 1, maxLength: 50 }).map((s) => ({ fileName: 'junk.png', base64: `${s}@`, good: false })),
)

function setup() {
  const events: UploadProgress[] = []
  const workspace = new FakeUploadWorkspace()
  const progress = new UploadProgressReporter((p) => events.push(p))
  const upload = createUploadHandlers({ getWorkspace: () => workspace, progress })
  const logs: string[] = []
  const router = createRouter({
    handlers: fewHandlers({ 'upload.files': upload['upload.files'] }),
    isTrustedSender: () => true,
    log: (line) => logs.push(line),
  })
  return { router, workspace, events, logs }
}

describe('upload of hostile files', () => {
  it('refuses every malformed file with a reason and queues exactly the good ones, byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(good, bad), { minLength: 1, maxLength: 5 }), async (samples) => {
        const { router, workspace, events, logs } = setup()
        const files = samples.map((s, i) => ({
          uploadId: `u${i}`,
          fileName: s.fileName,
          contentType: 'application/pdf',
          base64: s.base64,
        }))
        const result = await router.dispatch(
          'upload.files',
          { agendaId: 1, type: 'PurchaseInvoice', files },
          { senderUrl: 'app://docket/index.html' },
        )
        expect(result.ok, JSON.stringify(result).slice(0, 300)).toBe(true)
        if (!result.ok) return
        const value = result.value as {
          accepted: { uploadId: string }[]
          refused: { uploadId: string; fileName: string; code: string; reason: string }[]
        }
        expect(value.accepted.map((a) => a.uploadId).sort()).toEqual(
          files
            .filter((_, i) => samples[i]!.good)
            .map((f) => f.uploadId)
            .sort(),
        )
        expect(value.refused.map((r) => r.uploadId).sort()).toEqual(
          files
            .filter((_, i) => !samples[i]!.good)
            .map((f) => f.uploadId)
            .sort(),
        )
        for (const refusal of value.refused) {
          expect(['empty', 'unsupported_type', 'malformed', 'bad_base64']).toContain(refusal.code)
          expect(refusal.reason).toContain(refusal.fileName)
        }
        const sentBytes = workspace.uploads
          .map((upload) => upload.files)
          .flat()
          .map((f) => Buffer.from(f.bytes).toString('base64'))
          .sort()
        expect(sentBytes).toEqual(
          samples
            .filter((s) => s.good)
            .map((s) => s.base64)
            .sort(),
        )
        for (const refusal of value.refused) {
          expect(events).toContainEqual(expect.objectContaining({ uploadId: refusal.uploadId, phase: 'refused' }))
        }
        expect(logs).toEqual([])
      }),
      { numRuns: 150, seed: 21 },
    )
  }, 60_000)
})
