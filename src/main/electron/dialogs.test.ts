import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { BrowserWindow, SaveDialogOptions } from 'electron'
import { createElectronFileHost, type FileSystem } from './dialogs'

function fakeFs(options: { failWrite?: string; existing?: string[] } = {}) {
  const files = new Map<string, Uint8Array>()
  const removed: string[] = []
  const fs: FileSystem = {
    async writeFile(path, bytes, writeOptions) {
      if (options.failWrite) throw Object.assign(new Error('nope'), { code: options.failWrite })
      if (writeOptions?.flag === 'wx' && (files.has(path) || options.existing?.includes(path)))
        throw Object.assign(new Error('exists'), { code: 'EEXIST' })
      files.set(path, bytes)
    },
    async mkdtemp(prefix) {
      return `${prefix}abc123`
    },
    async mkdir() {},
    async rm(path) {
      removed.push(path)
    },
  }
  return { fs, files, removed }
}

const fixtures = join(import.meta.dirname, '../../../resources/demo/invoices')
/** A real PDF: only content recognised by its magic bytes is opened or saved as a document. */
const bytes = new Uint8Array(readFileSync(join(fixtures, 'AzureInterior.pdf')))
const png = new Uint8Array(readFileSync(join(fixtures, 'oyo.png')))
const csv = new TextEncoder().encode('\uFEFFid,total\r\n1,1210\r\n')
const html = new TextEncoder().encode('<html><script>window.docket.invoke("auth.listAccounts")</script></html>')
const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0xff, 0xff])
const window = { id: 1 } as unknown as BrowserWindow

describe('Electron FileHost: save', () => {
  it('shows the save dialog on the window with the suggested name and filters, then writes the file', async () => {
    const { fs, files } = fakeFs()
    const showSaveDialog = vi.fn(async (_w: unknown, _o: SaveDialogOptions) => ({
      canceled: false,
      filePath: '/home/u/export.csv',
    }))
    const host = createElectronFileHost({
      getWindow: () => window,
      dialog: { showSaveDialog } as never,
      shell: { openPath: vi.fn() },
      fs,
    })
    const result = await host.saveFile({
      kind: 'export',
      suggestedName: 'export.csv',
      mimeType: 'text/csv',
      bytes: csv,
    })
    expect(result).toEqual({ saved: true, path: '/home/u/export.csv' })
    expect(showSaveDialog.mock.calls[0]![0]).toBe(window)
    expect(showSaveDialog.mock.calls[0]![1]).toMatchObject({
      defaultPath: 'export.csv',
      filters: [{ name: 'CSV', extensions: ['csv'] }],
    })
    expect(files.get('/home/u/export.csv')).toEqual(csv)
  })

  it('writes nothing when the user cancels', async () => {
    const { fs, files } = fakeFs()
    const host = createElectronFileHost({
      getWindow: () => null,
      dialog: { showSaveDialog: vi.fn(async () => ({ canceled: true, filePath: '' })) } as never,
      shell: { openPath: vi.fn() },
      fs,
    })
    expect(
      await host.saveFile({ kind: 'original', suggestedName: 'a.pdf', mimeType: 'application/pdf', bytes }),
    ).toEqual({
      saved: false,
    })
    expect(files.size).toBe(0)
  })

  it('fails with code io and a readable reason when the file cannot be written', async () => {
    const { fs } = fakeFs({ failWrite: 'EACCES' })
    const host = createElectronFileHost({
      getWindow: () => null,
      dialog: { showSaveDialog: vi.fn(async () => ({ canceled: false, filePath: '/root/x.csv' })) } as never,
      shell: { openPath: vi.fn() },
      fs,
    })
    await expect(
      host.saveFile({ kind: 'export', suggestedName: 'x.csv', mimeType: 'text/csv', bytes: csv }),
    ).rejects.toMatchObject({
      code: 'io',
      message: 'Could not save x.csv: permission denied.',
    })
  })
})

