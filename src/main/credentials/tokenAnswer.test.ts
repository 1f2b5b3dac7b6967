import { describe, expect, it } from 'vitest'
import { AuthError } from './errors'
import { MAX_EXPIRES_IN_SEC, MAX_TOKEN_LENGTH, SHORT_LIFETIME_SEC, tokenSetFromAnswer } from './tokenAnswer'

const NOW = 1_700_000_000_000
const good = { access_token: 'eyJhbGciOi.abc-_~+/9=', token_type: 'Bearer', expires_in: 7200, refresh_token: 'r-1!' }

function read(answer: Record<string, unknown>) {
  const lines: string[] = []
  return { tokens: tokenSetFromAnswer(answer, NOW, (line) => lines.push(line)), lines }
}

function refusal(answer: Record<string, unknown>): AuthError {
  try {
    tokenSetFromAnswer(answer, NOW, () => {})
  } catch (error) {
    return error as AuthError
  }
  throw new Error('the answer was accepted')
}

describe('the token answer rule', () => {
  it('takes a Bearer answer in any case, with its expiry and refresh token', () => {
    const { tokens, lines } = read({ ...good, token_type: 'bEaReR' })
    expect(tokens).toEqual({ accessToken: good.access_token, refreshToken: 'r-1!', expiresAt: NOW + 7_200_000 })
    expect(lines).toEqual([])
  })

  it.each([['mac'], ['Bearer '], ['']])('refuses token_type %j', (tokenType) => {
    const error = refusal({ ...good, token_type: tokenType })
    expect(error).toBeInstanceOf(AuthError)
    expect(error.code).toBe('invalid_token_response')
    expect(error.message).toMatch(/sign in again/)
  })

  it('refuses an access token longer than the cap, and takes one at the cap', () => {
    expect(read({ ...good, access_token: 'a'.repeat(MAX_TOKEN_LENGTH) }).tokens.accessToken).toHaveLength(
      MAX_TOKEN_LENGTH,
    )
    const error = refusal({ ...good, access_token: 'a'.repeat(MAX_TOKEN_LENGTH + 1) })
    expect(error.code).toBe('invalid_token_response')
    expect(error.message).toContain(String(MAX_TOKEN_LENGTH + 1))
  })

  it.each([['abc\r\nX-Injected: 1'], ['a b'], ['tok=en'], ['žluť']])(
    'refuses an access token outside the Bearer charset: %j',
    (token) => {
      expect(refusal({ ...good, access_token: token }).code).toBe('invalid_token_response')
    },
  )

  it('refuses a refresh token too long or with control characters', () => {
    expect(refusal({ ...good, refresh_token: 'r'.repeat(MAX_TOKEN_LENGTH + 1) }).code).toBe('invalid_token_response')
    expect(refusal({ ...good, refresh_token: 'r\n1' }).code).toBe('invalid_token_response')
  })

  it('refuses an answer without an access token', () => {
    expect(refusal({ token_type: 'Bearer' }).code).toBe('invalid_token_response')
  })

  it.each([[-3600], [0], [1.5], [MAX_EXPIRES_IN_SEC + 1], [1e308]])(
    'treats expires_in %j as short-lived and logs it',
    (expiresIn) => {
      const { tokens, lines } = read({ ...good, expires_in: expiresIn })
      expect(tokens.expiresAt).toBe(NOW + SHORT_LIFETIME_SEC * 1000)
      expect(lines).toHaveLength(1)
      expect(lines[0]).toContain('expires_in')
    },
  )

  it('takes expires_in of a year as given', () => {
    expect(read({ ...good, expires_in: MAX_EXPIRES_IN_SEC }).tokens.expiresAt).toBe(NOW + MAX_EXPIRES_IN_SEC * 1000)
  })
})
