import { describe, expect, it } from 'vitest'
import type { FileHost, FileToSave } from '../ports'
import type { Handlers } from '../router'
import { parsedCall } from '../testing/routerCall'
import { createOriginalFileHandlers, safeFileName } from './originals'

/** Document 5 has a cached original named with folders in it; any other is not cached, offline. */
function setup() {
  const saved: FileToSave[] = []
  const opened: { fileName: string; mimeType: string; bytes: Uint8Array }[] = []
  const files: FileHost = {
    saveFile: async (file) => {
      saved.push(file)
      return { saved: true, path: `/home/u/${file.suggestedName}` }
    },
    openWithSystemViewer: async (file) => {
      opened.push(file)
    },
  }
  const handlers = createOriginalFileHandlers({
    getWorkspace: () => ({
      getOriginal: async (id) => {
        if (id !== 5) throw Object.assign(new Error('Not cached and offline.'), { code: 'offline' })
        return {
          fileName: '../../etc/Faktura 5.pdf',
          contentType: 'application/pdf',
          bytes: new Uint8Array([37, 80, 68, 70]),
        }
      },
    }),
    files,
  })
  return { saved, opened, run: parsedCall(handlers as Handlers) }
}

describe('original file', () => {
  it('saves the original under its own name, without folders, with a PDF filter', async () => {
    const { run, saved } = setup()
    expect(await run('documents.saveOriginal', { documentId: 5 })).toEqual({
      saved: true,
      path: '/home/u/Faktura 5.pdf',
    })
    expect(saved[0]).toMatchObject({
      suggestedName: 'Faktura 5.pdf',
      mimeType: 'application/pdf',
      filters: [{ extensions: ['pdf'] }],
    })
  })
  it('opens the original with the system viewer', async () => {
    const { run, opened } = setup()
    expect(await run('documents.openOriginal', { documentId: 5 })).toEqual({ opened: true })
    expect(opened[0]?.bytes).toEqual(new Uint8Array([37, 80, 68, 70]))
  })
  it('passes the workspace’s coded error through (offline, not cached)', async () => {
    const { run } = setup()
    await expect(run('documents.openOriginal', { documentId: 9 })).rejects.toMatchObject({ code: 'offline' })
  })
  it('safeFileName drops folders and control characters', () => {
    expect(safeFileName('a/b\\c\u0000d.pdf', 'x')).toBe('c_d.pdf')
    expect(safeFileName('..', 'fallback')).toBe('fallback')
  })
})
