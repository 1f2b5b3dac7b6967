import type { CredentialStore, StoredSecrets } from './credentialStore'
import { AuthError, isAuthError } from './errors'
import type { TokenSet } from './tokenEndpoint'

/** Refresh this long before the access token expires (ms). */
export const REFRESH_MARGIN_MS = 60_000

export interface TokenManagerOptions {
  store: CredentialStore
  /** The account's keychain key (`<base_url>#<user_id>`); read on every store access. */
  accountKey: () => string
  /** Performs the refresh-token grant (given the stored secrets, for the client secret). */
  refresh: (refreshToken: string, secrets: StoredSecrets) => Promise<TokenSet>
  /** Epoch ms. */
  now?: () => number
  refreshMarginMs?: number
  /** Called once after the account was signed out because its refresh token was refused. */
  onSignedOut?: (error: AuthError) => void
  /** A name for messages, e.g. the account label. */
  label?: string
}

/**
 * Holds one account's tokens (in the {@link CredentialStore}, cached in memory) and hands out
 * access tokens to the {@link ApiClient}: refreshes {@link REFRESH_MARGIN_MS} before expiry
 * and after a 401, with one refresh in flight shared by all concurrent callers.
 *
 * When the service refuses the refresh token (`invalid_grant`) or answers with tokens Docket
 * cannot use (`invalid_token_response`), the account is signed out
 * cleanly: its tokens are deleted from the store (the client secret stays), `onSignedOut`
 * fires, and callers get AuthError `reauth_required`. Nothing else is touched: queued work
 * (the outbox) stays for after the next sign-in.
 *
 * Errors: AuthError `reauth_required` (no tokens / refused), `network` or `token_endpoint`
 * (refresh could not be done now; still signed in), CredentialStoreError from the store.
 */
export class TokenManager {
  private cache: StoredSecrets | null | undefined
  private loading: Promise<StoredSecrets | null> | null = null
  private inflight: Promise<string> | null = null
  private readonly now: () => number
  private readonly margin: number

  constructor(private readonly options: TokenManagerOptions) {
    this.now = options.now ?? Date.now
    this.margin = options.refreshMarginMs ?? REFRESH_MARGIN_MS
  }

  /** A valid access token; refreshes first when it expires within the margin. */
  async getAccessToken(): Promise<string> {
    if (this.inflight) return this.inflight
    const secrets = await this.load()
    if (!secrets?.accessToken) throw this.reauthError()
    if (this.isExpiring(secrets)) return this.refreshOnce(secrets.accessToken)
    return secrets.accessToken
  }

  /**
   * After the service answered 401 to `failedToken`: returns a newer token when another
   * caller already refreshed, else refreshes (single flight).
   */
  refreshAfterUnauthorized(failedToken: string): Promise<string> {
    return this.refreshOnce(failedToken)
  }

  /** True when tokens are stored (the account is signed in). */
  async isSignedIn(): Promise<boolean> {
    const secrets = await this.load()
    return Boolean(secrets?.accessToken || secrets?.refreshToken)
  }

  /** Stores freshly obtained tokens (after sign-in), keeping the client secret. */
  async setTokens(tokens: TokenSet): Promise<void> {
    const previous = (await this.load()) ?? {}
    const next: StoredSecrets = { ...withoutTokens(previous), accessToken: tokens.accessToken }
    if (tokens.refreshToken) next.refreshToken = tokens.refreshToken
    if (tokens.expiresAt !== undefined) next.expiresAt = tokens.expiresAt
    this.cache = next
    await this.options.store.set(this.options.accountKey(), next)
  }

  /** Deletes the tokens (sign out), keeping the client secret for the next sign-in. */
  async clearTokens(): Promise<void> {
    const previous = (await this.load()) ?? {}
    const next = withoutTokens(previous)
    this.cache = next
    const key = this.options.accountKey()
    if (next.clientSecret) await this.options.store.set(key, next)
    else await this.options.store.delete(key)
  }

  /** Forgets the in-memory copy (the next call reads the store again). */
  forget(): void {
    this.cache = undefined
  }

  private isExpiring(secrets: StoredSecrets): boolean {
    return secrets.expiresAt !== undefined && secrets.expiresAt - this.margin <= this.now()
  }

  private load(): Promise<StoredSecrets | null> {
    if (this.cache !== undefined) return Promise.resolve(this.cache)
    this.loading ??= this.options.store
      .get(this.options.accountKey())
      .then((secrets) => {
        this.cache = secrets
        return secrets
      })
      .finally(() => {
        this.loading = null
      })
    return this.loading
  }

  private refreshOnce(staleToken: string): Promise<string> {
    this.inflight ??= this.doRefresh(staleToken).finally(() => {
      this.inflight = null
    })
    return this.inflight
  }

  private async doRefresh(staleToken: string): Promise<string> {
    const secrets = await this.load()
    if (secrets?.accessToken && secrets.accessToken !== staleToken && !this.isExpiring(secrets)) {
      return secrets.accessToken
    }
    if (!secrets?.refreshToken) {
      if (secrets?.accessToken) await this.signOut()
      throw this.reauthError()
    }
    let tokens: TokenSet
    try {
      tokens = await this.options.refresh(secrets.refreshToken, secrets)
    } catch (error) {
      // A refused refresh token, or an answer that cannot be used: only a new sign-in helps.
      if (isAuthError(error) && (error.code === 'invalid_grant' || error.code === 'invalid_token_response')) {
        await this.signOut()
        throw this.reauthError(error)
      }
      throw error
    }
    await this.setTokens({ ...tokens, refreshToken: tokens.refreshToken ?? secrets.refreshToken })
    return tokens.accessToken
  }

  /**
   * The service answered 401 to `token` right after a refresh gave it: it accepts no token of
   * this sign-in, so the account is signed out as after a refused refresh token (tokens
   * deleted, `onSignedOut`, queued work kept). Nothing happens when `token` is no longer the
   * stored one (another sign-in replaced it meanwhile).
   */
  async refreshedTokenRefused(token: string): Promise<void> {
    const secrets = await this.load()
    if (secrets?.accessToken !== token) return
    await this.signOut()
  }

  private async signOut(): Promise<void> {
    await this.clearTokens()
    this.options.onSignedOut?.(this.reauthError())
  }

  private reauthError(cause?: unknown): AuthError {
    const who = this.options.label ? ` to ${this.options.label}` : ''
    return new AuthError(
      'reauth_required',
      `Your sign-in${who} has ended; please sign in again. Changes waiting to be sent are kept.`,
      cause === undefined ? {} : { cause },
    )
  }
}

function withoutTokens(secrets: StoredSecrets): StoredSecrets {
  const { accessToken: _a, refreshToken: _r, expiresAt: _e, ...rest } = secrets
  return rest
}
