import { beforeEach, describe, expect, it } from 'vitest'
import type { Document } from '../../../shared/api'
import { EVERY_DOCUMENT, FIRST_ROWS } from '../../../shared/documents/testing'
import type { ListQuery } from '../../../shared/ipc'
import type { Handlers } from '../router'
import { FakeWorkspace, sampleDocument as doc, seededWorkspace } from '../testing/fakeWorkspace'
import { routerCall } from '../testing/routerCall'
import { createTriageHandlers } from '../triage'

let workspace: FakeWorkspace
let call: (channel: string, input: unknown) => Promise<unknown>

beforeEach(() => {
  workspace = seededWorkspace()
  call = routerCall(createTriageHandlers(() => workspace, { now: () => new Date(2026, 1, 5) }) as Handlers)
})

describe('documents.query: the rows', () => {
  it('answers compact rows, id descending, with the extracted fields the inbox shows', async () => {
    const { rows } = (await call('documents.query', { agendaId: 1, query: EVERY_DOCUMENT, window: FIRST_ROWS })) as {
      rows: Record<string, unknown>[]
    }
    expect(rows.map((r) => r.id)).toEqual([14, 13, 12, 11, 10])
    expect(rows[4]).toEqual({
      id: 10,
      type: 'PurchaseInvoice',
      state: 'not_ready',
      supplierName: 'Supplier 10',
      counterpartyName: 'Supplier 10',
      invoiceNo: 'INV-10',
      variableSymbol: '1000',
      issueDate: '2026-01-01',
      dueDate: '2026-01-31',
      total: 121,
      currency: 'EUR',
      commentsCount: 0,
      pending: 0,
      failed: null,
      // No supplier VAT ID; EUR in a CZK agenda without an exchange rate; same invoice as 13.
      warnings: ['required_fields', 'exchange_rate', 'duplicate'],
    })
    expect(rows[0]).toMatchObject({ id: 14, supplierName: null, total: null, currency: null, invoiceNo: null })
    expect(rows[3]).toMatchObject({ id: 11, warnings: ['required_fields', 'exchange_rate'] })
  })
  it('names the customer as the counterparty of a sales invoice, the supplier of a purchase invoice', async () => {
    workspace.addDocument(
      2,
      doc(20, { type: 'SalesInvoice', supplier: { name: 'Demo s.r.o.' }, customer: { name: 'Buyer a.s.' } }),
    )
    workspace.addDocument(2, doc(21, { customer: { name: 'Demo s.r.o.' } }))
    const { rows } = (await call('documents.query', { agendaId: 2, query: EVERY_DOCUMENT, window: FIRST_ROWS })) as {
      rows: Record<string, unknown>[]
    }
    expect(rows.map((r) => [r.id, r.counterpartyName])).toEqual([
      [21, 'Supplier 21'],
      [20, 'Buyer a.s.'],
    ])
  })
  it("flags the document's own failed checks on its row (a total that is not subtotal + VAT)", async () => {
    workspace.addDocument(2, doc(22, { summary: { sub_total: 100, vat_total: 21, total: 150 } }))
    const { rows } = (await call('documents.query', { agendaId: 2, query: EVERY_DOCUMENT, window: FIRST_ROWS })) as {
      rows: Record<string, unknown>[]
    }
    expect(rows[0]!.id).toBe(22)
    expect(rows[0]!.warnings).toContain('summary_total')
  })
  it('refuses a malformed agenda id before the store is read', async () => {
    await expect(
      call('documents.query', { agendaId: 'one', query: EVERY_DOCUMENT, window: FIRST_ROWS }),
    ).rejects.toMatchObject({ code: 'validation' })
  })
})

