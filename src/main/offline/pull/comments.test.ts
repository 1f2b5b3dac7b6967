import { describe, expect, it } from 'vitest'
import { useWorkspaceHarness } from '../testing/workspaceHarness'

const h = useWorkspaceHarness()

describe('comments pull', () => {
  it('a delta drops the stored comments of a document whose last comment was deleted on the service', async () => {
    const ws = await h.workspace()
    const [first, second] = h.agendaOneIds()
    const { uuid } = await h.service.createComment(first!, 'kept until deleted')
    await h.service.createComment(second!, 'stays')
    await ws.syncNow()
    expect((await ws.listComments(first!)).map((c) => c.uuid)).toEqual([uuid])
    await h.service.deleteComment(first!, uuid)
    h.service.touch(first!, {})
    await ws.syncNow()
    expect(ws.status().lastError).toBeNull()
    expect(await ws.listComments(first!)).toEqual([])
    expect((await ws.listComments(second!)).map((c) => c.text)).toEqual(['stays'])
  })
})
