import { randomUUID } from 'node:crypto'
import { copyFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ElectronStore from 'electron-store'
import { z } from 'zod'
import { checkRedirectUri, checkServiceUrl } from '../../shared/api/serviceUrl'
import { AuthError } from './errors'

/** The signed-in user as last seen from `me` (no secret). */
export const accountUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
})
export type AccountUser = z.infer<typeof accountUserSchema>

/**
 * One account: a service base URL with the client registered there. Holds NO secret: the
 * client secret and tokens are in the keychain (CredentialStore).
 */
export const accountRecordSchema = z.object({
  id: z.string(),
  label: z.string(),
  baseUrl: z.string(),
  clientId: z.string(),
  redirectUri: z.string(),
  /** The user of the last sign-in; null before the first. */
  user: accountUserSchema.nullable(),
  /** The built-in sandbox account of demo mode. */
  demo: z.boolean().default(false),
})
export type AccountRecord = z.infer<typeof accountRecordSchema>

export interface NewAccount {
  label: string
  baseUrl: string
  clientId: string
  redirectUri: string
  demo?: boolean
}

/** Persistence of account records (electron-store in the app, a Map in tests). */
export interface AccountStore {
  list(): AccountRecord[]
  get(id: string): AccountRecord | undefined
  /** Validates the URLs (https, or http on loopback) and stores a new record. */
  add(account: NewAccount): AccountRecord
  update(id: string, patch: Partial<Omit<AccountRecord, 'id'>>): AccountRecord
  remove(id: string): boolean
  /** The account the app currently works with, if any. */
  getCurrentId(): string | null
  setCurrentId(id: string | null): void
}

/**
 * Validates and normalizes a new account: base URL (https, http only on loopback), redirect
 * URI, non-empty client id and label. Throws AuthError `invalid_url` with a readable message.
 */
export function normalizeNewAccount(account: NewAccount): NewAccount {
  const base = checkServiceUrl(account.baseUrl)
  if (!base.ok) throw new AuthError('invalid_url', `Service address: ${base.message}`)
  const redirect = checkRedirectUri(account.redirectUri)
  if (!redirect.ok) throw new AuthError('invalid_url', `Redirect URI: ${redirect.message}`)
  const clientId = account.clientId.trim()
  if (!clientId) throw new AuthError('invalid_url', 'Enter the client id registered for Docket.')
  const label = account.label.trim() || new URL(base.url).host
  return { label, baseUrl: base.url, clientId, redirectUri: redirect.url, demo: account.demo ?? false }
}

interface Persisted {
  accounts: unknown[]
  currentAccountId: string | null
}

/** Shared logic over a tiny get/set persistence. */
abstract class BaseAccountStore implements AccountStore {
  protected abstract read(): Persisted
  protected abstract write(data: Persisted): void

  list(): AccountRecord[] {
    const out: AccountRecord[] = []
    for (const raw of this.read().accounts) {
      const parsed = accountRecordSchema.safeParse(raw)
      if (parsed.success) out.push(parsed.data)
    }
    return out
  }

  get(id: string): AccountRecord | undefined {
    return this.list().find((a) => a.id === id)
  }

  add(account: NewAccount): AccountRecord {
    const normalized = normalizeNewAccount(account)
    const record: AccountRecord = {
      id: randomUUID(),
      label: normalized.label,
      baseUrl: normalized.baseUrl,
      clientId: normalized.clientId,
      redirectUri: normalized.redirectUri,
      user: null,
      demo: normalized.demo ?? false,
    }
    const data = this.read()
    this.write({ ...data, accounts: [...data.accounts, record] })
    return record
  }

  update(id: string, patch: Partial<Omit<AccountRecord, 'id'>>): AccountRecord {
    const accounts = this.list()
    const index = accounts.findIndex((a) => a.id === id)
    if (index < 0) throw new AuthError('unknown_account', 'This account no longer exists.')
    const next = accountRecordSchema.parse({ ...accounts[index], ...patch, id })
    accounts[index] = next
    this.write({ ...this.read(), accounts })
    return next
  }