describe('documents.query', () => {
  const everything = EVERY_DOCUMENT
  type Answer = {
    ids: number[]
    rows: { id: number; state: string }[]
    counts: Record<string, number>
    totals: Record<string, number>
  }
  const query = (input: Partial<ListQuery>, window = { start: 0, count: 50 }) =>
    call('documents.query', { agendaId: 1, query: { ...everything, ...input }, window }) as Promise<Answer>

  it('answers every id of the tab in order, with the counts of each tab and the rows of the window asked', async () => {
    const all = await query({})
    expect(all.ids).toEqual([14, 13, 12, 11, 10])
    expect(all.rows.map((r) => r.id)).toEqual([14, 13, 12, 11, 10])
    expect(all.totals).toMatchObject({ not_ready: 1, ready: 1, in_repair: 1, processing: 1, exported: 1, all: 5 })
    const notReady = await query({ queue: 'not_ready' })
    expect(notReady.ids).toEqual([10])
    expect(notReady.counts).toEqual(notReady.totals)
    const window = await query({}, { start: 1, count: 2 })
    expect(window.ids).toHaveLength(5)
    expect(window.rows.map((r) => r.id)).toEqual([13, 12])
  })
  it('applies the search, the checks filter and the sort, counting the tabs under the filters', async () => {
    const searched = await query({ search: 'inv-11' })
    expect(searched.ids).toEqual([11])
    expect(searched.counts).toMatchObject({ ready: 1, all: 1 })
    expect(searched.totals.all).toBe(5)
    const flagged = await query({ warnings: 'warnings' })
    expect(flagged.ids).toContain(10)
    const ascending = await query({ sort: { key: 'received', direction: 'asc' } })
    expect(ascending.ids).toEqual([10, 11, 12, 13, 14])
  })
  it('follows a change in the store (a new document is listed in the next answer)', async () => {
    expect((await query({})).ids).toHaveLength(5)
    workspace.addDocument(1, doc(15))
    expect((await query({})).ids).toEqual([15, 14, 13, 12, 11, 10])
  })
  it('makes the agenda available offline, as opening it does', async () => {
    await query({})
    expect(workspace.opened).toContain(1)
  })
  it('refuses a window larger than the rows one call answers, and an unknown tab', async () => {
    await expect(query({}, { start: 0, count: 501 })).rejects.toMatchObject({ code: 'validation' })
    await expect(query({ queue: 'nope' as never })).rejects.toMatchObject({ code: 'validation' })
  })
})

describe('documents.query over All agendas', () => {
  type Answer = {
    agendaId: unknown
    ids: number[]
    agendaIds: number[]
    rows: { id: number }[]
    totals: { all: number }
  }
  const queryAll = (input: Partial<ListQuery> = {}) =>
    call('documents.query', {
      agendaId: 'all',
      query: { ...EVERY_DOCUMENT, ...input },
      window: FIRST_ROWS,
    }) as Promise<Answer>

  it('lists the documents of every agenda in one order, naming the agenda of each', async () => {
    workspace.addDocument(2, doc(20, { state: 'ready' })).addDocument(2, doc(9))
    const answer = await queryAll()
    expect(answer.agendaId).toBe('all')
    expect(answer.ids).toEqual([20, 14, 13, 12, 11, 10, 9])
    expect(answer.agendaIds).toEqual([2, 1, 1, 1, 1, 1, 2])
    expect(answer.totals.all).toBe(7)
    const ready = await queryAll({ queue: 'ready' })
    expect(ready.ids).toEqual([20, 11])
  })
  it('makes no agenda available offline (it reads what the cache holds)', async () => {
    await queryAll()
    expect(workspace.opened).toEqual([])
  })
  it('answers rows of any agenda by id, with their agendas', async () => {
    workspace.addDocument(2, doc(20))
    const answer = (await call('documents.rows', { agendaId: 'all', ids: [20, 99, 11] })) as {
      rows: { id: number }[]
      agendaIds: number[]
    }
    expect(answer.rows.map((row) => row.id)).toEqual([20, 11])
    expect(answer.agendaIds).toEqual([2, 1])
  })
  it('marks rows of two agendas ready in one batch (the service batches by document, not by agenda)', async () => {
    workspace.addDocument(2, doc(20))
    await call('documents.setState', { ids: [20, 10], state: 'ready' })
    expect(workspace.outbox.map((entry) => entry.action)).toEqual([
      {
        kind: 'documents.setState',
        items: [
          { id: 20, state: 'ready' },
          { id: 10, state: 'ready' },
        ],
      },
    ])
    const ready = await queryAll({ queue: 'ready' })
    expect(ready.ids).toEqual([20, 11, 10])
    expect(ready.agendaIds).toEqual([2, 1, 1])
  })
  it('refuses an agenda reference that is neither an id nor "all"', async () => {
    await expect(
      call('documents.query', { agendaId: 'every', query: EVERY_DOCUMENT, window: FIRST_ROWS }),
    ).rejects.toMatchObject({ code: 'validation' })
  })
})

