import { request } from 'undici'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../sandbox'
import type { AuthChanged } from '../../../shared/ipc'
import { MemoryAccountStore } from '../../credentials/accountStore'
import {
  credentialKey,
  MemoryCredentialStore,
  pendingCredentialKey,
  type CredentialStore,
} from '../../credentials/credentialStore'
import { CredentialStoreError } from '../../credentials/errors'
import { driveLoginPage } from '../../credentials/testing/driveLoginPage'
import { TokenEndpoint } from '../../credentials/tokenEndpoint'
import { AuthService, type AuthServiceDeps } from './authService'

/**
 * Sign-in against the sandbox's real login and consent pages over HTTP:
 * authorization code + PKCE, state and PKCE failures, deny, cancel, system browser with a
 * loopback listener, refresh before expiry and after 401, single flight, invalid_grant.
 */

let sandbox: Sandbox
const services: AuthService[] = []

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, admin: true, tokenTtlSec: 3600 })
})
afterAll(async () => {
  await sandbox?.close()
})
afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.close()))
})

const demo = () => sandbox.credentials.users[0]!
const tokenRequests = () => sandbox.stats().byRoute['POST /oauth/token'] ?? 0

function setup(overrides: Partial<AuthServiceDeps> = {}, target: Sandbox = sandbox) {
  const accountStore = new MemoryAccountStore()
  const credentialStore = overrides.credentialStore ?? new MemoryCredentialStore()
  const events: AuthChanged[] = []
  const cleared: string[] = []
  let now = Date.now()
  const service = new AuthService({
    accountStore,
    credentialStore,
    openLoginWindow: (url) => driveLoginPage(url, { email: demo().email, password: demo().password }),
    openExternal: async () => {},
    clock: { now: () => now },
    emit: (_event, payload) => events.push(payload),
    clearAccountCache: async (id) => void cleared.push(id),
    clientOptions: { sleep: async () => {} },
    ...overrides,
  })
  services.push(service)
  const addSandbox = () =>
    service.addAccount({
      label: 'Sandbox',
      baseUrl: target.url,
      clientId: target.credentials.clientId,
      clientSecret: target.credentials.clientSecret,
      redirectUri: target.credentials.redirectUri,
    })
  return {
    service,
    accountStore,
    credentialStore: credentialStore as MemoryCredentialStore,
    events,
    cleared,
    addSandbox,
    advance: (ms: number) => (now += ms),
  }
}

describe('adding a server', () => {
  it('keeps the client secret in the credential store only', async () => {
    const { service, accountStore, credentialStore, addSandbox } = setup()
    const account = await addSandbox()
    expect(account).toMatchObject({ signedIn: false, user: null, systemBrowser: true })
    expect(JSON.stringify(accountStore.list())).not.toContain(sandbox.credentials.clientSecret)
    expect(JSON.stringify(await service.listAccounts())).not.toContain(sandbox.credentials.clientSecret)
    expect(credentialStore.entries.get(pendingCredentialKey(sandbox.url, sandbox.credentials.clientId))).toEqual({
      clientSecret: sandbox.credentials.clientSecret,
    })
  })
  it('refuses plain http on a non-loopback host', async () => {
    const { service } = setup()
    await expect(
      service.addAccount({
        label: 'x',
        baseUrl: 'http://service.example',
        clientId: 'c',
        clientSecret: 's',
        redirectUri: 'http://127.0.0.1:1/cb',
      }),
    ).rejects.toMatchObject({ code: 'invalid_url' })
  })
  it('with the keychain unavailable, the account is not kept and the error says how to fix it', async () => {
    const broken: CredentialStore = {
      get: async () => null,
      set: async () => {
        throw new CredentialStoreError('keychain_unavailable', 'No Secret Service. Install gnome-keyring')
      },
      delete: async () => false,
    }
    const { service, accountStore, addSandbox } = setup({ credentialStore: broken })
    await expect(addSandbox()).rejects.toMatchObject({ code: 'keychain_unavailable' })
    expect(accountStore.list()).toEqual([])
    expect(await service.listAccounts()).toEqual([])
  })
})

