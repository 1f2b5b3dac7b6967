import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ClassicLevel } from 'classic-level'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OUTBOX_JOURNAL_FILE } from './workspace'
import { openWorkspace, type OfflineWorkspace } from './workspace'
import { DAMAGES, damageStore, STORE_FILES } from './testing/damagedStore'
import { FakeService } from './testing/fakeClient'

let dir = ''
let service: FakeService
let log: string[] = []
const open: OfflineWorkspace[] = []

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docket-damage-'))
  service = new FakeService({ agendas: 1, documentsPerAgenda: 4 })
  log = []
})
afterEach(async () => {
  for (const ws of open.splice(0)) await ws.close()
  await rm(dir, { recursive: true, force: true })
})

async function workspace(): Promise<OfflineWorkspace> {
  const ws = await openWorkspace({
    dir,
    client: service,
    userId: 7,
    clock: () => new Date(service.now()),
    log: (line) => log.push(line),
    options: { undoWindowMs: 0, backoffBaseMs: 5, backoffMaxMs: 20, batchConfirmPollMs: 1 },
  })
  open.push(ws)
  return ws
}

async function close(ws: OfflineWorkspace): Promise<void> {
  await ws.close()
  open.splice(open.indexOf(ws), 1)
}

/**
 * Four actions queued offline: two written before a compaction (so they live in a `.ldb` table)
 * and two after it (in the `.log`). Creates are what a second send would double.
 */
async function queueActions(): Promise<number[]> {
  const first = await workspace()
  await first.syncNow()
  const ids = [...service.documents.keys()].sort((a, b) => b - a)
  service.offline = true
  await first.enqueue({ kind: 'comments.create', documentId: ids[0]!, text: 'Queued before' })
  await first.enqueue({ kind: 'agendas.create', agenda: { name: 'Queued agenda', home_currency: 'EUR' } })
  await close(first)
  const level = new ClassicLevel(join(dir, 'store'))
  await level.compactRange('!', '~')
  await level.close()
  const second = await workspace()
  await second.enqueue({ kind: 'comments.create', documentId: ids[1]!, text: 'Queued after' })
  await second.enqueue({ kind: 'documents.setState', items: [{ id: ids[2]!, state: 'exported' }] })
  await close(second)
  return ids
}

/** Syncs until the outbox is empty (a few rounds at most). */
async function drain(ws: OfflineWorkspace): Promise<void> {
  for (let round = 0; round < 5 && (await ws.listOutbox()).length > 0; round++) await ws.syncNow()
}

describe('a damaged store loses no queued action and sends none twice', () => {
  for (const file of STORE_FILES) {
    for (const damage of DAMAGES) {
      it(`${file}: ${damage}`, async () => {
        const ids = await queueActions()
        const names = await readdir(join(dir, 'store'))
        expect(names.some((n) => n.endsWith('.ldb'))).toBe(true)
        await damageStore(join(dir, 'store'), file, damage)

        service.offline = false
        service.calls = []
        const ws = await workspace()
        await drain(ws)

        expect(await ws.listOutbox()).toEqual([])
        expect(service.comments.filter((c) => c.text === 'Queued before')).toHaveLength(1)
        expect(service.comments.filter((c) => c.text === 'Queued after')).toHaveLength(1)
        expect(service.agendas.filter((a) => a.name === 'Queued agenda')).toHaveLength(1)
        expect(service.documents.get(ids[2]!)?.state).toBe('exported')
        expect(service.count('createComment')).toBe(2)
        expect(service.count('createAgendas')).toBe(1)
        // The cache is whole again after the sync, whatever the damage took.
        expect((await ws.listDocuments(1)).map((d) => d.id).sort()).toEqual(ids.slice().sort())
      })
    }
  }

  it('a store moved aside is named in the recovery and the log, and kept', async () => {
    await queueActions()
    for (const kind of STORE_FILES) await damageStore(join(dir, 'store'), kind, 'garbage')
    const ws = await workspace()
    const recovery = ws.recovery()
    expect(recovery?.store?.kind).toMatch(/repaired|rebuilt/)
    if (recovery?.store?.kind === 'rebuilt') {
      expect(recovery.store.movedTo).toContain('store.damaged-')
      expect(await readdir(recovery.store.movedTo!)).not.toEqual([])
      expect(log.join('\n')).toContain(recovery.store.movedTo!)
    }
    expect(recovery?.restoredActions).toBeGreaterThan(0)
  })

  it('a start with nothing damaged recovers nothing and keeps the journal beside the store', async () => {
    await queueActions()
    const ws = await workspace()
    expect(ws.recovery()).toBeNull()
    expect(await readdir(dir)).toContain(OUTBOX_JOURNAL_FILE)
    expect(await ws.listOutbox()).toHaveLength(4)
  })
})
