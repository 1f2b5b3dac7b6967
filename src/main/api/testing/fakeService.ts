/**
 * Test helpers: small node:http fakes of the service on 127.0.0.1, for behaviour the sandbox
 * cannot provoke (a cut connection, a chosen status, a slow page), and clients pointed at them
 * with a fixed token, no real waiting and fixed jitter. Call {@link closeFakeServices} after each test.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ApiClient, type ApiClientOptions } from '../client'
import { isApiError, type ApiError } from '../errors'
import { HttpClient } from '../http'

export type FakeHandler = (req: IncomingMessage, res: ServerResponse, body: string) => void

const servers: Server[] = []
const closables: { close(): Promise<void> }[] = []

/** Starts a fake service; resolves with its base URL (`http://127.0.0.1:PORT`). */
export async function serve(handler: FakeHandler): Promise<string> {
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => handler(req, res, body))
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** Stops the last fake service started, so its address refuses connections. */
export function stopLastService(): Promise<void> {
  return new Promise((resolve) => servers.pop()!.close(() => resolve()))
}

/** Answers with a JSON body. */
export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body))
}

/** The page number a GET /api/v1_2/documents request asks for. */
export function pageOf(req: IncomingMessage): number {
  return Number(new URL(req.url!, 'http://x').searchParams.get('page'))
}

/** Options of a test client: token `tok-A` (refreshed to `tok-B`), no waiting, jitter 0.5. */
function testOptions(baseUrl: string, extra: Partial<ApiClientOptions>): ApiClientOptions {
  return {
    baseUrl,
    tokens: { getAccessToken: async () => 'tok-A', refreshAfterUnauthorized: async () => 'tok-B' },
    sleep: async () => {},
    random: () => 0.5,
    ...extra,
  }
}

/** An {@link ApiClient} of a fake service, closed by {@link closeFakeServices}. */
export function makeClient(baseUrl: string, extra: Partial<ApiClientOptions> = {}): ApiClient {
  const client = new ApiClient(testOptions(baseUrl, extra))
  closables.push(client)
  return client
}

/** An {@link HttpClient} of a fake service, closed by {@link closeFakeServices}. */
export function makeHttp(baseUrl: string, extra: Partial<ApiClientOptions> = {}): HttpClient {
  const http = new HttpClient(testOptions(baseUrl, extra))
  closables.push(http)
  return http
}

/** The ApiError a promise rejects with; fails the test when it resolves or rejects otherwise. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (e: unknown) => e,
  )
  if (!isApiError(error)) throw error
  return error
}

/** A document as a list response carries it. */
export const doc = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'PurchaseInvoice',
  created_at: '2026-01-01T00:00:00Z',
  last_modified_at: '2026-01-01T00:00:00Z',
  state: 'ready',
  ...extra,
})

/** Closes every client and fake service started since the last call. */
export async function closeFakeServices(): Promise<void> {
  await Promise.all(closables.splice(0).map((c) => c.close()))
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))))
}
