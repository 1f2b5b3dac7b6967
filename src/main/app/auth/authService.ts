import type { Dispatcher } from 'undici'
import type { HandlersFor } from '../router'
import type { User } from '../../../shared/api/user'
import type {
  AccountSummary,
  AuthChanged,
  authChannels,
  CurrentAuth,
  SignInMethod,
  SignInResult,
  SwitchAccountResult,
} from '../../../shared/ipc'
import { isLoopbackRedirectUri } from '../../../shared/api/serviceUrl'
import { ApiClient, type ApiClientOptions } from '../../api/client'
import { createDispatcher } from '../../api/dispatcher'
import { isApiError } from '../../api/errors'
import type { AccountRecord, AccountStore, AccountUser } from '../../credentials/accountStore'
import { buildAuthorizeUrl, parseRedirect } from '../../credentials/authorize'
import {
  credentialKey,
  pendingCredentialKey,
  type CredentialStore,
  type StoredSecrets,
} from '../../credentials/credentialStore'
import { AuthError, isAuthError } from '../../credentials/errors'
import { startLoopbackListener as defaultStartLoopbackListener } from '../../credentials/loopbackListener'
import { createPkce, createState } from '../../credentials/pkce'
import { TokenEndpoint, type TokenSet } from '../../credentials/tokenEndpoint'
import { TokenManager } from '../../credentials/tokenManager'

/** Collaborators of {@link AuthService}, injected by the host (Electron main or the e2e harness). */
export interface AuthServiceDeps {
  accountStore: AccountStore
  credentialStore: CredentialStore
  /**
   * Opens the login page and resolves with the URL the page was redirected to (the redirect
   * URI with `code`/`state` or `error`), or null when the user closed the window.
   */
  openLoginWindow: (authorizeUrl: string, redirectUri: string) => Promise<string | null>
  /** Opens a URL in the system browser (https or loopback http only). */
  openExternal: (url: string) => Promise<void>
  clock?: { now(): number }
  /** undici dispatcher shared by all clients; default: a keep-alive Agent owned by the service. */
  dispatcher?: Dispatcher
  /** Sends `auth.changed` to the renderer (the EventBus's emit). */
  emit?: (event: 'auth.changed', payload: AuthChanged) => void
  /**
   * Deletes an account's local cache (offline store); called on remove, and on sign-out with
   * clearCache, where `keepQueue` keeps the actions still waiting to be sent (the person asked
   * to remove cached documents, not their work).
   */
  clearAccountCache?: (accountId: string, options?: { keepQueue?: boolean }) => Promise<void>
  /** Actions of an account waiting to be sent (its outbox); 0 when not wired. */
  queuedActions?: (accountId: string) => Promise<number>
  /** Redacted diagnostics. */
  log?: (line: string) => void
  startLoopbackListener?: typeof defaultStartLoopbackListener
  /** The service accepts any loopback port (RFC 8252 §7.3): listen on port 0 (default false). */
  loopbackAnyPort?: boolean
  /** How long the system-browser flow waits for the redirect (ms, default 5 min). */
  browserTimeoutMs?: number
  /** Extra options of every ApiClient (retry policy, timeouts, test sleep/random). */
  clientOptions?: Pick<ApiClientOptions, 'retry' | 'timeouts' | 'sleep' | 'random' | 'now' | 'pageDecoder'>
}

/** The demo sandbox as `startSandbox` returns it (only the fields used here). */
export interface SandboxInfo {
  url: string
  credentials: {
    clientId: string
    clientSecret: string
    redirectUri: string
    users: readonly { email: string; password: string }[]
  }
}

const DEMO_ACCOUNT_LABEL = 'Demo (sandbox)'

/** Handlers of the `auth.*` channels, keyed by channel name. */
export type AuthHandlers = HandlersFor<keyof typeof authChannels>

function toUser(user: User): AccountUser {
  return { id: user.id, name: user.name, surname: user.surname, email: user.email }
}

/**
 * Sign-in and accounts: implements the `auth.*` channels, owns one TokenManager
 * and one ApiClient per account, and emits `auth.changed`.
 *
 * Secrets: client secrets and tokens go only to the CredentialStore (keychain), under
 * `<base_url>#<user_id>` once the user is known (before the first sign-in the client secret
 * waits under `<base_url>#client:<client_id>`). Account records hold no secret.
 */
export class AuthService {
  private readonly managers = new Map<string, TokenManager>()
  private readonly clients = new Map<string, ApiClient>()
  private readonly dispatcher: Dispatcher
  private readonly ownsDispatcher: boolean
  private readonly now: () => number
  private readonly log: (line: string) => void

