import { beforeEach, describe, expect, it } from 'vitest'
import { createTriageHandlers } from '../triage'
import { FakeWorkspace } from '../testing/fakeWorkspace'
import { EventBus } from '../eventBus'
import { documentViewSchema, type DocumentView, type DocumentWatch } from '../../../shared/ipc'
import { emptyQueueCounts } from '../../../shared/queues'
import { DocumentWatches, type WatchedView } from './watch'

const query: DocumentWatch['query'] = {
  queue: 'not_ready',
  type: 'all',
  warnings: 'all',
  search: '',
  sort: { key: 'received', direction: 'desc' },
}
const MAIN = { senderUrl: 'main' }

function statement(over: Partial<DocumentWatch> = {}): DocumentWatch {
  return {
    viewId: 'screen-1',
    revision: 1,
    agendaId: 1,
    query,
    window: { start: 0, count: 50 },
    openId: 1,
    ahead: [2],
    ...over,
  }
}

/** Agenda 1 with documents 1, 2 and 3 (not ready), in `workspace` (default: a new one). */
function store<W extends FakeWorkspace>(workspace: W = new FakeWorkspace() as W): W {
  workspace.addAgenda({ id: 1, name: 'Demo s.r.o.', home_currency: 'CZK' })
  for (const id of [1, 2, 3]) {
    workspace.addDocument(1, {
      id,
      type: 'PurchaseInvoice',
      state: 'not_ready',
      created_at: `2026-01-0${id}T00:00:00Z`,
      last_modified_at: `2026-01-0${id}T00:00:00Z`,
      comments_count: 0,
      supplier: { name: `Supplier ${id}` },
      data: { header: { invoice_no: `INV-${id}`, currency: 'CZK' } },
      summary: { total: 100 * id, sub_total: 100 * id, vat_total: 0 },
    })
  }
  return workspace
}

