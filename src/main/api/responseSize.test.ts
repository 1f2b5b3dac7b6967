import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from './client'
import { createDispatcher } from './dispatcher'
import { ApiError, MAX_ERROR_MESSAGE_LENGTH } from './errors'

let server: Server
let baseUrl: string

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url?.startsWith('/api/v1_2/me')) {
      response.writeHead(200, { 'content-type': 'application/json' })
      // 2 MB of a valid-looking user: only the size is wrong
      response.end(JSON.stringify({ id: 1, email: 'a@b.test', name: 'x'.repeat(2_000_000), surname: 'y' }))
      return
    }
    response.writeHead(400, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ message: 'Invalid state name '.repeat(10_000) }))
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((done) => server.close(() => done())))

const tokens = { getAccessToken: async () => 'token-abc', refreshAfterUnauthorized: async () => 'token-abc' }

describe('hostile response sizes', () => {
  it('refuses a response body over the cap with bad_response instead of reading it all', async () => {
    const client = new ApiClient({ baseUrl, tokens, dispatcher: createDispatcher({ maxResponseBytes: 64 * 1024 }) })
    const error = await client.me().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 'bad_response' })
  })

  it('cuts a huge error message from the service to a readable length', async () => {
    const client = new ApiClient({ baseUrl, tokens, dispatcher: createDispatcher() })
    const error = (await client.setDocumentState(1, 'ready').catch((e: unknown) => e)) as ApiError
    expect(error.code).toBe('bad_request')
    expect(error.message.length).toBeLessThanOrEqual(MAX_ERROR_MESSAGE_LENGTH)
    expect(error.message).toContain('Invalid state name')
  })
})
