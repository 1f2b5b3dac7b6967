import { describe, expect, it } from 'vitest'
import { createPkce, createState, s256Challenge } from './pkce'

describe('PKCE (RFC 7636) and state', () => {
  it('computes the S256 challenge of the RFC 7636 appendix B example', () => {
    expect(s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    )
  })
  it('creates a 43-character base64url verifier with its challenge, different every time', () => {
    const a = createPkce()
    const b = createPkce()
    expect(a.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(a.challenge).toBe(s256Challenge(a.verifier))
    expect(a.method).toBe('S256')
    expect(a.verifier).not.toBe(b.verifier)
  })
  it('state carries 128 random bits', () => {
    const state = createState()
    expect(Buffer.from(state, 'base64url')).toHaveLength(16)
    expect(createState()).not.toBe(state)
  })
})
