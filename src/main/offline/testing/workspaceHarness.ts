import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MemoryLevel } from 'memory-level'
import { afterEach, beforeEach } from 'vitest'
import type { Level } from '../store'
import { openWorkspace, type OfflineWorkspace, type WorkspaceOptions } from '../workspace'
import { FakeService } from './fakeClient'

/**
 * Test support: a fresh folder, memory level and {@link FakeService} (2 agendas of 3
 * documents) per test, and the workspaces opened on them (closed after each test). The
 * workspace's clock is the fake service's; events are recorded in `events`. Fields may be
 * replaced by a test (a larger service, an emptied event list) before or after opening.
 */
export interface WorkspaceHarness {
  dir: string
  level: MemoryLevel<string, unknown>
  service: FakeService
  events: { event: string; payload: unknown }[]
  /** Workspaces to close after the test (a test that closed one itself removes it). */
  open: OfflineWorkspace[]
  /** Opens a workspace on the harness (short backoffs and polls, no undo window unless given). */
  workspace(
    options?: Partial<WorkspaceOptions['options']>,
    extra?: Partial<WorkspaceOptions>,
  ): Promise<OfflineWorkspace>
  /** The ids of agenda 1's documents on the fake service, id descending. */
  agendaOneIds(): number[]
  /** The payloads of the `documents.changed` events recorded. */
  documentsChanged(): { documentIds: number[]; agendaIds: number[] }[]
}

/** Registers the per-test set-up and clean-up of a {@link WorkspaceHarness} and returns it. */
export function useWorkspaceHarness(): WorkspaceHarness {
  const h: WorkspaceHarness = {
    dir: '',
    level: new MemoryLevel<string, unknown>({ valueEncoding: 'json' }),
    service: new FakeService(),
    events: [],
    open: [],
    async workspace(options = {}, extra = {}) {
      const ws = await openWorkspace({
        dir: h.dir,
        client: h.service,
        userId: 7,
        level: h.level as unknown as Level,
        clock: () => new Date(h.service.now()),
        emit: (event, payload) => h.events.push({ event, payload }),
        options: {
          durableWrites: false,
          backoffBaseMs: 5,
          backoffMaxMs: 20,
          batchConfirmPollMs: 1,
          undoWindowMs: 0,
          longUndoWindowMs: 0,
          ...options,
        },
        ...extra,
      })
      h.open.push(ws)
      return ws
    },
    agendaOneIds() {
      return [...h.service.documents.values()]
        .filter((d) => d.agenda_id === 1)
        .map((d) => d.id)
        .sort((a, b) => b - a)
    },
    documentsChanged() {
      return h.events
        .filter((e) => e.event === 'documents.changed')
        .map((e) => e.payload as { documentIds: number[]; agendaIds: number[] })
    },
  }
  beforeEach(async () => {
    h.dir = await mkdtemp(join(tmpdir(), 'docket-offline-'))
    h.level = new MemoryLevel<string, unknown>({ valueEncoding: 'json' })
    h.service = new FakeService({ agendas: 2, documentsPerAgenda: 3 })
    h.events = []
  })
  afterEach(async () => {
    for (const ws of h.open.splice(0)) await ws.close()
    await rm(h.dir, { recursive: true, force: true })
  })
  return h
}
