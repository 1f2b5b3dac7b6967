import { beforeEach, describe, expect, it } from 'vitest'
import type { Handlers } from '../router'
import { FakeWorkspace, seededWorkspace } from '../testing/fakeWorkspace'
import { routerCall } from '../testing/routerCall'
import { createTriageHandlers } from '../triage'

let workspace: FakeWorkspace
let call: (channel: string, input: unknown) => Promise<unknown>

beforeEach(() => {
  workspace = seededWorkspace()
  call = routerCall(createTriageHandlers(() => workspace) as Handlers)
})

describe('comments', () => {
  it('adds, edits and deletes a comment through the outbox', async () => {
    workspace.addComment(10, { uuid: 'c-1', text: 'First', created_at: '2026-01-02T00:00:00Z', author_id: 1 })
    await call('comments.create', { documentId: 10, text: '  Second  ' })
    type Listed = { comments: { uuid: string; text: string; local?: { pending: boolean } }[] }
    let { comments } = (await call('comments.list', { documentId: 10 })) as Listed
    expect(comments.map((c) => c.text)).toEqual(['First', 'Second'])
    expect(comments[1]?.local?.pending).toBe(true)
    await call('comments.update', { documentId: 10, uuid: 'c-1', text: 'First, edited' })
    await call('comments.delete', { documentId: 10, uuid: comments[1]!.uuid })
    ;({ comments } = (await call('comments.list', { documentId: 10 })) as Listed)
    expect(comments.map((c) => c.text)).toEqual(['First, edited'])
  })
  it('refuses an empty comment', async () => {
    await expect(call('comments.create', { documentId: 10, text: '   ' })).rejects.toMatchObject({ code: 'validation' })
  })
  it('refuses a comment on a document that is not cached', async () => {
    await expect(call('comments.create', { documentId: 999, text: 'x' })).rejects.toMatchObject({ code: 'not_found' })
  })
})
