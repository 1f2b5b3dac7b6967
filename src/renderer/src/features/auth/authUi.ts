/**
 * Pure helpers of the sign-in screen: talking to the `auth.*` channels through the bridge,
 * and turning error codes into sentences. No Svelte here, so they can be unit-tested.
 */
import { isDocketError, type AddAccountInput, type AuthChanged, type SignInMethod } from '../../../../shared/ipc'
import { docket } from '../../lib/docket'
import { tOptional } from '../../lib/i18n'

/** The `auth.*` channels of the IPC contract (src/shared/ipc), typed by it. */
export const authApi = {
  listAccounts: () => docket().invoke('auth.listAccounts', {}),
  addAccount: (input: AddAccountInput) => docket().invoke('auth.addAccount', input),
  removeAccount: (accountId: string) => docket().invoke('auth.removeAccount', { accountId }),
  signIn: (accountId: string, method: SignInMethod) => docket().invoke('auth.signIn', { accountId, method }),
  /** Makes another account current when it still holds tokens, else `sign_in_required`. */
  switchAccount: (accountId: string) => docket().invoke('auth.switchAccount', { accountId }),
  signOut: (accountId: string, clearCache: boolean) => docket().invoke('auth.signOut', { accountId, clearCache }),
  current: () => docket().invoke('auth.current', {}),
  /** Subscribes to `auth.changed`; returns the unsubscribe function (a no-op without a bridge). */
  onChanged: (listener: (payload: AuthChanged) => void): (() => void) => {
    try {
      return docket().on('auth.changed', listener)
    } catch {
      // No bridge to main: the screen's first call has shown that error; nothing to follow.
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
    return tOptional(`auth.error.${error.code}`) ?? tOptional(`errors.${error.code}`) ?? error.message
  }
  return error instanceof Error ? error.message : String(error)
}

/** "Dana Demo" from a user, or the e-mail address. */
export function displayName(user: { name: string; surname: string; email: string } | null | undefined): string {
  if (!user) return ''
  const full = `${user.name} ${user.surname}`.trim()
  return full || user.email
}
