import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MAX_REQUEST_BYTES } from '../../api/uploads'
import { checkUploadFile } from './fileCheck'

const fixtures = join(import.meta.dirname, '../../../../resources/demo/invoices')
const realPdf = readFileSync(join(fixtures, 'AzureInterior.pdf'))
const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64')

describe('upload check: magic bytes at offset 0', () => {
  it('refuses an HTML/PDF polyglot whose HTML comes first, even with the PDF header in the first kilobyte', () => {
    const polyglot = Buffer.concat([Buffer.from('<html><script>alert(document.domain)</script>\n'), realPdf])
    expect(checkUploadFile('invoice.pdf', b64(polyglot))).toMatchObject({ ok: false, code: 'unsupported_type' })
    expect(checkUploadFile('x.pdf', b64(Buffer.concat([Buffer.from('junk'), realPdf])))).toMatchObject({
      code: 'unsupported_type',
    })
  })

  it('accepts a PDF that starts with white space, as readers do', () => {
    expect(checkUploadFile('a.pdf', b64(Buffer.concat([Buffer.from('\r\n  '), realPdf])))).toMatchObject({
      ok: true,
      contentType: 'application/pdf',
    })
  })

  it('refuses a TIFF: the service takes PDF, PNG and JPEG uploads only', () => {
    const tiff = Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0, 0, 0])
    expect(checkUploadFile('scan.tif', b64(tiff))).toMatchObject({ ok: false, code: 'unsupported_type' })
  })
})

describe('upload check: size before decoding', () => {
  it('refuses text longer than the limit as too large without decoding it (garbage would otherwise be bad_base64)', () => {
    expect(checkUploadFile('big.pdf', '%'.repeat(101), 100)).toMatchObject({
      ok: false,
      code: 'too_large',
      reason: expect.stringContaining('big.pdf is too large to upload'),
    })
    expect(checkUploadFile('small.pdf', '%'.repeat(99), 100)).toMatchObject({ ok: false, code: 'bad_base64' })
  })

  it('by default refuses base64 that alone fills a whole upload request', () => {
    expect(checkUploadFile('huge.pdf', '%'.repeat(MAX_REQUEST_BYTES))).toMatchObject({ code: 'too_large' })
  })

  it('does not count line breaks in the base64 towards the size', () => {
    const text = b64(realPdf)
    const wrapped = text.replace(/.{76}/g, '$&\r\n')
    expect(checkUploadFile('a.pdf', wrapped, text.length + 1)).toMatchObject({ ok: true })
    expect(checkUploadFile('a.pdf', wrapped, text.length)).toMatchObject({ code: 'too_large' })
  })
})