describe('Electron FileHost: open with the system viewer', () => {
  const openHost = (options: { failure?: string; tmpRoot?: string; platform?: NodeJS.Platform } = {}) => {
    const { fs, files, removed } = fakeFs()
    const openPath = vi.fn(async (_path: string) => options.failure ?? '')
    const host = createElectronFileHost({
      getWindow: () => null,
      dialog: {} as never,
      shell: { openPath },
      fs,
      tmpRoot: options.tmpRoot ?? '/tmp',
      ...(options.platform ? { platform: options.platform } : {}),
    })
    return { host, files, removed, openPath }
  }

  it('writes the bytes under a private temp folder with the file name, opens it, and cleans up', async () => {
    const { host, files, removed, openPath } = openHost()
    await host.openWithSystemViewer({ fileName: 'Faktura 1.pdf', mimeType: 'application/pdf', bytes })
    await host.openWithSystemViewer({ fileName: 'Faktura 1.pdf', mimeType: 'application/pdf', bytes })
    expect([...files.keys()]).toEqual([
      '/tmp/docket-open-abc123/1/Faktura 1.pdf',
      '/tmp/docket-open-abc123/2/Faktura 1.pdf',
    ])
    expect(openPath).toHaveBeenCalledWith('/tmp/docket-open-abc123/1/Faktura 1.pdf')
    await host.cleanup()
    expect(removed).toEqual(['/tmp/docket-open-abc123'])
  })

  it('fails with code io when the system cannot open the file', async () => {
    const { host } = openHost({ failure: 'No application is associated with this file' })
    await expect(
      host.openWithSystemViewer({ fileName: 'a.pdf', mimeType: 'application/pdf', bytes }),
    ).rejects.toMatchObject({
      code: 'io',
      message: expect.stringContaining('No application is associated'),
    })
  })

  it('never writes outside its folder, whatever the file name says', async () => {
    const { host, files } = openHost()
    await host.openWithSystemViewer({ fileName: '../../etc/passwd', mimeType: 'application/pdf', bytes })
    expect([...files.keys()]).toEqual(['/tmp/docket-open-abc123/1/passwd.pdf'])
  })

  it('opens content only as what its bytes are, under a safe name with the matching extension', async () => {
    const { host, files, openPath } = openHost()
    await host.openWithSystemViewer({ fileName: 'invoice\u202Efdp.hta', mimeType: 'application/hta', bytes: png })
    await host.openWithSystemViewer({ fileName: 'CON', mimeType: 'application/pdf', bytes })
    expect([...files.keys()]).toEqual([
      '/tmp/docket-open-abc123/1/invoicefdp_hta.png',
      '/tmp/docket-open-abc123/2/_CON.pdf',
    ])
    expect(openPath.mock.calls).toEqual([
      ['/tmp/docket-open-abc123/1/invoicefdp_hta.png'],
      ['/tmp/docket-open-abc123/2/_CON.pdf'],
    ])
  })

  it('never writes or opens HTML, executables or anything else that is not a PDF or image', async () => {
    const { host, files, openPath } = openHost()
    for (const [fileName, content] of [
      ['invoice.pdf', html],
      ['invoice.exe', exe],
      ['evil.bat', new TextEncoder().encode('@echo off\r\ncalc.exe')],
      ['export.csv', csv],
    ] as const) {
      await expect(
        host.openWithSystemViewer({ fileName, mimeType: 'application/pdf', bytes: content }),
      ).rejects.toMatchObject({
        code: 'unsupported_type',
        message: `${fileName} is not a PDF, PNG, JPEG or TIFF file, so Docket does not open it.`,
      })
    }
    expect(files.size).toBe(0)
    expect(openPath).not.toHaveBeenCalled()
  })

  it('marks files it writes on Windows as coming from the web (Zone.Identifier, Internet zone)', async () => {
    const { host, files } = openHost({ tmpRoot: 'C:\\Temp', platform: 'win32' })
    await host.openWithSystemViewer({ fileName: 'a.pdf', mimeType: 'application/pdf', bytes })
    const [written, mark] = [...files.keys()]
    expect(mark).toBe(`${written}:Zone.Identifier`)
    expect(new TextDecoder().decode(files.get(mark!))).toBe('[ZoneTransfer]\r\nZoneId=3\r\n')
  })
})

