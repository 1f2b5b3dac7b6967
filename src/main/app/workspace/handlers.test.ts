import { beforeEach, describe, expect, it } from 'vitest'
import type { Document } from '../../../shared/api'
import { createRouter, type Handlers } from '../router'
import { FakeWorkspace, sampleDocument as doc } from './fakeWorkspace'
import { createWorkspaceHandlers } from './handlers'

let workspace: FakeWorkspace
let call: (channel: string, input: unknown) => Promise<unknown>

beforeEach(() => {
  workspace = new FakeWorkspace()
    .addAgenda({ id: 1, name: 'Demo s.r.o.', home_currency: 'CZK' })
    .addAgenda({ id: 2, name: 'Empty' })
    .addDocument(1, doc(10))
    .addDocument(1, doc(11, { state: 'ready' }))
    .addDocument(1, doc(12, { state: 'repairing' }))
    .addDocument(
      1,
      doc(13, { state: 'exported', supplier: { name: 'Supplier 10' }, data: { header: { invoice_no: 'INV-10' } } }),
    )
    .addDocument(1, doc(14, { state: 'extracting', summary: null, data: null, supplier: null }))
  const handlers = createWorkspaceHandlers(() => workspace, { now: () => new Date(2026, 1, 5) }) as Handlers
  const router = createRouter({ handlers, isTrustedSender: () => true, log: () => {} })
  call = async (channel, input) => {
    const result = await router.dispatch(channel, input, { senderUrl: 'app://test' })
    if (!result.ok) throw Object.assign(new Error(result.error.message), result.error)
    return result.value
  }
})

describe('agendas.list', () => {
  it('lists cached agendas with counts per queue', async () => {
    expect(await call('agendas.list', {})).toEqual({
      agendas: [
        {
          id: 1,
          name: 'Demo s.r.o.',
          homeCurrency: 'CZK',
          counts: { to_review: 2, in_repair: 1, processing: 1, exported: 1, all: 5 },
        },
        {
          id: 2,
          name: 'Empty',
          homeCurrency: null,
          counts: { to_review: 0, in_repair: 0, processing: 0, exported: 0, all: 0 },
        },
      ],
    })
  })
})

describe('documents.list', () => {
  it('answers compact rows, id descending, with the extracted fields the inbox shows', async () => {
    const { rows } = (await call('documents.list', { agendaId: 1 })) as { rows: Record<string, unknown>[] }
    expect(rows.map((r) => r.id)).toEqual([14, 13, 12, 11, 10])
    expect(rows[4]).toEqual({
      id: 10,
      type: 'PurchaseInvoice',
      state: 'not_ready',
      supplierName: 'Supplier 10',
      invoiceNo: 'INV-10',
      variableSymbol: '1000',
      issueDate: '2026-01-01',
      dueDate: '2026-01-31',
      total: 121,
      currency: 'EUR',
      commentsCount: 0,
      pending: 0,
      failed: null,
    })
    expect(rows[0]).toMatchObject({ id: 14, supplierName: null, total: null, currency: null, invoiceNo: null })
  })
  it('refuses a malformed agenda id before the store is read', async () => {
    await expect(call('documents.list', { agendaId: 'one' })).rejects.toMatchObject({ code: 'validation' })
  })
})

describe('documents.get', () => {
  it('answers the full document with its checks, flagging the possible duplicate and overdue', async () => {
    const value = (await call('documents.get', { id: 10 })) as {
      document: Document
      checks: { code: string; status: string }[]
    }
    expect(value.document.id).toBe(10)
    expect(value.document.summary?.total).toBe(121)
    const byCode = Object.fromEntries(value.checks.map((c) => [c.code, c]))
    expect(byCode.summary_total).toMatchObject({ status: 'ok' })
    expect(byCode.overdue).toMatchObject({ status: 'warning', days: 5 })
    expect(byCode.duplicate).toMatchObject({ status: 'warning', documentIds: [13] })
  })
  it('reuses the agenda index of the last listing for the duplicate check, until it is too old', async () => {
    let clock = new Date(2026, 1, 5).getTime()
    const handlers = createWorkspaceHandlers(() => workspace, {
      now: () => new Date(clock),
      duplicateIndexMaxAgeMs: 1000,
    })
    const get = handlers['documents.get'] as (
      input: { id: number },
      c: { senderUrl: string },
    ) => Promise<{ checks: { code: string; status: string }[] }>
    const duplicate = async () =>
      (await get({ id: 11 }, { senderUrl: 'app://test' })).checks.find((c) => c.code === 'duplicate')?.status
    expect(await duplicate()).toBe('ok')
    workspace.addDocument(1, doc(15, { supplier: { name: 'Supplier 11' }, data: { header: { invoice_no: 'INV-11' } } }))
    expect(await duplicate()).toBe('ok') // index still fresh
    clock += 1001
    expect(await duplicate()).toBe('warning') // read again
  })
  it('answers not_found for a document that is not cached', async () => {
    await expect(call('documents.get', { id: 999 })).rejects.toMatchObject({ code: 'not_found' })
  })
})

