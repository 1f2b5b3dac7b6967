import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MemoryLevel } from 'memory-level'
import { describe, expect, it, vi } from 'vitest'
import type { DocumentView, DocumentWatch, EventName, EventPayload } from '../../../shared/ipc'
import type { Level } from '../../offline/store'
import { useWorkspaceHarness } from '../../offline/testing/workspaceHarness'
import type { OfflineWorkspace } from '../../offline'
import { EventBus } from '../eventBus'
import { createTriageHandlers } from '../triage'

const h = useWorkspaceHarness()
const MAIN = { senderUrl: 'main' }

/** A screen of agenda 1 with document `openId` open. */
function statement(openId: number, revision = 1): DocumentWatch {
  return {
    viewId: 'triage-1',
    revision,
    agendaId: 1,
    query: {
      queue: 'all',
      type: 'all',
      warnings: 'all',
      search: '',
      sort: { key: 'received', direction: 'desc' },
    },
    window: { start: 0, count: 50 },
    openId,
    ahead: [],
  }
}

/** The triage handlers over the account `current()` names, with the views they push. */
function triage(bus: EventBus, current: () => OfflineWorkspace) {
  const pushed: DocumentView[] = []
  bus.connect((event, payload) => event === 'documents.view' && pushed.push(payload as DocumentView))
  const handlers = createTriageHandlers(current, {
    subscribe: (listener) => bus.connect(listener),
    emit: (event, payload) => bus.emit(event, payload),
  })
  return { handlers, pushed }
}

/** The events of a workspace go on `bus`, as the app's do. */
const onBus = (bus: EventBus) => ({
  emit: (event: string, payload: unknown) => bus.emit(event as EventName, payload as EventPayload<EventName>),
})

describe("the watched view carries the open document's history from the account's store", () => {
  it('pushes the history with the action just taken, the corrections merged in time order', async () => {
    const bus = new EventBus(() => undefined)
    const ws = await h.workspace({}, { userName: 'Jana Nováková', ...onBus(bus) })
    await ws.syncNow()
    const [id] = h.agendaOneIds()
    await ws.correct({ documentId: id!, field: 'summary.total', value: '592.87', extracted: '529.87', by: 'Jana' })
    h.service.tick()
    const { handlers, pushed } = triage(bus, () => ws)
    const answered = await handlers['documents.watch'](statement(id!), MAIN)
    expect(answered.documents[0]!.history?.map((item) => item.kind)).toEqual(['corrected'])

    await handlers['documents.setState']({ ids: [id!], state: 'ready' }, MAIN)
    // The push reads the store again: on a busy machine that may take longer than the settling turn.
    await vi.waitFor(() =>
      expect(pushed.at(-1)?.documents[0]?.history).toMatchObject([
        { kind: 'corrected', field: 'summary.total', value: '592.87' },
        { kind: 'ready', by: 'Jana Nováková' },
      ]),
    )
  })

  it("shows each account's own history of the same document id", async () => {
    const bus = new EventBus(() => undefined)
    const first = await h.workspace({}, { userName: 'Jana Nováková', ...onBus(bus) })
    await first.syncNow()
    const [id] = h.agendaOneIds()
    const otherDir = await mkdtemp(join(tmpdir(), 'docket-watch-history-'))
    try {
      const second = await h.workspace(
        {},
        {
          dir: otherDir,
          userId: 8,
          userName: 'Petr Svoboda',
          level: new MemoryLevel<string, unknown>({ valueEncoding: 'json' }) as unknown as Level,
          ...onBus(bus),
        },
      )
      await second.syncNow()
      let current = first
      const { handlers, pushed } = triage(bus, () => current)
      await handlers['documents.watch'](statement(id!), MAIN)
      await handlers['documents.setState']({ ids: [id!], state: 'ready' }, MAIN)
      // The push reads the store again: on a busy machine that may take longer than the settling turn.
      await vi.waitFor(() =>
        expect(pushed.at(-1)?.documents[0]?.history?.map((e) => [e.kind, e.by])).toEqual([['ready', 'Jana Nováková']]),
      )

      current = second
      const other = await handlers['documents.watch'](statement(id!, 2), MAIN)
      expect(other.documents[0]!.history).toEqual([])
      await handlers['documents.archive']({ ids: [id!] }, MAIN)
      await vi.waitFor(() =>
        expect(pushed.at(-1)?.documents[0]?.history?.map((e) => [e.kind, e.by])).toEqual([['archive', 'Petr Svoboda']]),
      )
    } finally {
      await rm(otherDir, { recursive: true, force: true })
    }
  })
})
