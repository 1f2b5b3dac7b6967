/**
 * Redaction (SECURITY.md "Local disk is readable by the user"): whatever a token looks like
 * (RFC 6750 b64token characters) and wherever it sits in a line — a `self` link's query, a
 * form body, JSON, an Authorization header — neither the service client's `redact` nor the
 * router's last-line `redactSecrets` lets it through.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { redactSecrets } from '../../main/app/redactSecrets'
import { redact, redactHref } from './redact'

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
]

describe('redaction of tokens', () => {
  it('no placement of any token survives redact() or redactSecrets()', () => {
    fc.assert(
      fc.property(token, fc.constantFrom(...placements.keys()), word, word, (t, p, before, after) => {
        const line = `${before} ${placements[p]!(t)} ${after}`
        expect(redact(line)).not.toContain(t)
        expect(redactSecrets(line)).not.toContain(t)
      }),
      { numRuns: 2_000, seed: 31 },
    )
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
