/**
 * Hostile service responses (SECURITY.md "Service responses are untrusted"). Real responses
 * of the sandbox are mutated (fields removed, mistyped, replaced by huge strings), replaced
 * by invalid JSON, HTML error pages and 200s carrying an error body, and served by a small
 * HTTP server on 127.0.0.1 to the real ApiClient. Every outcome must be a typed ApiError (or
 * a correct result when the mutation kept the response valid): no crash, no TypeError, no
 * token in a message. A failed pull must leave the local store of the offline workspace
 * unchanged.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { MemoryLevel } from 'memory-level'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { agendaListResponseSchema } from '../../shared/api/agenda'
import { commentListResponseSchema } from '../../shared/api/comment'
import { documentListResponseSchema } from '../../shared/api/document'
import { userSchema } from '../../shared/api/user'
import { startTestSandbox } from '../../sandbox/testing'
import { openWorkspace } from '../offline'
import type { Level } from '../offline/store'
import { ApiClient } from './client'
import { compiledSchema } from './compiledSchema'
import { codeForStatus, formatPath, isApiError } from './errors'

const TOKEN = 'hostile-test-access-token-0123456789'

/** What the hostile server answers next, per path prefix (longest match wins). */
interface Answer {
  status: number
  headers?: Record<string, string>
  body: string | Buffer
  /** Cut the connection after sending half of the body (Content-Length announces all of it). */
  cut?: boolean
}
let routes: Record<string, Answer> = {}
let lastAuthorization = ''

function answer(req: IncomingMessage, res: ServerResponse): void {
  lastAuthorization = req.headers.authorization ?? ''
  const path = (req.url ?? '/').split('?')[0]!
  const key = Object.keys(routes)
    .filter((prefix) => path.startsWith(prefix))
    .sort((a, b) => b.length - a.length)[0]
  const a: Answer = key ? routes[key]! : { status: 404, body: '{"message":"Not found"}' }
  const body = typeof a.body === 'string' ? Buffer.from(a.body) : a.body
  res.writeHead(a.status, { 'content-type': 'application/json', 'content-length': String(body.length), ...a.headers })
  if (a.cut) {
    res.write(body.subarray(0, Math.floor(body.length / 2)))
    res.socket?.destroy()
    return
  }
  res.end(body)
}

let server: Server
let baseUrl = ''
/** Real responses of the sandbox, parsed, by endpoint. */
const real: Record<string, unknown> = {}

const tokens = { getAccessToken: async () => TOKEN, refreshAfterUnauthorized: async () => TOKEN }
const client = () =>
  new ApiClient({ baseUrl, tokens, retry: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 1 }, sleep: async () => {} })

beforeAll(async () => {
  const sandbox = await startTestSandbox({ documents: 0 })
  try {
    real.documents = (
      await sandbox.api('GET', '/api/v1_2/documents?agenda_id=1&type[]=PurchaseInvoice&type[]=SalesInvoice')
    ).body
    real.agendas = (await sandbox.api('GET', '/api/v1_2/agendas')).body
    const firstId = (real.documents as { documents: { id: number }[] }).documents[0]!.id
    await sandbox.api('POST', `/api/v1_2/documents/${firstId}/comments`, { body: { comment: { text: 'Checked' } } })
    real.comments = (await sandbox.api('GET', `/api/v1_2/documents/${firstId}/comments`)).body
    real.me = (await sandbox.api('GET', '/api/v1_2/me')).body
  } finally {
    await sandbox.close()
  }
  server = createServer(answer)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

/** The endpoints under test: the path the server answers, the call, the schema of the answer. */
const endpoints: { name: string; path: string; call: (c: ApiClient) => Promise<unknown>; schema: z.ZodType }[] = [
  {
    name: 'documents',
    path: '/api/v1_2/documents',
    call: (c) => c.listDocumentsPage({ agendaId: 1 }, 1),
    schema: documentListResponseSchema,
  },
  { name: 'agendas', path: '/api/v1_2/agendas', call: (c) => c.listAgendas(), schema: agendaListResponseSchema },
  { name: 'comments', path: '/api/v1_2/documents/', call: (c) => c.listComments(1), schema: commentListResponseSchema },
  { name: 'me', path: '/api/v1_2/me', call: (c) => c.me(), schema: userSchema },
]

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** Every path to a value inside `value` (objects and arrays), root excluded. */
function pathsOf(
  value: Json,
  prefix: (string | number)[] = [],
  out: (string | number)[][] = [],
): (string | number)[][] {
  const children: [string | number, Json][] = Array.isArray(value)
    ? value.slice(0, 3).map((v, i) => [i, v])
    : value && typeof value === 'object'
      ? Object.entries(value)
      : []
  for (const [key, child] of children) {
    out.push([...prefix, key])
    pathsOf(child, [...prefix, key], out)
  }
  return out
}

type Mutation = { kind: 'delete' } | { kind: 'set'; value: Json }

/** Applies a mutation at `path` to a deep copy of `root`. */
function mutate(root: Json, path: (string | number)[], mutation: Mutation): Json {
  const copy = structuredClone(root)
  let parent: Json = copy
  for (const key of path.slice(0, -1)) parent = (parent as Record<string | number, Json>)[key]!
  const last = path[path.length - 1]!
  if (mutation.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1)
    else delete (parent as Record<string, Json>)[last]
  } else (parent as Record<string | number, Json>)[last] = mutation.value
  return copy
}

const hugeString = 'Z'.repeat(2_000_000)
const wrongValue: fc.Arbitrary<Json> = fc.oneof<fc.Arbitrary<Json>[]>(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 20 }),
  fc.constant(hugeString),
  fc.constant([]),
  fc.constant({}),
  fc.constant([[[[[[[[[[{}]]]]]]]]]]),
  fc.constant({ message: 'Invalid state name' }),
  fc.constant(`https://evil.example/?access_token=${TOKEN}`),
)
const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'delete' as const }), weight: 2 },
  { arbitrary: wrongValue.map((value) => ({ kind: 'set' as const, value })), weight: 3 },
)

