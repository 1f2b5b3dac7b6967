import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useWorkspaceHarness } from './testing/workspaceHarness'

const h = useWorkspaceHarness()

describe('retention', () => {
  it('a full pull sweeps old exported documents it did not list (here: of an agenda no longer in the account)', async () => {
    const ws = await h.workspace({ retentionDays: 10 })
    const [other] = [...h.service.documents.values()].filter((d) => d.agenda_id === 2).map((d) => d.id)
    h.service.touch(other!, { state: 'exported' })
    await ws.syncNow()
    expect((await ws.getDocument(other!))?.state).toBe('exported')
    h.service.agendas = h.service.agendas.filter((a) => a.id !== 2)
    h.service.tick(11 * 86_400_000)
    await ws.syncNow()
    expect(await ws.getDocument(other!)).toBeNull()
    expect(await ws.listDocuments(1)).toHaveLength(3)
  })

  it('exported and archived documents older than the retention period leave the cache', async () => {
    const ws = await h.workspace({ retentionDays: 10 })
    const [a, b, c] = h.agendaOneIds()
    h.service.touch(a!, { state: 'exported' })
    h.service.touch(b!, { state: 'ready' })
    await ws.syncNow()
    await ws.getPreview(a!)
    h.service.tick(11 * 86_400_000)
    h.service.touch(c!, { state: 'exported' })
    await ws.syncNow()
    expect(await ws.getDocument(a!)).toBeNull()
    expect(await ws.getDocument(b!)).not.toBeNull()
    expect(await ws.getDocument(c!)).not.toBeNull()
    expect(await readdir(join(h.dir, 'previews'))).toEqual([])
  })

  it('an archived document stays cached through full pulls (the Archived tab) until the retention period ends', async () => {
    const ws = await h.workspace({ retentionDays: 10, fullPullIntervalMs: 1_000 })
    await ws.syncNow()
    const [a] = h.agendaOneIds()
    await ws.enqueue({ kind: 'documents.archive', documentId: a! })
    await ws.syncNow()
    expect(h.service.count('archiveDocument')).toBe(1)
    const archived = async () => {
      const ids: number[] = []
      await ws.forEachDocument(1, (doc) => doc.local.archived && ids.push(doc.id), { archived: true })
      return ids
    }
    h.service.tick(86_400_000)
    await ws.syncNow() // a full pull: the service no longer lists it
    expect(await ws.getDocument(a!)).toMatchObject({ id: a, local: { archived: true } })
    expect(await archived()).toEqual([a])
    expect((await ws.listDocuments(1)).map((d) => d.id)).not.toContain(a)
    h.service.tick(10 * 86_400_000)
    await ws.syncNow()
    expect(await ws.getDocument(a!)).toBeNull()
    expect(await archived()).toEqual([])
  })
})
