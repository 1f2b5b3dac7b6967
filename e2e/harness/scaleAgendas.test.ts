import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChannelName } from '../../src/shared/ipc'
import { startHarness, type Harness } from './server'

/**
 * `npm run harness -- --agendas N --documents-per-agenda M`: a firm's N client agendas, synced
 * by the app, list exactly M documents each and N x M in All agendas (the sandbox's exported
 * documents are recent enough for the app's 30-day retention to keep them).
 */

const AGENDAS = 4
const PER_AGENDA = 70
let dir = ''
let harness: Harness

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docket-harness-scale-'))
  await writeFile(join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
  await writeFile(join(dir, 'bridge.js'), '/* bridge */')
  harness = await startHarness({
    rendererDir: dir,
    bridgeScript: join(dir, 'bridge.js'),
    userDataDir: join(dir, 'user-data'),
    credentials: 'memory',
    sandboxOptions: { admin: true, documents: 0, agendas: AGENDAS, documentsPerAgenda: PER_AGENDA },
  })
}, 60_000)
afterAll(async () => {
  await harness?.close()
  await rm(dir, { recursive: true, force: true })
})

/** Calls an IPC handler of the harness's services as the renderer would; throws on an error answer. */
async function call(channel: ChannelName, input: unknown = {}): Promise<unknown> {
  const handler = (harness.services.handlers as Record<string, (input: unknown, context: unknown) => unknown>)[channel]
  return handler!(input, { senderUrl: harness.url })
}

/** Ids of every document the app lists in `agendaId` (every tab, type and warning). */
async function listed(agendaId: number | 'all'): Promise<number[]> {
  const answer = (await call('documents.query', {
    agendaId,
    query: { queue: 'all', type: 'all', warnings: 'all', search: '', sort: { key: 'received', direction: 'desc' } },
    window: { start: 0, count: 0 },
  })) as { ids: number[] }
  return answer.ids
}

async function synced(): Promise<void> {
  const end = Date.now() + 45_000
  for (;;) {
    const status = (await call('sync.status')) as { syncing: boolean; lastSyncAt: string | null }
    if (!status.syncing && status.lastSyncAt) return
    if (Date.now() > end) throw new Error(`not synced: ${JSON.stringify(status)}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

describe('a harness seeded with a firm of client agendas', () => {
  it('lists every generated document: M in each client agenda, N x M more in All agendas', async () => {
    await synced()
    const sandbox = (await (await fetch(`${harness.sandboxUrl}/_sandbox/state`)).json()) as {
      documents: { agenda_id: number; state: string }[]
    }
    const clientAgendas = [...new Set(sandbox.documents.map((d) => d.agenda_id).filter((id) => id >= 5))]
    expect(clientAgendas).toHaveLength(AGENDAS)
    // Each client agenda has exported documents, the ones the app would drop if they were old.
    for (const id of clientAgendas)
      expect(sandbox.documents.some((d) => d.agenda_id === id && d.state === 'exported')).toBe(true)
    for (const id of clientAgendas) expect(await listed(id)).toHaveLength(PER_AGENDA)
    const demo = [1, 2, 3, 4].map((id) => listed(id).catch(() => []))
    const demoCount = (await Promise.all(demo)).reduce((sum, ids) => sum + ids.length, 0)
    expect(await listed('all')).toHaveLength(AGENDAS * PER_AGENDA + demoCount)
  }, 60_000)
})
