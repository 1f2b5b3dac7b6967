/**
 * Token trouble (SECURITY.md "Losing nothing"): the access token expiring in the middle of a
 * sync, the refresh token revoked while work is queued, and a keychain that cannot be used. Real stack: sandbox over HTTP, TokenEndpoint, TokenManager, ApiClient and
 * the offline workspace.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MemoryLevel } from 'memory-level'
import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox'
import { ApiClient } from '../api'
import { openWorkspace, type OfflineWorkspace } from '../offline'
import type { Level } from '../offline/store'
import { MemoryCredentialStore } from './credentialStore'
import { AuthError, CredentialStoreError } from './errors'
import { KeytarCredentialStore } from './keytarStore'
import { TokenEndpoint } from './tokenEndpoint'
import { TokenManager } from './tokenManager'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!()
})

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A signed-in demo user with the real auth stack and an offline workspace on a memory level. */
async function signedInWorkspace(sandbox: Sandbox, tokenOptions: { refreshMarginMs?: number } = {}) {
  const user = sandbox.credentials.users.find((u) => u.email === 'demo@docket.test')!
  const endpoint = new TokenEndpoint({
    baseUrl: sandbox.url,
    clientId: sandbox.credentials.clientId,
    clientSecret: sandbox.credentials.clientSecret,
  })
  const store = new MemoryCredentialStore()
  const key = `${sandbox.url}#${user.id}`
  const refreshes: string[] = []
  const signedOut: AuthError[] = []
  const tokens = new TokenManager({
    store,
    accountKey: () => key,
    refresh: async (refreshToken) => {
      refreshes.push(refreshToken)
      return endpoint.refresh(refreshToken)
    },
    onSignedOut: (error) => signedOut.push(error),
    ...tokenOptions,
  })
  const signIn = async () => tokens.setTokens(await endpoint.password(user.email, user.password))
  await signIn()
  const client = new ApiClient({
    baseUrl: sandbox.url,
    tokens,
    retry: { maxRetries: 2, baseDelayMs: 20, maxDelayMs: 100 },
  })
  const level = new MemoryLevel<string, unknown>({ valueEncoding: 'json' })
  const dir = await mkdtemp(join(tmpdir(), 'docket-tokens-'))
  const workspace: OfflineWorkspace = await openWorkspace({
    dir,
    client,
    userId: user.id,
    level: level as unknown as Level,
    options: {
      backoffBaseMs: 50,
      backoffMaxMs: 200,
      batchConfirmPollMs: 50,
      repairPollMs: 200,
      pullIntervalMs: 60_000,
    },
  })
  cleanups.push(async () => {
    await workspace.close()
    await client.close()
    await level.close()
    await rm(dir, { recursive: true, force: true })
  })
  return { workspace, tokens, store, key, refreshes, signedOut, signIn, user }
}

/** Queues one comment per document (text `<tag> <id>`); returns the texts. */
async function queueComments(
  workspace: OfflineWorkspace,
  agendaId: number,
  count: number,
  tag: string,
): Promise<string[]> {
  const docs = (await workspace.listDocuments(agendaId)).slice(0, count)
  expect(docs.length).toBe(count)
  const texts: string[] = []
  for (const doc of docs) {
    const text = `${tag} ${doc.id}`
    await workspace.enqueue({ kind: 'comments.create', documentId: doc.id, text })
    texts.push(text)
  }
  return texts
}

/** How many times each text exists on the service (deleted or not). */
function serviceCounts(sandbox: Sandbox, texts: string[]): number[] {
  const comments = sandbox.state().comments
  return texts.map((t) => comments.filter((c) => c.text === t).length)
}