describe('documents.rows', () => {
  it('answers the rows of the ids asked, in that order, leaving out ids not in the agenda', async () => {
    const { rows } = (await call('documents.rows', { agendaId: 1, ids: [11, 99, 14] })) as { rows: { id: number }[] }
    expect(rows.map((r) => r.id)).toEqual([11, 14])
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
  it('finds the same invoice booked in another agenda of the account, but not a mere shared file name there', async () => {
    workspace
      .addDocument(2, doc(20, { supplier: { name: 'Supplier 11' }, data: { header: { invoice_no: 'INV-11' } } }))
      .addDocument(2, doc(21, { user_file_name: 'scan.pdf' }))
      .addDocument(1, doc(15, { user_file_name: 'scan.pdf' }))
    const duplicateOf = async (id: number) =>
      (
        (await call('documents.get', { id })) as { checks: { code: string; status: string; documentIds?: number[] }[] }
      ).checks.find((c) => c.code === 'duplicate')
    expect(await duplicateOf(11)).toMatchObject({ status: 'warning', documentIds: [20] })
    expect(await duplicateOf(20)).toMatchObject({ status: 'warning', documentIds: [11] })
    expect(await duplicateOf(15)).toMatchObject({ status: 'ok' })
  })

  it('shows a duplicate marked "Not a duplicate" as acknowledged, with when and who, until undone', async () => {
    const checksOf = async (channel: string, input: unknown) =>
      Object.fromEntries(
        ((await call(channel, input)) as { checks: { code: string; status: string }[] }).checks.map((c) => [c.code, c]),
      ) as Record<string, { status: string; acknowledged?: unknown }>
    const answered = await checksOf('documents.acknowledge', { id: 10, code: 'duplicate', kind: 'not_duplicate' })
    expect(answered.duplicate).toMatchObject({
      status: 'acknowledged',
      acknowledged: { kind: 'not_duplicate', reason: null, at: '2026-01-02T09:30:00.000Z', userId: 7 },
    })
    expect((await checksOf('documents.get', { id: 10 })).duplicate!.status).toBe('acknowledged')
    expect(workspace.acks.get('10!duplicate')).toMatchObject({ documentIds: [13] })
    // The other document of the pair still asks: the answer is this document's.
    expect((await checksOf('documents.get', { id: 13 })).duplicate!.status).toBe('warning')

    expect((await checksOf('documents.withdrawAcknowledgement', { id: 10, code: 'duplicate' })).duplicate!.status).toBe(
      'warning',
    )
    expect((await checksOf('documents.get', { id: 10 })).duplicate!.status).toBe('warning')
  })

  it('acknowledges any warning with a reason; refuses a check that does not warn, or "Not a duplicate" on another check', async () => {
    const { checks } = (await call('documents.acknowledge', {
      id: 10,
      code: 'overdue',
      kind: 'acknowledged',
      reason: '  paid in cash at the counter ',
    })) as { checks: { code: string; status: string; acknowledged?: { reason: string } }[] }
    expect(checks.find((c) => c.code === 'overdue')).toMatchObject({
      status: 'acknowledged',
      acknowledged: { reason: 'paid in cash at the counter' },
    })
    await expect(
      call('documents.acknowledge', { id: 10, code: 'summary_total', kind: 'acknowledged' }),
    ).rejects.toMatchObject({
      code: 'not_warning',
    })
    await expect(
      call('documents.acknowledge', { id: 10, code: 'overdue', kind: 'not_duplicate' }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
    })
    await expect(
      call('documents.acknowledge', { id: 999, code: 'overdue', kind: 'acknowledged' }),
    ).rejects.toMatchObject({
      code: 'not_found',
    })
  })

  it('reuses the agenda index of the last listing for the duplicate check, until it is too old', async () => {
    let clock = new Date(2026, 1, 5).getTime()
    const handlers = createTriageHandlers(() => workspace, {
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
  it('flags a supplier bank account that differs from its earlier invoice in another agenda, naming both', async () => {
    const supplier = (iban: string) => ({ supplier: { name: 'Elektron GmbH', vat_id: 'DE136695976', iban } })
    const header = (invoice_no: string, issue_date: string) => ({ data: { header: { invoice_no, issue_date } } })
    workspace.addDocument(1, doc(30, { ...supplier('DE91100000000123456789'), ...header('E-1', '2026-01-05') }))
    workspace.addDocument(2, doc(31, { ...supplier('DE02120300000000202051'), ...header('E-2', '2026-02-05') }))
    const check = async (id: number) =>
      ((await call('documents.get', { id })) as { checks: { code: string }[] }).checks.find(
        (c) => c.code === 'bank_account_change',
      )
    expect(await check(31)).toMatchObject({
      status: 'warning',
      iban: 'DE02120300000000202051',
      documentId: 30,
      params: { earlier: 'DE91100000000123456789', invoiceNo: 'E-1' },
    })
    expect(await check(30)).toMatchObject({ status: 'skipped' })
  })
  it('flags across the agenda the same supplier, total and issue date, and the same file, on the rows and in the document', async () => {
    const copy = { supplier: { name: 'Supplier 20' }, summary: { sub_total: 100, vat_total: 21, total: 121 } }
    workspace.addDocument(2, doc(20, { ...copy, user_file_name: 'a.pdf' }))
    workspace.addDocument(2, doc(21, { ...copy, data: { header: { invoice_no: 'OTHER', issue_date: '2026-01-01' } } }))
    workspace.addDocument(2, doc(22, { supplier: { name: 'Elsewhere' }, user_file_name: 'A.PDF' }))
    const { rows } = (await call('documents.query', { agendaId: 2, query: EVERY_DOCUMENT, window: FIRST_ROWS })) as {
      rows: { id: number; warnings: string[] }[]
    }
    expect(rows.filter((row) => row.warnings.includes('duplicate')).map((row) => row.id)).toEqual([22, 21, 20])
    const checks = async (id: number) =>
      ((await call('documents.get', { id })) as { checks: { code: string }[] }).checks.find(
        (c) => c.code === 'duplicate',
      )
    expect(await checks(21)).toMatchObject({ status: 'warning', variant: 'total_date', documentIds: [20] })
    expect(await checks(22)).toMatchObject({ status: 'warning', variant: 'file', documentIds: [20] })
  })
  it("compares the customer with the agenda's company and the currency with its home currency", async () => {
    workspace.addDocument(1, doc(30, { customer: { name: 'Pino Bluebird' } }))
    const value = (await call('documents.get', { id: 30 })) as { checks: { code: string; status: string }[] }
    const byCode = Object.fromEntries(value.checks.map((c) => [c.code, c]))
    expect(byCode.counterparty).toMatchObject({
      status: 'warning',
      params: { found: 'Pino Bluebird', expected: 'Demo s.r.o.' },
    })
    expect(byCode.exchange_rate).toMatchObject({
      status: 'warning',
      variant: 'missing',
      params: { currency: 'EUR', home: 'CZK' },
    })
  })
  it('answers not_found for a document that is not cached', async () => {
    await expect(call('documents.get', { id: 999 })).rejects.toMatchObject({ code: 'not_found' })
  })
})

describe('preview and original', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
  const pdf = new TextEncoder().encode('%PDF-1.7\n')

  it('answers where the host serves the preview (never its bytes), or null when none is cached', async () => {
    workspace.previews.set(10, { contentType: 'image/png', bytes: png })
    const preview = (await call('documents.preview', { id: 10 })) as Record<string, unknown>
    expect(preview).toEqual({
      contentType: 'image/png',
      url: expect.stringMatching(/^\/previews\/10\?v=[0-9a-f]{16}$/),
      bytes: 12,
    })
    expect(preview).not.toHaveProperty('base64')
    expect(await call('documents.preview', { id: 11 })).toBeNull()
  })
  it("builds the URL with the host's builder, its version changing with the bytes", async () => {
    const hosted = routerCall(
      createTriageHandlers(() => workspace, {
        previewUrl: (id, v) => `app://docket/cache/previews/${id}?v=${v}`,
      }) as Handlers,
    )
    workspace.previews.set(10, { contentType: 'image/png', bytes: png })
    const first = ((await hosted('documents.preview', { id: 10 })) as { url: string }).url
    expect(first).toMatch(/^app:\/\/docket\/cache\/previews\/10\?v=[0-9a-f]{16}$/)
    workspace.previews.set(10, { contentType: 'image/png', bytes: new Uint8Array([...png, 1]) })
    expect(((await hosted('documents.preview', { id: 10 })) as { url: string }).url).not.toBe(first)
  })
  it('shows no preview the service calls an image but whose bytes are SVG or HTML', async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    workspace.previews.set(10, { contentType: 'image/png', bytes: svg })
    expect(await call('documents.preview', { id: 10 })).toBeNull()
  })
  it('passes the workspace error code through for an original that cannot be had', async () => {
    await expect(call('documents.original', { id: 10 })).rejects.toMatchObject({ code: 'offline' })
    workspace.originals.set(10, { fileName: 'a.pdf', contentType: 'application/octet-stream', bytes: pdf })
    expect(await call('documents.original', { id: 10 })).toEqual({
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      base64: Buffer.from(pdf).toString('base64'),
    })
  })
  it('refuses an original whose bytes are not a PDF, PNG, JPEG or TIFF, whatever its claimed type', async () => {
    const html = new TextEncoder().encode('<html><script>docket.invoke("auth.listAccounts")</script></html>')
    workspace.originals.set(10, { fileName: 'invoice.pdf', contentType: 'application/pdf', bytes: html })
    await expect(call('documents.original', { id: 10 })).rejects.toMatchObject({
      code: 'unsupported_type',
      message: expect.stringContaining('not a PDF, PNG, JPEG or TIFF'),
    })
  })
})

describe('actions through the outbox', () => {
  it('marks one document ready with a documents.setState action of one item', async () => {
    const { entryIds } = (await call('documents.setState', { ids: [10], state: 'ready' })) as { entryIds: string[] }
    expect(entryIds).toHaveLength(1)
    expect(workspace.outbox.map((e) => e.action)).toEqual([
      { kind: 'documents.setState', items: [{ id: 10, state: 'ready' }] },
    ])
    const { rows } = (await call('documents.query', { agendaId: 1, query: EVERY_DOCUMENT, window: FIRST_ROWS })) as {
      rows: { id: number; state: string; pending: number }[]
    }
    expect(rows.find((r) => r.id === 10)).toMatchObject({ state: 'ready', pending: 1 })
  })
  it('marks several documents exported with one documents.setState action of several items', async () => {
    await call('documents.setState', { ids: [10, 11, 11, 12], state: 'exported' })
    expect(workspace.outbox.map((e) => e.action)).toEqual([
      {
        kind: 'documents.setState',
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
    await call('documents.repair', { ids: [10, 10], description: '  Wrong total  ' })
    await call('documents.repair', { ids: [11], description: '   ' })
    expect(workspace.outbox.map((e) => e.action)).toEqual([
      { kind: 'documents.repair', documentId: 10, description: 'Wrong total' },
      { kind: 'documents.repair', documentId: 11 },
    ])
  })
  it('refuses a repair the service would refuse in the document’s state, queueing nothing', async () => {
    // 10 is Not ready, 12 already in repair, 13 exported.
    await expect(call('documents.repair', { ids: [10, 12, 13] })).rejects.toMatchObject({
      code: 'not_allowed',
      details: { ids: [12, 13] },
    })
    expect(workspace.outbox).toEqual([])
  })
  it('archives documents, which then leave the list', async () => {
    await call('documents.archive', { ids: [10, 11] })
    const { rows } = (await call('documents.query', { agendaId: 1, query: EVERY_DOCUMENT, window: FIRST_ROWS })) as {
      rows: { id: number }[]
    }
    expect(rows.map((r) => r.id)).toEqual([14, 13, 12])
  })
})

describe('the Archived tab', () => {
  const ARCHIVED: ListQuery = { ...EVERY_DOCUMENT, queue: 'archived' }
  type Answer = {
    ids: number[]
    rows: { id: number; state: string }[]
    counts: Record<string, number>
    totals: Record<string, number>
  }

  it('lists archived documents, whatever their state, and no other tab does', async () => {
    await call('documents.setState', { ids: [11], state: 'exported' })
    await call('documents.archive', { ids: [10, 11] })
    const archived = (await call('documents.query', { agendaId: 1, query: ARCHIVED, window: FIRST_ROWS })) as Answer
    expect(archived.ids).toEqual([11, 10])
    expect(archived.rows.map((r) => [r.id, r.state])).toEqual([
      [11, 'exported'],
      [10, 'not_ready'],
    ])
    // 13 is exported and listed; 11, exported and archived, counts only under Archived.
    expect(archived.totals).toMatchObject({ archived: 2, all: 3, exported: 1 })
    const all = (await call('documents.query', { agendaId: 1, query: EVERY_DOCUMENT, window: FIRST_ROWS })) as Answer
    expect(all.ids).toEqual([14, 13, 12])
  })

  it('counts archived documents under the search like any tab, and answers their rows by id', async () => {
    await call('documents.archive', { ids: [10, 11] })
    const searched = (await call('documents.query', {
      agendaId: 1,
      query: { ...ARCHIVED, search: 'INV-10' },
      window: FIRST_ROWS,
    })) as Answer
    expect(searched.ids).toEqual([10])
    expect(searched.counts.archived).toBe(1)
    expect(searched.totals.archived).toBe(2)
    const { rows } = (await call('documents.rows', { agendaId: 1, ids: [11, 12] })) as { rows: { id: number }[] }
    expect(rows.map((r) => r.id)).toEqual([11, 12])
  })

  it('keeps archived documents read-only: state changes, repair, archive and delete are refused', async () => {
    await call('documents.archive', { ids: [10] })
    const before = workspace.outbox.length
    await expect(call('documents.setState', { ids: [10, 12], state: 'ready' })).rejects.toMatchObject({
      code: 'archived',
      details: { ids: [10] },
    })
    await expect(call('documents.repair', { ids: [10] })).rejects.toMatchObject({ code: 'archived' })
    await expect(call('documents.archive', { ids: [10] })).rejects.toMatchObject({ code: 'archived' })
    await expect(call('documents.delete', { documentId: 10 })).rejects.toMatchObject({ code: 'archived' })
    expect(workspace.outbox.length).toBe(before)
  })
})

describe('documents.undo', () => {
  it('undoes every entry of the last action while unsent', async () => {
    const { entryIds } = (await call('documents.archive', { ids: [10, 11] })) as { entryIds: string[] }
    expect(await call('documents.undo', { entryIds })).toEqual({ undone: 2 })
    const { rows } = (await call('documents.query', { agendaId: 1, query: EVERY_DOCUMENT, window: FIRST_ROWS })) as {
      rows: { id: number }[]
    }
    expect(rows.map((r) => r.id)).toEqual([14, 13, 12, 11, 10])
  })
  it('answers too_late once the action was sent', async () => {
    const { entryIds } = (await call('documents.setState', { ids: [10], state: 'ready' })) as { entryIds: string[] }
    workspace.send()
    await expect(call('documents.undo', { entryIds })).rejects.toMatchObject({ code: 'too_late' })
  })
  it('answers too_late, not not_found, once the action was sent and settled (left the outbox)', async () => {
    const { entryIds } = (await call('documents.setState', { ids: [10], state: 'ready' })) as { entryIds: string[] }
    workspace.outbox.splice(0)
    await expect(call('documents.undo', { entryIds })).rejects.toMatchObject({
      code: 'too_late',
      details: { undone: 0, tooLate: 1 },
    })
  })
})

describe('documents.delete', () => {
  it('deletes through the outbox: the document leaves the list at once', async () => {
    const { entryIds } = (await call('documents.delete', { documentId: 10 })) as { entryIds: string[] }
    expect(entryIds).toHaveLength(1)
    expect(workspace.outbox.map((e) => e.action)).toEqual([{ kind: 'documents.delete', documentId: 10 }])
    const { rows } = (await call('documents.query', { agendaId: 1, query: EVERY_DOCUMENT, window: FIRST_ROWS })) as {
      rows: { id: number }[]
    }
    expect(rows.map((r) => r.id)).toEqual([14, 13, 12, 11])
    // Until it is sent, the delete can be undone with the entry it answered.
    expect(await call('documents.undo', { entryIds })).toEqual({ undone: 1 })
    expect(workspace.outbox).toEqual([])
  })
  it('refuses to delete a document that is not cached', async () => {
    await expect(call('documents.delete', { documentId: 999 })).rejects.toMatchObject({ code: 'not_found' })
    expect(workspace.outbox).toEqual([])
  })
})
