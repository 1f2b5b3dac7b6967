import { describe, expect, it } from 'vitest'
import { FakeService } from './testing/fakeClient'
import { useWorkspaceHarness } from './testing/workspaceHarness'

const h = useWorkspaceHarness()
/** The intervals, short so the test runs in real time (the workspace's clock is the fake service's). */
const BASE = 200
const MAX = 2_000

/** The agenda ids and `modified_since` of the listings asked since the calls were last cleared. */
function listings(service: FakeService): { agendaId: number; modifiedSince?: string }[] {
  return service.calls
    .filter((c) => c.startsWith('listDocumentPages:'))
    .map((c) => JSON.parse(c.slice('listDocumentPages:'.length)) as { agendaId: number; modifiedSince?: string })
}

describe('background pulls', () => {
  it('list only the agendas due: the open one every minute, the others later, each from its own last listing', async () => {
    h.service = new FakeService({ agendas: 3, documentsPerAgenda: 2 })
    const ws = await h.workspace({ pullIntervalMs: BASE, maxPullIntervalMs: MAX, overlapMs: 5_000 })
    ws.start()
    await expect.poll(() => ws.status().lastSyncAt, { timeout: 5_000 }).not.toBeNull()
    const firstPull = Date.parse(ws.status().lastSyncAt!)
    ws.noteActivity(1)
    h.service.calls = []
    h.service.tick(BASE + 1)
    // The next background cycle comes within BASE ms of real time.
    await expect.poll(() => listings(h.service).length, { timeout: 5_000 }).toBeGreaterThan(0)
    expect(listings(h.service).map((l) => l.agendaId)).toEqual([1])
    const openPull = Date.parse(ws.status().lastSyncAt!)
    expect(openPull).toBeGreaterThan(firstPull)

    h.service.calls = []
    h.service.tick(MAX)
    await expect.poll(() => listings(h.service).length, { timeout: 5_000 }).toBe(3)
    const since = new Map(listings(h.service).map((l) => [l.agendaId, Date.parse(l.modifiedSince!)]))
    expect(since.get(1)).toBe(openPull - 5_000)
    expect(since.get(2)).toBe(firstPull - 5_000)
    expect(since.get(3)).toBe(firstPull - 5_000)
  })
})

describe('a service-wide wait', () => {
  it('shows in the status as the service failing until when it asked us to wait, and is announced at once', async () => {
    let hold: { untilMs: number; requestedMs: number } | null = null
    let tell: ((holdOff: { untilMs: number; requestedMs: number }) => void) | undefined
    const service = h.service as FakeService & Partial<Record<'serviceHoldOff' | 'onServiceHoldOff', unknown>>
    service.serviceHoldOff = () => hold
    service.onServiceHoldOff = (listener: typeof tell) => {
      tell = listener
      return () => (tell = undefined)
    }
    const ws = await h.workspace()
    await ws.syncNow()
    expect(ws.status()).toMatchObject({ connection: 'online', waitUntil: null })
    hold = { untilMs: Date.parse(h.service.now()) + 30_000, requestedMs: 30_000 }
    h.events = []
    tell!(hold)
    const announced = h.events.filter((e) => e.event === 'sync.status').at(-1)?.payload
    const expected = { connection: 'service_failing', waitUntil: new Date(hold.untilMs).toISOString() }
    expect(announced).toMatchObject(expected)
    expect(ws.status()).toMatchObject(expected)
    hold = null
    expect(ws.status()).toMatchObject({ connection: 'online', waitUntil: null })
  })
})