describe('live queries: main pushes the view of every watched screen', () => {
  let workspace: FakeWorkspace
  let pushed: DocumentView[]
  let handlers: ReturnType<typeof createTriageHandlers>
  /** Waits past the handlers' coalescing turn (setTimeout 0) and the reads of the push. */
  const flush = () => new Promise((resolve) => setTimeout(resolve, 10))

  beforeEach(() => {
    workspace = store()
    pushed = []
    const bus = new EventBus(() => undefined)
    bus.connect((event, payload) => {
      if (event === 'documents.view') pushed.push(payload as DocumentView)
    })
    handlers = createTriageHandlers(() => workspace, {
      changes: (listener) => workspace.subscribe(listener),
      emit: (event, payload) => bus.emit(event, payload),
    })
  })

  it('answers a watch with the list, the open document with its comments and those ahead', async () => {
    const view = await handlers['documents.watch'](statement(), MAIN)
    expect(view.list?.ids).toEqual([3, 2, 1])
    expect(view.documents.map((d) => d.document.id)).toEqual([1, 2])
    expect(view.documents[0]!.comments).toEqual([])
    expect(view.documents[0]!.preview).toBeNull()
    expect(view.agendas?.map((a) => a.id)).toEqual([1])
    expect(pushed).toEqual([])
  })

  it('pushes the list without a document once an action on it is enqueued (main applies the action)', async () => {
    const answered = await handlers['documents.watch'](statement(), MAIN)
    await handlers['documents.setState']({ ids: [2], state: 'ready' }, MAIN)
    await flush()
    expect(pushed).toHaveLength(1)
    expect(pushed[0]!.list?.ids).toEqual([3, 1])
    expect(pushed[0]!.list?.counts.ready).toBe(1)
    expect(pushed[0]!.documents.find((d) => d.document.id === 2)?.document.state).toBe('ready')
    expect(pushed[0]!.version).toBeGreaterThan(answered.version)
  })

  it('pushes again after undo and after the entry is sent (settled)', async () => {
    await handlers['documents.watch'](statement(), MAIN)
    const { entryIds } = await handlers['documents.archive']({ ids: [3] }, MAIN)
    await flush()
    await handlers['documents.undo']({ entryIds }, MAIN)
    await flush()
    expect(pushed.map((v) => v.list?.ids)).toEqual([
      [2, 1],
      [3, 2, 1],
    ])
    await handlers['documents.setState']({ ids: [1], state: 'ready' }, MAIN)
    await flush()
    workspace.send()
    await flush()
    expect(pushed).toHaveLength(4)
    const versions = pushed.map((v) => v.version)
    expect(versions).toEqual([...versions].sort((a, b) => a - b))
    expect(new Set(versions).size).toBe(4)
  })

  it("pushes the open document's history with the action just enqueued, who took it and that it waits", async () => {
    const answered = await handlers['documents.watch'](statement(), MAIN)
    expect(answered.documents[0]!.history).toEqual([])
    await handlers['documents.setState']({ ids: [1], state: 'ready' }, MAIN)
    await flush()
    expect(pushed.at(-1)?.documents[0]?.history).toMatchObject([
      { documentId: 1, kind: 'ready', by: 'Alex Fake', status: 'pending' },
    ])
    // Those ahead carry none: the history is the open document's.
    expect(pushed.at(-1)?.documents[1]?.history).toBeUndefined()
  })

  it('stops pushing to the screens of a renderer its host saw go', async () => {
    let gone: (sender: string) => void = () => undefined
    const bus = new EventBus(() => undefined)
    bus.connect((event, payload) => event === 'documents.view' && pushed.push(payload as DocumentView))
    const triage = createTriageHandlers(() => workspace, {
      changes: (listener) => workspace.subscribe(listener),
      emit: (event, payload) => bus.emit(event, payload),
      sendersGone: (listener) => {
        gone = listener
        return () => undefined
      },
    })
    await triage['documents.watch'](statement({ viewId: 'triage-a' }), { ...MAIN, sender: 'webContents:1' })
    await triage['documents.watch'](statement({ viewId: 'triage-b' }), { ...MAIN, sender: 'webContents:2' })
    gone('webContents:1')
    await triage['documents.setState']({ ids: [2], state: 'ready' }, MAIN)
    await flush()
    expect(pushed.map((view) => view.viewId)).toEqual(['triage-b'])
  })

  it('pushes the comments of the open document once one is added', async () => {
    await handlers['documents.watch'](statement(), MAIN)
    await handlers['comments.create']({ documentId: 1, text: 'Checked' }, MAIN)
    await flush()
    expect(pushed.at(-1)?.documents[0]?.comments.map((c) => c.text)).toEqual(['Checked'])
  })

  it('stops pushing to a screen that unwatched', async () => {
    await handlers['documents.watch'](statement(), MAIN)
    expect(await handlers['documents.unwatch']({ viewId: 'screen-1' }, MAIN)).toEqual({ watching: true })
    await handlers['documents.setState']({ ids: [2], state: 'ready' }, MAIN)
    await flush()
    expect(pushed).toEqual([])
  })

  it('says why the open document cannot be read', async () => {
    const view = await handlers['documents.watch'](statement({ openId: 99, ahead: [] }), MAIN)
    expect(view.openError?.code).toBe('not_found')
    expect(view.documents).toEqual([])
  })
})

/**
 * The triage handlers over `workspace`, the views they push (collected in `pushed`), and
 * `watch`: what a screen states and is answered, as the renderer sees it (validated as the
 * bridge would).
 */
function liveQueries(workspace: FakeWorkspace) {
  const pushed: DocumentView[] = []
  const bus = new EventBus(() => undefined)
  bus.connect((event, payload) => event === 'documents.view' && pushed.push(payload as DocumentView))
  const handlers = createTriageHandlers(() => workspace, {
    changes: (listener) => workspace.subscribe(listener),
    emit: (event, payload) => bus.emit(event, payload),
  })
  const watch = async (over: Partial<DocumentWatch> = {}) =>
    documentViewSchema.parse(await handlers['documents.watch'](statement(over), MAIN))
  return { pushed, handlers, watch }
}

/**
 * A fresh stand-in store and its {@link liveQueries} before each test of the calling
 * `describe` block (`prepare` adds to the store first); the returned object holds the current
 * test's, and `flush` lets pushes made after a change arrive.
 */
function eachLiveQueries(prepare: (workspace: FakeWorkspace) => void = () => undefined) {
  const current = { flush: () => new Promise((resolve) => setTimeout(resolve, 10)) } as {
    workspace: FakeWorkspace
    flush: () => Promise<unknown>
  } & ReturnType<typeof liveQueries>
  beforeEach(() => {
    const workspace = store()
    prepare(workspace)
    Object.assign(current, { workspace }, liveQueries(workspace))
  })
  return current
}

