import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FaultInjector } from './faults'
import type { Fixture } from './fixtures'
import type { DocumentPreviews } from './previews/documentPreviews'
import type { OriginalSigner, Renderer } from './render'
import type { RequestStats } from './stats'
import type { SandboxStore, UserRecord } from './store'
import type { TokenStore } from './tokens'

/** Timings the routes need, in ms (see SandboxOptions). */
export interface SandboxTimings {
  jobDelayMs: number
  repairDelayMs: number
  processingDelayMs: number
}

/** What every route module gets: the data, the token store, renderers and a timer scheduler. */
export interface SandboxContext {
  store: SandboxStore
  tokens: TokenStore
  render: Renderer
  previews: DocumentPreviews
  signer: OriginalSigner
  fixtures: Fixture[]
  timings: SandboxTimings
  /** the faults in force (hostile listings are served by the list route) */
  faults: FaultInjector
  /** the request log summary (GET /_sandbox/stats) */
  stats: RequestStats
  /** `http://127.0.0.1:PORT` once listening */
  baseUrl(): string
  /** runs `fn` after `ms` unless the sandbox closes first */
  schedule(fn: () => void, ms: number): void
  log(line: string): void
}

/** A JSON error body `{ message }` (docs/service-interface.md, "Errors"). */
export function sendMessage(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send({ message })
}

export const NOT_FOUND = 'Not found'
export const NOT_AUTHORIZED = 'Not authorized to perform this action'

/** 422 `Validation Failed` with `errors` keyed by field (arrays, or objects keyed by sub-field). */
export function sendValidation(reply: FastifyReply, errors: FieldErrors): FastifyReply {
  return reply.code(422).type('application/json; charset=utf-8').send({ message: 'Validation Failed', errors })
}

export type FieldErrors = { [field: string]: string[] | FieldErrors }

/** Adds a message under a field path, e.g. ['address', 'country']. */
export function addError(errors: FieldErrors, path: string[], message: string): void {
  let node: FieldErrors = errors
  for (const key of path.slice(0, -1)) {
    const next = node[key]
    if (!next || Array.isArray(next)) node[key] = {}
    node = node[key] as FieldErrors
  }
  const leaf = path[path.length - 1]!
  const list = node[leaf]
  if (Array.isArray(list)) {
    if (!list.includes(message)) list.push(message)
  } else node[leaf] = [message]
}

/**
 * The user of the request's bearer token, or null after sending 401
 * (`{ "message": "Unauthorized" }`, `WWW-Authenticate: Bearer error="invalid_token"`).
 */
export function authenticate(ctx: SandboxContext, request: FastifyRequest, reply: FastifyReply): UserRecord | null {
  const token = bearerToken(request)
  const userId = token ? ctx.tokens.userForAccessToken(token) : null
  const user = userId !== null ? ctx.store.users.get(userId) : undefined
  if (!user) {
    reply.header('WWW-Authenticate', 'Bearer error="invalid_token"')
    sendMessage(reply, 401, 'Unauthorized')
    return null
  }
  return user
}

/**
 * The request's access token: `Authorization: Bearer <token>`, or else an `access_token` query
 * parameter (the form the documents list's `self` link carries). '' when absent.
 */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization
  if (typeof header === 'string' && header.trim() !== '') return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? ''
  const query = request.query as Record<string, unknown> | undefined
  const fromQuery = query?.['access_token']
  return typeof fromQuery === 'string' ? fromQuery : ''
}

/** Parses a positive integer path or query value; null when it is not one. */
export function positiveInt(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return null
  const n = Number(value)
  return n > 0 ? n : null
}

/** A query value as a list: repeated keys, `key[]`, or one value. */
export function queryList(query: Record<string, unknown>, key: string): string[] | null {
  const values: string[] = []
  let present = false
  for (const k of [`${key}[]`, key]) {
    const v = query[k]
    if (v === undefined) continue
    present = true
    for (const item of Array.isArray(v) ? v : [v]) {
      if (typeof item !== 'string') continue
      for (const part of item.split(',')) if (part.trim() !== '') values.push(part.trim())
    }
  }
  return present ? values : null
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