describe('sign in with the login window', () => {
  it('exchanges the authorization code (PKCE) and stores tokens under <base_url>#<user_id>', async () => {
    const { service, credentialStore, events, addSandbox } = setup()
    const account = await addSandbox()
    const result = await service.signIn(account.id, 'window')
    expect(result).toMatchObject({ status: 'signed_in', user: { id: 1, name: 'Dana', surname: 'Demo' } })
    const stored = credentialStore.entries.get(credentialKey(sandbox.url, 1))
    expect(stored).toMatchObject({ clientSecret: sandbox.credentials.clientSecret })
    expect(stored?.accessToken).toBeTruthy()
    expect(stored?.refreshToken).toBeTruthy()
    expect(credentialStore.entries.has(pendingCredentialKey(sandbox.url, sandbox.credentials.clientId))).toBe(false)
    expect(events.map((e) => e.reason)).toEqual(['account_added', 'signed_in'])

    const current = await service.current()
    expect(current).toMatchObject({
      verified: true,
      user: { email: 'demo@docket.test' },
      account: { id: account.id, signedIn: true, current: true },
    })
    expect((await service.clientFor(account.id).listAgendas()).length).toBeGreaterThan(0)
    expect(JSON.stringify(await service.listAccounts())).not.toContain(stored!.accessToken!)
  })
  it('Deny on the consent page -> access_denied, nothing stored', async () => {
    const { service, credentialStore, addSandbox } = setup({
      openLoginWindow: (url) =>
        driveLoginPage(url, { email: demo().email, password: demo().password, decision: 'deny' }),
    })
    const account = await addSandbox()
    await expect(service.signIn(account.id)).rejects.toMatchObject({
      code: 'access_denied',
      message: expect.stringMatching(/^Access was denied/),
    })
    expect([...credentialStore.entries.values()].some((s) => s.accessToken)).toBe(false)
  })
  it('a redirect with a wrong state is refused before any token request', async () => {
    const { service, addSandbox } = setup({
      openLoginWindow: async (url) => {
        const location = await driveLoginPage(url, { email: demo().email, password: demo().password })
        const tampered = new URL(location)
        tampered.searchParams.set('state', 'forged-state')
        return tampered.toString()
      },
    })
    const account = await addSandbox()
    const before = tokenRequests()
    await expect(service.signIn(account.id)).rejects.toMatchObject({ code: 'state_mismatch' })
    expect(tokenRequests()).toBe(before)
  })
  it('a code issued for another PKCE challenge is refused by the token endpoint (invalid_grant)', async () => {
    const { service, addSandbox } = setup({
      openLoginWindow: async (url) => {
        const swapped = new URL(url)
        swapped.searchParams.set('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')
        return driveLoginPage(swapped.toString(), { email: demo().email, password: demo().password })
      },
    })
    const account = await addSandbox()
    await expect(service.signIn(account.id)).rejects.toMatchObject({ code: 'invalid_grant' })
  })
  it('closing the window cancels: nothing stored, no event', async () => {
    const { service, credentialStore, events, addSandbox } = setup({ openLoginWindow: async () => null })
    const account = await addSandbox()
    expect(await service.signIn(account.id)).toEqual({ status: 'cancelled' })
    expect([...credentialStore.entries.values()].some((s) => s.accessToken)).toBe(false)
    expect(events.map((e) => e.reason)).toEqual(['account_added'])
  })
})

