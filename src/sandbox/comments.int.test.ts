import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiComment } from './model'
import { startTestSandbox, type TestSandbox } from './testing'

let t: TestSandbox
beforeAll(async () => {
  t = await startTestSandbox()
})
afterAll(() => t.close())

const doc = (id: number) => t.sandbox.state().documents.find((d) => d.id === id)!
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('comments of a document', () => {
  it('POST creates: 201 with comment.uuid (a UUID) and the Comment fields; bumps comments_count and last_modified_at', async () => {
    const before = doc(2)
    const res = await t.api('POST', '/api/v1_2/documents/2/comments', { body: { comment: { text: 'Check the VAT' } } })
    expect(res.status).toBe(201)
    const c = res.body.comment
    expect(c.uuid).toMatch(UUID)
    expect(c).toMatchObject({
      links: {
        self: { href: `${t.url}/api/v1_2/documents/2/comments/${c.uuid}` },
        author: { id: 1, href: `${t.url}/api/v1_2/users/1`, name: 'Dana', surname: 'Demo', type: 'users' },
        document: { id: 2, href: `${t.url}/api/v1_2/documents/2`, type: 'documents' },
      },
      text: 'Check the VAT',
      author_id: 1,
      document_id: 2,
      state: 'created',
    })
    expect(c.created_at).toMatch(/\.\d{3}Z$/)
    const after = doc(2)
    expect(after.comments_count).toBe(before.comments_count + 1)
    expect(after.last_modified_at > before.last_modified_at).toBe(true)
  })

  it('GET lists the comments with links.self', async () => {
    await t.api('POST', '/api/v1_2/documents/3/comments', { body: { comment: { text: 'one' } } })
    await t.api('POST', '/api/v1_2/documents/3/comments', { body: { comment: { text: 'two' } } })
    const res = await t.api('GET', '/api/v1_2/documents/3/comments')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(res.body.links.self.href).toBe(`${t.url}/api/v1_2/documents/3/comments`)
    expect(res.body.comments.map((c: ApiComment) => c.text)).toEqual(['one', 'two'])
    const list = await t.api('GET', '/api/v1_2/documents?agenda_id=1&ids[]=3')
    expect(list.body.documents[0].comments_count).toBe(2)
  })

  it('PUT updates the text: 204 without body; last_modified_at of the document moves', async () => {
    const created = (await t.api('POST', '/api/v1_2/documents/4/comments', { body: { comment: { text: 'old' } } })).body
      .comment
    const before = doc(4)
    const res = await t.api('PUT', `/api/v1_2/documents/4/comments/${created.uuid}`, {
      body: { comment: { text: 'new' } },
    })
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    const list = await t.api('GET', '/api/v1_2/documents/4/comments')
    expect(list.body.comments[0].text).toBe('new')
    expect(doc(4).last_modified_at > before.last_modified_at).toBe(true)
  })

  it('DELETE: 204; the comment is no longer listed; comments_count drops; state keeps it as deleted', async () => {
    const created = (await t.api('POST', '/api/v1_2/documents/5/comments', { body: { comment: { text: 'bye' } } })).body
      .comment
    const count = doc(5).comments_count
    const res = await t.api('DELETE', `/api/v1_2/documents/5/comments/${created.uuid}`)
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    expect((await t.api('GET', '/api/v1_2/documents/5/comments')).body.comments).toEqual([])
    expect(doc(5).comments_count).toBe(count - 1)
    expect(t.sandbox.state().comments.find((c) => c.uuid === created.uuid)).toMatchObject({ deleted: true })
  })

  it('404 Comment not found for update or delete of an unknown, deleted or other document’s comment', async () => {
    const created = (await t.api('POST', '/api/v1_2/documents/6/comments', { body: { comment: { text: 'x' } } })).body
      .comment
    const unknown = '00000000-0000-4000-8000-000000000000'
    for (const [method, path] of [
      ['PUT', `/api/v1_2/documents/6/comments/${unknown}`],
      ['DELETE', `/api/v1_2/documents/6/comments/${unknown}`],
      ['PUT', `/api/v1_2/documents/7/comments/${created.uuid}`],
    ] as const) {
      const res = await t.api(method, path, { body: { comment: { text: 'y' } } })
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ message: 'Comment not found' })
    }
    await t.api('DELETE', `/api/v1_2/documents/6/comments/${created.uuid}`)
    const again = await t.api('DELETE', `/api/v1_2/documents/6/comments/${created.uuid}`)
    expect(again.status).toBe(404)
    expect(again.body).toEqual({ message: 'Comment not found' })
  })

  it('404 Not found for comments of an unknown document; 422 for a blank text', async () => {
    const res = await t.api('GET', '/api/v1_2/documents/9999/comments')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'Not found' })
    const blank = await t.api('POST', '/api/v1_2/documents/2/comments', { body: { comment: { text: '  ' } } })
    expect(blank.status).toBe(422)
    expect(blank.body).toEqual({ message: 'Validation Failed', errors: { text: ["can't be blank"] } })
  })
})
