/**
 * Pure helpers of the sign-in screen: talking to the `auth.*` channels through the bridge,
 * and turning error codes into sentences. No Svelte here, so they can be unit-tested.
 */
import type {
  AccountSummary,
  AddAccountInput,
  CurrentAuth,
  SignInMethod,
  SignInResult,
} from '../../../../shared/ipc/channels/auth'
import { isDocketError } from '../../../../shared/ipc/result'
import { docket } from '../../lib/docket'
import { t } from '../../lib/i18n'

/** The bridge as these screens use it (the channels may be merged into the contract later). */
type AuthBridge = {
  invoke(channel: string, input: unknown): Promise<unknown>
  on(event: string, listener: (payload: unknown) => void): () => void
}
const bridge = () => docket() as unknown as AuthBridge

export const authApi = {
  listAccounts: () => bridge().invoke('auth.listAccounts', {}) as Promise<AccountSummary[]>,
  addAccount: (input: AddAccountInput) => bridge().invoke('auth.addAccount', input) as Promise<AccountSummary>,
  removeAccount: (accountId: string) =>
    bridge().invoke('auth.removeAccount', { accountId }) as Promise<{ removed: boolean }>,
  signIn: (accountId: string, method: SignInMethod) =>
    bridge().invoke('auth.signIn', { accountId, method }) as Promise<SignInResult>,
  signOut: (accountId: string, clearCache: boolean) =>
    bridge().invoke('auth.signOut', { accountId, clearCache }) as Promise<object>,
  current: () => bridge().invoke('auth.current', {}) as Promise<CurrentAuth>,
  /** Subscribes to `auth.changed`; returns the unsubscribe function. */
  onChanged: (listener: (payload: unknown) => void): (() => void) => {
    try {
      return bridge().on('auth.changed', listener)
    } catch {
      return () => {}
    }
  },
}

/** Codes whose own message is the most useful text (it names the field or the fix). */
const OWN_MESSAGE = new Set([
  'keychain_unavailable',
  'invalid_url',
  'validation',
  'unsupported',
  'token_endpoint',
  'bad_response',
])

/** A readable sentence for an error of the `auth.*` channels, chosen by its code. */
export function authErrorText(error: unknown): string {
  if (isDocketError(error)) {
    if (OWN_MESSAGE.has(error.code) && error.message) return error.message
    const key = `auth.error.${error.code}`
    const text = t(key)
    if (text !== key) return text
    const generic = t(`errors.${error.code}`)
    if (generic !== `errors.${error.code}`) return generic
    return error.message
  }
  return error instanceof Error ? error.message : String(error)
}

/** "Dana Demo" from a user, or the e-mail address. */
export function displayName(user: { name: string; surname: string; email: string } | null | undefined): string {
  if (!user) return ''
  const full = `${user.name} ${user.surname}`.trim()
  return full || user.email
}