describe('sign in with the system browser (RFC 8252 loopback)', () => {
  it('opens the browser, receives the redirect on 127.0.0.1 and signs in', async () => {
    const opened: string[] = []
    const { service, addSandbox } = setup({
      loopbackAnyPort: true,
      openExternal: async (url) => {
        opened.push(url)
        // The "browser": signs in on the pages, then follows the redirect to the loopback listener.
        void driveLoginPage(url, { email: demo().email, password: demo().password }).then(async (location) => {
          const answer = await request(location)
          await answer.body.text()
        })
      },
    })
    const account = await addSandbox()
    const result = await service.signIn(account.id, 'browser')
    expect(result.status).toBe('signed_in')
    const redirect = new URL(new URL(opened[0]!).searchParams.get('redirect_uri')!)
    expect(redirect.hostname).toBe('127.0.0.1')
  })
})

describe('tokens over time', () => {
  it('refreshes 60 s before expiry; 10 concurrent calls share one refresh', async () => {
    const { service, credentialStore, addSandbox, advance } = setup()
    const account = await addSandbox()
    await service.signIn(account.id)
    const firstRefresh = credentialStore.entries.get(credentialKey(sandbox.url, 1))!.refreshToken
    advance(3600_000 - 30_000)
    const before = tokenRequests()
    const client = service.clientFor(account.id)
    const results = await Promise.all(Array.from({ length: 10 }, () => client.me()))
    expect(results.every((u) => u.id === 1)).toBe(true)
    expect(tokenRequests()).toBe(before + 1)
    expect(credentialStore.entries.get(credentialKey(sandbox.url, 1))!.refreshToken).not.toBe(firstRefresh)
  })
  it('an access token the service no longer accepts -> 401 -> one refresh -> the call succeeds', async () => {
    const short = await startSandbox({ port: 0, tokenTtlSec: 1 })
    try {
      const { service, addSandbox } = setup(
        {
          openLoginWindow: (url) =>
            driveLoginPage(url, {
              email: short.credentials.users[0]!.email,
              password: short.credentials.users[0]!.password,
            }),
        },
        short,
      )
      const account = await addSandbox()
      await service.signIn(account.id)
      // The service's clock moves past the 1 s lifetime; ours (frozen) still thinks the token is fresh.
      await new Promise((r) => setTimeout(r, 1100))
      const before = short.stats().byRoute['POST /oauth/token'] ?? 0
      expect((await service.clientFor(account.id).me()).id).toBe(1)
      expect(short.stats().byRoute['POST /oauth/token'] ?? 0).toBe(before + 1)
    } finally {
      await short.close()
    }
  })
  it('a refused refresh token signs the account out cleanly and asks to sign in again', async () => {
    const { service, credentialStore, events, addSandbox, advance } = setup()
    const account = await addSandbox()
    await service.signIn(account.id)
    const key = credentialKey(sandbox.url, 1)
    // Someone else uses the refresh token (the sandbox rotates it): ours is now refused.
    await new TokenEndpoint({
      baseUrl: sandbox.url,
      clientId: sandbox.credentials.clientId,
      clientSecret: sandbox.credentials.clientSecret,
    }).refresh(credentialStore.entries.get(key)!.refreshToken!)
    advance(7200_000)
    await expect(service.clientFor(account.id).listAgendas()).rejects.toMatchObject({ code: 'reauth_required' })
    expect(credentialStore.entries.get(key)).toEqual({ clientSecret: sandbox.credentials.clientSecret })
    expect(events.at(-1)).toMatchObject({ accountId: account.id, signedIn: false, reason: 'reauth_required' })
    expect((await service.listAccounts())[0]).toMatchObject({ signedIn: false, user: { id: 1 } })
    // The account stays current with its user (name and Sign out stay visible), not signed in.
    expect(await service.current()).toMatchObject({
      account: { id: account.id, signedIn: false, current: true },
      user: { id: 1 },
      verified: false,
    })
    // Signing in again works with the kept client secret.
    expect((await service.signIn(account.id)).status).toBe('signed_in')
  })
})