  remove(id: string): boolean {
    const data = this.read()
    const accounts = this.list().filter((a) => a.id !== id)
    const removed = accounts.length !== this.list().length
    this.write({ accounts, currentAccountId: data.currentAccountId === id ? null : data.currentAccountId })
    return removed
  }

  getCurrentId(): string | null {
    return this.read().currentAccountId
  }

  setCurrentId(id: string | null): void {
    this.write({ ...this.read(), currentAccountId: id })
  }
}

/** What opening `accounts.json` recovered from (null when the file was sound or new). */
export interface AccountFileRecovery {
  /** `backup`: the records came back from the copy written at the last change; `empty`: no usable copy. */
  from: 'backup' | 'empty'
  /** Where the damaged file was moved (kept for inspection). */
  damagedCopy: string
  /** Why the file could not be read. */
  cause: string
}

/**
 * Account records in electron-store (`accounts.json` under `cwd`, an absolute directory —
 * the app passes `app.getPath('userData')`, tests a temp dir). No secrets are written.
 *
 * After every change the file is copied to `accounts.backup.json` (written to a temporary file
 * and renamed, so the copy is always whole). A file that cannot be read when the store opens
 * (garbled, truncated) is moved aside to `accounts.json.damaged-<UTC time>` and the backup put in
 * its place; with no readable backup the store starts empty (the keychain still holds the
 * secrets; the person adds the account again). {@link recovery} says which, `log` gets a line.
 */
export class ElectronAccountStore extends BaseAccountStore {
  private readonly store: ElectronStore<Persisted>
  /** What opening the file recovered from, or null. */
  readonly recovery: AccountFileRecovery | null = null

  constructor(options: { cwd: string; name?: string; log?: (line: string) => void; now?: () => Date }) {
    super()
    const name = options.name ?? 'accounts'
    const open = () =>
      new ElectronStore<Persisted>({
        cwd: options.cwd,
        name,
        defaults: { accounts: [], currentAccountId: null },
        clearInvalidConfig: false,
      })
    let store: ElectronStore<Persisted>
    try {
      store = open()
      // electron-store parses on first read: read now, not at the first handler call
      void store.store
    } catch (error) {
      const path = join(options.cwd, `${name}.json`)
      const backup = join(options.cwd, `${name}.backup.json`)
      const damagedCopy = `${path}.damaged-${(options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-')}`
      renameSync(path, damagedCopy)
      const usable = readableBackup(backup)
      if (usable) copyFileSync(backup, path)
      const cause = error instanceof Error ? error.message : String(error)
      this.recovery = { from: usable ? 'backup' : 'empty', damagedCopy, cause }
      options.log?.(
        `Account records in ${path} could not be read (${cause}); moved to ${damagedCopy}, ${usable ? 'restored from ' + backup : 'no usable backup: starting with none'}`,
      )
      store = open()
    }
    this.store = store
    this.backupPath = join(options.cwd, `${name}.backup.json`)
  }

  private readonly backupPath: string

  protected read(): Persisted {
    return {
      accounts: (this.store.get('accounts') as unknown[] | undefined) ?? [],
      currentAccountId: (this.store.get('currentAccountId') as string | null | undefined) ?? null,
    }
  }

  protected write(data: Persisted): void {
    this.store.set({ accounts: data.accounts, currentAccountId: data.currentAccountId })
    const temporary = `${this.backupPath}.tmp`
    writeFileSync(temporary, readFileSync(this.store.path))
    renameSync(temporary, this.backupPath)
  }

  /** The file the records are in (for tests and diagnostics). */
  get path(): string {
    return this.store.path
  }
}

/** True when `path` holds a JSON object (a backup worth restoring). */
function readableBackup(path: string): boolean {
  if (!existsSync(path)) return false
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'))
    return typeof value === 'object' && value !== null && !Array.isArray(value)
  } catch {
    return false
  }
}

/** In-memory account records for tests and the e2e harness. */
export class MemoryAccountStore extends BaseAccountStore {
  private data: Persisted = { accounts: [], currentAccountId: null }
  protected read(): Persisted {
    return structuredClone(this.data)
  }
  protected write(data: Persisted): void {
    this.data = structuredClone(data)
  }
}