describe('live queries: a view leaves out the list the screen holds', () => {
  const q = eachLiveQueries()

  it('answers a screen that names no list (a new one, a reloaded renderer) with the whole list and its token', async () => {
    const view = await q.watch({ listToken: null })
    expect(view.list?.ids).toEqual([3, 2, 1])
    expect(view.list?.token).toMatch(/^[\w-]{27}$/)
    expect((await q.watch({ viewId: 'screen-2' })).list?.ids).toEqual([3, 2, 1])
  })

  it('answers a screen that holds the list with its window of rows and counts, without the ids', async () => {
    const first = await q.watch()
    const again = await q.watch({ revision: 2, openId: 2, ahead: [1], listToken: first.list!.token })
    expect(again.list).not.toHaveProperty('ids')
    expect(again.list?.token).toBe(first.list?.token)
    expect(again.list?.rows.map((row) => row.id)).toEqual([3, 2, 1])
    expect(again.list?.counts.not_ready).toBe(3)
    expect(again.documents.map((d) => d.document.id)).toEqual([2, 1])
  })

  it('answers the whole list when the screen names another one (a token of an older list, or made up)', async () => {
    expect((await q.watch({ listToken: 'not-a-token' })).list?.ids).toEqual([3, 2, 1])
    const ready = await q.watch({ revision: 2, query: { ...query, queue: 'ready' } })
    expect(ready.list?.ids).toEqual([])
    const notReady = await q.watch({ revision: 3, listToken: ready.list!.token })
    expect(notReady.list?.ids).toEqual([3, 2, 1])
    expect(notReady.list?.token).not.toBe(ready.list?.token)
  })

  it('names the content, not the query: another query listing the same documents in the same order needs no ids', async () => {
    const first = await q.watch()
    const searched = await q.watch({
      revision: 2,
      query: { ...query, search: 'Supplier' },
      listToken: first.list!.token,
    })
    expect(searched.list).not.toHaveProperty('ids')
    const reversed = await q.watch({
      revision: 3,
      query: { ...query, sort: { key: 'received', direction: 'asc' } },
      listToken: first.list!.token,
    })
    expect(reversed.list?.ids).toEqual([1, 2, 3])
  })

  it('pushes the whole list after an action, an undo and a send changed it', async () => {
    const first = await q.watch()
    const { entryIds } = await q.handlers['documents.setState']({ ids: [2], state: 'ready' }, MAIN)
    await q.flush()
    await q.handlers['documents.undo']({ entryIds }, MAIN)
    await q.flush()
    // The undo brings back the list the statement named, but the screen holds the one q.pushed
    // after the action now: only a new statement may say it holds the first again.
    expect(q.pushed.map((v) => v.list?.ids)).toEqual([
      [3, 1],
      [3, 2, 1],
    ])
    const restated = await q.watch({ revision: 2, listToken: q.pushed.at(-1)!.list!.token })
    expect(restated.list).not.toHaveProperty('ids')
    expect(restated.list?.token).toBe(first.list?.token)
    await q.handlers['documents.archive']({ ids: [3] }, MAIN)
    q.workspace.send()
    await q.flush()
    expect(q.pushed.at(-1)?.list?.ids).toEqual([2, 1])
  })

  it('pushes the list without its ids after a change that left it as the screen holds it (a comment)', async () => {
    const first = await q.watch()
    await q.watch({ revision: 2, listToken: first.list!.token })
    await q.handlers['comments.create']({ documentId: 1, text: 'Checked with the supplier.' }, MAIN)
    await q.flush()
    expect(q.pushed).toHaveLength(1)
    expect(q.pushed[0]!.list).not.toHaveProperty('ids')
    expect(q.pushed[0]!.list?.token).toBe(first.list?.token)
    expect(q.pushed[0]!.documents[0]!.comments.map((c) => c.text)).toEqual(['Checked with the supplier.'])
  })

  it('leaves out the agenda of each id with the ids on All agendas', async () => {
    const all = {
      agendaId: 'all' as const,
      query: { ...query, sort: { key: 'received' as const, direction: 'desc' as const } },
    }
    const first = await q.watch(all)
    expect(first.list?.ids).toEqual([3, 2, 1])
    expect(first.list?.agendaIds).toEqual([1, 1, 1])
    const again = await q.watch({ ...all, revision: 2, listToken: first.list!.token })
    expect(again.list).not.toHaveProperty('ids')
    expect(again.list).not.toHaveProperty('agendaIds')
    // The same ids of one agenda are another list: its rows name no agendas.
    expect((await q.watch({ revision: 3, listToken: first.list!.token })).list?.ids).toEqual([3, 2, 1])
  })
})

