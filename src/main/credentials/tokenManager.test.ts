import { describe, expect, it } from 'vitest'
import { MemoryCredentialStore } from './credentialStore'
import { AuthError, isAuthError } from './errors'
import type { TokenSet } from './tokenEndpoint'
import { TokenManager } from './tokenManager'

const KEY = 'https://svc.example#1'

function setup(options: { expiresAt?: number; refresh?: (rt: string) => Promise<TokenSet> } = {}) {
  const store = new MemoryCredentialStore()
  let now = 1_000_000
  const refreshCalls: string[] = []
  const signedOut: AuthError[] = []
  let counter = 0
  const manager = new TokenManager({
    store,
    accountKey: () => KEY,
    now: () => now,
    refresh: async (refreshToken) => {
      refreshCalls.push(refreshToken)
      await new Promise((r) => setTimeout(r, 5))
      if (options.refresh) return options.refresh(refreshToken)
      counter++
      return { accessToken: `access-${counter}`, refreshToken: `refresh-${counter}`, expiresAt: now + 3_600_000 }
    },
    onSignedOut: (e) => signedOut.push(e),
  })
  store.entries.set(KEY, {
    clientSecret: 'cs',
    accessToken: 'access-0',
    refreshToken: 'refresh-0',
    expiresAt: options.expiresAt ?? now + 3_600_000,
  })
  return { store, manager, refreshCalls, signedOut, advance: (ms: number) => (now += ms) }
}

describe('TokenManager', () => {
  it('hands out the stored token while it is valid', async () => {
    const { manager, refreshCalls } = setup()
    expect(await manager.getAccessToken()).toBe('access-0')
    expect(refreshCalls).toEqual([])
  })
  it('refreshes 60 s before expiry and stores the rotated refresh token beside the client secret', async () => {
    const { manager, store, refreshCalls, advance } = setup()
    advance(3_600_000 - 59_000)
    expect(await manager.getAccessToken()).toBe('access-1')
    expect(refreshCalls).toEqual(['refresh-0'])
    expect(store.entries.get(KEY)).toMatchObject({
      clientSecret: 'cs',
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
    })
  })
  it('10 concurrent callers with an expired token share one refresh', async () => {
    const { manager, refreshCalls, advance } = setup()
    advance(3_600_000)
    const tokens = await Promise.all(Array.from({ length: 10 }, () => manager.getAccessToken()))
    expect(new Set(tokens)).toEqual(new Set(['access-1']))
    expect(refreshCalls).toHaveLength(1)
  })
  it('10 concurrent 401s for the same token share one refresh; a 401 for an old token gets the new one', async () => {
    const { manager, refreshCalls } = setup()
    const tokens = await Promise.all(Array.from({ length: 10 }, () => manager.refreshAfterUnauthorized('access-0')))
    expect(new Set(tokens)).toEqual(new Set(['access-1']))
    expect(await manager.refreshAfterUnauthorized('access-0')).toBe('access-1')
    expect(refreshCalls).toHaveLength(1)
  })
  it('invalid_grant signs the account out cleanly: tokens deleted, secret kept, event, reauth_required', async () => {
    const { manager, store, signedOut } = setup({
      refresh: async () => {
        throw new AuthError('invalid_grant', 'The refresh token is invalid', { oauthError: 'invalid_grant' })
      },
    })
    const results = await Promise.allSettled(
      Array.from({ length: 3 }, () => manager.refreshAfterUnauthorized('access-0')),
    )
    for (const result of results) {
      expect(result.status).toBe('rejected')
      const reason = (result as PromiseRejectedResult).reason
      expect(isAuthError(reason) && reason.code).toBe('reauth_required')
    }
    expect(store.entries.get(KEY)).toEqual({ clientSecret: 'cs' })
    expect(signedOut).toHaveLength(1)
    expect(await manager.isSignedIn()).toBe(false)
    await expect(manager.getAccessToken()).rejects.toMatchObject({ code: 'reauth_required' })
  })
  it('a token answer Docket cannot use signs the account out too (sign in again)', async () => {
    const { manager, store, signedOut } = setup({
      refresh: async () => {
        throw new AuthError('invalid_token_response', 'The service answered with a token Docket cannot use')
      },
    })
    await expect(manager.refreshAfterUnauthorized('access-0')).rejects.toMatchObject({ code: 'reauth_required' })
    expect(store.entries.get(KEY)).toEqual({ clientSecret: 'cs' })
    expect(signedOut).toHaveLength(1)
  })
  it('a token refused right after its refresh signs the account out, once; an older token changes nothing', async () => {
    const { manager, store, signedOut } = setup()
    const fresh = await manager.refreshAfterUnauthorized('access-0')
    await manager.refreshedTokenRefused('some-older-token')
    expect(await manager.isSignedIn()).toBe(true)
    await manager.refreshedTokenRefused(fresh)
    await manager.refreshedTokenRefused(fresh)
    expect(store.entries.get(KEY)).toEqual({ clientSecret: 'cs' })
    expect(signedOut).toHaveLength(1)
    await expect(manager.getAccessToken()).rejects.toMatchObject({ code: 'reauth_required' })
  })
  it('a network failure during refresh does not sign out', async () => {
    const { manager, store, signedOut } = setup({
      refresh: async () => {
        throw new AuthError('network', 'Cannot reach the service')
      },
    })
    await expect(manager.refreshAfterUnauthorized('access-0')).rejects.toMatchObject({ code: 'network' })
    expect(store.entries.get(KEY)?.refreshToken).toBe('refresh-0')
    expect(signedOut).toHaveLength(0)
  })
  it('without stored tokens -> reauth_required', async () => {
    const { manager, store } = setup()
    store.entries.clear()
    manager.forget()
    await expect(manager.getAccessToken()).rejects.toMatchObject({ code: 'reauth_required' })
  })
})
