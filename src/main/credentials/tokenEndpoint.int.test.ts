/**
 * The token endpoint's hostile answers (sandbox fault `tokenAnswer`) against the real
 * TokenEndpoint over HTTP: each is a typed `invalid_token_response`, never a token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox'
import { MAX_TOKEN_ANSWER_BYTES, SHORT_LIFETIME_SEC } from './tokenAnswer'
import { TokenEndpoint } from './tokenEndpoint'

let sandbox: Sandbox
let endpoint: TokenEndpoint
const lines: string[] = []
const NOW = 1_700_000_000_000

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, admin: true, documents: 1 })
  endpoint = new TokenEndpoint({
    baseUrl: sandbox.url,
    clientId: sandbox.credentials.clientId,
    clientSecret: sandbox.credentials.clientSecret,
    now: () => NOW,
    log: (line) => lines.push(line),
  })
})
afterAll(() => sandbox.close())

function signIn() {
  const user = sandbox.credentials.users[0]!
  return endpoint.password(user.email, user.password)
}

describe('token endpoint answers', () => {
  it('a token answer that never ends is refused after 64 KB, the rest unread', async () => {
    sandbox.setFaults({ tokenAnswer: 'bomb' })
    sandbox.resetStats()
    const rssBefore = process.memoryUsage().rss
    await expect(signIn()).rejects.toMatchObject({ name: 'AuthError', code: 'invalid_token_response' })
    // The service stops at what the socket buffers hold once the client closes the connection.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(sandbox.stats().tokenBombBytesSent).toBeLessThan(16 * 1024 * 1024)
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024)
    expect(MAX_TOKEN_ANSWER_BYTES).toBe(64 * 1024)
  })

  it('a negative expires_in is taken as short-lived, and logged', async () => {
    sandbox.setFaults({ tokenAnswer: 'negative-expiry' })
    lines.length = 0
    const tokens = await signIn()
    expect(tokens.expiresAt).toBe(NOW + SHORT_LIFETIME_SEC * 1000)
    expect(lines.join('\n')).toMatch(/expires_in -3600/)
  })

  it.each([['not-bearer' as const], ['bad-charset' as const]])('a %s answer is refused', async (mode) => {
    sandbox.setFaults({ tokenAnswer: mode })
    await expect(signIn()).rejects.toMatchObject({ code: 'invalid_token_response' })
  })

  it('a normal answer signs in', async () => {
    sandbox.setFaults({ tokenAnswer: 'normal' })
    const tokens = await signIn()
    expect(tokens.accessToken).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(tokens.expiresAt).toBeGreaterThan(NOW + SHORT_LIFETIME_SEC * 1000)
  })
})
