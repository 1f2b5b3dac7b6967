import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/errors'
import { AuthError } from '../credentials/errors'
import { useWorkspaceHarness } from './testing/workspaceHarness'

const h = useWorkspaceHarness()

async function until(check: () => boolean | Promise<boolean>, ms = 2_000): Promise<void> {
  for (let waited = 0; !(await check()); waited += 5) {
    if (waited > ms) throw new Error(`timed out: ${check.toString().slice(0, 80)}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

describe('signed out', () => {
  it('a refused refresh token pauses sync as signed_out with the queued actions counted; after the sign-in they go in order', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    const [first, second] = h.agendaOneIds()
    h.service.offline = true
    ws.start()
    await ws.enqueue({ kind: 'comments.create', documentId: first!, text: 'one' })
    await ws.enqueue({ kind: 'documents.setState', items: [{ id: second!, state: 'ready' }] })
    await until(() => ws.status().connection === 'offline')
    // The service is back, but the token is gone: every request is refused until a sign-in.
    h.service.offline = false
    const refused = new AuthError('reauth_required', 'Your sign-in has ended; please sign in again.')
    h.service.failNext('listAgendas', refused)
    await ws.syncNow()
    await until(() => ws.status().connection === 'signed_out')
    expect(ws.status()).toMatchObject({ paused: true, signedOutQueued: 2, pending: 2 })
    expect((await ws.listOutbox()).map((e) => e.status)).toEqual(['pending', 'pending'])
    const before = h.service.calls.length
    ws.resume()
    await until(async () => (await ws.listOutbox()).length === 0)
    const sent = h.service.calls.slice(before).filter((c) => /^(createComment|setDocumentState)/.test(c))
    expect(sent.map((c) => c.split(':')[0])).toEqual(['createComment', 'setDocumentState'])
    expect(ws.status()).toMatchObject({ connection: 'online', signedOutQueued: 0, paused: false })
  })
})

describe('a refusal that arrives after the sign-in again', () => {
  it('puts its action back and sends it again with the new sign-in; sync is not paused for the old one', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    ws.start()
    const [first] = h.agendaOneIds()
    // The comment leaves under the old sign-in; its 401 is on its way back while the account
    // is signed out (another request's refusal) and signed in again.
    const late = h.service.holdNext('createComment')
    h.service.failNext('createComment', new ApiError('unauthorized', 'Unauthorized', { status: 401 }))
    await ws.enqueue({ kind: 'comments.create', documentId: first!, text: 'late refusal' })
    await late.reached
    ws.pause({ code: 'reauth_required', message: 'Your sign-in has ended; please sign in again.' })
    ws.resume()
    late.release()
    await until(async () => (await ws.listOutbox()).length === 0)
    expect(h.service.count('createComment')).toBe(2)
    expect(h.service.comments.filter((c) => c.text === 'late refusal')).toHaveLength(1)
    expect(ws.status()).toMatchObject({ connection: 'online', paused: false, pending: 0 })
  })
})

describe('documents.original', () => {
  it('answers `offline` at once when the workspace knows it is offline and has no copy', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    h.service.offline = true
    await ws.syncNow()
    expect(ws.status().connection).toBe('offline')
    const [id] = h.agendaOneIds()
    await expect(ws.getOriginal(id!)).rejects.toMatchObject({ code: 'offline' })
    expect(h.service.count('getOriginalFile')).toBe(0)
  })

  it('answers from the cache offline when a copy was kept', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    const [id] = h.agendaOneIds()
    await ws.getOriginal(id!)
    h.service.offline = true
    await ws.syncNow()
    expect(await ws.getOriginal(id!)).toMatchObject({ contentType: expect.any(String) })
  })
})
