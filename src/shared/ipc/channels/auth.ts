import { z } from 'zod'
import { checkRedirectUri, checkServiceUrl } from '../../api/serviceUrl'
import { defineChannels, defineEvents } from '../define'

/** The user of an account as shown in the app (from `GET /api/v1_2/me`). */
export const authUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
})
export type AuthUser = z.infer<typeof authUserSchema>

/** An account as the renderer sees it: no secret ever. */
export const accountSummarySchema = z.object({
  id: z.string(),
  label: z.string(),
  baseUrl: z.string(),
  clientId: z.string(),
  redirectUri: z.string(),
  /** The user of the last sign-in, null before the first. */
  user: authUserSchema.nullable(),
  /** Tokens are stored for this account. */
  signedIn: z.boolean(),
  /** The account the app works with now. */
  current: z.boolean(),
  /** The built-in sandbox account of demo mode. */
  demo: z.boolean(),
  /** "Sign in with the system browser" is possible (the redirect URI is a loopback one). */
  systemBrowser: z.boolean(),
  /**
   * Actions waiting to be sent to this account's service. The queue belongs to the account (its
   * service address and user): after a move of the service to a new address, added as a new
   * account, the old account keeps its queue, sent only from that account.
   */
  queuedActions: z.number().int().nonnegative(),
})
export type AccountSummary = z.infer<typeof accountSummarySchema>

const accountIdInput = z.object({ accountId: z.string().min(1) }).strict()

/** Fields of the "add a server" form; URLs follow the https-except-loopback rule. */
export const addAccountInputSchema = z
  .object({
    label: z.string().max(100).default(''),
    baseUrl: z.string().superRefine((value, ctx) => {
      const check = checkServiceUrl(value)
      if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message })
    }),
    clientId: z.string().trim().min(1, 'Enter the client id').max(255),
    clientSecret: z.string().min(1, 'Enter the client secret').max(1000),
    redirectUri: z.string().superRefine((value, ctx) => {
      const check = checkRedirectUri(value)
      if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message })
    }),
  })
  .strict()
export type AddAccountInput = z.input<typeof addAccountInputSchema>

export const signInMethodSchema = z.enum(['window', 'browser'])
export type SignInMethod = z.infer<typeof signInMethodSchema>

/** Result of a sign-in: signed in, or cancelled by the user (window closed; nothing stored). */
export const signInResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signed_in'), account: accountSummarySchema, user: authUserSchema }),
  z.object({ status: z.literal('cancelled') }),
])
export type SignInResult = z.infer<typeof signInResultSchema>

/**
 * Result of switching accounts: signed in (the account still holds tokens, no new sign-in), or
 * `sign_in_required` (no tokens for it: sign in with `auth.signIn`; the current account is kept).
 */
export const switchAccountResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signed_in'), account: accountSummarySchema, user: authUserSchema }),
  z.object({ status: z.literal('sign_in_required'), account: accountSummarySchema }),
])
export type SwitchAccountResult = z.infer<typeof switchAccountResultSchema>

/** The signed-in account and its user; `verified` is false when `me` could not be reached (offline). */
export const currentAuthSchema = z
  .object({ account: accountSummarySchema, user: authUserSchema.nullable(), verified: z.boolean() })
  .nullable()
export type CurrentAuth = z.infer<typeof currentAuthSchema>

/**
 * Channels of sign-in and accounts. Errors carry codes from AuthError (`access_denied`,
 * `state_mismatch`, `invalid_grant`, `invalid_client`, `reauth_required`, `network`,
 * `invalid_url`, `unknown_account`, `unsupported`, `token_endpoint`) and CredentialStoreError
 * (`keychain_unavailable`).
 */
export const authChannels = defineChannels({
  'auth.listAccounts': {
    input: z.object({}).strict(),
    output: z.array(accountSummarySchema),
    description: 'Every account (server + client registration) with its sign-in status; no secrets.',
  },
  'auth.addAccount': {
    input: addAccountInputSchema,
    output: accountSummarySchema,
    description: 'Adds a server: base URL, client id, client secret (kept in the keychain), redirect URI, label.',
  },
  'auth.removeAccount': {
    input: accountIdInput,
    output: z.object({ removed: z.boolean() }),
    description: 'Removes an account, its tokens and client secret from the keychain.',
  },
  'auth.signIn': {
    input: z.object({ accountId: z.string().min(1), method: signInMethodSchema.default('window') }).strict(),
    output: signInResultSchema,
    description: 'OAuth 2.0 sign-in (authorization code + PKCE) in a login window or the system browser.',
  },
  'auth.switchAccount': {
    input: accountIdInput,
    output: switchAccountResultSchema,
    description: 'Makes another account current when it still holds tokens; otherwise says a sign-in is needed.',
  },
  'auth.signOut': {
    input: z.object({ accountId: z.string().min(1), clearCache: z.boolean().default(false) }).strict(),
    output: z.object({}),
    description: "Deletes the account's tokens; with clearCache (after the user confirmed) also its local cache.",
  },
  'auth.current': {
    input: z.object({}).strict(),
    output: currentAuthSchema,
    description: 'The signed-in account and its user (from `me`), or null.',
  },
})

export const authChangedSchema = z.object({
  accountId: z.string().nullable(),
  signedIn: z.boolean(),
  reason: z.enum(['signed_in', 'signed_out', 'reauth_required', 'account_added', 'account_removed']),
  /** A readable line for a toast (e.g. "Your sign-in has ended..."). */
  message: z.string().optional(),
})
export type AuthChanged = z.infer<typeof authChangedSchema>

export const authEvents = defineEvents({
  'auth.changed': {
    payload: authChangedSchema,
    description: 'An account was added, removed, signed in or out (including a refused refresh token).',
  },
})
