import { describe, expect, it, vi } from 'vitest'
import type { BrowserWindow, SaveDialogOptions } from 'electron'
import { createElectronFileHost, type FileSystem } from './dialogs'

function fakeFs(options: { failWrite?: string } = {}) {
  const files = new Map<string, Uint8Array>()
  const removed: string[] = []
  const fs: FileSystem = {
    async writeFile(path, bytes) {
      if (options.failWrite) throw Object.assign(new Error('nope'), { code: options.failWrite })
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

const bytes = new Uint8Array([1, 2, 3])
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
      suggestedName: 'export.csv',
      mimeType: 'text/csv',
      bytes,
      filters: [{ name: 'CSV', extensions: ['csv'] }],
    })
    expect(result).toEqual({ saved: true, path: '/home/u/export.csv' })
    expect(showSaveDialog.mock.calls[0]![0]).toBe(window)
    expect(showSaveDialog.mock.calls[0]![1]).toMatchObject({
      defaultPath: 'export.csv',
      filters: [
        { name: 'CSV', extensions: ['csv'] },
        { name: 'All files', extensions: ['*'] },
      ],
    })
    expect(files.get('/home/u/export.csv')).toEqual(bytes)
  })

  it('writes nothing when the user cancels', async () => {
    const { fs, files } = fakeFs()
    const host = createElectronFileHost({
      getWindow: () => null,
      dialog: { showSaveDialog: vi.fn(async () => ({ canceled: true, filePath: '' })) } as never,
      shell: { openPath: vi.fn() },
      fs,
    })
    expect(await host.saveFile({ suggestedName: 'a.pdf', mimeType: 'application/pdf', bytes })).toEqual({
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
    await expect(host.saveFile({ suggestedName: 'x.csv', mimeType: 'text/csv', bytes })).rejects.toMatchObject({
      code: 'io',
      message: 'Could not save x.csv: permission denied.',
    })
  })
})

describe('Electron FileHost: open with the system viewer', () => {
  it('writes the bytes under a private temp folder with the file name, opens it, and cleans up', async () => {
    const { fs, files, removed } = fakeFs()
    const openPath = vi.fn(async () => '')
    const host = createElectronFileHost({
      getWindow: () => null,
      dialog: {} as never,
      shell: { openPath },
      fs,
      tmpRoot: '/tmp',
    })
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
    const { fs } = fakeFs()
    const host = createElectronFileHost({
      getWindow: () => null,
      dialog: {} as never,
      shell: { openPath: vi.fn(async () => 'No application is associated with this file') },
      fs,
    })
    await expect(
      host.openWithSystemViewer({ fileName: 'a.pdf', mimeType: 'application/pdf', bytes }),
    ).rejects.toMatchObject({
      code: 'io',
      message: expect.stringContaining('No application is associated'),
    })
  })

  it('never writes outside its folder, whatever the file name says', async () => {
    const { fs, files } = fakeFs()
    const host = createElectronFileHost({
      getWindow: () => null,
      dialog: {} as never,
      shell: { openPath: vi.fn(async () => '') },
      fs,
      tmpRoot: '/tmp',
    })
    await host.openWithSystemViewer({ fileName: '../../etc/passwd', mimeType: 'application/pdf', bytes })
    expect([...files.keys()]).toEqual(['/tmp/docket-open-abc123/1/passwd'])
  })
})
