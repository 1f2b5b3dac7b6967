/**
 * Where secrets live: refresh token, access token, its expiry and the client secret of an
 * account. Only the keychain implementation is used in the app; there is no plaintext one.
 */
export interface StoredSecrets {
  clientSecret?: string
  accessToken?: string
  refreshToken?: string
  /** Access token expiry, epoch ms. */
  expiresAt?: number
}

/**
 * A store of {@link StoredSecrets} by account key (`<base_url>#<user_id>`, see
 * {@link credentialKey}). Implementations throw CredentialStoreError
 * `keychain_unavailable` when the OS keychain cannot be used.
 */
export interface CredentialStore {
  get(accountKey: string): Promise<StoredSecrets | null>
  set(accountKey: string, secrets: StoredSecrets): Promise<void>
  /** True when something was deleted. */
  delete(accountKey: string): Promise<boolean>
}

/** The keychain account name of a signed-in user: `<base_url>#<user_id>`. */
export function credentialKey(baseUrl: string, userId: number): string {
  return `${baseUrl.replace(/\/+$/, '')}#${userId}`
}

/** The keychain account name holding a client secret before the first sign-in. */
export function pendingCredentialKey(baseUrl: string, clientId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}#client:${clientId}`
}

/** An in-memory store for tests (and nothing else). */
export class MemoryCredentialStore implements CredentialStore {
  readonly entries = new Map<string, StoredSecrets>()

  async get(accountKey: string): Promise<StoredSecrets | null> {
    const value = this.entries.get(accountKey)
    return value ? { ...value } : null
  }

  async set(accountKey: string, secrets: StoredSecrets): Promise<void> {
    this.entries.set(accountKey, { ...secrets })
  }

  async delete(accountKey: string): Promise<boolean> {
    return this.entries.delete(accountKey)
  }
}
