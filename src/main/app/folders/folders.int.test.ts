import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Document } from '../../../shared/api'
import { folderChannels, type UploadProgress } from '../../../shared/ipc/channels/folders'
import { ApiClient } from '../../api/client'
import { startTestSandbox, type TestSandbox } from '../../../sandbox/testing'
import type { FileHost } from '../ports'
import { createFolderFeature } from './index'
import type { FolderAction, FolderWorkspacePort } from './port'

/**
 * Issue 7's handlers against the sandbox over real HTTP with the real service client:
 * the spec's agenda rules, 422 field errors, 403 for a non-owner, webhooks, and an upload
 * sent directly (the outbox path is covered by the unit tests).
 */

let t: TestSandbox
let client: ApiClient
const actions: FolderAction[] = []
const progress: UploadProgress[] = []
const saved: { name: string; bytes: Uint8Array }[] = []

const workspace: FolderWorkspacePort = {
  listDocuments: async () => [],
  getDocument: async () => null,
  getOriginal: async (id) => client.getOriginalFile(id),
  enqueue: async (action) => {
    actions.push(action)
    return { id: `e${actions.length}` }
  },
  enqueueUpload: async () => {
    throw new Error('this test sends uploads directly')
  },
}
const files: FileHost = {
  saveFile: async (file) => {
    saved.push({ name: file.suggestedName, bytes: file.bytes })
    return { saved: true, path: file.suggestedName }
  },
  openWithSystemViewer: async () => {},
}

let handlers: ReturnType<typeof createFolderFeature>['handlers']
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- results are checked with toMatchObject
type Loose = any
const run = async (channel: keyof typeof folderChannels, input: unknown): Promise<Loose> =>
  (handlers[channel] as (i: unknown, c: unknown) => Promise<unknown>)(folderChannels[channel].input.parse(input), {
    senderUrl: 'test',
  })

beforeAll(async () => {
  t = await startTestSandbox()
  const token = await t.token(1)
  client = new ApiClient({
    baseUrl: t.url,
    tokens: { getAccessToken: async () => token, refreshAfterUnauthorized: async () => token },
  })
  handlers = createFolderFeature({
    getWorkspace: () => workspace,
    getClient: () => client,
    files,
    emitProgress: (p) => progress.push(p),
    sendUpload: (r) =>
      client.uploadDocuments({
        agendaId: r.agendaId,
        type: r.type,
        files: r.files.map((f) => ({
          filename: f.fileName,
          contentType: f.contentType,
          content: Buffer.from(f.base64, 'base64'),
        })),
      }),
  }).handlers
})

afterAll(async () => {
  await client?.close()
  await t?.close()
})

const state = async () => (await t.api('GET', '/_sandbox/state')).body

describe('agendas on the sandbox', () => {
  it('shows agenda 3 (owned by a colleague) read-only, and PUT answers forbidden with the service message', async () => {
    const view = await run('agendas.details', { agendaId: 3 })
    expect(view).toMatchObject({ editable: false, agenda: { name: 'Colleague Shared' } })
    await expect(run('agendas.update', { agendaId: 3, attributes: { name: 'Taken over' } })).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Not authorized to perform this action',
    })
    expect((await state()).agendas.find((a: { id: number }) => a.id === 3).name).toBe('Colleague Shared')
  })

  it('creates an agenda with a lowercase country stored uppercase', async () => {
    const { id } = await run('agendas.create', {
      attributes: {
        name: 'Nová, "agenda"',
        address: { country: 'sk', city: 'Košice' },
        home_currency: 'EUR',
        email_alias: 'nova.agenda-1',
      },
    })
    const created = (await state()).agendas.find((a: { id: number }) => a.id === id)
    expect(created).toMatchObject({ name: 'Nová, "agenda"', email_alias: 'nova.agenda-1', address: { country: 'SK' } })
  })

  it('puts the service 422 for a taken email_alias on the email_alias field', async () => {
    await expect(run('agendas.update', { agendaId: 2, attributes: { email_alias: 'demo-sro' } })).rejects.toMatchObject(
      {
        code: 'validation',
        details: { fields: { email_alias: expect.any(Array) } },
      },
    )
  })

  it('updates the owner’s agenda', async () => {
    const view = await run('agendas.update', {
      agendaId: 2,
      attributes: { external_id: 'ext-42', address: { country: 'ie' } },
    })
    expect(view.agenda).toMatchObject({ external_id: 'ext-42' })
    const stored = (await state()).agendas.find((a: { id: number }) => a.id === 2)
    expect(stored).toMatchObject({ external_id: 'ext-42', address: { country: 'IE' } })
  })
})

describe('webhooks on the sandbox', () => {
  it('puts auth_credentials.password errors on that field', async () => {
    await expect(
      run('webhooks.update', {
        webhookId: 1,
        url: 'https://hooks.example/x',
        authCredentials: { username: 'u', password: 'nodigits' },
        settings: {},
      }),
    ).rejects.toMatchObject({
      code: 'validation',
      details: { fields: { 'auth_credentials.password': ['must include at least one digit'] } },
    })
  })

  it('sets the URL, then deletes the webhook', async () => {
    expect(await run('webhooks.update', { webhookId: 1, url: 'https://hooks.example/new' })).toEqual({
      url: 'https://hooks.example/new',
    })
    expect((await state()).webhooks.find((w: { id: number }) => w.id === 1).url).toBe('https://hooks.example/new')
    expect(await run('webhooks.delete', { webhookId: 1 })).toEqual({ deleted: true })
    expect((await state()).webhooks.find((w: { id: number }) => w.id === 1)).toBeUndefined()
  })
})

describe('upload and original file on the sandbox', () => {
  it('uploads a real PDF and a PNG, refuses a text file, and the documents exist on the service', async () => {
    const dir = join(import.meta.dirname, '../../../../resources/demo/invoices')
    const pdf = readFileSync(join(dir, 'QualityHosting.pdf'))
    const png = readFileSync(join(dir, 'oyo.png'))
    const before = (await state()).documents.length
    const result = await run('upload.files', {
      agendaId: 2,
      type: 'PurchaseInvoice',
      files: [
        { uploadId: 'a', fileName: 'Účtenka, "Q".pdf', contentType: '', base64: pdf.toString('base64') },
        { uploadId: 'b', fileName: 'oyo.png', contentType: 'image/png', base64: png.toString('base64') },
        {
          uploadId: 'c',
          fileName: 'notes.pdf',
          contentType: 'application/pdf',
          base64: Buffer.from('plain text').toString('base64'),
        },
      ],
    })
    expect(result.refused.map((r: { uploadId: string }) => r.uploadId)).toEqual(['c'])
    // The direct sender runs in the background: wait for both files to be reported sent.
    for (let i = 0; i < 200 && progress.filter((p) => p.phase === 'sent').length < 2; i++)
      await new Promise((r) => setTimeout(r, 25))
    const sent = progress.filter((p) => p.phase === 'sent')
    expect(sent.map((p) => p.uploadId)).toEqual(['a', 'b'])
    const docs: (Document & { agenda_id: number })[] = (await state()).documents
    expect(docs.length).toBe(before + 2)
    const uploaded = docs.find((d) => d.id === sent[0]!.documentId)!
    expect(uploaded).toMatchObject({ agenda_id: 2, user_file_name: 'Účtenka, "Q".pdf' })

    const original = await run('documents.saveOriginal', { documentId: uploaded.id })
    expect(original.saved).toBe(true)
    expect(Buffer.from(saved.at(-1)!.bytes).equals(pdf)).toBe(true)
  })
})
