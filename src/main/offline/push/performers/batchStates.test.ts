import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../api/errors'
import { useWorkspaceHarness } from '../../testing/workspaceHarness'

const h = useWorkspaceHarness()

describe('batch state updates', () => {
  it('confirms a batch update by re-reading the documents until applied', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    const ids = h.agendaOneIds()
    h.service.batchDelayPolls = 3
    await ws.enqueue({ kind: 'documents.setState', items: ids.map((id) => ({ id, state: 'exported' })) })
    expect((await ws.listDocuments(1)).every((d) => d.state === 'exported')).toBe(true)
    await ws.syncNow()
    expect(await ws.listOutbox()).toEqual([])
    expect(ids.every((id) => h.service.documents.get(id)!.state === 'exported')).toBe(true)
    // Confirmed by single pages of ids[] (not by listDocuments, which reads 4 pages at once).
    expect(
      h.service.calls.filter((c) => c.startsWith('listDocumentsPage:') && c.includes('"ids"')).length,
    ).toBeGreaterThanOrEqual(3)
    expect(h.service.calls.filter((c) => c.startsWith('listDocuments:') && c.includes('"ids"'))).toEqual([])
  })

  it('once the service answered a batch update, read errors while confirming neither count as attempts nor re-send it', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    const ids = h.agendaOneIds()
    h.service.batchDelayPolls = 3
    // More failed reads after the 200 than maxTransientAttempts (8): the 10% 500s of the sandbox.
    const patch = h.service.setDocumentStates
    h.service.setDocumentStates = async (entries) => {
      const answer = await patch(entries)
      h.service.idReadFaults.push(
        ...Array.from({ length: 10 }, () => new ApiError('server', 'Internal error', { status: 500 })),
      )
      return answer
    }
    await ws.enqueue({ kind: 'documents.setState', items: ids.map((id) => ({ id, state: 'exported' })) })
    await ws.syncNow()
    expect(await ws.listOutbox()).toEqual([])
    expect(h.service.count('setDocumentStates')).toBe(1)
    expect(ids.every((id) => h.service.documents.get(id)!.state === 'exported')).toBe(true)
    expect((await ws.listDocuments(1)).every((d) => d.state === 'exported')).toBe(true)
  })

  it('reads a batch of n documents in at most ceil(n/50) pages per poll', async () => {
    for (let i = 0; i < 117; i++) h.service.addDocument(1)
    const ws = await h.workspace()
    await ws.syncNow()
    const ids = h.agendaOneIds()
    expect(ids).toHaveLength(120)
    h.service.batchDelayPolls = 1
    h.service.calls = []
    await ws.enqueue({ kind: 'documents.setState', items: ids.map((id) => ({ id, state: 'ready' })) })
    await ws.syncNow()
    expect(await ws.listOutbox()).toEqual([])
    const pagesBeforePatch = h.service.calls.findIndex((c) => c.startsWith('setDocumentStates:'))
    // one read before the request (which documents need it), one after (confirm): 3 pages each
    expect(h.service.calls.slice(0, pagesBeforePatch).filter((c) => c.startsWith('listDocumentsPage:'))).toHaveLength(3)
    expect(h.service.calls.slice(pagesBeforePatch).filter((c) => c.startsWith('listDocumentsPage:'))).toHaveLength(3)
  })

  it('a batch update leaves out documents already in their state, so its late job cannot undo a later action', async () => {
    const ws = await h.workspace()
    const [a, b] = h.agendaOneIds()
    h.service.touch(a!, { state: 'exported' })
    await ws.syncNow()
    h.service.batchDelayPolls = 2
    await ws.enqueue({
      kind: 'documents.setState',
      items: [
        { id: a!, state: 'exported' },
        { id: b!, state: 'ready' },
      ],
    })
    await ws.enqueue({ kind: 'documents.setState', items: [{ id: a!, state: 'ready' }] })
    await ws.syncNow()
    expect(await ws.listOutbox()).toEqual([])
    h.service.applyBatches() // any job still queued at the service runs now
    expect(h.service.documents.get(a!)!.state).toBe('ready')
    expect(h.service.documents.get(b!)!.state).toBe('ready')
    expect(h.service.calls.filter((c) => c.startsWith('setDocumentStates:'))).toEqual(['setDocumentStates:1'])
  })

  it('a batch update whose answer was lost waits for its queued job instead of sending it again', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    const ids = h.agendaOneIds()
    h.service.batchDelayPolls = 3
    h.service.failNext('setDocumentStates', new ApiError('unknown_outcome', 'lost after sending'), true)
    await ws.enqueue({ kind: 'documents.setState', items: ids.map((id) => ({ id, state: 'exported' })) })
    await ws.syncNow()
    await ws.syncNow()
    expect(await ws.listOutbox()).toEqual([])
    expect(h.service.count('setDocumentStates')).toBe(1)
    expect(ids.every((id) => h.service.documents.get(id)!.state === 'exported')).toBe(true)
  })

  it('fails a batch update that is not applied in time (not_confirmed) and rolls it back', async () => {
    const ws = await h.workspace({ batchConfirmTimeoutMs: 20, batchConfirmPollMs: 5 })
    await ws.syncNow()
    const ids = h.agendaOneIds()
    const clockStart = Date.now()
    // the fake service clock does not move by itself; move it with real time for the deadline
    const ws2 = ws
    h.service.batchDelayPolls = 0
    const tick = setInterval(() => h.service.tick(10), 2)
    await ws2.enqueue({ kind: 'documents.setState', items: ids.map((id) => ({ id, state: 'ready' })) })
    await ws2.syncNow()
    clearInterval(tick)
    expect(Date.now() - clockStart).toBeLessThan(10_000)
    expect((await ws.listOutbox())[0]).toMatchObject({ status: 'failed', error: { code: 'not_confirmed' } })
    expect((await ws.listDocuments(1)).every((d) => d.state === 'not_ready')).toBe(true)
  })
})