describe('token trouble', () => {
  it('an access token expiring in the middle of a sync is refreshed; every queued action is applied once', async () => {
    const sandbox = await startSandbox({
      port: 0,
      admin: true,
      documents: 60,
      tokenTtlSec: 1,
      faults: { latencyMs: 40 },
    })
    cleanups.push(() => sandbox.close())
    // No early refresh: the service's 401 on the expired token is what triggers it.
    const { workspace, refreshes, signedOut } = await signedInWorkspace(sandbox, { refreshMarginMs: 0 })
    await workspace.syncNow()
    const texts = await queueComments(workspace, 2, 40, 'expiry')
    workspace.start()
    await until(async () => (await workspace.listOutbox()).length === 0, 60_000, 'the outbox to drain')
    expect(refreshes.length).toBeGreaterThan(0)
    expect(signedOut).toEqual([])
    expect(serviceCounts(sandbox, texts)).toEqual(texts.map(() => 1))
  }, 90_000)

  it('a revoked refresh token asks for a new sign-in (reauth_required) and keeps every queued action', async () => {
    const sandbox = await startSandbox({
      port: 0,
      admin: true,
      documents: 60,
      tokenTtlSec: 1,
      faults: { latencyMs: 30 },
    })
    cleanups.push(() => sandbox.close())
    const { workspace, tokens, store, key, signedOut, signIn } = await signedInWorkspace(sandbox, {
      refreshMarginMs: 0,
    })
    await workspace.syncNow()
    const texts = await queueComments(workspace, 2, 30, 'revoked')
    const revoke = await fetch(`${sandbox.url}/_sandbox/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@docket.test', access_tokens: true }),
    })
    expect(revoke.status).toBe(200)
    workspace.start()
    await until(() => signedOut.length > 0, 30_000, 'the account to be signed out')
    expect(signedOut[0]).toBeInstanceOf(AuthError)
    expect(signedOut[0]!.code).toBe('reauth_required')
    await expect(tokens.getAccessToken()).rejects.toMatchObject({ code: 'reauth_required' })
    // Signed out cleanly: no token left in the store, the client secret kept for the next sign-in.
    const secrets = await store.get(key)
    expect(secrets?.accessToken).toBeUndefined()
    expect(secrets?.refreshToken).toBeUndefined()
    // Nothing queued was lost or failed: the entries wait for the next sign-in.
    const waiting = await workspace.listOutbox()
    expect(waiting.filter((e) => e.status === 'failed')).toEqual([])
    const applied = serviceCounts(sandbox, texts)
    expect(waiting.length + applied.filter((n) => n === 1).length).toBe(texts.length)
    expect(applied.every((n) => n <= 1)).toBe(true)

    await signIn()
    workspace.resume()
    await until(
      async () => (await workspace.listOutbox()).length === 0,
      60_000,
      'the outbox to drain after signing in again',
    )
    expect(serviceCounts(sandbox, texts)).toEqual(texts.map(() => 1))
  }, 90_000)

  it('a keychain that cannot be used gives a clear error with the fix, never a plaintext fallback', async () => {
    const previous = process.env.DBUS_SESSION_BUS_ADDRESS
    // The real keytar with no Secret Service to talk to (what a bare Linux session looks like).
    process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/docket-no-session-bus'
    cleanups.push(async () => {
      if (previous === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS
      else process.env.DBUS_SESSION_BUS_ADDRESS = previous
    })
    const store = new KeytarCredentialStore({ service: 'Docket-hostile-test' })
    const write = store.set('https://service.example#1', {
      accessToken: 'secret-access-token-value',
      refreshToken: 'secret-refresh',
    })
    await expect(write).rejects.toBeInstanceOf(CredentialStoreError)
    const error = (await write.catch((e: unknown) => e)) as CredentialStoreError
    expect(error.code).toBe('keychain_unavailable')
    expect(error.message).toMatch(/keychain/i)
    expect(error.message).not.toContain('secret-access-token-value')
    await expect(store.get('https://service.example#1')).rejects.toMatchObject({ code: 'keychain_unavailable' })

    // Through the token manager and the client, the same typed error (not `internal`).
    const tokens = new TokenManager({
      store,
      accountKey: () => 'https://service.example#1',
      refresh: async () => ({ accessToken: 'x' }),
    })
    const client = new ApiClient({ baseUrl: 'http://127.0.0.1:9', tokens, retry: { maxRetries: 0 } })
    await expect(client.me()).rejects.toMatchObject({ code: 'keychain_unavailable' })
    await client.close()
  })
})