/** Asserts the outcome of a call is a well-formed ApiError; returns it. */
function expectApiError(outcome: { ok: true; value: unknown } | { ok: false; error: unknown }) {
  expect(outcome.ok).toBe(false)
  if (outcome.ok) throw new Error('unreachable')
  const error = outcome.error
  expect(isApiError(error), `not an ApiError: ${String(error)}`).toBe(true)
  if (!isApiError(error)) throw error
  expect(error.message).not.toContain(TOKEN)
  return error
}

async function settle(
  promise: Promise<unknown>,
): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await promise }
  } catch (error) {
    return { ok: false, error }
  }
}

describe('ApiClient against hostile responses', () => {
  it.each(endpoints.map((e) => [e.name, e] as const))(
    '%s: a mutated response is parsed when still valid, else refused as bad_response naming the field',
    async (_name, endpoint) => {
      const original = real[endpoint.name] as Json
      const paths = pathsOf(original)
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...paths), mutationArb, async (path, mutation) => {
          const body = mutate(original, path, mutation)
          routes = { [endpoint.path]: { status: 200, body: JSON.stringify(body) } }
          const expected = endpoint.schema.safeParse(body)
          const outcome = await settle(endpoint.call(client()))
          if (expected.success) {
            expect(outcome.ok, outcome.ok ? '' : String((outcome as { error: unknown }).error)).toBe(true)
            return
          }
          const error = expectApiError(outcome)
          expect(error.code).toBe('bad_response')
          expect(error.status).toBe(200)
          expect(error.message).toContain(formatPath(expected.error.issues[0]!.path))
        }),
        { numRuns: 60, seed: 9 },
      )
    },
    60_000,
  )

  it.each(endpoints.map((e) => [e.name, e] as const))(
    "%s: the compiled schema the client uses gives the runtime parser's output and issues",
    (_name, endpoint) => {
      // strict: a schema zod cannot compile would silently lose its fast path (bench B1).
      expect(() => z.compile(endpoint.schema, { strict: true })).not.toThrow()
      const compiled = compiledSchema(endpoint.schema)
      expect(compiled).not.toBe(endpoint.schema)
      const original = real[endpoint.name] as Json
      const value: fc.Arbitrary<Json> = fc.oneof<fc.Arbitrary<Json>[]>(
        wrongValue,
        fc.constantFrom(' 12.50 ', '-7', '007', '1e3', '12.', '.5', '0x10', '', ' ', '9'.repeat(400), '-0'),
        fc.constant(JSON.parse('{"__proto__":{"polluted":1},"href":"x"}') as Json),
      )
      const mutation: fc.Arbitrary<Mutation> = fc.oneof(
        { arbitrary: fc.constant({ kind: 'delete' as const }), weight: 1 },
        { arbitrary: value.map((v) => ({ kind: 'set' as const, value: v })), weight: 4 },
      )
      fc.assert(
        fc.property(fc.constantFrom(...pathsOf(original)), mutation, (path, m) => {
          const body = mutate(original, path, m)
          const expected = endpoint.schema.safeParse(body)
          const actual = compiled.safeParse(body)
          expect(actual.success).toBe(expected.success)
          if (expected.success) expect(actual.data).toStrictEqual(expected.data)
          else expect(actual.error!.issues).toStrictEqual(expected.error.issues)
        }),
        { numRuns: 400, seed: 13 },
      )
      const valid = endpoint.schema.safeParse(original)
      expect(valid.success).toBe(true)
      expect(compiled.parse(original)).toStrictEqual(valid.data)
    },
  )

  it('refuses invalid JSON, HTML error pages, empty and binary bodies, and JSON of the wrong kind', async () => {
    const bodies = fc.oneof(
      fc.constantFrom(
        '',
        '{',
        '{"documents": [',
        '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>',
        '<html><body>Please sign in to the Wi-Fi</body></html>',
        'null',
        '[]',
        '42',
        '"documents"',
        'true',
        '{"message":"Invalid state name"}',
        '{"error":"invalid_token","error_description":"The access token expired"}',
        `{"message":"Bearer ${TOKEN} is not valid"}`,
      ),
      fc.string({ maxLength: 200 }).filter((s) => {
        try {
          JSON.parse(s)
          return false
        } catch {
          return true
        }
      }),
      fc.uint8Array({ minLength: 1, maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), bodies, fc.boolean(), async (endpoint, body, html) => {
        routes = { [endpoint.path]: { status: 200, body, headers: html ? { 'content-type': 'text/html' } : {} } }
        const text = Buffer.isBuffer(body) ? body.toString('utf8') : body
        let parsed: unknown
        try {
          parsed = JSON.parse(text)
        } catch {
          parsed = undefined
        }
        const outcome = await settle(endpoint.call(client()))
        if (parsed !== undefined && endpoint.schema.safeParse(parsed).success) return
        const error = expectApiError(outcome)
        expect(error.code).toBe('bad_response')
        expect(error.message).not.toContain('<html')
      }),
      { numRuns: 200, seed: 10 },
    )
  }, 60_000)

  it('maps any error status with any body to its typed code, never echoing the token', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        fc.integer({ min: 400, max: 599 }).filter((s) => s !== 401),
        fc.oneof(
          fc.string({ maxLength: 100 }),
          fc.constant('<html><body>Internal error</body></html>'),
          fc.constant(`{"message":"token ${TOKEN} rejected","errors":{"url":["is missing"]}}`),
          fc.constant('{"message": 42, "errors": "nope"}'),
        ),
        fc.option(fc.oneof(fc.constantFrom('1', '0', '-5', 'soon', 'Wed, 21 Oct 2015 07:28:00 GMT', '999999999')), {
          nil: undefined,
        }),
        async (endpoint, status, body, retryAfter) => {
          routes = {
            [endpoint.path]: { status, body, headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter } },
          }
          const error = expectApiError(await settle(endpoint.call(client())))
          expect(error.code).toBe(codeForStatus(status))
          expect(error.status).toBe(status)
        },
      ),
      { numRuns: 150, seed: 11 },
    )
  }, 60_000)

  // A hostile or broken service could otherwise put 100 kB of text into an error that reaches logs and the renderer.
  it('cuts a huge error message from the service to a readable length', async () => {
    routes = { '/api/v1_2/agendas': { status: 422, body: JSON.stringify({ message: 'x'.repeat(100_000) }) } }
    const error = expectApiError(await settle(client().listAgendas()))
    expect(error.code).toBe('validation')
    expect(error.message.length).toBeLessThanOrEqual(2_000)
  })

  it('a connection cut in the middle of a body is a network error (GET) or an unknown outcome (POST)', async () => {
    routes = { '/api/v1_2/documents': { status: 200, body: JSON.stringify(real.documents), cut: true } }
    const get = expectApiError(await settle(client().listDocumentsPage({ agendaId: 1 }, 1)))
    expect(['network', 'timeout']).toContain(get.code)
    const post = expectApiError(await settle(client().createComment(1, 'Checked')))
    expect(post.code).toBe('unknown_outcome')
    expect(lastAuthorization).toBe(`Bearer ${TOKEN}`)
  })

  it('a failed pull leaves the local store unchanged', async () => {
    routes = {
      '/api/v1_2/agendas': { status: 200, body: JSON.stringify(real.agendas) },
      '/api/v1_2/documents': { status: 200, body: JSON.stringify(real.documents) },
    }
    const level = new MemoryLevel<string, unknown>({ valueEncoding: 'json' })
    const api = client()
    const dir = await mkdtemp(join(tmpdir(), 'docket-hostile-'))
    const workspace = await openWorkspace({
      dir,
      client: api,
      userId: 1,
      level: level as unknown as Level,
    })
    try {
      await workspace.syncNow()
      const agendaIds = (await workspace.listAgendas()).map((a) => a.id)
      expect(agendaIds.length).toBeGreaterThan(0)
      const snapshot = async () => ({
        agendas: await workspace.listAgendas(),
        documents: await Promise.all(agendaIds.map((id) => workspace.listDocuments(id))),
        outbox: await workspace.listOutbox(),
      })
      const documents = real.documents as Json
      const paths = pathsOf(documents)
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...paths), mutationArb, async (path, mutation) => {
          const body = mutate(documents, path, mutation)
          fc.pre(!documentListResponseSchema.safeParse(body).success)
          const before = await snapshot()
          routes['/api/v1_2/documents'] = { status: 200, body: JSON.stringify(body) }
          await workspace.syncNow().catch(() => {})
          expect(await snapshot()).toEqual(before)
        }),
        { numRuns: 25, seed: 12 },
      )
    } finally {
      await workspace.close()
      await level.close()
      await rm(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