describe('sign out, remove, demo', () => {
  it('sign out deletes the tokens, keeps the client secret, clears the cache only when asked', async () => {
    const { service, credentialStore, cleared, addSandbox } = setup()
    const account = await addSandbox()
    await service.signIn(account.id)
    await service.signOut(account.id, false)
    expect(credentialStore.entries.get(credentialKey(sandbox.url, 1))).toEqual({
      clientSecret: sandbox.credentials.clientSecret,
    })
    expect(cleared).toEqual([])
    expect(await service.current()).toBeNull()
    await service.signIn(account.id)
    await service.signOut(account.id, true)
    expect(cleared).toEqual([account.id])
  })
  it('switching to an account that still holds tokens needs no new sign-in; one without tokens asks for it', async () => {
    const second = await startSandbox({ port: 0 })
    try {
      const { service, accountStore, events, addSandbox } = setup()
      const first = await addSandbox()
      await service.signIn(first.id)
      const other = await service.addAccount({
        label: 'Second',
        baseUrl: second.url,
        clientId: second.credentials.clientId,
        clientSecret: second.credentials.clientSecret,
        redirectUri: second.credentials.redirectUri,
      })
      expect(await service.switchAccount(other.id)).toMatchObject({
        status: 'sign_in_required',
        account: { id: other.id, signedIn: false, current: false },
      })
      expect(accountStore.getCurrentId()).toBe(first.id)
      await service.signIn(other.id, 'window')
      expect(accountStore.getCurrentId()).toBe(other.id)

      const tokensBefore = tokenRequests()
      const loginPagesBefore = sandbox.stats().byRoute['GET /oauth/authorize'] ?? 0
      events.length = 0
      const switched = await service.switchAccount(first.id)
      expect(switched).toMatchObject({
        status: 'signed_in',
        account: { id: first.id, current: true, signedIn: true },
        user: { email: demo().email },
      })
      expect(accountStore.getCurrentId()).toBe(first.id)
      expect(events).toEqual([{ accountId: first.id, signedIn: true, reason: 'signed_in' }])
      expect(tokenRequests()).toBe(tokensBefore)
      expect(sandbox.stats().byRoute['GET /oauth/authorize'] ?? 0).toBe(loginPagesBefore)
      expect((await service.current())?.account.baseUrl).toBe(sandbox.url)

      await service.signOut(other.id)
      expect(await service.switchAccount(other.id)).toMatchObject({ status: 'sign_in_required' })
      expect(accountStore.getCurrentId()).toBe(first.id)
      await expect(service.switchAccount('nope')).rejects.toMatchObject({ code: 'unknown_account' })
    } finally {
      await second.close()
    }
  })
  it('removing an account deletes its keychain entries', async () => {
    const { service, credentialStore, addSandbox } = setup()
    const account = await addSandbox()
    await service.signIn(account.id)
    expect(await service.removeAccount(account.id)).toEqual({ removed: true })
    expect(credentialStore.entries.size).toBe(0)
    await expect(service.signIn(account.id)).rejects.toMatchObject({ code: 'unknown_account' })
  })
  it('ensureDemoAccount registers "Demo (sandbox)" and signs in with the password grant, once', async () => {
    const { service } = setup()
    const first = await service.ensureDemoAccount(sandbox)
    expect(first).toMatchObject({
      label: 'Demo (sandbox)',
      demo: true,
      signedIn: true,
      user: { email: 'demo@docket.test' },
    })
    const again = await service.ensureDemoAccount(sandbox)
    expect(again.id).toBe(first.id)
    expect(await service.listAccounts()).toHaveLength(1)
    expect((await service.current())?.user?.name).toBe('Dana')
  })
  it('the handlers object answers every auth.* channel', async () => {
    const { service } = setup()
    const handlers = service.handlers()
    expect(Object.keys(handlers).sort()).toEqual([
      'auth.addAccount',
      'auth.current',
      'auth.listAccounts',
      'auth.removeAccount',
      'auth.signIn',
      'auth.signOut',
      'auth.switchAccount',
    ])
    expect(await handlers['auth.current']({}, { senderUrl: 'app://test' })).toBeNull()
  })
})
