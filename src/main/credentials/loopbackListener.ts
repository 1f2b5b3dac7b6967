import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isLoopbackRedirectUri } from '../../shared/api/serviceUrl'
import { AuthError } from './errors'

export interface LoopbackListenerOptions {
  /** The registered redirect URI, e.g. `http://127.0.0.1:53682/oauth/callback`. */
  redirectUri: string
  /**
   * Listen on port 0 (any free port) instead of the redirect URI's port, for services that
   * accept any loopback port (RFC 8252 §7.3). The actual URI is in `redirectUri` of the result.
   */
  anyPort?: boolean
  /** Give up after this many ms (default 5 minutes) -> AuthError `cancelled`. */
  timeoutMs?: number
  /**
   * The `state` sent in the authorize request. When given, a request to the redirect path
   * carrying another state (a forged callback from a page or program on this machine) is
   * answered 400 and the listener keeps waiting for the real one until its timeout.
   */
  expectedState?: string
}

export interface LoopbackListener {
  /** The redirect URI to send in the authorize request (with the actual port). */
  redirectUri: string
  /** Resolves with the full redirect URL the browser was sent to (with code/state or error). */
  redirect: Promise<string>
  /** Stops listening (idempotent); a pending `redirect` rejects with `cancelled`. */
  close(): Promise<void>
}

const PAGE = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;margin:3rem"><h1>${title}</h1><p>${text}</p></body></html>`

/**
 * The address to listen on for a loopback redirect URI: its IP literal (127.x.y.z or ::1), or
 * 127.0.0.1 for `localhost` (browsers try it when ::1 refuses).
 */
function listenHost(redirect: URL): string {
  const host = redirect.hostname.replace(/^\[|\]$/g, '')
  return host.toLowerCase() === 'localhost' ? '127.0.0.1' : host
}

/**
 * Listens on the redirect URI's loopback address for the browser's redirect of the
 * system-browser sign-in (RFC 8252 §7.3): answers the first request to the redirect path (with
 * the expected `state`, when one is given) with a "You can close this window" page and resolves
 * with its URL; other paths get 404, a wrong or missing state 400, and listening goes on.
 *
 * Errors: AuthError `unsupported` (not a loopback http redirect URI), the listen error
 * (e.g. EADDRINUSE) as AuthError `network`, `cancelled` on timeout or close.
 */
export async function startLoopbackListener(options: LoopbackListenerOptions): Promise<LoopbackListener> {
  if (!isLoopbackRedirectUri(options.redirectUri)) {
    throw new AuthError(
      'unsupported',
      'Signing in with the system browser needs a loopback redirect URI (http://127.0.0.1:PORT/...).',
    )
  }
  const registered = new URL(options.redirectUri)
  const host = listenHost(registered)
  const port = options.anyPort ? 0 : Number(registered.port || 80)
  let resolveRedirect!: (url: string) => void
  let rejectRedirect!: (error: Error) => void
  const redirect = new Promise<string>((resolve, reject) => {
    resolveRedirect = resolve
    rejectRedirect = reject
  })
  redirect.catch(() => {})
  let settled = false

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1`)
    if (req.method !== 'GET' || url.pathname !== registered.pathname || settled) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found')
      return
    }
    if (options.expectedState !== undefined && url.searchParams.get('state') !== options.expectedState) {
      res
        .writeHead(400, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'close',
        })
        .end(PAGE('Not this sign-in', 'This answer does not belong to the sign-in Docket is waiting for.'))
      return
    }
    settled = true
    const failed = url.searchParams.has('error')
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', connection: 'close' })
      .end(
        failed
          ? PAGE('Sign-in not completed', 'You can close this window and return to Docket.')
          : PAGE('Signed in to Docket', 'You can close this window and return to Docket.'),
      )
    const actual = new URL(listener.redirectUri)
    resolveRedirect(`${actual.origin}${url.pathname}${url.search}`)
    void close()
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) =>
      reject(
        new AuthError(
          'network',
          `Cannot listen for the browser's answer on ${registered.hostname}:${port} (${(error as NodeJS.ErrnoException).code ?? error.message}).`,
          { cause: error },
        ),
      ),
    )
    server.listen(port, host, () => resolve())
  })
  const actualPort = (server.address() as AddressInfo).port
  const actualUri = new URL(options.redirectUri)
  if (options.anyPort) actualUri.port = String(actualPort)

  const timer = setTimeout(
    () => {
      if (!settled) {
        settled = true
        rejectRedirect(new AuthError('cancelled', 'Sign-in in the browser was not completed in time.'))
        void close()
      }
    },
    options.timeoutMs ?? 5 * 60_000,
  )
  timer.unref?.()

  let closing: Promise<void> | undefined
  function close(): Promise<void> {
    clearTimeout(timer)
    if (!settled) {
      settled = true
      rejectRedirect(new AuthError('cancelled', 'Sign-in was cancelled.'))
    }
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeIdleConnections?.()
    })
    return closing
  }

  const listener: LoopbackListener = { redirectUri: actualUri.toString(), redirect, close }
  return listener
}
