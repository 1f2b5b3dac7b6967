import { describe, expect, it, vi } from 'vitest'
import { useWorkspaceHarness } from './testing/workspaceHarness'

const h = useWorkspaceHarness()

describe('sync engine', () => {
  it('the background loop retries with backoff while offline and pushes on enqueue', async () => {
    const ws = await h.workspace({ pullIntervalMs: 60_000 })
    await ws.syncNow()
    h.service.offline = true
    ws.start()
    const [id] = h.agendaOneIds()
    await ws.enqueue({ kind: 'documents.setState', items: [{ id: id!, state: 'ready' }] })
    await ws.syncNow()
    expect(ws.status().online).toBe(false)
    h.service.offline = false
    await expect.poll(() => h.service.documents.get(id!)!.state, { timeout: 5_000 }).toBe('ready')
    await expect.poll(() => ws.status().pending, { timeout: 5_000 }).toBe(0)
  })

  it('close() leaves no timer behind: not the loop, the repair poll, nor the wake-up of an entry held back', async () => {
    const ws = await h.workspace({ undoWindowMs: 3_000, longUndoWindowMs: 10_000 })
    await ws.syncNow()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      ws.start()
      const [id] = h.agendaOneIds()
      // Held back by the undo window: the push asks to be woken when it ends.
      await ws.enqueue({ kind: 'documents.archive', documentId: id! })
      await ws.syncNow()
      expect(vi.getTimerCount()).toBe(3)
      await ws.close()
      h.open.splice(0)
      expect(vi.getTimerCount()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })
})
