import type { CredentialStore, StoredSecrets } from '../../credentials/credentialStore'

/**
 * A credential store that keeps some keys in memory only and sends the rest to the real one
 * (the OS keychain). Demo mode uses it so the sandbox's throw-away client secret and tokens
 * (its port changes at every start) never land in the user's keychain.
 */
export class EphemeralKeysCredentialStore implements CredentialStore {
  private readonly memory = new Map<string, StoredSecrets>()

  /**
   * @param persistent where every other key goes (KeytarCredentialStore in the app)
   * @param isEphemeral true for keys kept in memory (e.g. keys of the demo sandbox's base URL)
   */
  constructor(
    private readonly persistent: CredentialStore,
    private readonly isEphemeral: (accountKey: string) => boolean,
  ) {}

  async get(accountKey: string): Promise<StoredSecrets | null> {
    if (this.isEphemeral(accountKey)) return this.memory.get(accountKey) ?? null
    return this.persistent.get(accountKey)
  }

  async set(accountKey: string, secrets: StoredSecrets): Promise<void> {
    if (this.isEphemeral(accountKey)) {
      this.memory.set(accountKey, { ...secrets })
      return
    }
    await this.persistent.set(accountKey, secrets)
  }

  async delete(accountKey: string): Promise<boolean> {
    if (this.isEphemeral(accountKey)) return this.memory.delete(accountKey)
    return this.persistent.delete(accountKey)
  }
}
