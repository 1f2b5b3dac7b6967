import { createHash, randomBytes } from 'node:crypto'

/**
 * Authorization codes, access tokens and refresh tokens of the sandbox's OAuth 2.0 server
 * (RFC 6749, PKCE per RFC 7636). Times are ms since epoch; lifetimes in seconds.
 */

export interface AuthorizationCode {
  code: string
  userId: number
  clientId: string
  redirectUri: string
  codeChallenge: string | null
  expiresAt: number
  used: boolean
  /** access and refresh tokens issued for this code (revoked if the code is replayed) */
  issued: string[]
}

export interface AccessToken {
  token: string
  userId: number
  expiresAt: number
  revoked: boolean
}

export interface RefreshToken {
  token: string
  userId: number
  revoked: boolean
}

export interface TokenResponse {
  access_token: string
  token_type: 'Bearer'
  expires_in: number
  refresh_token: string
  created_at: number
}

/** Lifetime of an authorization code: 10 min. */
export const CODE_TTL_MS = 10 * 60_000

function newSecret(): string {
  return randomBytes(32).toString('base64url')
}

/** PKCE S256: BASE64URL(SHA256(verifier)). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url')
}

export class TokenStore {
  private readonly codes = new Map<string, AuthorizationCode>()
  private readonly access = new Map<string, AccessToken>()
  private readonly refresh = new Map<string, RefreshToken>()

  constructor(
    private readonly tokenTtlSec: number,
    private readonly now: () => number = Date.now,
  ) {}

  issueCode(input: Omit<AuthorizationCode, 'code' | 'expiresAt' | 'used' | 'issued'>): string {
    const code = newSecret()
    this.codes.set(code, { ...input, code, expiresAt: this.now() + CODE_TTL_MS, used: false, issued: [] })
    return code
  }

  /** The code record, whatever its state (callers check `used` and `expiresAt`). */
  findCode(code: string): AuthorizationCode | undefined {
    return this.codes.get(code)
  }

  isExpired(code: AuthorizationCode): boolean {
    return code.expiresAt <= this.now()
  }

  /** Issues an access token (tokenTtlSec) and a refresh token for a user. */
  issueTokens(userId: number): TokenResponse {
    const now = this.now()
    const access: AccessToken = { token: newSecret(), userId, expiresAt: now + this.tokenTtlSec * 1000, revoked: false }
    const refresh: RefreshToken = { token: newSecret(), userId, revoked: false }
    this.access.set(access.token, access)
    this.refresh.set(refresh.token, refresh)
    return {
      access_token: access.token,
      token_type: 'Bearer',
      expires_in: this.tokenTtlSec,
      refresh_token: refresh.token,
      created_at: Math.floor(now / 1000),
    }
  }

  /** The user of a live access token, or null for a missing, unknown, expired or revoked one. */
  userForAccessToken(token: string): number | null {
    const record = this.access.get(token)
    if (!record || record.revoked || record.expiresAt <= this.now()) return null
    return record.userId
  }

  /** Consumes a refresh token (rotation: it is invalid afterwards); null when not usable. */
  useRefreshToken(token: string): number | null {
    const record = this.refresh.get(token)
    if (!record || record.revoked) return null
    record.revoked = true
    return record.userId
  }

  /** Revokes tokens by value (both kinds). */
  revokeTokens(tokens: string[]): void {
    for (const token of tokens) {
      const a = this.access.get(token)
      if (a) a.revoked = true
      const r = this.refresh.get(token)
      if (r) r.revoked = true
    }
  }

  /** Revokes every refresh token of a user and, when asked, every access token; returns counts. */
  revokeUser(userId: number, accessTokens: boolean): { refreshTokens: number; accessTokens: number } {
    let refreshCount = 0
    let accessCount = 0
    for (const r of this.refresh.values())
      if (r.userId === userId && !r.revoked) {
        r.revoked = true
        refreshCount++
      }
    if (accessTokens)
      for (const a of this.access.values())
        if (a.userId === userId && !a.revoked) {
          a.revoked = true
          accessCount++
        }
    return { refreshTokens: refreshCount, accessTokens: accessCount }
  }
}
