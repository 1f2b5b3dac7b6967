import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { ServerResponse } from 'node:http'
import Fastify from 'fastify'
import fastifyStatic from '@fastify/static'
import { createAppServices, DEMO_SYNTHETIC_DOCUMENTS, type AppServices } from '../../src/main/app'
import { WorkerPageDecoder } from '../../src/main/api/pageDecoder'
import { forkNodeChild } from '../../src/main/app/evidence/childLauncher'
import { sourceEvidenceChild, type EvidenceChildEntry } from '../../src/main/app/evidence/evidenceProcess'
import { createRouter, type HandlerTable } from '../../src/main/app/router'
import { ElectronAccountStore } from '../../src/main/credentials/accountStore'
import { AuthError } from '../../src/main/credentials/errors'
import { MemoryCredentialStore, type CredentialStore } from '../../src/main/credentials/credentialStore'
import { KeytarCredentialStore } from '../../src/main/credentials/keytarStore'
import { createHarnessDesktop, createHarnessLogFile } from './desktop'
import { createHarnessDownloads } from './downloads'
import { registerNetworkRoute, startHarnessNetwork, type HarnessNetwork } from './network'
import { harnessPreviewUrl, registerPreviewRoute } from './previews'

/** Where the project lives, whatever the working directory. */
export const projectRoot = resolve(import.meta.dirname, '../..')

/** Options of {@link startHarness}; every path may be relative to the project root. */
export interface HarnessOptions {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number
  /** The built renderer (`npm run build`): default out/renderer. */
  rendererDir?: string
  /** The built bridge script: default out/harness/bridge.js. */
  bridgeScript?: string
  /** Use a sandbox already running there instead of starting one in-process. */
  sandboxUrl?: string
  /** Invoices for the in-process sandbox (default resources/demo/invoices). */
  fixturesDir?: string
  /** Passed through to the in-process sandbox (documents, seed, delays, faults, admin...). */
  sandboxOptions?: Record<string, unknown>
  /**
   * The app's user-data folder, kept on close; by default a fresh temporary one, removed on
   * close. Pass one to "restart" on it.
   */
  userDataDir?: string
  /**
   * Where tokens go: `keytar` (the OS keychain, as in the app; needed to stay signed in across
   * a restart), `memory`, or `auto` (default: keytar when a Secret Service answers, else memory).
   */
  credentials?: 'keytar' | 'memory' | 'auto'
  /** Start in demo mode when no account is configured (default true). */
  demo?: boolean
  /** Take the service away (the network switch goes offline) this many seconds after start. */
  offlineAfterSec?: number
  /**
   * Port of the network switch (default 0: a free one). The app services know the sandbox by
   * the switch's address, and the demo account is replaced when that address changes: a
   * restart that must find its cached agendas passes the port the first start reported
   * (`network.url`).
   */
  networkPort?: number
  /**
   * The page-decoding thread's module: default the TypeScript source run through tsx. The
   * benchmarks pass a built module, as the app ships it: tsx's loader in the thread costs
   * tens of MB that the app never pays.
   */
  pageWorker?: { entry: string; execArgv?: string[] }
  /**
   * The evidence child process's module (started with Node's fork, as Electron starts it as a
   * utility process): default the TypeScript source run through tsx. `npm run harness` passes
   * the built one (out/main/evidenceChild.js) when there is a build, and the benchmarks their
   * own build of it, so both run what the app ships.
   */
  evidenceChild?: EvidenceChildEntry
  /** Read the invoices for evidence (default true); false switches the pipeline off (benchmarks). */
  evidence?: boolean
  log?: (line: string) => void
}

/** A running harness: the app's URL, the sandbox it talks to, and how to stop it. */
export interface Harness {
  url: string
  /** The sandbox itself (its admin routes answer also while the network switch is offline). */
  sandboxUrl: string | null
  /** The switch between the app services and the sandbox (network.ts); null without a sandbox. */
  network: HarnessNetwork | null
  userDataDir: string
  services: AppServices
  close(): Promise<void>
}

const version = JSON.parse(await readFile(join(projectRoot, 'package.json'), 'utf8')).version as string

/** The keychain when a Secret Service answers (as the app does), else memory when allowed. */
async function harnessCredentialStore(
  kind: 'keytar' | 'memory' | 'auto',
  log: (line: string) => void,
): Promise<CredentialStore> {
  if (kind === 'memory') return new MemoryCredentialStore()
  const keytar = new KeytarCredentialStore({ service: process.env.DOCKET_KEYCHAIN_SERVICE ?? 'Docket (harness)' })
  if (kind === 'keytar') return keytar
  try {
    await keytar.probe()
    return keytar
  } catch (error) {
    log(`No Secret Service (${error instanceof Error ? error.message : String(error)}): tokens kept in memory`)
    return new MemoryCredentialStore()
  }
}

