import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startSandbox, type Sandbox } from '../../../sandbox'
import {
  HOSTILE_ORIGINALS,
  HTML_PDF_POLYGLOT,
  hostileBytesSent,
  plantHostileOriginals,
} from '../../../sandbox/hostileFiles'
import { MAX_PREVIEW_BYTES } from '../../../shared/files/limits'
import type { ApiClient } from '../../api/client'
import { MAX_ORIGINAL_FILE_RESPONSE_BYTES } from '../../api/originals'
import { createElectronFileHost } from '../../electron/dialogs'
import { openWorkspace, type OfflineWorkspace } from '../../offline'
import { sandboxClient } from '../../offline/testing/sandboxClient'
import type { Handlers } from '../router'
import { routerCall } from '../testing/routerCall'
import { createTriageHandlers } from '../triage'
import { createUploadHandlers } from '../upload/handlers'
import { createOriginalFileHandlers } from './originals'
import { createPreviewImages } from './previewImages'

/**
 * A hostile service (src/sandbox/hostileFiles.ts) against the app's real path, over HTTP:
 * originals named and typed to run are never written or opened (the Electron file host on a
 * real disk), a preview or original far larger than any real one is refused while it is read
 * and the main process's memory stays bounded, and an HTML/PDF polyglot is not uploaded.
 */

