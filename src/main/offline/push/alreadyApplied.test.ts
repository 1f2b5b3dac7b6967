import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/errors'
import { useWorkspaceHarness } from '../testing/workspaceHarness'
import { repairAlreadyApplied } from './alreadyApplied'

const h = useWorkspaceHarness()

describe('lost answers are looked up before anything is sent again', () => {
  it('a comment whose answer was lost is found on the service, not posted twice', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    const [id] = h.agendaOneIds()
    h.service.failNext('createComment', new ApiError('unknown_outcome', 'lost after sending'), true)
    h.service.offline = false
    await ws.enqueue({ kind: 'comments.create', documentId: id!, text: 'Paid already?' })
    // The push loses the answer (offline, uncertain); the sync's pull finds the service again,
    // and the retry looks for the comment before posting.
    await ws.syncNow()
    expect(await ws.listOutbox()).toEqual([])
    expect(h.service.comments.filter((c) => c.text === 'Paid already?')).toHaveLength(1)
    expect(h.service.count('createComment')).toBe(1)
  })

  it('a repair whose answer was lost counts as done when the document is already repairing', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    const [id] = h.agendaOneIds()
    h.service.failNext('repairDocument', new ApiError('unknown_outcome', 'lost'), true)
    await ws.enqueue({ kind: 'documents.repair', documentId: id!, description: 'wrong total' })
    await ws.syncNow()
    await ws.syncNow()
    expect(await ws.listOutbox()).toEqual([])
    expect(h.service.count('repairDocument')).toBe(1)
    expect((await ws.getDocument(id!))!.state).toBe('repairing')
  })

  it('a repair whose answer was lost counts as done when the review already ended (changed after it was sent)', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    const [id] = h.agendaOneIds()
    const repair = h.service.repairDocument
    h.service.repairDocument = async (documentId, description) => {
      await repair(documentId, description)
      h.service.touch(documentId, { state: 'ready' }) // the human review ends before we look
      throw new ApiError('unknown_outcome', 'lost after sending')
    }
    await ws.enqueue({ kind: 'documents.repair', documentId: id!, description: 'wrong total' })
    await ws.syncNow()
    await ws.syncNow()
    expect(await ws.listOutbox()).toEqual([])
    expect(h.service.count('repairDocument')).toBe(1)
    expect(h.service.documents.get(id!)!.state).toBe('ready')
  })

  it('a repair lost before it reached the service is sent again (the document did not change)', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    const [id] = h.agendaOneIds()
    h.service.touch(id!, { state: 'ready' })
    await ws.syncNow()
    h.service.failNext('repairDocument', new ApiError('unknown_outcome', 'lost before arriving'))
    await ws.enqueue({ kind: 'documents.repair', documentId: id!, description: 'wrong total' })
    await ws.syncNow()
    await ws.syncNow()
    expect(await ws.listOutbox()).toEqual([])
    expect(h.service.count('repairDocument')).toBe(2)
    expect(h.service.documents.get(id!)!.state).toBe('repairing')
  })

  it('uploads stored files and never uploads twice after a lost answer', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    h.service.failNext('uploadDocuments', new ApiError('unknown_outcome', 'lost'), true)
    const entry = await ws.enqueueUpload({
      agendaId: 2,
      type: 'PurchaseInvoice',
      files: [{ fileName: 'scan-1.pdf', contentType: 'application/pdf', bytes: new Uint8Array([1, 2, 3]) }],
    })
    expect(entry.action).toMatchObject({ files: [{ fileName: 'scan-1.pdf', size: 3 }] })
    expect(await readdir(join(h.dir, 'uploads', entry.id))).toEqual(['0'])
    await ws.syncNow()
    await ws.syncNow()
    expect([...h.service.documents.values()].filter((d) => d.user_file_name === 'scan-1.pdf')).toHaveLength(1)
    expect(await ws.listOutbox()).toEqual([])
    expect(await readdir(join(h.dir, 'uploads'))).toEqual([])
  })

  it('an upload that failed after creating some documents is checked before it is sent again', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    h.service.failNext(
      'uploadDocuments',
      new ApiError('server', 'second request failed', { status: 500, details: { createdIds: [1] } }),
      true,
    )
    await ws.enqueueUpload({
      agendaId: 1,
      type: 'PurchaseInvoice',
      files: [
        { fileName: 'part-a.pdf', contentType: 'application/pdf', bytes: new Uint8Array([1]) },
        { fileName: 'part-b.pdf', contentType: 'application/pdf', bytes: new Uint8Array([2]) },
      ],
    })
    await expect.poll(async () => (await ws.listOutbox())[0]?.uncertain).toBe(true)
    h.service.tick(1_000)
    await ws.syncNow()
    expect(await ws.listOutbox()).toEqual([])
    const names = [...h.service.documents.values()].map((d) => d.user_file_name)
    expect(names.filter((n) => n === 'part-a.pdf')).toHaveLength(1)
    expect(names.filter((n) => n === 'part-b.pdf')).toHaveLength(1)
  })
})

describe('repairAlreadyApplied', () => {
  const sentAt = '2026-11-22T10:00:00.000Z'
  it('is true when the document is in repair, or ready and changed after the repair was sent', () => {
    expect(repairAlreadyApplied({ state: 'repairing', last_modified_at: '2026-11-01T00:00:00Z' }, sentAt)).toBe(true)
    expect(repairAlreadyApplied({ state: 'ready', last_modified_at: '2026-11-22T10:00:01Z' }, sentAt)).toBe(true)
  })

  it('is false when the ready document did not change since, when the time is unknown or unreadable, or in another state', () => {
    expect(repairAlreadyApplied({ state: 'ready', last_modified_at: sentAt }, sentAt)).toBe(false)
    expect(repairAlreadyApplied({ state: 'ready', last_modified_at: '2026-11-22T10:00:01Z' }, undefined)).toBe(false)
    expect(repairAlreadyApplied({ state: 'ready', last_modified_at: 'yesterday' }, sentAt)).toBe(false)
    expect(repairAlreadyApplied({ state: 'exported', last_modified_at: '2026-11-23T00:00:00Z' }, sentAt)).toBe(false)
  })
})
