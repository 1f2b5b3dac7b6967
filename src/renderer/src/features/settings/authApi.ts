/**
 * The auth engineer's channels (src/shared/ipc/channels/auth.ts: `auth.current`,
 * `auth.listAccounts`, `auth.signIn`, `auth.signOut`), called loosely so this panel compiles
 * and runs whether or not they are merged into the contract yet. Errors are rethrown
 * (DocketError with its code), unlike lib/events `tryInvoke`.
 */
import type { AccountSummary, CurrentAuth, SignInResult } from '../../../../shared/ipc/channels/auth'
import { docket } from '../../lib/docket'

type LooseInvoke = (channel: string, input: unknown) => Promise<unknown>
const invoke: LooseInvoke = (channel, input) => (docket() as unknown as { invoke: LooseInvoke }).invoke(channel, input)

export const authApi = {
  current: () => invoke('auth.current', {}) as Promise<CurrentAuth>,
  listAccounts: () => invoke('auth.listAccounts', {}) as Promise<AccountSummary[]>,
  signIn: (accountId: string) => invoke('auth.signIn', { accountId, method: 'window' }) as Promise<SignInResult>,
  signOut: (accountId: string, clearCache: boolean) =>
    invoke('auth.signOut', { accountId, clearCache }) as Promise<object>,
}

/** Listens to `auth.changed` when the contract has it. */
export function onAuthChanged(listener: () => void): () => void {
  try {
    return (docket() as unknown as { on(e: string, l: () => void): () => void }).on('auth.changed', listener)
  } catch {
    return () => {}
  }
}
