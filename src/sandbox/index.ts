import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import formbody from '@fastify/formbody'
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify'
import { registerAccount } from './account'
import { registerAgendas } from './agendas'
import { registerComments } from './comments'
import { isObject, sendMessage, type SandboxContext } from './context'
import { registerDocuments } from './documents'
import { registerEcbRates } from './ecbRates'
import { FaultInjector, trickle, validateFaults, waitUntil, type SandboxFaults } from './faults'
import { registerFiles } from './files'
import { registerHostileFiles } from './hostileFiles'
import { loadFixtures } from './fixtures'
import { registerOAuth } from './oauth'
import { registerRevokeTokens } from './revokeTokens'
import { DocumentPreviews } from './previews/documentPreviews'
import { defaultPreviewCacheDir } from './previews/pageCache'
import type { RasterizerName } from './previews/rasterizer'
import { OriginalSigner, Renderer } from './render'
import { seedScaleAgendas } from './scaleAgendas'
import { DEMO_CLIENT, DEMO_USERS, seedStore } from './seed'
import { snapshotState, type SandboxState } from './state'
import { RequestStats, type SandboxStats } from './stats'
import { SandboxStore } from './store'
import { TokenStore } from './tokens'

export type { SandboxFaults } from './faults'
export type { SandboxState } from './state'
export type { SandboxStats } from './stats'

/** Options of startSandbox. Durations in ms unless named Sec. */
export interface SandboxOptions {
  /** default 0 (an ephemeral port) */
  port?: number
  /** default '127.0.0.1' */
  host?: string
  /** default 1: seeds synthetic data and fault decisions */
  seed?: number
  /** default: resources/demo/invoices of this package (not relative to cwd) */
  fixturesDir?: string
  /**
   * Invoices whose extracted JSON holds a deliberately wrong value (resources/demo/planted: the
   * demo of the evidence checks), seeded into agenda 1 after every other document; default none.
   */
  plantedFixturesDir?: string
  /** synthetic documents in agenda 2, default 0 */
  documents?: number
  /** more agendas owned by the demo user (ids 5, 6, ...), as an accounting firm has one per client; default 0 */
  agendas?: number
  /** synthetic documents in each of those agendas, default 0 */
  documentsPerAgenda?: number
  /** access token lifetime, default 7200 */
  tokenTtlSec?: number
  /** batch PATCH background job delay, default 1000 */
  jobDelayMs?: number
  /** human review duration of a repair, default 5000 */
  repairDelayMs?: number
  /** upload processing: uploaded/extracting -> not_ready, default 1500 */
  processingDelayMs?: number
  /** all off by default */
  faults?: Partial<SandboxFaults>
  /** enables /_sandbox/* routes, default false */
  admin?: boolean
  /** folder where the demo invoices' rendered pages are cached; default `<OS temp>/docket-sandbox-previews` */
  previewCacheDir?: string
  /** PDF rasterizer of the previews: 'pdfjs' (default, pdfjs-dist) or 'pdftoppm' (poppler, when installed) */
  previewRenderer?: RasterizerName
  /** render the demo invoices' previews in the background right after start, default true */
  prerenderPreviews?: boolean
  /** receives log lines (startup, skipped fixtures, requests without query strings) */
  log?: (line: string) => void
}

/** A demo user (public demo values). */
export interface SandboxUser {
  id: number
  email: string
  password: string
  name: string
  surname: string
}

/** Listing work a sandbox did since it started (see {@link Sandbox.cacheWork}). */
export interface SandboxCacheWork {
  /** list queries whose matching ids were computed, not served from the list cache */
  listQueriesComputed: number
  /** documents whose JSON was rendered for a list page, not served from the rendered cache */
  documentsRendered: number
}

/** A running sandbox. */
export interface Sandbox {
  /** 'http://127.0.0.1:PORT' */
  url: string
  port: number
  credentials: { clientId: string; clientSecret: string; redirectUri: string; users: SandboxUser[] }
  /** deep copy of all data (same JSON as GET /_sandbox/state) */
  state(): SandboxState
  setFaults(f: Partial<SandboxFaults>): void
  /** the request log summary: requests by 'METHOD /route/pattern', peak in flight (same JSON as GET /_sandbox/stats) */
  stats(): SandboxStats
  /** starts a new count of {@link stats} */
  resetStats(): void
  /**
   * Puts the listing caches back to the state a document change leaves them in, changing no
   * data: every cached list query is forgotten, and the rendered JSON of `renderedDocumentIds`
   * (unknown ids are ignored). Benchmarks call it before a floor (the transport alone making
   * the requests Docket just made) so the service does the same work for the floor as it did
   * for Docket, not less.
   */
  dropCaches(options?: { renderedDocumentIds?: readonly number[] }): void
  /** The listing work done since the start: list queries computed and documents rendered, not served from a cache. */
  cacheWork(): SandboxCacheWork
  close(): Promise<void>
}

