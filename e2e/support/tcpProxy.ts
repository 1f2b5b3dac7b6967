import { createServer, connect, type Server, type Socket } from 'node:net'

/**
 * A TCP proxy on 127.0.0.1 in front of a service, that a test can take down ("the network is
 * gone": connections refused) and bring back on the same port.
 */
export interface TcpProxy {
  /** `http://127.0.0.1:PORT`, stable across stop/start. */
  url: string
  /** Refuses new connections and cuts the open ones. */
  stop(): Promise<void>
  /** Listens again on the same port. */
  start(): Promise<void>
}

/**
 * Starts a proxy to `targetUrl` (http://host:port) on `port` of 127.0.0.1 (default 0: a free
 * one). Rejects when the port is taken.
 */
export async function startTcpProxy(targetUrl: string, listenPort = 0): Promise<TcpProxy> {
  const target = new URL(targetUrl)
  const sockets = new Set<Socket>()
  let server: Server | null = null
  let port = listenPort

  const listen = () =>
    new Promise<void>((done, fail) => {
      const next = createServer((client) => {
        const upstream = connect(Number(target.port), target.hostname)
        sockets.add(client).add(upstream)
        const drop = () => {
          client.destroy()
          upstream.destroy()
          sockets.delete(client)
          sockets.delete(upstream)
        }
        client.on('error', drop).on('close', drop)
        upstream.on('error', drop).on('close', drop)
        client.pipe(upstream).pipe(client)
      })
      next.once('error', fail)
      next.listen(port, '127.0.0.1', () => {
        const address = next.address()
        if (address && typeof address === 'object') port = address.port
        server = next
        done()
      })
    })

  await listen()
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const current = server
      server = null
      for (const socket of sockets) socket.destroy()
      sockets.clear()
      if (current) await new Promise<void>((done) => current.close(() => done()))
    },
    async start() {
      if (!server) await listen()
    },
  }
}
