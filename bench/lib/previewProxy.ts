import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A preview request of the service (`GET /api/v1_2/documents/:id/preview`). */
const PREVIEW_PATH = /^\/api\/v1_2\/documents\/\d+\/preview(\?|$)/

/** A proxy in front of the sandbox that answers preview requests itself. */
export interface PreviewProxy {
  url: string
  /** Preview requests answered. */
  readonly previews: number
  /** Most preview requests open at once. */
  readonly peakPreviewsInFlight: number
  close(): Promise<void>
}

/**
 * Starts an HTTP proxy on 127.0.0.1 in front of `targetUrl` that answers every preview request
 * with `image` (PNG bytes) after `latencyMs`, and passes every other request through. The
 * sandbox renders each synthetic document's PDF on demand (hundreds of ms on a busy machine):
 * a benchmark of the client's copies would measure that renderer instead. The preview's bytes
 * are a real one of the sandbox, so sizes and file writes are those of the app.
 */
export async function startPreviewProxy(
  targetUrl: string,
  image: Uint8Array,
  latencyMs: number,
): Promise<PreviewProxy> {
  const target = new URL(targetUrl)
  let previews = 0
  let open = 0
  let peak = 0
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && PREVIEW_PATH.test(req.url ?? '')) {
      previews++
      peak = Math.max(peak, ++open)
      setTimeout(() => {
        open--
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': image.byteLength, 'x-page-count': '1' })
        res.end(image)
      }, latencyMs)
      return
    }
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  server.keepAliveTimeout = 60_000
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get previews() {
      return previews
    },
    get peakPreviewsInFlight() {
      return peak
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}
