import { createHash, randomBytes } from 'node:crypto'

/** A PKCE pair (RFC 7636): keep `verifier` secret until the token exchange; send `challenge`. */
export interface Pkce {
  /** 43 characters of base64url (32 random bytes), RFC 7636 §4.1. */
  verifier: string
  /** BASE64URL(SHA256(verifier)), RFC 7636 §4.2. */
  challenge: string
  method: 'S256'
}

/** Creates a PKCE verifier and its S256 challenge from 256 random bits. */
export function createPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: s256Challenge(verifier), method: 'S256' }
}

/** BASE64URL(SHA256(ASCII(verifier))) without padding. */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url')
}

/** A 128-bit random `state` value (22 base64url characters) that binds a redirect to our request. */
export function createState(): string {
  return randomBytes(16).toString('base64url')
}
