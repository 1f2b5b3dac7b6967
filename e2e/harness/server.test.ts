import { request as httpRequest } from 'node:http'
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from './server'

let harness: Harness
let buildDir = ''

beforeAll(async () => {
  // A stand-in for the built renderer and bridge: these tests are about the HTTP surface only.
  buildDir = await mkdtemp(join(tmpdir(), 'docket-harness-test-'))
  await writeFile(join(buildDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
  await writeFile(join(buildDir, 'bridge.js'), '/* bridge */')
  harness = await startHarness({
    rendererDir: buildDir,
    bridgeScript: join(buildDir, 'bridge.js'),
    userDataDir: join(buildDir, 'user-data'),
    credentials: 'memory',
    demo: false,
  })
})
afterAll(async () => {
  await harness?.close()
  await rm(buildDir, { recursive: true, force: true })
})

/** A raw HTTP request (fetch would not let a test choose `Host`). */
function send(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  const url = new URL(path, harness.url)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: options.method ?? 'GET',
        headers: { host: url.host, ...options.headers },
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

const ipc = (headers: Record<string, string>) =>
  send('/__harness/ipc', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ channel: 'app.info', input: {} }),
  })

describe('harness: only its own address is served (DNS rebinding)', () => {
  it('answers on 127.0.0.1:<port>', async () => {
    expect((await send('/')).status).toBe(200)
    expect((await send('/__harness/info')).status).toBe(200)
  })

  it('refuses any other Host, the info and the app page included', async () => {
    const port = new URL(harness.url).port
    for (const host of [
      `rebind.evil.example:${port}`,
      `localhost:${port}`,
      '127.0.0.1',
      `127.0.0.1:${Number(port) + 1}`,
    ]) {
      for (const path of [
        '/',
        '/__harness/info',
        '/__harness/events',
        '/__harness/bridge.js',
        '/__harness/previews/1',
      ]) {
        const answer = await send(path, { headers: { host } })
        expect(answer.status, `${host} ${path}`).toBe(403)
        expect(answer.body).not.toContain(harness.userDataDir)
      }
    }
  })
})

describe('harness: IPC calls need the exact Origin', () => {
  it('runs a call from the harness’s own origin', async () => {
    const answer = JSON.parse((await ipc({ origin: harness.url })).body) as { ok: boolean }
    expect(answer.ok).toBe(true)
  })

  it('refuses a call without Origin, with a Referer only, or from any other origin', async () => {
    const port = new URL(harness.url).port
    const refused: Record<string, string>[] = [
      {},
      { referer: `${harness.url}/index.html` },
      { origin: 'null' },
      { origin: 'https://evil.example' },
      { origin: `http://localhost:${port}` },
      { origin: `${harness.url}.evil.example` },
      { origin: `${harness.url}/` },
    ]
    for (const headers of refused) {
      const answer = JSON.parse((await ipc(headers)).body) as { ok: boolean; error?: { code: string } }
      expect(answer, JSON.stringify(headers)).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } })
    }
  })
})

describe('the user-data folder', () => {
  it('removes the temporary folder it made on close, and keeps one it was given', async () => {
    const own = await startHarness({
      rendererDir: buildDir,
      bridgeScript: join(buildDir, 'bridge.js'),
      credentials: 'memory',
      demo: false,
    })
    expect(own.userDataDir).not.toBe(harness.userDataDir)
    await expect(stat(own.userDataDir)).resolves.toBeTruthy()
    await own.close()
    await expect(stat(own.userDataDir)).rejects.toMatchObject({ code: 'ENOENT' })
    await expect(stat(harness.userDataDir)).resolves.toBeTruthy()
  })
})
