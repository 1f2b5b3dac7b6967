import { startSandbox, type Sandbox, type SandboxOptions } from './index'

/**
 * Helpers for tests that talk to a sandbox over real HTTP (fetch). Not used at run time.
 */

/** A parsed JSON body as tests inspect it: checked by assertions, so loosely typed on purpose. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any

export interface ApiResponse<T = Json> {
  status: number
  headers: Headers
  /** parsed JSON when the body is JSON, else the text ('' for no body) */
  body: T
  text: string
}

export interface TestSandbox {
  sandbox: Sandbox
  url: string
  /** an access token of a demo user (1 demo, 2 colleague, 3 outsider) via the password grant */
  token(userId?: number): Promise<string>
  /** calls the API with a bearer token of user 1 unless `token` is given ('' sends none) */
  api<T = Json>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>
  close(): Promise<void>
}

export async function request<T = Json>(url: string, init: RequestInit = {}): Promise<ApiResponse<T>> {
  const response = await fetch(url, { redirect: 'manual', ...init })
  const text = await response.text()
  let body: unknown = text
  if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') body = JSON.parse(text)
  return { status: response.status, headers: response.headers, body: body as T, text }
}

export async function passwordGrant(url: string, email: string, password: string): Promise<Record<string, Json>> {
  const res = await request(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      client_id: 'docket-desktop',
      client_secret: 'docket-sandbox-secret',
      username: email,
      password,
    }),
  })
  if (res.status !== 200) throw new Error(`password grant failed: ${res.status} ${res.text}`)
  return res.body
}

export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const sandbox = await startSandbox({ admin: true, ...options })
  const tokens = new Map<number, string>()
  const token = async (userId = 1) => {
    const cached = tokens.get(userId)
    if (cached) return cached
    const user = sandbox.credentials.users.find((u) => u.id === userId)
    if (!user) throw new Error(`no demo user ${userId}`)
    const grant = await passwordGrant(sandbox.url, user.email, user.password)
    tokens.set(userId, grant['access_token'])
    return grant['access_token'] as string
  }
  return {
    sandbox,
    url: sandbox.url,
    token,
    async api(method, path, options = {}) {
      const bearer = options.token ?? (await token(1))
      const headers: Record<string, string> = { ...(options.headers ?? {}) }
      if (bearer) headers['authorization'] = `Bearer ${bearer}`
      let body: string | undefined
      if (options.body !== undefined) {
        body = typeof options.body === 'string' && headers['content-type'] ? options.body : JSON.stringify(options.body)
        headers['content-type'] ??= 'application/json'
      }
      return request(`${sandbox.url}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) })
    },
    close: () => sandbox.close(),
  }
}

/** Polls `check` until it returns true (every 20 ms, up to `timeoutMs`); throws on timeout. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs
  for (;;) {
    if (await check()) return
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 20))
  }
}
