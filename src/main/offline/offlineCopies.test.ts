import { describe, expect, it, vi } from 'vitest'
import type { OfflineWorkspace } from './workspace'
import { isAvailableOffline, OPENED_RECENTLY_MS } from './offlineCopies'
import { Store } from './store'
import { useWorkspaceHarness } from './testing/workspaceHarness'

const h = useWorkspaceHarness()

/** Waits until the offline copies of the workspace rest (not running), at most 2 s. */
async function copiesSettled(ws: OfflineWorkspace): Promise<{ done: number; total: number }> {
  for (let i = 0; i < 200; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10))
    const copies = ws.status().offlineCopies
    if (!copies.running && copies.total > 0 && copies.done === copies.total) return copies
  }
  return ws.status().offlineCopies
}

/** The document ids whose preview the service was asked for, in order. */
function previewCalls(): number[] {
  return h.service.calls.filter((c) => c.startsWith('getPreview:')).map((c) => Number(/(\d+)\.png/.exec(c)![1]))
}

describe('isAvailableOffline', () => {
  const now = Date.parse('2026-11-24T12:00:00Z')
  const opened = (msAgo: number) => ({ openedAt: new Date(now - msAgo).toISOString() })

  it('is the choice when made; else opened within the last 30 days', () => {
    expect(isAvailableOffline({}, now)).toBe(false)
    expect(isAvailableOffline(opened(OPENED_RECENTLY_MS - 1), now)).toBe(true)
    expect(isAvailableOffline(opened(OPENED_RECENTLY_MS + 1), now)).toBe(false)
    expect(isAvailableOffline({ ...opened(0), availableOffline: false }, now)).toBe(false)
    expect(isAvailableOffline({ availableOffline: true }, now)).toBe(true)
  })
})

