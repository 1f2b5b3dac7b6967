import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  agendaListResponseSchema,
  commentListResponseSchema,
  createAgendasResponseSchema,
  createCommentResponseSchema,
  documentListResponseSchema,
  errorBodySchema,
  originalFileResponseSchema,
  setStateResponseSchema,
  tokenResponseSchema,
  uploadResponseSchema,
  userSchema,
} from '../shared/api'
import { passwordGrant, startTestSandbox, type TestSandbox } from './testing'

/**
 * The sandbox's responses parse with the app's own schemas (src/shared/api), so the client,
 * sync engine and renderer see the shapes they were written for.
 */
let t: TestSandbox
beforeAll(async () => {
  t = await startTestSandbox({ documents: 60, processingDelayMs: 10 })
})
afterAll(() => t.close())

describe('responses parse with src/shared/api schemas', () => {
  it('token, document list (fixtures and generated), original file, state update', async () => {
    expect(
      tokenResponseSchema.safeParse(await passwordGrant(t.url, 'demo@docket.test', 'demo-password-1')).success,
    ).toBe(true)
    for (const path of [
      '/api/v1_2/documents?agenda_id=1',
      '/api/v1_2/documents?agenda_id=2&type[]=PurchaseInvoice&type[]=SalesInvoice',
    ]) {
      const res = await t.api('GET', path)
      const parsed = documentListResponseSchema.safeParse(res.body)
      expect(parsed.error?.issues ?? []).toEqual([])
    }
    expect(
      originalFileResponseSchema.safeParse((await t.api('GET', '/api/v1_2/documents/1/original_file')).body).success,
    ).toBe(true)
    const patched = await t.api('PATCH', '/api/v1_2/documents/1', { body: { document: { state: 'ready' } } })
    expect(setStateResponseSchema.safeParse(patched.body).error?.issues ?? []).toEqual([])
  })

  it('upload, comments, agendas, user and error bodies', async () => {
    const up = await t.api('POST', '/api/v1_2/documents', {
      body: { documents: [{ agenda_id: 1, files: [{ filename: 'x.pdf', content: 'JVBERi0=' }] }] },
    })
    expect(uploadResponseSchema.safeParse(up.body).error?.issues ?? []).toEqual([])
    const created = await t.api('POST', '/api/v1_2/documents/2/comments', { body: { comment: { text: 'hi' } } })
    expect(createCommentResponseSchema.safeParse(created.body).error?.issues ?? []).toEqual([])
    expect(
      commentListResponseSchema.safeParse((await t.api('GET', '/api/v1_2/documents/2/comments')).body).error?.issues ??
        [],
    ).toEqual([])
    expect(
      agendaListResponseSchema.safeParse((await t.api('GET', '/api/v1_2/agendas')).body).error?.issues ?? [],
    ).toEqual([])
    const agendas = await t.api('POST', '/api/v1_2/agendas', {
      body: { agendas: [{ name: 'Schema check', address: { country: 'at' } }] },
    })
    expect(createAgendasResponseSchema.safeParse(agendas.body).error?.issues ?? []).toEqual([])
    expect(userSchema.safeParse((await t.api('GET', '/api/v1_2/me')).body).success).toBe(true)
    for (const res of [
      await t.api('GET', '/api/v1_2/agendas/4'),
      await t.api('PUT', '/api/webhooks/1', { body: {} }),
    ]) {
      expect(errorBodySchema.safeParse(res.body).error?.issues ?? []).toEqual([])
    }
  })
})