describe('preview and original', () => {
  it('sends the cached preview as base64, or null when none is cached', async () => {
    workspace.previews.set(10, { contentType: 'image/png', bytes: new Uint8Array([137, 80, 78, 71]) })
    expect(await call('documents.preview', { id: 10 })).toEqual({ contentType: 'image/png', base64: 'iVBORw==' })
    expect(await call('documents.preview', { id: 11 })).toBeNull()
  })
  it('passes the workspace error code through for an original that cannot be had', async () => {
    await expect(call('documents.original', { id: 10 })).rejects.toMatchObject({ code: 'offline' })
    workspace.originals.set(10, {
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      bytes: new Uint8Array([37, 80, 68, 70]),
    })
    expect(await call('documents.original', { id: 10 })).toEqual({
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      base64: 'JVBERg==',
    })
  })
})

describe('actions through the outbox', () => {
  it('marks one document ready with a single document.setState action', async () => {
    const { entryIds } = (await call('documents.setState', { ids: [10], state: 'ready' })) as { entryIds: string[] }
    expect(entryIds).toHaveLength(1)
    expect(workspace.outbox.map((e) => e.action)).toEqual([
      { kind: 'document.setState', documentId: 10, state: 'ready' },
    ])
    const { rows } = (await call('documents.list', { agendaId: 1 })) as {
      rows: { id: number; state: string; pending: number }[]
    }
    expect(rows.find((r) => r.id === 10)).toMatchObject({ state: 'ready', pending: 1 })
  })
  it('marks several documents exported with one documents.setStates batch', async () => {
    await call('documents.setState', { ids: [10, 11, 11, 12], state: 'exported' })
    expect(workspace.outbox.map((e) => e.action)).toEqual([
      {
        kind: 'documents.setStates',
        items: [
          { id: 10, state: 'exported' },
          { id: 11, state: 'exported' },
          { id: 12, state: 'exported' },
        ],
      },
    ])
  })
  it('refuses a state a client may not set', async () => {
    await expect(call('documents.setState', { ids: [10], state: 'repairing' })).rejects.toMatchObject({
      code: 'validation',
    })
    expect(workspace.outbox).toEqual([])
  })
  it('sends each document to repair with the trimmed description, or none', async () => {
    await call('documents.repair', { ids: [10, 11], description: '  Wrong total  ' })
    await call('documents.repair', { ids: [10], description: '   ' })
    expect(workspace.outbox.map((e) => e.action)).toEqual([
      { kind: 'document.repair', documentId: 10, description: 'Wrong total' },
      { kind: 'document.repair', documentId: 11, description: 'Wrong total' },
      { kind: 'document.repair', documentId: 10 },
    ])
  })
  it('archives documents, which then leave the list', async () => {
    await call('documents.archive', { ids: [10, 11] })
    const { rows } = (await call('documents.list', { agendaId: 1 })) as { rows: { id: number }[] }
    expect(rows.map((r) => r.id)).toEqual([14, 13, 12])
  })
})

describe('documents.undo', () => {
  it('undoes every entry of the last action while unsent', async () => {
    const { entryIds } = (await call('documents.archive', { ids: [10, 11] })) as { entryIds: string[] }
    expect(await call('documents.undo', { entryIds })).toEqual({ undone: 2 })
    const { rows } = (await call('documents.list', { agendaId: 1 })) as { rows: { id: number }[] }
    expect(rows.map((r) => r.id)).toEqual([14, 13, 12, 11, 10])
  })
  it('answers too_late once the action was sent', async () => {
    const { entryIds } = (await call('documents.setState', { ids: [10], state: 'ready' })) as { entryIds: string[] }
    workspace.send()
    await expect(call('documents.undo', { entryIds })).rejects.toMatchObject({ code: 'too_late' })
  })
})

describe('comments', () => {
  it('adds, edits and deletes a comment through the outbox', async () => {
    workspace.addComment(10, { uuid: 'c-1', text: 'First', created_at: '2026-01-02T00:00:00Z', author_id: 1 })
    await call('comments.create', { documentId: 10, text: '  Second  ' })
    type Listed = { comments: { uuid: string; text: string; local?: { pending: boolean } }[] }
    let { comments } = (await call('comments.list', { documentId: 10 })) as Listed
    expect(comments.map((c) => c.text)).toEqual(['First', 'Second'])
    expect(comments[1]?.local?.pending).toBe(true)
    await call('comments.update', { documentId: 10, uuid: 'c-1', text: 'First, edited' })
    await call('comments.delete', { documentId: 10, uuid: comments[1]!.uuid })
    ;({ comments } = (await call('comments.list', { documentId: 10 })) as Listed)
    expect(comments.map((c) => c.text)).toEqual(['First, edited'])
  })
  it('refuses an empty comment', async () => {
    await expect(call('comments.create', { documentId: 10, text: '   ' })).rejects.toMatchObject({ code: 'validation' })
  })
  it('refuses a comment on a document that is not cached', async () => {
    await expect(call('comments.create', { documentId: 999, text: 'x' })).rejects.toMatchObject({ code: 'not_found' })
  })
})
