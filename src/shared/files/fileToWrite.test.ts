import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkFileToOpen, checkFileToSave } from './fileToWrite'

const fixtures = join(import.meta.dirname, '../../../resources/demo/invoices')
const pdf = new Uint8Array(readFileSync(join(fixtures, 'AzureInterior.pdf')))
const png = new Uint8Array(readFileSync(join(fixtures, 'oyo.png')))
const text = (value: string) => new TextEncoder().encode(value)
const html = text('<html><script>docket.invoke("auth.listAccounts")</script></html>')
const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0xff, 0xff, 0xb8, 0x00])

describe('files Docket opens with the system viewer', () => {
  it('opens a PDF or image named by its bytes, whatever name and type the service gave', () => {
    expect(checkFileToOpen({ fileName: 'invoice.exe', mimeType: 'application/x-msdownload', bytes: pdf })).toEqual({
      ok: true,
      kind: 'pdf',
      fileName: 'invoice_exe.pdf',
      mimeType: 'application/pdf',
      extensions: ['pdf'],
      label: 'PDF document',
    })
    expect(checkFileToOpen({ fileName: 'scan\u202Egnp.hta', mimeType: 'text/html', bytes: png })).toMatchObject({
      ok: true,
      fileName: 'scangnp_hta.png',
      mimeType: 'image/png',
    })
  })

  it('refuses HTML, executables and even the app’s own CSV, with a code and a readable message', () => {
    expect(checkFileToOpen({ fileName: 'invoice.pdf', mimeType: 'application/pdf', bytes: html })).toEqual({
      ok: false,
      code: 'unsupported_type',
      message: 'invoice.pdf is not a PDF, PNG, JPEG or TIFF file, so Docket does not open it.',
    })
    expect(checkFileToOpen({ fileName: 'x\u202Eexe.pdf', mimeType: 'application/pdf', bytes: exe })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^xexe\.pdf is not/),
    })
    expect(checkFileToOpen({ fileName: 'a.csv', mimeType: 'text/csv', bytes: text('a,b\r\n') }).ok).toBe(false)
  })
})

describe('files Docket saves where the user chooses', () => {
  it('saves an original only as a document named by its bytes', () => {
    expect(
      checkFileToSave({ kind: 'original', fileName: 'evil.bat', mimeType: 'application/pdf', bytes: pdf }),
    ).toMatchObject({
      ok: true,
      kind: 'pdf',
      fileName: 'evil_bat.pdf',
    })
  })

  it('never saves an original as text, whatever type it claims', () => {
    expect(
      checkFileToSave({ kind: 'original', fileName: 'data.csv', mimeType: 'text/csv', bytes: text('a,b\r\n') }),
    ).toEqual({
      ok: false,
      code: 'unsupported_type',
      message: 'data.csv is not a PDF, PNG, JPEG or TIFF file, so Docket does not save it.',
    })
    expect(
      checkFileToSave({ kind: 'original', fileName: 'x.json', mimeType: 'application/json', bytes: text('{}') }).ok,
    ).toBe(false)
    expect(checkFileToSave({ kind: 'original', fileName: 'page.html', mimeType: 'text/html', bytes: html }).ok).toBe(
      false,
    )
    expect(
      checkFileToSave({ kind: 'original', fileName: 'empty.pdf', mimeType: 'application/pdf', bytes: new Uint8Array() })
        .ok,
    ).toBe(false)
  })

  it('saves the app’s CSV and JSON exports as text with their own extension', () => {
    expect(
      checkFileToSave({
        kind: 'export',
        fileName: 'docket-agenda-1.csv',
        mimeType: 'text/csv',
        bytes: text('\uFEFFid\r\n1\r\n'),
      }),
    ).toEqual({
      ok: true,
      kind: 'export',
      fileName: 'docket-agenda-1.csv',
      mimeType: 'text/csv',
      extensions: ['csv'],
      label: 'CSV',
    })
    expect(
      checkFileToSave({ kind: 'export', fileName: 'a.json', mimeType: 'application/json', bytes: text('{}') }),
    ).toMatchObject({
      ok: true,
      fileName: 'a.json',
    })
  })

  it('saves an export only as its declared text type: binary content, documents and other types are refused', () => {
    expect(checkFileToSave({ kind: 'export', fileName: 'invoice.exe', mimeType: 'text/csv', bytes: exe })).toEqual({
      ok: false,
      code: 'unsupported_type',
      message: 'invoice.exe is not a CSV or JSON export, so Docket does not save it.',
    })
    expect(checkFileToSave({ kind: 'export', fileName: 'a.pdf', mimeType: 'application/pdf', bytes: pdf }).ok).toBe(
      false,
    )
    expect(checkFileToSave({ kind: 'export', fileName: 'page.html', mimeType: 'text/html', bytes: html }).ok).toBe(
      false,
    )
  })

  it('saves a Pohoda XML file as .xml and an Excel workbook as .xlsx only when its bytes are a zip', () => {
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00])
    expect(
      checkFileToSave({ kind: 'export', fileName: 'p.xml', mimeType: 'application/xml', bytes: text('<a/>') }),
    ).toMatchObject({ ok: true, fileName: 'p.xml', extensions: ['xml'] })
    expect(checkFileToSave({ kind: 'export', fileName: 'b.xlsx', mimeType: xlsx, bytes: zip })).toMatchObject({
      ok: true,
      fileName: 'b.xlsx',
      label: 'Excel',
    })
    expect(checkFileToSave({ kind: 'export', fileName: 'b.xlsx', mimeType: xlsx, bytes: exe }).ok).toBe(false)
  })
})
