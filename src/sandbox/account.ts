import type { FastifyInstance } from 'fastify'
import {
  addError,
  authenticate,
  isObject,
  NOT_FOUND,
  positiveInt,
  sendMessage,
  sendValidation,
  type FieldErrors,
  type SandboxContext,
} from './context'

/**
 * Users and webhooks of the caller's account:
 * - GET /api/v1_2/users/:user_id: a bare User object, for users of the caller's account only
 *   (others: 404 `Not found`, so ids of other accounts are not disclosed);
 * - GET /api/v1_2/me: the signed-in user, a bare object (as published clients expect);
 * - PUT /api/webhooks/:webhook_id: body a single URL string (JSON string or text/plain), or an
 *   object `{ url, auth_credentials: { username, password }, settings }`; 201 with the URL as
 *   text; 422 `Validation Failed` (errors: url / auth_credentials / settings "is missing",
 *   auth_credentials.password "must include at least one digit", url "is not a valid URL");
 * - DELETE /api/webhooks/:webhook_id: 204.
 */
export function registerAccount(app: FastifyInstance, ctx: SandboxContext): void {
  const { store, render } = ctx

  app.get('/api/v1_2/me', async (request, reply) => {
    const user = authenticate(ctx, request, reply)
    if (!user) return reply
    return reply.send(render.user(user))
  })

  app.get('/api/v1_2/users/:user_id', async (request, reply) => {
    const user = authenticate(ctx, request, reply)
    if (!user) return reply
    const id = positiveInt((request.params as Record<string, string>)['user_id'])
    const other = id !== null ? store.users.get(id) : undefined
    if (!other || other.accountId !== user.accountId) return sendMessage(reply, 404, NOT_FOUND)
    return reply.send(render.user(other))
  })

  app.put('/api/webhooks/:webhook_id', async (request, reply) => {
    const user = authenticate(ctx, request, reply)
    if (!user) return reply
    const id = positiveInt((request.params as Record<string, string>)['webhook_id'])
    const webhook = id !== null ? store.webhooks.get(id) : undefined
    if (!webhook || webhook.accountId !== user.accountId) return sendMessage(reply, 404, NOT_FOUND)

    let body: unknown = request.body
    if (Buffer.isBuffer(body)) body = body.toString('utf8')
    if (isObject(body) && isObject(body['webhook'])) body = body['webhook']
    const errors: FieldErrors = {}
    let url: string | null = null
    let authCredentials: { username: string | null; password: string | null } | null = webhook.authCredentials
    let settings: unknown = webhook.settings

    if (typeof body === 'string') {
      url = body.trim()
      if (url === '') addError(errors, ['url'], 'is missing')
    } else {
      const input = isObject(body) ? body : {}
      const rawUrl = input['url']
      if (typeof rawUrl !== 'string' || rawUrl.trim() === '') addError(errors, ['url'], 'is missing')
      else url = rawUrl.trim()
      const creds = input['auth_credentials']
      if (creds === undefined || creds === null) addError(errors, ['auth_credentials'], 'is missing')
      else if (!isObject(creds)) addError(errors, ['auth_credentials'], 'must be an object')
      else {
        const password = creds['password']
        if (typeof password !== 'string' || password === '')
          addError(errors, ['auth_credentials', 'password'], 'is missing')
        else if (!/\d/.test(password))
          addError(errors, ['auth_credentials', 'password'], 'must include at least one digit')
        const username = typeof creds['username'] === 'string' ? creds['username'] : null
        authCredentials = { username, password: typeof password === 'string' ? password : null }
      }
      if (input['settings'] === undefined || input['settings'] === null) addError(errors, ['settings'], 'is missing')
      else settings = input['settings']
    }
    if (url !== null && url !== '' && !isHttpUrl(url)) addError(errors, ['url'], 'is not a valid URL')
    if (Object.keys(errors).length > 0) return sendValidation(reply, errors)

    webhook.url = url!
    webhook.authCredentials = authCredentials
    webhook.settings = settings
    webhook.updatedAt = store.time()
    return reply.code(201).type('text/plain; charset=utf-8').send(webhook.url)
  })

  app.delete('/api/webhooks/:webhook_id', async (request, reply) => {
    const user = authenticate(ctx, request, reply)
    if (!user) return reply
    const id = positiveInt((request.params as Record<string, string>)['webhook_id'])
    const webhook = id !== null ? store.webhooks.get(id) : undefined
    if (!webhook || webhook.accountId !== user.accountId) return sendMessage(reply, 404, NOT_FOUND)
    store.webhooks.delete(webhook.id)
    return reply.code(204).send()
  })
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== ''
  } catch {
    return false
  }
}
