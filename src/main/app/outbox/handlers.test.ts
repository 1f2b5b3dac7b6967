import { describe, expect, it } from 'vitest'
import { channels } from '../../../shared/ipc'
import { useTestWorkspace } from '../testing/offlineWorkspace'
import { createOutboxHandlers } from './handlers'

const context = { senderUrl: 'app://docket/index.html' }
const current = useTestWorkspace()

describe('outbox handlers', () => {
  it('list the entries not yet sent with a description, and undo one', async () => {
    const handlers = createOutboxHandlers(() => current().workspace)
    await current().workspace.syncNow()
    const [doc] = await current().workspace.listDocuments(1)
    const entry = await current().workspace.enqueue({ kind: 'documents.archive', documentId: doc!.id })
    const list = channels['outbox.list'].output.parse(await handlers['outbox.list']({}, context))
    expect(list.entries).toEqual([
      expect.objectContaining({ id: entry.id, status: 'pending', description: `Archive #${doc!.id}` }),
    ])
    await handlers['outbox.undo']({ entryId: entry.id }, context)
    expect((await handlers['outbox.list']({}, context)).entries).toEqual([])
  })

  it('pass the workspace error codes through (no such entry; discard of an entry that did not fail)', async () => {
    const handlers = createOutboxHandlers(() => current().workspace)
    await expect(handlers['outbox.retry']({ entryId: 'nope' }, context)).rejects.toMatchObject({ code: 'not_found' })
    await current().workspace.syncNow()
    const [doc] = await current().workspace.listDocuments(1)
    const entry = await current().workspace.enqueue({ kind: 'documents.archive', documentId: doc!.id })
    await expect(handlers['outbox.discard']({ entryId: entry.id }, context)).rejects.toMatchObject({
      code: 'not_failed',
    })
  })
})