const AGENDA = 1
const MB = 1024 * 1024
let sandbox: Sandbox
let client: ApiClient
let dir: string
let ws: OfflineWorkspace
let planted: Map<string, number>
let call: (channel: string, input: unknown) => Promise<unknown>
/** Where "Open" writes its temporary files, and where the save dialog points. */
let openRoot: string
let saveDir: string
const openPath = vi.fn(async (_path: string) => '')
const showSaveDialog = vi.fn(async () => ({ canceled: false, filePath: join(saveDir, 'chosen') }))

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, admin: true, prerenderPreviews: false })
  const demo = sandbox.credentials.users[0]!
  client = await sandboxClient({ url: sandbox.url, ...sandbox.credentials, email: demo.email, password: demo.password })
  const token = await (
    await fetch(`${sandbox.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'password',
        client_id: sandbox.credentials.clientId,
        client_secret: sandbox.credentials.clientSecret,
        username: demo.email,
        password: demo.password,
      }),
    })
  ).json()
  planted = await plantHostileOriginals(sandbox.url, (token as { access_token: string }).access_token, AGENDA)
  dir = await mkdtemp(join(tmpdir(), 'docket-hostile-files-'))
  openRoot = join(dir, 'open')
  saveDir = join(dir, 'saved')
  const { mkdir } = await import('node:fs/promises')
  await mkdir(openRoot, { recursive: true })
  await mkdir(saveDir, { recursive: true })
  ws = await openWorkspace({ dir: join(dir, 'cache'), client, userId: demo.id, options: { durableWrites: false } })
  await ws.syncNow()
  const files = createElectronFileHost({
    getWindow: () => null,
    dialog: { showSaveDialog } as never,
    shell: { openPath },
    tmpRoot: openRoot,
    platform: 'linux',
  })
  call = routerCall({
    ...createTriageHandlers(() => ws),
    ...createOriginalFileHandlers({ getWorkspace: () => ws, files }),
    ...createUploadHandlers({ getWorkspace: () => ws, progress: { report: () => {}, follow: () => {} } }),
  } as Handlers)
})

afterEach(() => sandbox.setFaults({ hugePreviewBytes: 0, hugeOriginalBytes: 0 }))

afterAll(async () => {
  await ws?.close()
  await client?.close()
  await sandbox?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

/** Every file under `path`, relative, recursively. */
async function filesUnder(path: string): Promise<string[]> {
  return (await readdir(path, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name)
}

/** A document of the demo agenda with a preview path and no cached preview yet. */
async function documentWithPreview(): Promise<number> {
  const docs = await ws.listDocuments(AGENDA)
  const doc = docs.find((d) => d.preview && ![...planted.values()].includes(d.id))
  expect(doc).toBeDefined()
  return doc!.id
}

describe('originals named and typed to run', () => {
  it('are planted and synced like any document', async () => {
    for (const id of planted.values()) expect(await ws.getDocument(id)).not.toBeNull()
  })

  for (const original of HOSTILE_ORIGINALS.filter((o) => o.expect.refused)) {
    it(`${JSON.stringify(original.filename)} with ${original.bytes.subarray(0, 6).toString()}… bytes is never opened, saved or shown`, async () => {
      const id = planted.get(original.filename)!
      await expect(call('documents.openOriginal', { documentId: id })).rejects.toMatchObject({
        code: 'unsupported_type',
        message: expect.stringContaining('is not a PDF, PNG, JPEG or TIFF file, so Docket does not open it.'),
      })
      await expect(call('documents.saveOriginal', { documentId: id })).rejects.toMatchObject({
        code: 'unsupported_type',
      })
      await expect(call('documents.original', { id })).rejects.toMatchObject({ code: 'unsupported_type' })
      expect(openPath).not.toHaveBeenCalled()
      expect(showSaveDialog).not.toHaveBeenCalled()
      expect(await filesUnder(openRoot)).toEqual([])
      expect(await filesUnder(saveDir)).toEqual([])
    })
  }

  it('a real PDF under an executable’s name is opened and saved only as .pdf', async () => {
    const id = planted.get('scan.exe')!
    expect(await call('documents.openOriginal', { documentId: id })).toEqual({ opened: true })
    expect(openPath).toHaveBeenCalledTimes(1)
    expect(openPath.mock.calls[0]![0]).toMatch(/[\\/]scan_exe\.pdf$/)
    expect(await call('documents.saveOriginal', { documentId: id })).toEqual({
      saved: true,
      path: join(saveDir, 'chosen.pdf'),
    })
    expect((await filesUnder(openRoot)).concat(await filesUnder(saveDir)).sort()).toEqual([
      'chosen.pdf',
      'scan_exe.pdf',
    ])
  })
})

describe('answers far larger than any real file', () => {
  it('a 300 MB preview is refused while it is read, nothing is cached, and RSS grows by less than 100 MB', async () => {
    const id = await documentWithPreview()
    sandbox.setFaults({ hugePreviewBytes: 300_000_000 })
    const sentBefore = hostileBytesSent.previews
    const rssBefore = process.memoryUsage().rss
    expect(await call('documents.preview', { id })).toBeNull()
    const grown = process.memoryUsage().rss - rssBefore
    expect(grown).toBeLessThan(100 * MB)
    // The client stopped reading just past the cap (plus what the loopback socket buffers held).
    expect(hostileBytesSent.previews - sentBefore).toBeLessThan(MAX_PREVIEW_BYTES + 32 * MB)
    sandbox.setFaults({ hugePreviewBytes: 0 })
    // Nothing of it was cached: the real preview comes now, as a URL.
    expect(await call('documents.preview', { id })).toMatchObject({
      url: expect.stringMatching(`^/previews/${id}\\?v=`),
    })
    expect(await createPreviewImages(() => ws).image(id)).toMatchObject({ contentType: 'image/png' })
  })

  it('a 300 MB original is refused while it is read, with bad_response, and RSS stays bounded', async () => {
    const id = (await ws.listDocuments(AGENDA)).find((d) => ![...planted.values()].includes(d.id))!.id
    sandbox.setFaults({ hugeOriginalBytes: 300_000_000 })
    const sentBefore = hostileBytesSent.originals
    const rssBefore = process.memoryUsage().rss
    await expect(call('documents.original', { id })).rejects.toMatchObject({
      code: 'bad_response',
      message: expect.stringMatching(/too large/),
    })
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(150 * MB)
    expect(hostileBytesSent.originals - sentBefore).toBeLessThan(MAX_ORIGINAL_FILE_RESPONSE_BYTES + 32 * MB)
  })
})

describe('uploads', () => {
  it('an HTML/PDF polyglot is refused by its bytes and never sent', async () => {
    sandbox.resetStats()
    const result = (await call('upload.files', {
      agendaId: AGENDA,
      type: 'PurchaseInvoice',
      files: [
        {
          uploadId: 'u1',
          fileName: 'statement.pdf',
          contentType: 'application/pdf',
          base64: HTML_PDF_POLYGLOT.toString('base64'),
        },
      ],
    })) as { accepted: unknown[]; refused: { code: string }[] }
    expect(result.accepted).toEqual([])
    expect(result.refused).toEqual([expect.objectContaining({ code: 'unsupported_type' })])
    expect(await ws.listOutbox()).toEqual([])
    expect(sandbox.stats().byRoute['POST /api/v1_2/documents'] ?? 0).toBe(0)
  })
})