describe('offline copies', () => {
  it('after a pull, copies the preview of every review document of the agendas opened, newest first, at background priority', async () => {
    h.service.addDocument(1, 'exported')
    h.service.addDocument(1, 'repairing')
    h.service.addDocument(1, 'ready')
    h.service.addDocument(1, 'extracting')
    const turns: unknown[] = []
    const getPreview = h.service.getPreview
    h.service.getPreview = (path: string, turn?: unknown) => {
      turns.push(turn)
      return getPreview(path)
    }
    const ws = await h.workspace()
    await ws.noteAgendaOpened(1)
    ws.start()
    expect(await copiesSettled(ws)).toEqual({ done: 5, total: 5, running: false, stopped: null })
    const review = [...h.service.documents.values()]
      .filter((d) => d.agenda_id === 1 && ['not_ready', 'ready', 'repairing'].includes(d.state))
      .map((d) => d.id)
      .sort((a, b) => b - a)
    expect(previewCalls()).toEqual(review)
    expect(turns.every((t) => (t as { priority?: string }).priority === 'background')).toBe(true)
    // Offline now, every one of them reads from the cache.
    h.service.offline = true
    for (const id of review) expect(await ws.getPreview(id)).not.toBeNull()
    expect((await ws.agendaOfflineSettings()).get(1)).toEqual({ availableOffline: true, keepOriginalsOffline: false })
  })

  it('follows the toggles: an agenda turned off is not copied, one turned on copies its originals when asked', async () => {
    const ws = await h.workspace()
    await ws.noteAgendaOpened(1)
    await ws.setAgendaOffline(1, { availableOffline: false })
    await ws.setAgendaOffline(2, { availableOffline: true, keepOriginalsOffline: true })
    ws.start()
    expect(await copiesSettled(ws)).toMatchObject({ done: 6, total: 6 })
    const agendaTwo = [...h.service.documents.values()].filter((d) => d.agenda_id === 2).map((d) => d.id)
    expect(previewCalls().sort()).toEqual([...agendaTwo].sort())
    expect(h.service.count('getOriginalFile')).toBe(3)
    // The originals copied are hashed (the duplicate check compares their bytes); agenda 1's, never fetched, are not.
    for (const id of agendaTwo) expect((await ws.getDocument(id))!.local.contentSha256).toMatch(/^[0-9a-f]{64}$/)
    for (const id of h.agendaOneIds()) expect((await ws.getDocument(id))!.local.contentSha256).toBeUndefined()
    expect(await ws.agendaOfflineSettings()).toEqual(
      new Map([
        [1, { availableOffline: false, keepOriginalsOffline: false }],
        [2, { availableOffline: true, keepOriginalsOffline: true }],
      ]),
    )
  })

  it('copies an agenda opened after the last pull at once, without waiting for the next pull', async () => {
    const ws = await h.workspace({ pullIntervalMs: 600_000 })
    ws.start()
    await ws.syncNow()
    const pulls = h.service.count('listAgendas')
    expect(ws.status().offlineCopies.total).toBe(0)
    await ws.noteAgendaOpened(1)
    expect(await copiesSettled(ws)).toMatchObject({ done: 3, total: 3 })
    expect(h.service.count('listAgendas')).toBe(pulls)
  })

  it('copies an agenda opened while a run copies another one right after that run', async () => {
    const getPreview = h.service.getPreview
    h.service.getPreview = async (path: string) => {
      await new Promise((resolve) => setTimeout(resolve, 20))
      return getPreview(path)
    }
    const ws = await h.workspace({ pullIntervalMs: 600_000 })
    await ws.noteAgendaOpened(2)
    ws.start()
    while (!ws.status().offlineCopies.running) await new Promise((resolve) => setTimeout(resolve, 1))
    const pulls = h.service.count('listAgendas')
    await ws.noteAgendaOpened(1)
    expect(ws.status().offlineCopies).toMatchObject({ total: 3, running: true })
    expect(await copiesSettled(ws)).toMatchObject({ done: 6, total: 6 })
    expect(h.service.count('listAgendas')).toBe(pulls)
  })

  it('keeps at most 2 copies in flight', async () => {
    for (let i = 0; i < 10; i++) h.service.addDocument(1)
    let inFlight = 0
    let peak = 0
    const getPreview = h.service.getPreview
    h.service.getPreview = async (path: string) => {
      peak = Math.max(peak, ++inFlight)
      await new Promise((resolve) => setTimeout(resolve, 5))
      inFlight--
      return getPreview(path)
    }
    const ws = await h.workspace()
    await ws.noteAgendaOpened(1)
    ws.start()
    expect(await copiesSettled(ws)).toMatchObject({ done: 13, total: 13 })
    expect(peak).toBe(2)
  })

  it('pauses while offline and resumes when the service answers again', async () => {
    const ws = await h.workspace({ backoffBaseMs: 20, backoffMaxMs: 40 })
    await ws.syncNow()
    h.service.offline = true
    await ws.noteAgendaOpened(1)
    ws.start()
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(ws.status()).toMatchObject({ connection: 'offline', offlineCopies: { done: 0, running: false } })
    h.service.offline = false
    expect(await copiesSettled(ws)).toMatchObject({ done: 3, total: 3 })
    expect(ws.status().connection).toBe('online')
  })

  it('says why copies still missing wait: paused while signed out, waiting while offline', async () => {
    const ws = await h.workspace({ backoffBaseMs: 20, backoffMaxMs: 40 })
    const { ApiError } = await import('../api/errors')
    h.service.failNext('getPreview', new ApiError('server', 'Internal Server Error', { status: 500 }))
    await ws.noteAgendaOpened(1)
    ws.start()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(ws.status().offlineCopies).toMatchObject({ done: 2, total: 3, stopped: 'failing' })
    h.service.offline = true
    await ws.syncNow()
    expect(ws.status().offlineCopies).toMatchObject({ done: 2, total: 3, stopped: 'waiting' })
    ws.pause({ code: 'reauth_required', message: 'Sign in again.' })
    expect(ws.status().offlineCopies).toMatchObject({ done: 2, total: 3, stopped: 'paused' })
  })

  it('plans again after a pull that changed documents, not after a quiet one once every file is copied', async () => {
    const ws = await h.workspace({ pullIntervalMs: 600_000 })
    await ws.noteAgendaOpened(1)
    ws.start()
    expect(await copiesSettled(ws)).toMatchObject({ done: 3, total: 3 })
    // Planning reads the offline settings first: each read is one plan.
    const plans = vi.spyOn(Store.prototype, 'agendaOfflineSettings')
    await ws.syncNow()
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(plans).not.toHaveBeenCalled()
    h.service.addDocument(1, 'ready')
    await ws.syncNow()
    expect(await copiesSettled(ws)).toMatchObject({ done: 4, total: 4 })
    expect(plans).toHaveBeenCalledTimes(1)
    plans.mockRestore()
  })

  it('does not plan again after a quiet pull when the cache is full of review documents', async () => {
    // Previews of 100 bytes: two fit, the third would push out another review document's.
    const ws = await h.workspace({ pullIntervalMs: 600_000, cacheCapBytes: 250 })
    await ws.noteAgendaOpened(1)
    ws.start()
    for (let i = 0; i < 100 && !(ws.status().offlineCopies.done >= 2 && !ws.status().offlineCopies.running); i++)
      await new Promise((resolve) => setTimeout(resolve, 10))
    expect(ws.status().offlineCopies).toMatchObject({ total: 3, running: false, stopped: 'full' })
    const asked = previewCalls().length
    const plans = vi.spyOn(Store.prototype, 'agendaOfflineSettings')
    await ws.syncNow()
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(plans).not.toHaveBeenCalled()
    expect(previewCalls()).toHaveLength(asked)
    plans.mockRestore()
  })

  it('skips a preview the service fails and copies the rest', async () => {
    const ws = await h.workspace()
    const { ApiError } = await import('../api/errors')
    h.service.failNext('getPreview', new ApiError('server', 'Internal Server Error', { status: 500 }))
    await ws.noteAgendaOpened(1)
    ws.start()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(ws.status().offlineCopies).toMatchObject({ done: 2, total: 3, running: false, stopped: 'failing' })
    // The next pull's run tries it again.
    await ws.syncNow()
    expect(await copiesSettled(ws)).toMatchObject({ done: 3, total: 3, stopped: null })
  })
})
