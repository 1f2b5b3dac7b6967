import { mkdtemp, rm } from 'node:fs/promises'
import { EVERY_DOCUMENT, FIRST_ROWS } from '../../../shared/documents/testing'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../sandbox'
import type { SyncStatus } from '../../../shared/ipc'
import { MemoryAccountStore } from '../../credentials/accountStore'
import { MemoryCredentialStore } from '../../credentials/credentialStore'
import { driveLoginPage } from '../../credentials/testing/driveLoginPage'
import { createAppServices, type AppServices } from '../index'

/**
 * "Sign in again, nothing lost", end to end against the sandbox: the service refuses every
 * token (`POST /_sandbox/revoke-tokens`) while two actions wait in the outbox; sync pauses as
 * signed out with both counted, the account stays current with its user, and after the
 * sign-in both reach the service in the order they were made.
 */

let sandbox: Sandbox
let services: AppServices
let userDataDir: string
const context = { senderUrl: 'app://test' }

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, admin: true, documents: 0, prerenderPreviews: false })
  userDataDir = await mkdtemp(join(tmpdir(), 'docket-signin-again-'))
  const user = sandbox.credentials.users[0]!
  services = createAppServices({
    version: 'test',
    platform: process.platform,
    userDataDir,
    demoFixturesDir: userDataDir,
    demo: false,
    accountStore: new MemoryAccountStore(),
    credentialStore: new MemoryCredentialStore(),
    openLoginWindow: (url) => driveLoginPage(url, { email: user.email, password: user.password }),
    openExternal: async () => {},
    files: { saveFile: async () => ({ saved: false }), openWithSystemViewer: async () => {} },
    log: () => {},
  })
})
afterAll(async () => {
  await services?.close()
  await sandbox?.close()
  await rm(userDataDir, { recursive: true, force: true })
})

async function until<T>(read: () => Promise<T> | T, check: (value: T) => boolean, ms = 20_000): Promise<T> {
  const started = Date.now()
  for (;;) {
    const value = await read()
    if (check(value)) return value
    if (Date.now() - started > ms) throw new Error(`timed out; last value ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('sign in again', () => {
  it('a refused token pauses the queue as signed out; after the sign-in it is sent in order', async () => {
    const h = services.handlers
    const status = () => h['sync.status']!({}, context) as Promise<SyncStatus>
    const account = await h['auth.addAccount']!(
      {
        label: 'Sandbox',
        baseUrl: sandbox.url,
        clientId: sandbox.credentials.clientId,
        clientSecret: sandbox.credentials.clientSecret,
        redirectUri: sandbox.credentials.redirectUri,
      },
      context,
    )
    expect(await h['auth.signIn']!({ accountId: account.id, method: 'window' }, context)).toMatchObject({
      status: 'signed_in',
    })
    await until(
      () => services.session.accountId(),
      (id) => id === account.id,
    )
    await h['sync.now']!({}, context)
    const { agendas } = await h['agendas.list']!({}, context)
    const { rows } = await h['documents.query']!(
      { agendaId: agendas[0]!.id, query: EVERY_DOCUMENT, window: FIRST_ROWS },
      context,
    )
    const target = rows.find((r) => r.state === 'not_ready') ?? rows[0]!

    const revoked = await request(`${sandbox.url}/_sandbox/revoke-tokens`, { method: 'POST' })
    expect(revoked.statusCode).toBe(200)
    expect(await revoked.body.json()).toMatchObject({ user_id: 1 })

    await h['comments.create']!({ documentId: target.id, text: 'checked offline' }, context)
    await h['documents.setState']!({ ids: [target.id], state: 'ready' }, context)
    const paused = await until(status, (s) => s.connection === 'signed_out')
    expect(paused).toMatchObject({ paused: true, signedOutQueued: 2, pending: 2 })
    // The name and Sign out stay: the account is still current, with its user.
    expect(await h['auth.current']!({}, context)).toMatchObject({
      account: { id: account.id, signedIn: false },
      user: { id: 1 },
    })

    const before = sandbox.state().comments.length
    expect(await h['auth.signIn']!({ accountId: account.id, method: 'window' }, context)).toMatchObject({
      status: 'signed_in',
    })
    await until(status, (s) => s.connection === 'online' && s.pending === 0)
    const state = sandbox.state()
    expect(state.comments.length).toBe(before + 1)
    expect(state.comments.at(-1)).toMatchObject({ document_id: target.id, text: 'checked offline' })
    expect(state.documents.find((d) => d.id === target.id)).toMatchObject({ state: 'ready' })
  }, 60_000)

  it('a service that answers 401 to every token, fresh ones included: signed out, never "signed in" while paused', async () => {
    const h = services.handlers
    const status = () => h['sync.status']!({}, context) as Promise<SyncStatus>
    const accountId = services.session.accountId()!
    expect(await h['auth.current']!({}, context)).toMatchObject({ account: { signedIn: true } })
    const { agendas } = await h['agendas.list']!({}, context)
    const { rows } = await h['documents.query']!(
      { agendaId: agendas[0]!.id, query: EVERY_DOCUMENT, window: FIRST_ROWS },
      context,
    )
    // The token endpoint still answers; every API call is 401.
    sandbox.setFaults({ rate401: 1 })
    await h['comments.create']!({ documentId: rows[0]!.id, text: 'while refused' }, context)
    const paused = await until(status, (s) => s.connection === 'signed_out')
    expect(paused).toMatchObject({ paused: true, signedOutQueued: 1 })
    expect(await h['auth.current']!({}, context)).toMatchObject({
      account: { id: accountId, signedIn: false },
      user: { id: 1 },
      verified: false,
    })
    sandbox.setFaults({ rate401: 0 })
    expect(await h['auth.signIn']!({ accountId, method: 'window' }, context)).toMatchObject({ status: 'signed_in' })
    await until(status, (s) => s.connection === 'online' && s.pending === 0)
    expect(sandbox.state().comments.filter((c) => c.text === 'while refused')).toHaveLength(1)
  }, 60_000)
})