/**
 * Hosts the real app services (src/main/app) behind the IPC contract over HTTP for a browser:
 * serves the built renderer with a `window.docket` built by the same bridge function as the
 * preload (HTTP transport + event stream), starts the demo sandbox in-process unless
 * `sandboxUrl` is given, and puts a network switch between the app services and the sandbox
 * (`POST /__harness/network` `{ online }`, `offlineAfterSec`: see network.ts). Builds nothing
 * itself: run `npm run build` first.
 * It runs on people's machines, so it answers only requests addressed to its own
 * `127.0.0.1:<port>` (`Host`; anything else 403 `forbidden_host`), runs an IPC call only when
 * its `Origin` is exactly the harness's (else `forbidden_sender`), and hands out files only as
 * checked downloads (see downloads.ts) and preview images only to its own page (previews.ts).
 * Errors: rejects when the renderer build is missing or the port is taken.
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const log = options.log ?? (() => {})
  const rendererDir = resolve(projectRoot, options.rendererDir ?? 'out/renderer')
  const bridgeScript = resolve(projectRoot, options.bridgeScript ?? 'out/harness/bridge.js')
  let indexHtml: string
  let bridgeJs: string
  try {
    indexHtml = await readFile(join(rendererDir, 'index.html'), 'utf8')
    bridgeJs = await readFile(bridgeScript, 'utf8')
  } catch {
    throw new Error(
      `The harness serves a built app: run \`npm run build\` first (missing ${rendererDir} or ${bridgeScript}).`,
    )
  }
  const userDataDir = options.userDataDir
    ? resolve(projectRoot, options.userDataDir)
    : await mkdtemp(join(tmpdir(), 'docket-harness-'))
  const ownDataDir = options.userDataDir ? null : userDataDir

  const streams = new Set<ServerResponse>()
  const send = (event: string, payload: unknown): void => {
    const frame = `data: ${JSON.stringify({ event, payload })}\n\n`
    for (const stream of streams) stream.write(frame)
  }

  const downloads = createHarnessDownloads(send)
  // the services' lines go to a daily log file, as in the app (diagnostics read it)
  const logFile = createHarnessLogFile(userDataDir)
  const servicesLog = (line: string): void => {
    logFile.info(line)
    log(line)
  }

  // The sandbox sits behind a network switch (network.ts): started here in demo mode, unless
  // one already runs at `sandboxUrl`; the app services reach it only through the switch.
  let ownSandbox: { url: string; close(): Promise<void> } | null = null
  let network: HarnessNetwork | null = null
  let offlineTimer: NodeJS.Timeout | null = null
  if (options.sandboxUrl || (options.demo ?? true)) {
    let target = options.sandboxUrl
    if (!target) {
      const { startSandbox } = await import('../../src/sandbox')
      ownSandbox = await startSandbox({
        port: 0,
        fixturesDir: resolve(projectRoot, options.fixturesDir ?? 'resources/demo/invoices'),
        documents: DEMO_SYNTHETIC_DOCUMENTS,
        ...options.sandboxOptions,
      })
      target = ownSandbox.url
      servicesLog(`Demo sandbox listening on ${target}`)
    }
    network = await startHarnessNetwork(target, options.networkPort ?? 0)
  }

  const services = createAppServices({
    version,
    platform: process.platform,
    userDataDir,
    demoFixturesDir: resolve(projectRoot, options.fixturesDir ?? 'resources/demo/invoices'),
    demo: options.demo ?? true,
    demoSandboxUrl: network?.url ?? options.sandboxUrl,
    demoSandboxOptions: options.sandboxOptions,
    accountStore: new ElectronAccountStore({ cwd: userDataDir }),
    credentialStore: await harnessCredentialStore(options.credentials ?? 'auto', log),
    // A browser has no login window of ours: the harness signs in with the system-browser flow.
    openLoginWindow: async () => {
      throw new AuthError('unsupported', 'In the browser harness, use “Sign in with the system browser”.')
    },
    loopbackAnyPort: true,
    files: downloads.files,
    previewUrl: harnessPreviewUrl,
    openExternal: async (url) => send('harness.openExternal', { url }),
    // Pulls decode pages in a worker thread as in the app; the harness runs the TypeScript source through tsx.
    pageDecoder: new WorkerPageDecoder({
      ...(options.pageWorker ?? {
        entry: join(projectRoot, 'src/main/api/pageWorker.ts'),
        execArgv: ['--import', 'tsx'],
      }),
      log,
    }),
    // Invoices are read for evidence in child processes as in the app (built, or the source through tsx).
    evidenceChild: { ...(options.evidenceChild ?? sourceEvidenceChild()), launch: forkNodeChild },
    ...(options.evidence === false ? { evidence: false } : {}),
    log: servicesLog,
  })
  await services.start()
  const desktop = createHarnessDesktop({ services, userDataDir, logFile, send, log })
  const stopDesktop = desktop.desktop.start()

  const server = Fastify({ forceCloseConnections: true, bodyLimit: 64 * 1024 * 1024 })
  /** `http://127.0.0.1:<port>`, known once listening. */
  let origin = ''
  // A page of another site may resolve its own name to 127.0.0.1 (DNS rebinding) and then read
  // this server as "same origin": its requests still carry its name in `Host`, so only the
  // bound address is served.
  server.addHook('onRequest', async (request, reply) => {
    if (origin === '' || request.headers.host !== new URL(origin).host) {
      return reply.code(403).send({ code: 'forbidden_host', message: 'The harness answers only on its own address.' })
    }
  })
  // The desktop handlers join the services' own object rather than a copy: test fixtures swap
  // handlers on `services.handlers` after the harness starts, and the router must see that.
  const handlers: HandlerTable = Object.assign(services.handlers, desktop.desktop.handlers)
  const router = createRouter({
    handlers,
    // The browser's `Origin` header, compared whole; a call without one is refused.
    isTrustedSender: (senderOrigin) => origin !== '' && senderOrigin === origin,
    log,
  })
  const disconnect = services.bus.connect(send)

  const page = indexHtml.replace('<head>', '<head>\n    <script src="/__harness/bridge.js"></script>')
  server.get('/', (_request, reply) => reply.type('text/html; charset=utf-8').send(page))
  server.get('/index.html', (_request, reply) => reply.type('text/html; charset=utf-8').send(page))
  server.get('/__harness/bridge.js', (_request, reply) => reply.type('text/javascript; charset=utf-8').send(bridgeJs))
  server.post<{ Body: { channel?: unknown; input?: unknown } }>('/__harness/ipc', async (request) => {
    // Browsers send `Origin` on every POST, same-origin fetches included: a call without it did
    // not come from the harness's page, and `Referer` (which policies strip or trim) is no substitute.
    const senderUrl = typeof request.headers.origin === 'string' ? request.headers.origin : ''
    const body = request.body ?? {}
    return router.dispatch(String(body.channel ?? ''), body.input ?? undefined, { senderUrl })
  })
  server.get('/__harness/events', (request, reply) => {
    reply.hijack()
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    })
    reply.raw.write(': connected\n\n')
    streams.add(reply.raw)
    request.raw.on('close', () => streams.delete(reply.raw))
  })
  const sandboxUrl = ownSandbox?.url ?? options.sandboxUrl ?? services.serviceUrl()
  server.get('/__harness/info', async () => ({
    sandboxUrl,
    serviceUrl: services.serviceUrl(),
    online: network?.online ?? true,
    userDataDir,
  }))
  registerNetworkRoute(
    server,
    () => network,
    (senderOrigin) => origin !== '' && senderOrigin === origin,
  )
  downloads.register(server)
  registerPreviewRoute(
    server,
    () => services.previews,
    () => origin,
  )
  desktop.register(server, (senderOrigin) => origin !== '' && senderOrigin === origin)
  await server.register(fastifyStatic, { root: rendererDir, index: false, wildcard: true })

  const address = await server.listen({ host: '127.0.0.1', port: options.port ?? 0 })
  origin = new URL(address).origin
  if (network && options.offlineAfterSec !== undefined) {
    // Counted from when the harness answers, so the app had its first sync meanwhile.
    const switched = network
    offlineTimer = setTimeout(() => {
      void switched.setOnline(false).then(() => log('Network switched offline (--offline-after)'))
    }, options.offlineAfterSec * 1000)
    offlineTimer.unref()
  }
  return {
    url: origin,
    sandboxUrl,
    network,
    userDataDir,
    services,
    async close() {
      disconnect()
      stopDesktop()
      for (const stream of streams) stream.end()
      await server.close()
      if (offlineTimer) clearTimeout(offlineTimer)
      await services.close()
      await network?.close()
      await ownSandbox?.close()
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true }).catch(() => undefined)
    },
  }
}
