import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, request, type IncomingMessage, type RequestOptions } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// The real electron-updater, run in Node: its generic provider, its download with sha512
// verification and its install-on-quit hook need no Electron once it is given an app adapter
// (Electron's `app` in the app) and its HTTP executor sends requests with Node's http instead
// of Electron's `net` (the one method replaced below). The .deb updater is used because its
// check and download are plain Node on this Linux machine; only its install step (dpkg) is
// not run: restartToUpdate is pinned with a fake in updater.test.ts.
import { DebUpdater } from 'electron-updater'
import type { AppAdapter } from 'electron-updater/out/AppAdapter'
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor'
import { silentLogger } from '../logging/logger'
import { createUpdater, type UpdaterEngine } from './updater'

/** electron-updater's own executor (download, checksum, redirects), sending through Node's http. */
class NodeHttpExecutor extends ElectronHttpExecutor {
  override createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): never {
    return request(options, callback) as never
  }
}

const root = mkdtempSync(join(tmpdir(), 'docket-update-feed-'))
const installer = randomBytes(64 * 1024)
const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64')
const served: string[] = []
const feeds = new Map<string, string>()
let origin = ''

/** A static feed: `/<feed>/latest-linux.yml` from `feeds`, `/<feed>/Docket-0.2.0.deb` the installer. */
const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname
  served.push(path)
  const [, feed, file] = path.split('/')
  if (file === 'latest-linux.yml' && feeds.has(feed!)) return res.end(feeds.get(feed!))
  if (file === 'Docket-0.2.0.deb') return res.end(installer)
  res.statusCode = 404
  res.end()
})

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  rmSync(root, { recursive: true, force: true })
})

function latestYml(options: { sha512?: string; url?: string } = {}): string {
  const url = options.url ?? 'Docket-0.2.0.deb'
  return [
    'version: 0.2.0',
    'files:',
    `  - url: ${url}`,
    `    sha512: ${options.sha512 ?? sha512(installer)}`,
    `    size: ${installer.length}`,
    `path: ${url}`,
    `sha512: ${options.sha512 ?? sha512(installer)}`,
    "releaseDate: '2026-11-03T09:00:00.000Z'",
    "releaseNotes: '<p>Copy link on a document.</p>'",
    '',
  ].join('\n')
}

/** The real updater for app version 0.1.0, driven through the adapter against feed `name`. */
function setup(name: string, yml: string) {
  feeds.set(name, yml)
  const dir = mkdtempSync(join(root, `${name}-`))
  const feedUrl = `${origin}/${name}/`
  writeFileSync(
    join(dir, 'app-update.yml'),
    `provider: generic\nurl: ${feedUrl}\nupdaterCacheDirName: docket-updater\n`,
  )
  const quitHandlers: ((exitCode: number) => void)[] = []
  const app: AppAdapter = {
    version: '0.1.0',
    name: 'Docket',
    isPackaged: true,
    appUpdateConfigPath: join(dir, 'app-update.yml'),
    userDataPath: join(dir, 'user'),
    baseCachePath: join(dir, 'cache'),
    whenReady: async () => {},
    relaunch: () => {},
    quit: () => {},
    onQuit: (handler) => void quitHandlers.push(handler),
  }
  const engine = new DebUpdater(null, app)
  ;(engine as unknown as { httpExecutor: ElectronHttpExecutor }).httpExecutor = new NodeHttpExecutor()
  const updater = createUpdater({
    engine: engine as unknown as UpdaterEngine,
    feedUrl,
    allowLoopbackFeedForTests: true,
    settings: { checksEnabled: () => true, setChecksEnabled: () => {} },
    log: silentLogger,
  })
  const pendingDir = join(dir, 'cache', 'docket-updater', 'pending')
  return { updater, quitHandlers, pendingDir, requests: () => served.filter((p) => p.startsWith(`/${name}/`)) }
}

describe('updates from a local generic feed, with the real electron-updater', () => {
  it('finds the newer version, downloads and verifies it, and arms install-on-quit', async () => {
    const { updater, quitHandlers, pendingDir, requests } = setup('good', latestYml())
    expect(await updater.checkNow()).toEqual({
      status: 'downloaded',
      version: '0.2.0',
      releaseNotes: 'Copy link on a document.',
    })
    expect(requests()).toEqual(['/good/latest-linux.yml', '/good/Docket-0.2.0.deb'])
    expect(readFileSync(join(pendingDir, 'Docket-0.2.0.deb')).equals(installer)).toBe(true)
    expect(quitHandlers).toHaveLength(1)
  })

  it('discards a download whose sha512 does not match the feed', async () => {
    const { updater, quitHandlers, pendingDir } = setup('tampered', latestYml({ sha512: sha512(randomBytes(16)) }))
    expect(await updater.checkNow()).toMatchObject({ status: 'error', code: 'checksum_mismatch' })
    expect(existsSync(pendingDir) ? readdirSync(pendingDir).filter((f) => f.endsWith('.deb')) : []).toEqual([])
    expect(quitHandlers).toHaveLength(0)
  })

  it('does not download a file the feed places at an http address', async () => {
    const { updater, requests } = setup('downgraded', latestYml({ url: 'http://mirror.example/Docket-0.2.0.deb' }))
    expect(await updater.checkNow()).toMatchObject({ status: 'error', code: 'insecure_url' })
    expect(requests()).toEqual(['/downgraded/latest-linux.yml'])
  })

  it('stays idle when the feed has no newer version', async () => {
    const { updater, requests } = setup('current', latestYml().replace('version: 0.2.0', 'version: 0.1.0'))
    expect(await updater.checkNow()).toMatchObject({ status: 'idle' })
    expect(requests()).toEqual(['/current/latest-linux.yml'])
  })
})