  constructor(private readonly deps: AuthServiceDeps) {
    this.ownsDispatcher = !deps.dispatcher
    this.dispatcher = deps.dispatcher ?? createDispatcher()
    const clock = deps.clock
    this.now = clock ? () => clock.now() : Date.now
    this.log = deps.log ?? (() => {})
  }

  /** The handlers of the `auth.*` channels, for the router. */
  handlers(): AuthHandlers {
    return {
      'auth.listAccounts': () => this.listAccounts(),
      'auth.addAccount': (input) => this.addAccount(input),
      'auth.removeAccount': (input) => this.removeAccount(input.accountId),
      'auth.signIn': (input) => this.signIn(input.accountId, input.method),
      'auth.switchAccount': (input) => this.switchAccount(input.accountId),
      'auth.signOut': async (input) => {
        await this.signOut(input.accountId, input.clearCache)
        return {}
      },
      'auth.current': () => this.current(),
    }
  }

  /** Closes the shared dispatcher when the service created it. */
  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close()
  }

  // ------------------------------------------------------------ accounts

  /** Every account with its sign-in status (a keychain error shows as signed out). */
  async listAccounts(): Promise<AccountSummary[]> {
    const out: AccountSummary[] = []
    for (const account of this.deps.accountStore.list()) out.push(await this.summarize(account))
    return out
  }

  /**
   * Adds a server account; the client secret goes to the keychain. Throws AuthError
   * `invalid_url` for a URL that breaks the rule, CredentialStoreError `keychain_unavailable`
   * (then nothing is kept).
   */
  async addAccount(input: {
    label?: string
    baseUrl: string
    clientId: string
    clientSecret: string
    redirectUri: string
    demo?: boolean
  }): Promise<AccountSummary> {
    const record = this.deps.accountStore.add({
      label: input.label ?? '',
      baseUrl: input.baseUrl,
      clientId: input.clientId,
      redirectUri: input.redirectUri,
      demo: input.demo ?? false,
    })
    try {
      await this.deps.credentialStore.set(this.keyOf(record), { clientSecret: input.clientSecret })
    } catch (error) {
      this.deps.accountStore.remove(record.id)
      throw error
    }
    this.emit({ accountId: record.id, signedIn: false, reason: 'account_added' })
    return this.summarize(record)
  }

  /** Removes an account, its keychain entries and (when wired) its local cache. */
  async removeAccount(accountId: string): Promise<{ removed: boolean }> {
    const account = this.deps.accountStore.get(accountId)
    if (!account) return { removed: false }
    await this.deps.credentialStore.delete(this.keyOf(account))
    await this.deps.credentialStore.delete(pendingCredentialKey(account.baseUrl, account.clientId))
    this.forgetAccount(accountId)
    const removed = this.deps.accountStore.remove(accountId)
    await this.deps.clearAccountCache?.(accountId)
    this.emit({ accountId, signedIn: false, reason: 'account_removed' })
    return { removed }
  }

  // ------------------------------------------------------------ sign in / out

  /**
   * OAuth 2.0 authorization code + PKCE (S256) with a 128-bit state, in the login window
   * (`window`) or the system browser with a loopback listener (`browser`, RFC 8252).
   * Resolves `{status:'cancelled'}` when the window is closed (nothing stored).
   *
   * Throws AuthError: `unknown_account`, `state_mismatch`, `access_denied`,
   * `invalid_redirect`, `invalid_grant`, `invalid_client`, `unsupported` (browser flow
   * without a loopback redirect URI), `network`; CredentialStoreError `keychain_unavailable`.
   */
  async signIn(accountId: string, method: SignInMethod = 'window'): Promise<SignInResult> {
    const account = this.requireAccount(accountId)
    const clientSecret = await this.clientSecretOf(account)
    const pkce = createPkce()
    const state = createState()

    let redirectUri = account.redirectUri
    let redirectUrl: string | null
    if (method === 'browser') {
      if (!isLoopbackRedirectUri(account.redirectUri)) {
        throw new AuthError(
          'unsupported',
          'Signing in with the system browser needs a loopback redirect URI (http://127.0.0.1:PORT/...) registered for this account.',
        )
      }
      const start = this.deps.startLoopbackListener ?? defaultStartLoopbackListener
      const listener = await start({
        redirectUri: account.redirectUri,
        anyPort: this.deps.loopbackAnyPort ?? false,
        timeoutMs: this.deps.browserTimeoutMs,
        expectedState: state,
      })
      try {
        redirectUri = listener.redirectUri
        await this.deps.openExternal(
          buildAuthorizeUrl({
            baseUrl: account.baseUrl,
            clientId: account.clientId,
            redirectUri,
            state,
            codeChallenge: pkce.challenge,
          }),
        )
        try {
          redirectUrl = await listener.redirect
        } catch (error) {
          if (isAuthError(error) && error.code === 'cancelled') return { status: 'cancelled' }
          throw error
        }
      } finally {
        await listener.close()
      }
    } else {
      const authorizeUrl = buildAuthorizeUrl({
        baseUrl: account.baseUrl,
        clientId: account.clientId,
        redirectUri,
        state,
        codeChallenge: pkce.challenge,
      })
      redirectUrl = await this.deps.openLoginWindow(authorizeUrl, redirectUri)
      if (redirectUrl === null) return { status: 'cancelled' }
    }

    const { code } = parseRedirect(redirectUrl, state)
    const tokens = await this.endpointFor(account, clientSecret).exchangeCode(code, redirectUri, pkce.verifier)
    return this.completeSignIn(account, clientSecret, tokens)
  }

  /**
   * Password grant — used only for the demo (sandbox) account. Throws AuthError
   * `invalid_grant` for a wrong password, `network`, `invalid_client`.
   */
  async signInWithPassword(accountId: string, username: string, password: string): Promise<SignInResult> {
    const account = this.requireAccount(accountId)
    const clientSecret = await this.clientSecretOf(account)
    const tokens = await this.endpointFor(account, clientSecret).password(username, password)
    return this.completeSignIn(account, clientSecret, tokens)
  }

  /**
   * The account switcher: makes `accountId` the current account when the
   * keychain still holds its tokens (no login page, no token request; the workspace follows
   * through `auth.changed` `signed_in`). An account without tokens (signed out, refused refresh
   * token, never signed in) answers `sign_in_required` and the current account stays as it is.
   * Throws AuthError `unknown_account`; a keychain error counts as no tokens.
   */
  async switchAccount(accountId: string): Promise<SwitchAccountResult> {
    const account = this.requireAccount(accountId)
    const user = account.user
    const signedIn =
      user !== null &&
      (await this.managerFor(account.id)
        .isSignedIn()
        .catch(() => false))
    if (!user || !signedIn) return { status: 'sign_in_required', account: await this.summarize(account) }
    this.deps.accountStore.setCurrentId(account.id)
    this.log(`Switched to ${account.baseUrl} as user ${user.id}`)
    this.emit({ accountId: account.id, signedIn: true, reason: 'signed_in' })
    return { status: 'signed_in', account: await this.summarize(account), user }
  }

  /**
   * Deletes the account's tokens (the client secret stays for the next sign-in); with
   * `clearCache` (after the user confirmed) also its local cache. Never touches queued work
   * otherwise.
   */
  async signOut(accountId: string, clearCache = false): Promise<void> {
    const account = this.requireAccount(accountId)
    await this.managerFor(account.id).clearTokens()
    this.clients.delete(accountId)
    if (this.deps.accountStore.getCurrentId() === accountId) this.deps.accountStore.setCurrentId(null)
    if (clearCache) await this.deps.clearAccountCache?.(accountId, { keepQueue: true })
    this.emit({ accountId, signedIn: false, reason: 'signed_out' })
  }

  /**
   * The current account and its user from `me` (stored user with `verified: false` when the
   * service cannot be reached), or null when no account is current.
   *
   * An account whose sign-in ended without the person signing out (the service refused the
   * refresh token) stays current, with its stored user, `verified: false` and
   * `account.signedIn: false`: the user name and *Sign out* stay visible, the queue is kept,
   * and the app asks to sign in again. Signing out makes no account current (null).
   */
  async current(): Promise<CurrentAuth> {
    const id = this.deps.accountStore.getCurrentId()
    const account = id ? this.deps.accountStore.get(id) : undefined
    if (!account) return null
    let signedIn: boolean
    try {
      signedIn = await this.managerFor(account.id).isSignedIn()
    } catch {
      signedIn = false
    }
    if (!signedIn) return this.signedOutCurrent(account)
    try {
      const user = await this.clientFor(account.id).me()
      const fresh = toUser(user)
      const stored = account.user
      let latest = account
      if (!stored || JSON.stringify(stored) !== JSON.stringify(fresh)) {
        if (stored && stored.id !== fresh.id) {
          // Same tokens now belong to another user id: move the keychain entry.
          await this.moveSecrets(account, { ...account, user: fresh })
        }
        latest = this.deps.accountStore.update(account.id, { user: fresh })
      }
      return { account: await this.summarize(latest), user: fresh, verified: true }
    } catch (error) {
      // `unauthorized`: 401 even with a token just refreshed; the account was signed out meanwhile.
      if (
        (isAuthError(error) && error.code === 'reauth_required') ||
        (isApiError(error) && error.code === 'unauthorized')
      )
        return this.signedOutCurrent(account)
      if (isApiError(error) && ['network', 'timeout', 'server', 'rate_limited'].includes(error.code)) {
        return { account: await this.summarize(account), user: account.user, verified: false }
      }
      throw error
    }
  }

  /** The current account whose sign-in ended (see {@link current}); null when it never had a user. */
  private async signedOutCurrent(account: AccountRecord): Promise<CurrentAuth> {
    if (!account.user) return null
    return { account: await this.summarize(account), user: account.user, verified: false }
  }

  /**
   * The service client of an account (one per account, tokens from its TokenManager).
   * Throws AuthError `unknown_account`. Calls reject with AuthError `reauth_required` when
   * the account is signed out.
   */
  clientFor(accountId: string): ApiClient {
    const existing = this.clients.get(accountId)
    if (existing) return existing
    const account = this.requireAccount(accountId)
    const client = new ApiClient({
      baseUrl: account.baseUrl,
      tokens: this.managerFor(accountId),
      dispatcher: this.dispatcher,
      log: this.deps.log,
      ...this.deps.clientOptions,
    })
    this.clients.set(accountId, client)
    return client
  }

  /** The account the app works with now, or null. */
  currentAccountId(): string | null {
    return this.deps.accountStore.getCurrentId()
  }

  /**
   * Registers the sandbox as the account "Demo (sandbox)" (or points the existing demo account
   * at the sandbox's current URL) and signs in with the password grant as the first demo user.
   */
  async ensureDemoAccount(sandbox: SandboxInfo): Promise<AccountSummary> {
    const { credentials } = sandbox
    const user = credentials.users[0]
    if (!user) throw new AuthError('invalid_grant', 'The sandbox has no demo user.')
    const baseUrl = sandbox.url.replace(/\/+$/, '')
    let account = this.deps.accountStore.list().find((a) => a.demo)
    if (account && (account.baseUrl !== baseUrl || account.clientId !== credentials.clientId)) {
      // A demo sandbox at another address is another service: its queue cannot go there. Said, not silent.
      const queued = (await this.deps.queuedActions?.(account.id).catch(() => 0)) ?? 0
      if (queued > 0)
        this.log(
          `The demo service moved from ${account.baseUrl} to ${baseUrl}: the demo account is replaced and its ${queued} queued actions are discarded`,
        )
      await this.removeAccount(account.id)
      account = undefined
    }
    if (!account) {
      const summary = await this.addAccount({
        label: DEMO_ACCOUNT_LABEL,
        baseUrl,
        clientId: credentials.clientId,
        clientSecret: credentials.clientSecret,
        redirectUri: credentials.redirectUri,
        demo: true,
      })
      account = this.requireAccount(summary.id)
    } else {
      const secrets = (await this.deps.credentialStore.get(this.keyOf(account))) ?? {}
      if (secrets.clientSecret !== credentials.clientSecret) {
        await this.deps.credentialStore.set(this.keyOf(account), { ...secrets, clientSecret: credentials.clientSecret })
        this.managers.get(account.id)?.forget()
      }
    }
    const result = await this.signInWithPassword(account.id, user.email, user.password)
    if (result.status !== 'signed_in') throw new AuthError('cancelled', 'Demo sign-in did not complete.')
    return result.account
  }

  // ------------------------------------------------------------ internals

  private async completeSignIn(account: AccountRecord, clientSecret: string, tokens: TokenSet): Promise<SignInResult> {
    const probe = new ApiClient({
      baseUrl: account.baseUrl,
      dispatcher: this.dispatcher,
      log: this.deps.log,
      ...this.deps.clientOptions,
      tokens: {
        getAccessToken: async () => tokens.accessToken,
        refreshAfterUnauthorized: async () => {
          throw new AuthError('invalid_grant', 'The service did not accept the new access token.')
        },
      },
    })
    const user = await probe.me()
    const next: AccountRecord = { ...account, user: toUser(user) }
    const oldKey = this.keyOf(account)
    const newKey = this.keyOf(next)
    const secrets: StoredSecrets = { clientSecret, accessToken: tokens.accessToken }
    if (tokens.refreshToken) secrets.refreshToken = tokens.refreshToken
    if (tokens.expiresAt !== undefined) secrets.expiresAt = tokens.expiresAt
    await this.deps.credentialStore.set(newKey, secrets)
    if (oldKey !== newKey) await this.deps.credentialStore.delete(oldKey)
    const updated = this.deps.accountStore.update(account.id, { user: toUser(user) })
    this.deps.accountStore.setCurrentId(account.id)
    // The account's client stays (the open workspace holds it): its token manager reads the
    // new tokens from the store, so the queue kept while signed out is sent with them.
    this.managers.get(account.id)?.forget()
    this.log(`Signed in to ${account.baseUrl} as user ${user.id}`)
    this.emit({ accountId: account.id, signedIn: true, reason: 'signed_in' })
    return { status: 'signed_in', account: await this.summarize(updated), user: toUser(user) }
  }

  private async moveSecrets(from: AccountRecord, to: AccountRecord): Promise<void> {
    const oldKey = this.keyOf(from)
    const newKey = this.keyOf(to)
    if (oldKey === newKey) return
    const secrets = await this.deps.credentialStore.get(oldKey)
    if (secrets) await this.deps.credentialStore.set(newKey, secrets)
    await this.deps.credentialStore.delete(oldKey)
    this.forgetAccount(from.id)
  }

  private keyOf(account: AccountRecord): string {
    return account.user
      ? credentialKey(account.baseUrl, account.user.id)
      : pendingCredentialKey(account.baseUrl, account.clientId)
  }

  private requireAccount(accountId: string): AccountRecord {
    const account = this.deps.accountStore.get(accountId)
    if (!account) throw new AuthError('unknown_account', 'This account no longer exists; add the server again.')
    return account
  }

  private async clientSecretOf(account: AccountRecord): Promise<string> {
    const secrets = await this.deps.credentialStore.get(this.keyOf(account))
    if (!secrets?.clientSecret) {
      throw new AuthError(
        'invalid_client',
        'The client secret of this account is missing from the keychain. Remove the server and add it again with its client secret.',
      )
    }
    return secrets.clientSecret
  }

  private endpointFor(account: AccountRecord, clientSecret: string): TokenEndpoint {
    return new TokenEndpoint({
      baseUrl: account.baseUrl,
      clientId: account.clientId,
      clientSecret,
      dispatcher: this.dispatcher,
      now: this.now,
      log: this.log,
    })
  }

  private managerFor(accountId: string): TokenManager {
    const existing = this.managers.get(accountId)
    if (existing) return existing
    const initial = this.requireAccount(accountId)
    const manager = new TokenManager({
      store: this.deps.credentialStore,
      accountKey: () => this.keyOf(this.deps.accountStore.get(accountId) ?? initial),
      refresh: (refreshToken, secrets) => {
        const account = this.deps.accountStore.get(accountId) ?? initial
        if (!secrets.clientSecret) {
          throw new AuthError('invalid_client', 'The client secret of this account is missing from the keychain.')
        }
        return this.endpointFor(account, secrets.clientSecret).refresh(refreshToken)
      },
      now: this.now,
      label: initial.label,
      onSignedOut: (error) => {
        this.log(`Refresh token refused for ${initial.baseUrl}; signed out`)
        this.emit({ accountId, signedIn: false, reason: 'reauth_required', message: error.message })
      },
    })
    this.managers.set(accountId, manager)
    return manager
  }

  private forgetAccount(accountId: string): void {
    this.managers.delete(accountId)
    this.clients.delete(accountId)
  }

  private async summarize(account: AccountRecord): Promise<AccountSummary> {
    let signedIn: boolean
    try {
      signedIn = await this.managerFor(account.id).isSignedIn()
    } catch {
      signedIn = false
    }
    return {
      id: account.id,
      label: account.label,
      baseUrl: account.baseUrl,
      clientId: account.clientId,
      redirectUri: account.redirectUri,
      user: account.user,
      signedIn,
      current: this.deps.accountStore.getCurrentId() === account.id,
      demo: account.demo,
      systemBrowser: isLoopbackRedirectUri(account.redirectUri),
      queuedActions: (await this.deps.queuedActions?.(account.id).catch(() => 0)) ?? 0,
    }
  }

  private emit(payload: AuthChanged): void {
    try {
      this.deps.emit?.('auth.changed', payload)
    } catch (error) {
      this.log(`auth.changed not sent: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
}
