import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MemoryLevel } from 'memory-level'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventName, UploadProgress } from '../../../shared/ipc'
import { openWorkspace, type OfflineWorkspace } from '../../offline'
import type { Level } from '../../offline/store'
import { createOriginalFileHandlers } from '../documents/originals'
import { EventBus } from '../eventBus'
import type { FileHost } from '../ports'
import type { Handlers } from '../router'
import { parsedCall } from '../testing/routerCall'
import { startSandboxService, type SandboxService } from '../testing/sandboxService'
import { createUploadHandlers } from './handlers'
import { UploadProgressReporter } from './progress'

/**
 * Upload end to end in main: `upload.files` writes the outbox entry, the offline workspace
 * sends it to the sandbox over real HTTP, and `upload.progress` follows every change of the
 * entry through the event bus (payloads checked against the contract), with no polling.
 */

let s: SandboxService
let dir: string
let workspace: OfflineWorkspace
let run: ReturnType<typeof parsedCall>
const progress: UploadProgress[] = []
const saved: { name: string; bytes: Uint8Array }[] = []

beforeAll(async () => {
  s = await startSandboxService()
  dir = await mkdtemp(join(tmpdir(), 'docket-upload-'))
  const bus = new EventBus(() => {})
  const reporter = new UploadProgressReporter((p) => bus.emit('upload.progress', p))
  bus.connect((event, payload) => {
    if (event === 'upload.progress') progress.push(payload as UploadProgress)
    reporter.onEvent(event, payload)
  })
  workspace = await openWorkspace({
    dir,
    client: s.client,
    userId: 1,
    level: new MemoryLevel<string, unknown>({ valueEncoding: 'json' }) as unknown as Level,
    emit: (event, payload) => bus.emit(event as EventName, payload as never),
    options: { durableWrites: false },
  })
  const files: FileHost = {
    saveFile: async (file) => {
      saved.push({ name: file.suggestedName, bytes: file.bytes })
      return { saved: true, path: file.suggestedName }
    },
    openWithSystemViewer: async () => {},
  }
  run = parsedCall({
    ...createUploadHandlers({ getWorkspace: () => workspace, progress: reporter }),
    ...createOriginalFileHandlers({ getWorkspace: () => workspace, files }),
  } as Handlers)
  await workspace.syncNow()
})

afterAll(async () => {
  await workspace?.close()
  await s?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('upload through the outbox to the sandbox', () => {
  it('reports each good file checking, queued, sending and sent; the documents exist on the service', async () => {
    const fixtures = join(import.meta.dirname, '../../../../resources/demo/invoices')
    const pdf = readFileSync(join(fixtures, 'QualityHosting.pdf'))
    const png = readFileSync(join(fixtures, 'oyo.png'))
    const before = (await s.state()).documents.length
    const result = (await run('upload.files', {
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
    })) as { refused: { uploadId: string }[]; accepted: { entryId?: string }[] }
    expect(result.refused.map((r) => r.uploadId)).toEqual(['c'])

    await workspace.syncNow()
    for (let i = 0; i < 200 && progress.filter((p) => p.phase === 'sent').length < 2; i++)
      await new Promise((r) => setTimeout(r, 25))

    const phases = (uploadId: string) => progress.filter((p) => p.uploadId === uploadId).map((p) => p.phase)
    expect(phases('a')).toEqual(['checking', 'queued', 'sending', 'sent'])
    expect(phases('b')).toEqual(['checking', 'queued', 'sending', 'sent'])
    expect(phases('c')).toEqual(['checking', 'refused'])
    expect(await workspace.listOutbox()).toEqual([])

    const docs: { id: number; agenda_id: number; user_file_name: string }[] = (await s.state()).documents
    expect(docs.length).toBe(before + 2)
    const uploaded = docs.find((d) => d.user_file_name === 'Účtenka, "Q".pdf')!
    expect(uploaded).toMatchObject({ agenda_id: 2 })
    const original = (await run('documents.saveOriginal', { documentId: uploaded.id })) as { saved: boolean }
    expect(original.saved).toBe(true)
    expect(Buffer.from(saved.at(-1)!.bytes).equals(pdf)).toBe(true)
  })
})
