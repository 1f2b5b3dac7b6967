import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MemoryLevel } from 'memory-level'
import { afterEach, beforeEach } from 'vitest'
import { openWorkspace, type OfflineWorkspace, type WorkspaceOptions } from '../../offline'
import type { Level } from '../../offline/store'
import { FakeService } from '../../offline/testing/fakeClient'

/** A real offline workspace on an in-memory store, talking to a fake service, for handler tests. */
export interface TestWorkspace {
  workspace: OfflineWorkspace
  service: FakeService
  /** Every event the workspace emitted, in order. */
  events: { event: string; payload: unknown }[]
  /** Closes the workspace and removes its folder. */
  close(): Promise<void>
}

/**
 * Opens an {@link OfflineWorkspace} in a temporary folder with a memory store and a
 * `FakeService` of one agenda with three documents (user 7, the service's clock, no fsync,
 * a one-minute undo window); `extra` options replace those (e.g. the user's name).
 */
export async function openTestWorkspace(extra: Partial<WorkspaceOptions> = {}): Promise<TestWorkspace> {
  const dir = await mkdtemp(join(tmpdir(), 'docket-app-'))
  const service = new FakeService({ agendas: 1, documentsPerAgenda: 3 })
  const events: { event: string; payload: unknown }[] = []
  const workspace = await openWorkspace({
    dir,
    client: service,
    userId: 7,
    level: new MemoryLevel<string, unknown>({ valueEncoding: 'json' }) as unknown as Level,
    clock: () => new Date(service.now()),
    emit: (event, payload) => events.push({ event, payload }),
    options: { durableWrites: false, undoWindowMs: 60_000, longUndoWindowMs: 60_000 },
    ...extra,
  })
  return {
    workspace,
    service,
    events,
    async close() {
      await workspace.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/**
 * Opens a fresh {@link openTestWorkspace} before each test of the file and closes it after;
 * returns a getter for the current one.
 */
export function useTestWorkspace(): () => TestWorkspace {
  let current: TestWorkspace | null = null
  beforeEach(async () => {
    current = await openTestWorkspace()
  })
  afterEach(async () => {
    await current?.close()
    current = null
  })
  return () => {
    if (!current) throw new Error('useTestWorkspace: no test is running')
    return current
  }
}
