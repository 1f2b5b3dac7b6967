import { z } from 'zod'
import type { CredentialStore, StoredSecrets } from './credentialStore'
import { CredentialStoreError } from './errors'

/** The keychain service name of every Docket entry. */
export const KEYCHAIN_SERVICE = 'Docket'

/** The subset of keytar's API Docket uses (injected in tests). */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
  findCredentials(service: string): Promise<{ account: string; password: string }[]>
}

const storedSchema = z.object({
  v: z.literal(1),
  clientSecret: z.string().optional(),
  accessToken: z.string().optional(),
  refreshToken: z.string().optional(),
  expiresAt: z.number().optional(),
})

const FIX_LINUX =
  'Docket keeps tokens only in the system keychain and found none it can use. On Linux, install and unlock a Secret Service provider ' +
  '(e.g. `sudo apt install gnome-keyring libsecret-1-0`, then log in to a desktop session, or run ' +
  '`dbus-run-session` with `gnome-keyring-daemon --unlock --components=secrets`), and make sure the "login" keyring is unlocked.'
const FIX_OTHER =
  'Docket keeps tokens only in the system keychain. Unlock your keychain (macOS Keychain / Windows Credential Manager) and try again.'

/** The readable fix for a keychain that cannot be used, by platform. */
export function keychainFix(platform: NodeJS.Platform = process.platform): string {
  return platform === 'linux' ? FIX_LINUX : FIX_OTHER
}

async function loadKeytar(): Promise<KeytarLike> {
  const module = (await import('keytar')) as unknown as KeytarLike & { default?: KeytarLike }
  return module.default ?? module
}

/**
 * {@link CredentialStore} in the OS keychain through keytar: service `Docket`, account
 * `<base_url>#<user_id>`, the password a small JSON record `{v:1, clientSecret, accessToken,
 * refreshToken, expiresAt}`. When the keychain is missing or locked every method throws
 * CredentialStoreError `keychain_unavailable` with the fix; nothing is ever written elsewhere.
 */
export class KeytarCredentialStore implements CredentialStore {
  private keytar: Promise<KeytarLike> | undefined

  constructor(private readonly options: { keytar?: KeytarLike; service?: string } = {}) {}

  private get service(): string {
    return this.options.service ?? KEYCHAIN_SERVICE
  }

  private async call<T>(what: string, fn: (keytar: KeytarLike) => Promise<T>): Promise<T> {
    let keytar: KeytarLike
    try {
      this.keytar ??= this.options.keytar ? Promise.resolve(this.options.keytar) : loadKeytar()
      keytar = await this.keytar
    } catch (error) {
      this.keytar = undefined
      throw new CredentialStoreError(
        'keychain_unavailable',
        `The keychain library could not be loaded. ${keychainFix()}`,
        { cause: error },
      )
    }
    try {
      return await fn(keytar)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw new CredentialStoreError(
        'keychain_unavailable',
        `Could not ${what} the system keychain (${reason}). ${keychainFix()}`,
        {
          cause: error,
        },
      )
    }
  }

  /** Checks that the keychain answers (lists Docket's entries); throws `keychain_unavailable` otherwise. */
  async probe(): Promise<void> {
    await this.call('read', (k) => k.findCredentials(this.service))
  }

  async get(accountKey: string): Promise<StoredSecrets | null> {
    const raw = await this.call('read', (k) => k.getPassword(this.service, accountKey))
    if (raw === null) return null
    let json: unknown
    try {
      json = JSON.parse(raw)
    } catch {
      json = undefined
    }
    const parsed = storedSchema.safeParse(json)
    if (!parsed.success) {
      throw new CredentialStoreError(
        'corrupt_entry',
        `The keychain entry for ${accountKey} was not written by this version of Docket.`,
      )
    }
    const { v: _v, ...secrets } = parsed.data
    return secrets
  }

  async set(accountKey: string, secrets: StoredSecrets): Promise<void> {
    const record = JSON.stringify({ v: 1, ...secrets })
    await this.call('write to', (k) => k.setPassword(this.service, accountKey, record))
  }

  async delete(accountKey: string): Promise<boolean> {
    return this.call('delete from', (k) => k.deletePassword(this.service, accountKey))
  }
}
