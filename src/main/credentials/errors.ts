import { redact } from '../../shared/api/redact'

/**
 * Codes of {@link AuthError}:
 * - `access_denied`: the user pressed Deny (or the service refused) on the consent page;
 * - `state_mismatch`: the redirect's `state` is not the one we sent (possible forgery) — refused;
 * - `invalid_redirect`: the redirect carries neither a code nor an error, or is not our redirect URI;
 * - `cancelled`: the login window was closed, or the browser flow timed out;
 * - `invalid_grant`: the token endpoint refused the code, refresh token or password;
 * - `invalid_client`: the client id / client secret are not accepted by the service;
 * - `reauth_required`: the account is signed out (no tokens, or the refresh token was
 *   refused); the user must sign in again. Queued work is kept;
 * - `invalid_token_response`: the token endpoint said yes with an answer Docket cannot use
 *   (too large, a token too long or with odd characters, not a Bearer token); the account
 *   must sign in again;
 * - `token_endpoint`: any other token endpoint failure (HTTP status or bad answer);
 * - `network`: the service could not be reached;
 * - `invalid_url`: a base URL or redirect URI breaks the rule (https, or http on loopback);
 * - `unknown_account`: no account with that id;
 * - `unsupported`: e.g. the system-browser flow with a non-loopback redirect URI.
 */
export type AuthErrorCode =
  | 'access_denied'
  | 'state_mismatch'
  | 'invalid_redirect'
  | 'cancelled'
  | 'invalid_grant'
  | 'invalid_client'
  | 'reauth_required'
  | 'invalid_token_response'
  | 'token_endpoint'
  | 'network'
  | 'invalid_url'
  | 'unknown_account'
  | 'unsupported'

/** An OAuth / sign-in error with a stable `code` and a readable, redacted `message`. */
export class AuthError extends Error {
  override readonly name = 'AuthError'
  readonly code: AuthErrorCode
  /** The OAuth `error` value from the service, when there was one (RFC 6749 §4.1.2.1, §5.2). */
  readonly oauthError?: string

  constructor(code: AuthErrorCode, message: string, options: { oauthError?: string; cause?: unknown } = {}) {
    super(redact(message), options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    if (options.oauthError !== undefined) this.oauthError = options.oauthError
  }
}

export function isAuthError(error: unknown): error is AuthError {
  return error instanceof AuthError || (error instanceof Error && error.name === 'AuthError')
}

/**
 * Codes of {@link CredentialStoreError}:
 * - `keychain_unavailable`: no Secret Service / keychain, or it is locked; the message says
 *   how to fix it. Docket never falls back to storing secrets in plain text.
 * - `corrupt_entry`: the stored entry is not one Docket wrote (it is left alone).
 */
export type CredentialStoreErrorCode = 'keychain_unavailable' | 'corrupt_entry'

export class CredentialStoreError extends Error {
  override readonly name = 'CredentialStoreError'
  readonly code: CredentialStoreErrorCode

  constructor(code: CredentialStoreErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(redact(message), options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
  }
}
