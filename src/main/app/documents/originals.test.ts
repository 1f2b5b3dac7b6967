import { describe, expect, it } from 'vitest'
import type { FileHost, FileToSave } from '../ports'
import type { Handlers } from '../router'
import { parsedCall } from '../testing/routerCall'
import { createOriginalFileHandlers } from './originals'

const pdf = new TextEncoder().encode('%PDF-1.7\n')

/** Document 5 has a cached original named with folders in it, 6 one with a blank name; any other is not cached, offline. */
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
        if (id === 5) return { fileName: '../../etc/Faktura 5.pdf', contentType: 'application/pdf', bytes: pdf }
        if (id === 6) return { fileName: '  ', contentType: 'application/pdf', bytes: pdf }
        throw Object.assign(new Error('Not cached and offline.'), { code: 'offline' })
      },
    }),
    files,
  })
  return { saved, opened, run: parsedCall(handlers as Handlers) }
}

describe('original file', () => {
  it('hands the original to the host as an original, with the name and type the service gave (the host makes them safe)', async () => {
    const { run, saved } = setup()
    expect(await run('documents.saveOriginal', { documentId: 5 })).toEqual({
      saved: true,
      path: '/home/u/../../etc/Faktura 5.pdf',
    })
    expect(saved[0]).toEqual({
      kind: 'original',
      suggestedName: '../../etc/Faktura 5.pdf',
      mimeType: 'application/pdf',
      bytes: pdf,
    })
  })
  it('names an original without a name after its document', async () => {
    const { run, saved, opened } = setup()
    await run('documents.saveOriginal', { documentId: 6 })
    await run('documents.openOriginal', { documentId: 6 })
    expect(saved[0]?.suggestedName).toBe('document-6')
    expect(opened[0]?.fileName).toBe('document-6')
  })
  it('opens the original with the system viewer', async () => {
    const { run, opened } = setup()
    expect(await run('documents.openOriginal', { documentId: 5 })).toEqual({ opened: true })
    expect(opened[0]?.bytes).toEqual(pdf)
  })
  it('passes the workspace’s coded error through (offline, not cached)', async () => {
    const { run } = setup()
    await expect(run('documents.openOriginal', { documentId: 9 })).rejects.toMatchObject({ code: 'offline' })
  })
})