describe("live queries: a view leaves out the sidebar's agendas the screen holds", () => {
  const q = eachLiveQueries((workspace) => workspace.addAgenda({ id: 2, name: 'Client a.s.', home_currency: 'EUR' }))

  it('answers a screen that names no agendas (a new one, a reloaded renderer) with the agendas and their token', async () => {
    const view = await q.watch({ agendasToken: null })
    expect(view.agendas?.map((a) => a.id)).toEqual([1, 2])
    expect(view.agendasToken).toMatch(/^[\w-]{27}$/)
    expect((await q.watch({ viewId: 'screen-2' })).agendas?.map((a) => a.id)).toEqual([1, 2])
  })

  it('answers a screen that holds the agendas without them, naming them by the same token', async () => {
    const first = await q.watch()
    const again = await q.watch({ revision: 2, openId: 2, ahead: [1], agendasToken: first.agendasToken })
    expect(again).not.toHaveProperty('agendas')
    expect(again.agendasToken).toBe(first.agendasToken)
    // The rest of the view still comes.
    expect(again.documents.map((d) => d.document.id)).toEqual([2, 1])
    expect(again.list?.rows.map((row) => row.id)).toEqual([3, 2, 1])
  })

  it('answers the agendas when the screen names others (an older token, or one made up)', async () => {
    const first = await q.watch()
    expect((await q.watch({ revision: 2, agendasToken: 'not-a-token' })).agendas).toHaveLength(2)
    q.workspace.addAgenda({ id: 3, name: 'Third s.r.o.' })
    const grown = await q.watch({ revision: 3, agendasToken: first.agendasToken })
    expect(grown.agendas?.map((a) => a.id)).toEqual([1, 2, 3])
    expect(grown.agendasToken).not.toBe(first.agendasToken)
  })

  it("pushes the agendas after an action changed an agenda's counts, and after its undo", async () => {
    const first = await q.watch()
    const { entryIds } = await q.handlers['documents.setState']({ ids: [2], state: 'ready' }, MAIN)
    await q.flush()
    const afterAction = q.pushed.at(-1)!
    expect(afterAction.agendas?.find((a) => a.id === 1)?.counts).toMatchObject({ not_ready: 2, ready: 1 })
    expect(afterAction.agendasToken).not.toBe(first.agendasToken)
    await q.handlers['documents.undo']({ entryIds }, MAIN)
    await q.flush()
    // Back to the counts the statement named, but the screen holds the q.pushed ones now: only a
    // new statement may say it holds the first again.
    const afterUndo = q.pushed.at(-1)!
    expect(afterUndo.agendas?.find((a) => a.id === 1)?.counts).toMatchObject({ not_ready: 3, ready: 0 })
    expect(afterUndo.agendasToken).toBe(first.agendasToken)
    const restated = await q.watch({ revision: 2, agendasToken: afterUndo.agendasToken })
    expect(restated).not.toHaveProperty('agendas')
  })

  it("answers the agendas once an agenda's offline setting changed, though no count moved", async () => {
    const first = await q.watch()
    q.workspace.offline.set(2, { availableOffline: true, keepOriginalsOffline: false })
    const again = await q.watch({ revision: 2, agendasToken: first.agendasToken })
    expect(again.agendas?.find((a) => a.id === 2)?.availableOffline).toBe(true)
  })

  it('pushes without the agendas after a change that left them as the screen holds them (a comment)', async () => {
    const first = await q.watch()
    await q.watch({ revision: 2, agendasToken: first.agendasToken })
    await q.handlers['comments.create']({ documentId: 1, text: 'Checked with the supplier.' }, MAIN)
    await q.flush()
    expect(q.pushed).toHaveLength(1)
    expect(q.pushed[0]).not.toHaveProperty('agendas')
    expect(q.pushed[0]!.agendasToken).toBe(first.agendasToken)
  })
})

