import { describe, expect, it } from 'vitest'
import type { Agenda } from '../../shared/api/agenda'
import { OPENED_RECENTLY_MS } from './offlineCopies'
import { useWorkspaceHarness } from './testing/workspaceHarness'

const h = useWorkspaceHarness()

/**
 * The agendas and their offline settings are kept between reads (workspace.ts, keptRead): each
 * change below must show in the very next read all the same.
 */
describe('workspace agendas, kept between reads', () => {
  it('answers the same agendas while nothing is written, and never lets a caller change them', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    const first = await ws.listAgendas()
    const again = await ws.listAgendas()
    expect(again).not.toBe(first)
    expect(again[0]).toBe(first[0])
    expect(() => {
      ;(first[0] as { name: string }).name = 'Changed'
    }).toThrow(TypeError)
    first.pop()
    expect((await ws.listAgendas()).map((a) => [a.id, a.name])).toEqual([
      [1, 'Agenda 1'],
      [2, 'Agenda 2'],
    ])
  })

  it('shows an agenda created or renamed offline at once, and drops it again on undo', async () => {
    const ws = await h.workspace({ undoWindowMs: 60_000, longUndoWindowMs: 60_000 })
    await ws.syncNow()
    expect((await ws.listAgendas()).map((a) => a.id)).toEqual([1, 2])
    h.service.offline = true
    const created = await ws.enqueue({ kind: 'agendas.create', agenda: { name: 'New client', home_currency: 'EUR' } })
    expect((await ws.listAgendas()).map((a) => a.name)).toEqual(['Agenda 1', 'Agenda 2', 'New client'])
    const renamed = await ws.enqueue({ kind: 'agendas.update', agendaId: 2, attrs: { name: 'Renamed' } })
    expect((await ws.listAgendas()).map((a) => a.name)).toEqual(['Agenda 1', 'Renamed', 'New client'])
    await ws.undo(renamed.id)
    expect((await ws.listAgendas()).map((a) => a.name)).toEqual(['Agenda 1', 'Agenda 2', 'New client'])
    await ws.undo(created.id)
    expect((await ws.listAgendas()).map((a) => a.name)).toEqual(['Agenda 1', 'Agenda 2'])
  })

  it('shows the agendas a pull added or removed', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    expect((await ws.listAgendas()).map((a) => a.id)).toEqual([1, 2])
    h.service.agendas.push({ id: 3, name: 'Agenda 3', home_currency: 'EUR' } as Agenda)
    await ws.syncNow()
    expect((await ws.listAgendas()).map((a) => a.id)).toEqual([1, 2, 3])
    h.service.agendas = h.service.agendas.filter((a) => a.id !== 1)
    await ws.syncNow()
    expect((await ws.listAgendas()).map((a) => a.id)).toEqual([2, 3])
  })

  it('shows offline settings as soon as they are written, and the 30 days running out without a write', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    expect((await ws.agendaOfflineSettings()).get(1)).toBeUndefined()
    await ws.noteAgendaOpened(1)
    expect((await ws.agendaOfflineSettings()).get(1)).toEqual({ availableOffline: true, keepOriginalsOffline: false })
    await ws.setAgendaOffline(1, { keepOriginalsOffline: true })
    expect((await ws.agendaOfflineSettings()).get(1)).toEqual({ availableOffline: true, keepOriginalsOffline: true })
    h.service.tick(OPENED_RECENTLY_MS + 1)
    expect((await ws.agendaOfflineSettings()).get(1)).toEqual({ availableOffline: false, keepOriginalsOffline: true })
  })

  it('reads another account’s store afresh: nothing kept crosses workspaces', async () => {
    const first = await h.workspace()
    await first.syncNow()
    expect((await first.listAgendas()).map((a) => a.id)).toEqual([1, 2])
    await first.close()
    h.open.splice(0)
    h.service.agendas.push({ id: 9, name: 'Other', home_currency: 'EUR' } as Agenda)
    const second = await h.workspace()
    await second.syncNow()
    expect((await second.listAgendas()).map((a) => a.id)).toEqual([1, 2, 9])
  })
})