describe('Electron FileHost: save an original', () => {
  const saveHost = (filePath: string, fsOptions: Parameters<typeof fakeFs>[0] = {}, platform?: NodeJS.Platform) => {
    const { fs, files } = fakeFs(fsOptions)
    const showSaveDialog = vi.fn(async (_o: SaveDialogOptions) => ({ canceled: false, filePath }))
    const host = createElectronFileHost({
      getWindow: () => null,
      dialog: { showSaveDialog } as never,
      shell: { openPath: vi.fn() },
      fs,
      ...(platform ? { platform } : {}),
    })
    return { host, files, showSaveDialog }
  }

  it('suggests a safe name with the extension of the bytes and offers only that type', async () => {
    const { host, files, showSaveDialog } = saveHost('/home/u/invoicefdp_exe.pdf')
    const result = await host.saveFile({
      kind: 'original',
      suggestedName: 'invoice\u202Efdp.exe',
      mimeType: 'application/x-msdownload',
      bytes,
    })
    expect(showSaveDialog.mock.calls[0]![0]).toMatchObject({
      defaultPath: 'invoicefdp_exe.pdf',
      filters: [{ name: 'PDF document', extensions: ['pdf'] }],
    })
    expect(result).toEqual({ saved: true, path: '/home/u/invoicefdp_exe.pdf' })
    expect(files.get('/home/u/invoicefdp_exe.pdf')).toEqual(bytes)
  })

  it('adds the extension to a path chosen without it, without replacing an existing file', async () => {
    const chosen = saveHost('/home/u/invoice.exe')
    expect(
      await chosen.host.saveFile({ kind: 'original', suggestedName: 'a.pdf', mimeType: 'application/pdf', bytes }),
    ).toEqual({
      saved: true,
      path: '/home/u/invoice.exe.pdf',
    })
    expect([...chosen.files.keys()]).toEqual(['/home/u/invoice.exe.pdf'])

    const taken = saveHost('/home/u/invoice', { existing: ['/home/u/invoice.pdf'] })
    await expect(
      taken.host.saveFile({ kind: 'original', suggestedName: 'a.pdf', mimeType: 'application/pdf', bytes }),
    ).rejects.toMatchObject({
      code: 'io',
      message: 'Could not save a.pdf: a file with that name already exists.',
    })
    expect(taken.files.size).toBe(0)
  })

  it('refuses content that is not a document before showing any dialog', async () => {
    for (const [suggestedName, mimeType, content] of [
      ['invoice.pdf', 'application/pdf', html],
      ['invoice.exe', 'text/csv', exe],
      ['run.command', 'application/octet-stream', new TextEncoder().encode('#!/bin/sh\nrm -rf ~')],
    ] as const) {
      const { host, files, showSaveDialog } = saveHost('/home/u/x')
      await expect(host.saveFile({ kind: 'original', suggestedName, mimeType, bytes: content })).rejects.toMatchObject({
        code: 'unsupported_type',
        message: `${suggestedName} is not a PDF, PNG, JPEG or TIFF file, so Docket does not save it.`,
      })
      expect(showSaveDialog).not.toHaveBeenCalled()
      expect(files.size).toBe(0)
    }
  })

  it('saves an original only as a document and an export only as its declared text', async () => {
    const original = saveHost('/home/u/x')
    await expect(
      original.host.saveFile({ kind: 'original', suggestedName: 'data.csv', mimeType: 'text/csv', bytes: csv }),
    ).rejects.toMatchObject({ code: 'unsupported_type' })
    const exported = saveHost('/home/u/x')
    await expect(
      exported.host.saveFile({ kind: 'export', suggestedName: 'a.csv', mimeType: 'application/pdf', bytes }),
    ).rejects.toMatchObject({
      code: 'unsupported_type',
      message: 'a.csv is not a CSV or JSON export, so Docket does not save it.',
    })
    expect(original.showSaveDialog).not.toHaveBeenCalled()
    expect(exported.showSaveDialog).not.toHaveBeenCalled()
    expect(original.files.size + exported.files.size).toBe(0)
  })

  it('marks a saved original on Windows as coming from the web, but not the app’s own export', async () => {
    const original = saveHost('C:\\Users\\u\\a.pdf', {}, 'win32')
    await original.host.saveFile({ kind: 'original', suggestedName: 'a.pdf', mimeType: 'application/pdf', bytes })
    expect([...original.files.keys()]).toEqual(['C:\\Users\\u\\a.pdf', 'C:\\Users\\u\\a.pdf:Zone.Identifier'])
    const exported = saveHost('C:\\Users\\u\\e.csv', {}, 'win32')
    await exported.host.saveFile({ kind: 'export', suggestedName: 'e.csv', mimeType: 'text/csv', bytes: csv })
    expect([...exported.files.keys()]).toEqual(['C:\\Users\\u\\e.csv'])
  })
})