describe('live queries on the stand-in store with the row cache (the e2e fake-store harness)', () => {
  /** The store of {@link store}, counting whole reads of an agenda. */
  class CountingWorkspace extends FakeWorkspace {
    wholeReads = 0
    override async forEachDocument(...args: Parameters<FakeWorkspace['forEachDocument']>) {
      this.wholeReads++
      return super.forEachDocument(...args)
    }
  }

  it('pushes the views after an action, its undo and its send without reading the agenda again', async () => {
    const workspace = store(new CountingWorkspace())
    const pushed: DocumentView[] = []
    const bus = new EventBus(() => undefined)
    bus.connect((event, payload) => event === 'documents.view' && pushed.push(payload as DocumentView))
    const handlers = createTriageHandlers(() => workspace, {
      subscribe: (listener) => workspace.subscribe(listener),
      emit: (event, payload) => bus.emit(event, payload),
    })
    const flush = () => new Promise((resolve) => setTimeout(resolve, 10))
    await handlers['documents.watch'](statement(), MAIN)
    const readsAfterWatch = workspace.wholeReads
    expect(readsAfterWatch).toBeGreaterThan(0)

    const { entryIds } = await handlers['documents.setState']({ ids: [2], state: 'ready' }, MAIN)
    await flush()
    expect(pushed.at(-1)?.list?.ids).toEqual([3, 1])
    await handlers['documents.undo']({ entryIds }, MAIN)
    await flush()
    expect(pushed.at(-1)?.list?.ids).toEqual([3, 2, 1])
    await handlers['documents.archive']({ ids: [3] }, MAIN)
    workspace.send()
    await flush()
    expect(pushed.at(-1)?.list?.ids).toEqual([2, 1])
    expect(pushed).toHaveLength(3)
    expect(workspace.wholeReads).toBe(readsAfterWatch)
  })
})

