import type { FastifyInstance } from 'fastify'
import { startTcpProxy, type TcpProxy } from '../support/tcpProxy'

/**
 * The harness's network switch: the app services reach the sandbox through a TCP proxy the
 * harness puts in between, so anyone can take the service away (connections refused, open
 * ones cut) and bring it back, to try offline review in a browser.
 */
export interface HarnessNetwork {
  /** The address the app services use for the sandbox (the proxy's), stable across switches. */
  url: string
  /** True while connections go through. */
  readonly online: boolean
  /** Cuts (false) or restores (true) the connection; resolves with the state now. */
  setOnline(online: boolean): Promise<boolean>
  close(): Promise<void>
}

/**
 * Starts the switch in front of `targetUrl` (http://127.0.0.1:PORT), online, on `port`
 * (default 0: a free one; a restart that passes the same port keeps the service's address).
 */
export async function startHarnessNetwork(targetUrl: string, port = 0): Promise<HarnessNetwork> {
  const proxy: TcpProxy = await startTcpProxy(targetUrl, port)
  let online = true
  // One switch at a time, in the order asked.
  let queue: Promise<unknown> = Promise.resolve()
  return {
    url: proxy.url,
    get online() {
      return online
    },
    setOnline(next) {
      const run = queue.then(async () => {
        if (next === online) return online
        if (next) await proxy.start()
        else await proxy.stop()
        online = next
        return online
      })
      queue = run.catch(() => undefined)
      return run
    },
    async close() {
      await queue
      await proxy.stop()
    },
  }
}

/**
 * `POST /__harness/network` with JSON `{ "online": boolean }`: switches the connection between
 * the app services and the sandbox, answering `{ online }`. Like the IPC calls, only the
 * harness's own page may call it (`Origin` compared whole: else 403 `forbidden_sender`); a body
 * without a boolean `online` is 400 `validation`. `GET` answers the state now.
 */
export function registerNetworkRoute(
  server: FastifyInstance,
  network: () => HarnessNetwork | null,
  isTrustedOrigin: (origin: string) => boolean,
): void {
  server.get('/__harness/network', async () => ({ online: network()?.online ?? true }))
  server.post<{ Body: unknown }>('/__harness/network', async (request, reply) => {
    const origin = typeof request.headers.origin === 'string' ? request.headers.origin : ''
    if (!isTrustedOrigin(origin)) {
      return reply.code(403).send({ code: 'forbidden_sender', message: 'This page may not talk to Docket.' })
    }
    const body = request.body as { online?: unknown } | null
    if (typeof body?.online !== 'boolean') {
      return reply.code(400).send({ code: 'validation', message: 'Send { "online": true } or { "online": false }.' })
    }
    const switched = network()
    if (!switched) {
      return reply.code(409).send({ code: 'no_sandbox', message: 'The harness talks to no sandbox it can switch.' })
    }
    return { online: await switched.setOnline(body.online) }
  })
}
