import { describe, expect, it } from 'vitest'
import { agendaSince, nextCursor, planPull } from './cursor'
import { useWorkspaceHarness } from '../testing/workspaceHarness'

const h = useWorkspaceHarness()

describe('pull cursor', () => {
  it('asks for deltas with modified_since minus the overlap after the first full pull', async () => {
    const ws = await h.workspace({ overlapMs: 5_000 })
    await ws.syncNow()
    const firstPullAt = ws.status().lastSyncAt!
    h.service.calls = []
    const [id] = h.agendaOneIds()
    h.service.touch(id!, { state: 'ready' })
    await ws.syncNow()
    const delta = h.service.calls.find((c) => c.startsWith('listDocumentPages:') && c.includes('"agendaId":1'))!
    const sent = JSON.parse(delta.slice('listDocumentPages:'.length)) as { modifiedSince: string }
    expect(Date.parse(sent.modifiedSince)).toBe(Date.parse(firstPullAt) - 5_000)
    expect((await ws.getDocument(id!))!.state).toBe('ready')
  })
})

describe('planPull and nextCursor', () => {
  const options = { fullPullIntervalMs: 6 * 3_600_000, overlapMs: 5_000 }
  const cursor = {
    lastPullAt: '2026-11-22T10:00:00.000Z',
    lastFullPullAt: '2026-11-22T08:00:00.000Z',
    agendaIds: [1, 2],
  }

  it('pulls in full the first time and when the last full pull is older than fullPullIntervalMs', () => {
    expect(planPull(undefined, new Date('2026-11-22T10:01:00Z'), options)).toEqual({ full: true })
    expect(planPull(cursor, new Date('2026-11-22T14:00:00.001Z'), options)).toEqual({ full: true })
  })

  it('otherwise asks for a delta from the last pull minus the overlap', () => {
    expect(planPull(cursor, new Date('2026-11-22T10:01:00Z'), options)).toEqual({
      full: false,
      modifiedSince: new Date('2026-11-22T09:59:55.000Z'),
    })
  })

  it('a complete pull moves the cursor to its start; a delta keeps the time of the last full pull', () => {
    const at = new Date('2026-11-22T10:01:00Z')
    expect(nextCursor(cursor, at, { full: false }, [1])).toEqual({
      lastPullAt: at.toISOString(),
      lastFullPullAt: cursor.lastFullPullAt,
      agendaIds: [1],
    })
    expect(nextCursor(cursor, at, { full: true }, [1, 3]).lastFullPullAt).toBe(at.toISOString())
  })

  it('an agenda a pull did not list keeps the time of its own last listing, and its delta reaches back to it', () => {
    const first = new Date('2026-11-22T10:01:00Z')
    const scoped = nextCursor(cursor, first, { full: false }, [1, 2], new Set([1]))
    expect(scoped.agendaPulledAt).toEqual({ '2': cursor.lastPullAt })
    expect(agendaSince(scoped, 1, 5_000)).toEqual(new Date('2026-11-22T10:00:55Z'))
    expect(agendaSince(scoped, 2, 5_000)).toEqual(new Date('2026-11-22T09:59:55Z'))
    const later = nextCursor(scoped, new Date('2026-11-22T10:02:00Z'), { full: false }, [1, 2], new Set([1]))
    expect(later.agendaPulledAt).toEqual({ '2': cursor.lastPullAt })
    const all = nextCursor(later, new Date('2026-11-22T10:03:00Z'), { full: false }, [1, 2], new Set([1, 2]))
    expect(all.agendaPulledAt).toBeUndefined()
  })
})