describe('DocumentWatches', () => {
  const list = { agendaId: 1, ids: [1], rows: [], counts: counts(), totals: counts() }
  function counts() {
    return emptyQueueCounts()
  }

  function watches(
    capacity?: number,
    preview: (id: number) => Promise<WatchedView['documents'][number]['preview']> = async () => null,
  ) {
    const listeners = new Set<(event: string, payload: unknown) => void>()
    const scheduled: (() => void)[] = []
    const views: WatchedView[] = []
    let reads = 0
    let previews = 0
    const subject = new DocumentWatches({
      reads: {
        list: async () => {
          reads++
          return list
        },
        document: async (id) => {
          if (id !== 7) throw Object.assign(new Error('gone'), { code: 'not_found' })
          return { document: { id: 7 } as never, checks: [], comments: [] }
        },
        preview: async (id) => {
          previews++
          return preview(id)
        },
        history: async (id) => [{ key: '1', documentId: id, kind: 'ready', at: '2026-01-01T10:00:00.000Z' }],
        agendas: async () => [],
      },
      subscribe: (listener) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
      push: (view) => views.push(view),
      schedule: (run) => scheduled.push(run),
      previewWaitMs: 20,
      ...(capacity ? { capacity } : {}),
    })
    const send = (event: string) => {
      for (const listener of listeners) listener(event, {})
    }
    const run = async () => {
      for (const task of scheduled.splice(0)) task()
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    return { subject, send, run, views, scheduled, reads: () => reads, previews: () => previews, listeners }
  }

  it('coalesces a burst of changes into one push per screen', async () => {
    const w = watches()
    await w.subject.watch(statement({ viewId: 'a' }))
    await w.subject.watch(statement({ viewId: 'b' }))
    const before = w.reads()
    w.send('outbox.changed')
    w.send('documents.changed')
    w.send('outbox.changed')
    expect(w.scheduled).toHaveLength(1)
    await w.run()
    expect(w.views.map((v) => v.viewId).sort()).toEqual(['a', 'b'])
    expect(w.reads() - before).toBe(2)
  })

  it('ignores events that change nothing in the store, and its own pushes', async () => {
    const w = watches()
    await w.subject.watch(statement())
    w.send('sync.status')
    w.send('documents.view')
    expect(w.scheduled).toHaveLength(0)
  })

  it('pushes nothing for a screen that stated something else meanwhile (its watch answers that)', async () => {
    const w = watches()
    await w.subject.watch(statement({ revision: 1 }))
    w.send('outbox.changed')
    await w.subject.watch(statement({ revision: 2 }))
    await w.run()
    expect(w.views.map((v) => v.revision)).toEqual([2])
  })

  it('lets go of the screen stated longest ago beyond its capacity', async () => {
    const w = watches(2)
    await w.subject.watch(statement({ viewId: 'a' }))
    await w.subject.watch(statement({ viewId: 'b' }))
    await w.subject.watch(statement({ viewId: 'c' }))
    expect(w.subject.size).toBe(2)
    w.send('outbox.changed')
    await w.run()
    expect(w.views.map((v) => v.viewId).sort()).toEqual(['b', 'c'])
  })

  it('lets go of the screens a gone renderer stated, and only those', async () => {
    const w = watches()
    await w.subject.watch(statement({ viewId: 'triage-1' }), 'webContents:1')
    await w.subject.watch(statement({ viewId: 'triage-2' }), 'webContents:2')
    await w.subject.watch(statement({ viewId: 'other-1' }), 'webContents:1')
    expect(w.subject.forget('webContents:1')).toBe(2)
    expect(w.subject.forget('webContents:1')).toBe(0)
    w.send('outbox.changed')
    await w.run()
    expect(w.views.map((v) => v.viewId)).toEqual(['triage-2'])
  })

  it('gives the open document its history, and those ahead none (read once opened)', async () => {
    const w = watches()
    const view = await w.subject.watch(statement({ openId: 7, ahead: [] }))
    expect(view.documents[0]!.history).toEqual([
      { key: '1', documentId: 7, kind: 'ready', at: '2026-01-01T10:00:00.000Z' },
    ])
    const ahead = await w.subject.watch(statement({ openId: null, ahead: [7] }))
    expect(ahead.documents[0]!.document.id).toBe(7)
    expect(ahead.documents[0]!.history).toBeUndefined()
  })

  it('stops following the events when closed', async () => {
    const w = watches()
    await w.subject.watch(statement())
    w.subject.close()
    expect(w.listeners.size).toBe(0)
  })

  it('answers without a preview image still downloading, and pushes the view with it once it is there', async () => {
    let deliver: (preview: { contentType: 'image/png'; url: string; bytes: number }) => void = () => undefined
    const w = watches(undefined, () => new Promise((resolve) => (deliver = resolve)))
    const answered = await w.subject.watch(statement({ openId: 7, ahead: [] }))
    expect(answered.documents[0]!.document.id).toBe(7)
    expect(answered.documents[0]!.preview).toBeUndefined()
    expect(w.views).toEqual([])
    deliver({ contentType: 'image/png', url: '/previews/7?v=1', bytes: 10 })
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(w.views.map((view) => view.documents[0]!.preview?.url)).toEqual(['/previews/7?v=1'])
    // The pushed view took the download's answer: no second read.
    expect(w.previews()).toBe(1)
  })

  it('pushes a failed late preview once (none to show), without asking for it again in a loop', async () => {
    let fail: () => void = () => undefined
    const w = watches(undefined, () => new Promise((resolve) => (fail = () => resolve(null))))
    await w.subject.watch(statement({ openId: 7, ahead: [] }))
    fail()
    await new Promise((resolve) => setTimeout(resolve, 40))
    expect(w.views.map((view) => view.documents[0]!.preview)).toEqual([null])
    expect(w.previews()).toBe(1)
  })

  it('pushes nothing when the screen moved to another document before the late preview arrived', async () => {
    let deliver: () => void = () => undefined
    const w = watches(undefined, () => new Promise((resolve) => (deliver = () => resolve(null))))
    await w.subject.watch(statement({ openId: 7, ahead: [] }))
    await w.subject.watch(statement({ openId: null, ahead: [], revision: 2 }))
    deliver()
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(w.views).toEqual([])
  })
})

describe('DocumentWatches: documents read once while the store is unchanged', () => {
  const list = { agendaId: 1, ids: [1], rows: [], counts: emptyQueueCounts(), totals: emptyQueueCounts() }

  function watches(withFacts = true) {
    const listeners = new Set<(event: string, payload: unknown) => void>()
    const scheduled: (() => void)[] = []
    const documentReads: number[] = []
    const facts = new Map<number, string>()
    const subject = new DocumentWatches({
      reads: {
        list: async () => list,
        document: async (id) => {
          documentReads.push(id)
          return { document: { id } as never, checks: [], comments: [] }
        },
        preview: async () => null,
        history: async () => [],
        agendas: async () => [],
        ...(withFacts ? { facts: async (id: number) => facts.get(id) ?? `facts of ${id}` } : {}),
      },
      subscribe: (listener) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
      push: () => undefined,
      schedule: (run) => scheduled.push(run),
    })
    /** A change of the store; the push it schedules is left out (the next watch reads what it made stale). */
    const send = async (event: string, payload: unknown) => {
      for (const listener of listeners) listener(event, payload)
      scheduled.length = 0
      documentReads.length = 0
    }
    return { subject, send, documentReads, facts }
  }

  it('reads only the document that came into those watched when the open one moves on (j)', async () => {
    const w = watches()
    await w.subject.watch(statement({ openId: 1, ahead: [2, 3, 4], revision: 1 }))
    expect(w.documentReads.sort()).toEqual([1, 2, 3, 4])
    await w.subject.watch(statement({ openId: 2, ahead: [3, 4, 5, 1], revision: 2 }))
    expect(w.documentReads).toEqual([1, 2, 3, 4, 5])
  })

  it('reads again a document let go of (no screen watched it meanwhile)', async () => {
    const w = watches()
    await w.subject.watch(statement({ openId: 1, ahead: [2], revision: 1 }))
    await w.subject.watch(statement({ openId: 5, ahead: [6], revision: 2 }))
    await w.subject.watch(statement({ openId: 1, ahead: [2], revision: 3 }))
    expect(w.documentReads).toEqual([1, 2, 5, 6, 1, 2])
  })

  it('after a change naming documents whose facts for other checks did not move (an evidence read), reads only those', async () => {
    const w = watches()
    await w.subject.watch(statement({ openId: 1, ahead: [2, 3] }))
    await w.send('documents.changed', { documentIds: [2], agendaIds: [] })
    await w.subject.watch(statement({ openId: 1, ahead: [2, 3], revision: 2 }))
    expect(w.documentReads).toEqual([2])
  })

  it('reads every document again after a change of what other documents check (a duplicate key), an action or a pull', async () => {
    const w = watches()
    await w.subject.watch(statement({ openId: 1, ahead: [2, 3] }))
    w.facts.set(2, 'another invoice number')
    await w.send('documents.changed', { documentIds: [2], agendaIds: [] })
    await w.subject.watch(statement({ openId: 1, ahead: [2, 3], revision: 2 }))
    expect(w.documentReads.sort()).toEqual([1, 2, 3])
    for (const [event, payload] of [
      ['outbox.changed', { entryIds: ['e1'] }],
      ['documents.changed', { documentIds: [1], agendaIds: [1] }],
      ['documents.changed', { documentIds: [], agendaIds: [] }],
      ['documents.repairFinished', { documentId: 1, agendaId: 1 }],
    ] as const) {
      await w.send(event, payload)
      await w.subject.watch(statement({ openId: 1, ahead: [2, 3], revision: 3 }))
      expect(w.documentReads.sort(), event).toEqual([1, 2, 3])
    }
  })

  it('reads every document again after any change when it cannot tell what a document means to the others', async () => {
    const w = watches(false)
    await w.subject.watch(statement({ openId: 1, ahead: [2, 3] }))
    await w.send('documents.changed', { documentIds: [2], agendaIds: [] })
    await w.subject.watch(statement({ openId: 1, ahead: [2, 3], revision: 2 }))
    expect(w.documentReads.sort()).toEqual([1, 2, 3])
  })

  it('reads every document again after an answer to a warning (kept without an event)', async () => {
    const w = watches()
    await w.subject.watch(statement({ openId: 1, ahead: [2] }))
    w.documentReads.length = 0
    w.subject.checksChanged()
    await w.subject.watch(statement({ openId: 1, ahead: [2], revision: 2 }))
    expect(w.documentReads.sort()).toEqual([1, 2])
  })
})
