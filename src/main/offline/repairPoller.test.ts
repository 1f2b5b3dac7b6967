import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/errors'
import { useWorkspaceHarness } from './testing/workspaceHarness'

const h = useWorkspaceHarness()

describe('repair poller', () => {
  it('polls documents in repair until the review ends and tells the renderer', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    const [id] = h.agendaOneIds()
    await ws.enqueue({ kind: 'documents.repair', documentId: id! })
    await ws.syncNow()
    expect(await ws.pollRepairs()).toEqual([])
    h.service.touch(id!, { state: 'ready' })
    expect(await ws.pollRepairs()).toEqual([{ documentId: id, agendaId: 1, state: 'ready' }])
    expect(h.events.some((e) => e.event === 'documents.repairFinished')).toBe(true)
    expect(await ws.pollRepairs()).toEqual([])
  })

  it('a failed poll is reported like any request: no answer goes offline, a refused token pauses', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    const [id] = h.agendaOneIds()
    await ws.enqueue({ kind: 'documents.repair', documentId: id! })
    await ws.syncNow()
    h.service.failNext('listDocuments', new ApiError('network', 'no route'))
    expect(await ws.pollRepairs()).toEqual([])
    expect(ws.status()).toMatchObject({ online: false, paused: false, lastError: { code: 'network' } })
    h.service.failNext('listDocuments', Object.assign(new Error('Sign in again.'), { code: 'reauth_required' }))
    expect(await ws.pollRepairs()).toEqual([])
    expect(ws.status()).toMatchObject({ paused: true, lastError: { code: 'reauth_required' } })
  })
})
