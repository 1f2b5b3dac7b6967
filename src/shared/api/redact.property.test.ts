/**
 * Redaction (SECURITY.md "Local disk is readable by the user"): whatever a token looks like
 * (RFC 6750 b64token characters) and wherever it sits in a line — a `self` link's query, a
 * form body, JSON, an Authorization header, free text — `redact` does not let it through.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { redact, redactHref, redactKnownSecrets } from './redact'

/** Tokens as services issue them: 16+ characters of the b64token alphabet. */
const token = fc
  .string({
    unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~+/'.split('')),
    minLength: 16,
    maxLength: 80,
  })
  .filter((t) => /[A-Za-z0-9]{4}/.test(t))
const word = fc.string({ unit: fc.constantFrom(...'abcdefghij /:'.split('')), maxLength: 20 })

const placements: ((t: string) => string)[] = [
  (t) => `GET https://service.example/api/v1_2/documents/1?access_token=${t} -> 200`,
  (t) => `https://service.example/api/v1_2/documents/1?page=2&access_token=${encodeURIComponent(t)}&x=1`,
  (t) => `grant_type=refresh_token&refresh_token=${encodeURIComponent(t)}&client_id=docket`,
  (t) => `client_secret=${encodeURIComponent(t)}`,
  (t) => JSON.stringify({ access_token: t, token_type: 'bearer', expires_in: 7200 }),
  (t) => JSON.stringify({ refresh_token: t }),
  (t) => JSON.stringify({ client_secret: t, client_id: 'docket' }),
  (t) => `authorization: Bearer ${t}`,
  (t) => `Request failed (Bearer ${t})`,
  (t) => `Sign-in failed (password=${encodeURIComponent(t)})`,
  (t) => `redirect to http://127.0.0.1:1/cb?state=s&code=${encodeURIComponent(t)}`,
]

describe('redaction of tokens', () => {
  it('no placement of any token survives redact()', () => {
    fc.assert(
      fc.property(token, fc.constantFrom(...placements.keys()), word, word, (t, p, before, after) => {
        const line = `${before} ${placements[p]!(t)} ${after}`
        expect(redact(line)).not.toContain(t)
      }),
      { numRuns: 2_000, seed: 31 },
    )
  })

  it('a known secret value is removed wherever it stands, even with no key before it', () => {
    fc.assert(
      fc.property(token, word, word, (t, before, after) => {
        const line = `${before}${t}${after} (token ${t})`
        expect(redactKnownSecrets(line, [t])).not.toContain(t)
        expect(redactKnownSecrets(line, [t])).toContain('[REDACTED]')
      }),
      { numRuns: 500, seed: 33 },
    )
  })

  it('does not blank out ordinary words: names that only end in a secret key, and very short known values', () => {
    expect(redact('error_code=5 passwords=2')).toBe('error_code=5 passwords=2')
    expect(redactKnownSecrets('abc abc', ['abc'])).toBe('abc abc')
  })

  it('a stored self link keeps its address but loses the access token', () => {
    fc.assert(
      fc.property(token, fc.integer({ min: 1, max: 1e9 }), (t, id) => {
        const href = redactHref(
          `https://service.example/api/v1_2/documents/${id}?access_token=${encodeURIComponent(t)}`,
        )
        expect(href).toBe(`https://service.example/api/v1_2/documents/${id}`)
      }),
      { numRuns: 500, seed: 32 },
    )
  })
})