/** Request bodies up to 25 MB (clients keep uploads under 20 MB per request). */
const BODY_LIMIT = 25 * 1024 * 1024

/**
 * Finds resources/demo/invoices by walking up from this module's directory (works from
 * src/sandbox and from a bundle in out/main); falls back to the current directory.
 */
export function defaultFixturesDir(): string {
  let dir: string
  try {
    dir = dirname(fileURLToPath(import.meta.url))
  } catch {
    dir = process.cwd()
  }
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'resources', 'demo', 'invoices')
    if (existsSync(candidate)) return candidate
    const parent = dirname(dir)
    if (parent === dir) break
    dir = parent
  }
  return resolve('resources', 'demo', 'invoices')
}

/**
 * Starts a sandbox of the document-processing service (docs/service-interface.md: the
 * documented interface plus what published clients send) on `host:port` and resolves once it
 * listens; the demo invoices' previews are prepared in the background afterwards.
 * Throws when the port cannot be bound.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const log = options.log ?? (() => {})
  const host = options.host ?? '127.0.0.1'
  const seed = options.seed ?? 1
  const fixtures = loadFixtures(options.fixturesDir ?? defaultFixturesDir(), log)
  const store = new SandboxStore()
  const planted = options.plantedFixturesDir ? loadFixtures(options.plantedFixturesDir, log) : []
  await seedStore(store, fixtures, { count: Math.max(0, Math.floor(options.documents ?? 0)), seed }, planted)
  if ((options.agendas ?? 0) > 0)
    await seedScaleAgendas(store, {
      agendas: options.agendas ?? 0,
      documentsPerAgenda: options.documentsPerAgenda ?? 0,
      seed,
    })
  const tokens = new TokenStore(options.tokenTtlSec ?? 7200)
  const signer = new OriginalSigner(randomBytes(32))
  const faults = new FaultInjector(options.faults ?? {}, seed)
  const stats = new RequestStats()
  let baseUrl = ''
  const timers = new Set<NodeJS.Timeout>()
  let closed = false
  const render = new Renderer(() => baseUrl, store, signer)
  const previews = new DocumentPreviews({
    rasterizer: options.previewRenderer,
    cacheDir: options.previewCacheDir ?? defaultPreviewCacheDir(),
    shipped: [...fixtures, ...planted].map((fixture) => fixture.pdf),
    log,
  })

  const ctx: SandboxContext = {
    store,
    tokens,
    render,
    previews,
    signer,
    fixtures,
    timings: {
      jobDelayMs: options.jobDelayMs ?? 1000,
      repairDelayMs: options.repairDelayMs ?? 5000,
      processingDelayMs: options.processingDelayMs ?? 1500,
    },
    faults,
    stats,
    baseUrl: () => baseUrl,
    schedule(fn, ms) {
      if (closed) return
      const timer = setTimeout(
        () => {
          timers.delete(timer)
          fn()
        },
        Math.max(0, ms),
      )
      timers.add(timer)
    },
    log,
  }

  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT, forceCloseConnections: true })
  await app.register(formbody)
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body)
    if (text.trim() === '') return done(null, undefined)
    try {
      done(null, JSON.parse(text))
    } catch {
      // The webhook update's body is "a single URL string": accept it unquoted too.
      if (request.url.startsWith('/api/webhooks/') && /^https?:\/\/\S+$/.test(text.trim()))
        return done(null, text.trim())
      const error = new Error('Invalid JSON body') as FastifyError
      error.statusCode = 400
      done(error, undefined)
    }
  })
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

  // Statistics, request log and fault injection (faults: /api/** only).
  const dropAfter = new WeakSet<FastifyRequest>()
  app.addHook('onRequest', async (request, reply) => {
    const arrivedAt = performance.now()
    if (!request.url.startsWith('/_sandbox/stats')) stats.arrived(request, reply)
    if (!request.url.startsWith('/api/')) return
    const delay = faults.delayMs()
    if (delay > 0) await waitUntil(arrivedAt + delay)
    const decision = faults.decide()
    if (decision === 'error') {
      log(`fault: 500 for ${request.method} ${request.url.split('?')[0]}`)
      return sendMessage(reply, 500, 'Internal Server Error')
    }
    if (decision === 'too_many_requests') {
      log(`fault: 429 for ${request.method} ${request.url.split('?')[0]}`)
      reply.header('Retry-After', String(faults.get().retryAfterSec))
      return sendMessage(reply, 429, 'Too Many Requests')
    }
    if (decision === 'unauthorized') {
      log(`fault: 401 for ${request.method} ${request.url.split('?')[0]}`)
      reply.header('WWW-Authenticate', 'Bearer error="invalid_token"')
      return sendMessage(reply, 401, 'Unauthorized')
    }
    if (decision === 'drop_before') {
      log(`fault: dropped before handling ${request.method} ${request.url.split('?')[0]}`)
      reply.hijack()
      request.raw.socket.destroy()
      return reply
    }
    if (decision === 'drop_after') dropAfter.add(request)
  })
  app.addHook('onSend', async (request, reply, payload) => {
    if (dropAfter.has(request)) {
      log(`fault: dropped the response of ${request.method} ${request.url.split('?')[0]}`)
      request.raw.socket.destroy()
    }
    const { trickleMs = 0 } = faults.get()
    if (trickleMs > 0 && request.url.startsWith('/api/') && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      log(`fault: trickling the answer of ${request.method} ${request.url.split('?')[0]}`)
      reply.removeHeader('content-length')
      return trickle(Buffer.from(payload), trickleMs)
    }
    return payload
  })
  app.addHook('onResponse', async (request, reply) => {
    if (options.log) log(`${request.method} ${request.url.split('?')[0]} ${reply.statusCode}`)
  })

  app.setNotFoundHandler((_request, reply) => sendMessage(reply, 404, 'Not found'))
  app.setErrorHandler((error: FastifyError, request, reply: FastifyReply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500
    if (request.url.startsWith('/oauth/token') && status < 500) {
      return reply.code(400).send({ error: 'invalid_request', error_description: error.message })
    }
    if (status === 413) return sendMessage(reply, 413, 'Request body is too large')
    if (status === 415) return sendMessage(reply, 415, 'Unsupported Media Type')
    if (status < 500) return sendMessage(reply, status, error.message || 'Bad Request')
    log(`error: ${request.method} ${request.url.split('?')[0]}: ${error.message}`)
    return sendMessage(reply, 500, 'Internal Server Error')
  })

  registerOAuth(app, ctx)
  registerDocuments(app, ctx)
  registerFiles(app, ctx)
  registerHostileFiles(app, ctx)
  registerComments(app, ctx)
  registerAgendas(app, ctx)
  registerAccount(app, ctx)
  // read-only sample reference rates: demo mode and tests never ask the real ECB
  registerEcbRates(app)

  if (options.admin) {
    app.get('/_sandbox/state', async () => snapshotState(store, render))
    app.get('/_sandbox/faults', async () => faults.get())
    app.put('/_sandbox/faults', async (request, reply) => {
      const body = isObject(request.body) ? request.body : null
      if (!body)
        return reply.code(422).send({ message: 'Validation Failed', errors: { faults: ['must be an object'] } })
      const errors = validateFaults(body)
      if (Object.keys(errors).length > 0) return reply.code(422).send({ message: 'Validation Failed', errors })
      return faults.set(body as Partial<SandboxFaults>)
    })
    // `?reset=1` (or POST /_sandbox/stats/reset) answers the summary so far and starts a new count.
    app.get('/_sandbox/stats', async (request) => {
      const summary = stats.snapshot()
      if ((request.query as Record<string, unknown>)['reset'] !== undefined) stats.reset()
      return summary
    })
    app.post('/_sandbox/stats/reset', async () => {
      const summary = stats.snapshot()
      stats.reset()
      return summary
    })
    registerRevokeTokens(app, ctx)
    app.post('/_sandbox/revoke', async (request, reply) => {
      const body = isObject(request.body) ? request.body : {}
      const user =
        typeof body['user_id'] === 'number'
          ? store.users.get(body['user_id'])
          : typeof body['email'] === 'string'
            ? store.userByEmail(body['email'])
            : undefined
      if (!user) return sendMessage(reply, 404, 'Not found')
      const revoked = tokens.revokeUser(user.id, body['access_tokens'] === true)
      return {
        user_id: user.id,
        revoked_refresh_tokens: revoked.refreshTokens,
        revoked_access_tokens: revoked.accessTokens,
      }
    })
  }

  await app.listen({ port: options.port ?? 0, host })
  const port = (app.server.address() as AddressInfo).port
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  log(`sandbox: ${fixtures.length} fixture invoices, ${store.documents.size} documents`)
  if (options.prerenderPreviews ?? true) previews.prerender([...store.documents.values()])

  return {
    url: baseUrl,
    port,
    credentials: {
      clientId: DEMO_CLIENT.clientId,
      clientSecret: DEMO_CLIENT.clientSecret,
      redirectUri: DEMO_CLIENT.redirectUri,
      users: DEMO_USERS.map(({ id, email, password, name, surname }) => ({ id, email, password, name, surname })),
    },
    state: () => snapshotState(store, render),
    setFaults: (f) => {
      faults.set(f)
    },
    stats: () => stats.snapshot(),
    resetStats: () => stats.reset(),
    dropCaches: ({ renderedDocumentIds = [] } = {}) => {
      store.dropListCaches()
      render.forgetRendered(
        renderedDocumentIds.flatMap((id) => {
          const doc = store.documents.get(id)
          return doc ? [doc] : []
        }),
      )
    },
    cacheWork: () => ({ listQueriesComputed: store.listQueriesComputed, documentsRendered: render.documentsRendered }),
    async close() {
      closed = true
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      await Promise.all([app.close(), previews.close()])
    },
  }
}
