import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, request as httpRequest, type Server } from 'node:http'
import { readdir, readFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { startSandbox, type Sandbox } from '../src/sandbox'
import { EVERY_DOCUMENT } from '../src/shared/documents/testing'
import { addSandboxServer, signInOnSandboxPages } from './support/signIn'
import { makeTempDir, removeTempDirs } from './support/tempDirs'

/**
 * No secret at rest (SECURITY.md "Local disk is readable by the user"): a full session through
 * the harness — add the server, sign in on the service's pages, sync, act, make errors happen,
 * let the short-lived access token be refreshed, sign out — then search every log line, every
 * file under the user-data folder (LevelDB store read back through classic-level as well, since
 * its tables may be compressed), the DOM, localStorage/sessionStorage, every answer of the
 * bridge and every error message for the access tokens, refresh tokens and the client secret
 * the session used. Zero hits.
 *
 * The tokens are learnt by a small recording proxy in front of the sandbox: every token the
 * token endpoint issued during the session is searched for, rotated ones included.
 */

const projectRoot = resolve(import.meta.dirname, '..')

let sandbox: Sandbox
let proxy: Server
let proxyUrl = ''
let harness: ChildProcess | null = null
let harnessOutput = ''
const issuedSecrets = new Set<string>()

/** A pass-through proxy to the sandbox that records the tokens of /oauth/token answers. */
function startRecordingProxy(target: string): Promise<Server> {
  const targetUrl = new URL(target)
  const server = createServer((req, res) => {
    const upstream = httpRequest(
      {
        host: targetUrl.hostname,
        port: targetUrl.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: targetUrl.host },
      },
      (up) => {
        const chunks: Buffer[] = []
        up.on('data', (c: Buffer) => chunks.push(c))
        up.on('end', () => {
          const body = Buffer.concat(chunks)
          if ((req.url ?? '').startsWith('/oauth/token')) {
            try {
              const json = JSON.parse(body.toString('utf8')) as Record<string, unknown>
              for (const key of ['access_token', 'refresh_token'])
                if (typeof json[key] === 'string') issuedSecrets.add(json[key])
            } catch {
              /* an error answer */
            }
          }
          res.writeHead(up.statusCode ?? 502, up.headers)
          res.end(body)
        })
      },
    )
    upstream.on('error', () => {
      res.writeHead(502)
      res.end()
    })
    req.pipe(upstream)
  })
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)))
}

/** Starts the harness on the proxy, keeping every line it logs. */
function startHarness(userDataDir: string): Promise<string> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'e2e/harness/cli.ts',
      '--port',
      '0',
      '--sandbox',
      proxyUrl,
      '--no-demo',
      '--user-data',
      userDataDir,
      '--verbose',
    ],
    {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: '/nonexistent-electron' },
    },
  )
  harness = child
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`Harness did not start:\n${harnessOutput}`)), 60_000)
    child.stderr!.on('data', (chunk: Buffer) => (harnessOutput += chunk.toString()))
    child.stdout!.on('data', (chunk: Buffer) => {
      harnessOutput += chunk.toString()
      const match = /Harness listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(harnessOutput)
      if (match) {
        clearTimeout(timer)
        done(match[1]!)
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`Harness exited with ${code}:\n${harnessOutput}`))
    })
  })
}

async function stopHarness(): Promise<void> {
  const child = harness
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  await new Promise<void>((done) => {
    child.once('exit', () => done())
    child.kill('SIGTERM')
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref()
  })
}

/** Every file under `dir` (recursively). */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...(await filesUnder(path)))
    else if (entry.isFile()) out.push(path)
  }
  return out
}

/** Every key and value of each LevelDB under `dir` (folders holding a CURRENT file), as text. */
async function levelDumps(dir: string, files: string[]): Promise<{ where: string; text: string }[]> {
  const { ClassicLevel } = await import('classic-level')
  const stores = [...new Set(files.filter((f) => f.endsWith('/CURRENT')).map((f) => f.slice(0, -'/CURRENT'.length)))]
  const dumps: { where: string; text: string }[] = []
  for (const location of stores) {
    const db = new ClassicLevel<string, string>(location, { valueEncoding: 'utf8', createIfMissing: false })
    await db.open()
    const parts: string[] = []
    for await (const [key, value] of db.iterator()) parts.push(`${key}\t${value}`)
    await db.close()
    dumps.push({ where: `leveldb ${location.slice(dir.length)}`, text: parts.join('\n') })
  }
  return dumps
}

/** Places in `haystacks` holding one of the secrets (reported by name and where, never the value). */
function hits(secrets: Map<string, string>, haystacks: { where: string; text: string }[]): string[] {
  const found: string[] = []
  for (const { where, text } of haystacks) {
    for (const [name, value] of secrets) if (text.includes(value)) found.push(`${name} in ${where}`)
  }
  return found
}

async function invoke(page: Page, channel: string, input: unknown): Promise<string> {
  return page.evaluate(
    async ([c, i]) => {
      try {
        return JSON.stringify(
          await (
            window as unknown as { docket: { invoke: (c: string, i: unknown) => Promise<unknown> } }
          ).docket.invoke(c, i),
        )
      } catch (error) {
        return JSON.stringify({
          error: {
            name: (error as Error).name,
            message: (error as Error).message,
            code: (error as { code?: string }).code,
            details: (error as { details?: unknown }).details,
          },
        })
      }
    },
    [channel, input] as const,
  )
}

test.describe('where secrets go', () => {
  test.beforeAll(async () => {
    // Access tokens live 70 s: the token manager refreshes 60 s ahead, so the session refreshes often.
    sandbox = await startSandbox({
      port: 0,
      admin: true,
      documents: 20,
      tokenTtlSec: 70,
      jobDelayMs: 100,
      repairDelayMs: 300,
    })
    proxy = await startRecordingProxy(sandbox.url)
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
  })
  test.afterAll(async () => {
    await stopHarness()
    proxy?.closeAllConnections()
    await new Promise((done) => proxy?.close(done))
    await sandbox?.close()
    await removeTempDirs()
  })

  test('after a full session no token or client secret is in a log, a file, the page or an error', async ({ page }) => {
    test.setTimeout(180_000)
    const userDataDir = await makeTempDir('docket-e2e-secrets-')
    const url = await startHarness(userDataDir)
    const answers: { where: string; text: string }[] = []
    page.on('response', async (response) => {
      if (!response.url().includes('/__harness/ipc')) return
      answers.push({ where: `bridge answer ${response.url()}`, text: await response.text().catch(() => '') })
    })
    const consoleLines: string[] = []
    page.on('console', (message) => consoleLines.push(message.text()))

    await page.goto(url)
    await addSandboxServer(page, { url: proxyUrl, credentials: sandbox.credentials })
    const popup = await signInOnSandboxPages(page, 'Authorize')
    await popup.close()
    await expect(page.getByTestId('account-user')).toContainText('Dana Demo')
    expect(issuedSecrets.size).toBeGreaterThanOrEqual(2)

    // Work: sync, act through the outbox, read back; plus errors of every kind.
    const agendas = JSON.parse(await invoke(page, 'agendas.list', {})) as { agendas?: { id: number }[] }
    const agendaId = agendas.agendas?.[0]?.id ?? 1
    // The first sync runs in the background after sign-in: wait for the cache to fill.
    let ids: number[] = []
    await expect
      .poll(
        async () => {
          const list = JSON.parse(
            await invoke(page, 'documents.query', { agendaId, query: EVERY_DOCUMENT, window: { start: 0, count: 0 } }),
          ) as { ids?: number[] }
          ids = list.ids ?? []
          return ids.length
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(2)
    const errors: string[] = []
    {
      answers.push({
        where: 'setState',
        text: await invoke(page, 'documents.setState', { ids: [ids[0]], state: 'ready' }),
      })
      answers.push({
        where: 'comment',
        text: await invoke(page, 'comments.create', { documentId: ids[1], text: 'Checked the VAT' }),
      })
      answers.push({ where: 'document', text: await invoke(page, 'documents.get', { id: ids[0] }) })
    }
    errors.push(await invoke(page, 'documents.get', { id: 'not a number' }))
    errors.push(await invoke(page, 'documents.get', { id: 999_999 }))
    errors.push(await invoke(page, 'auth.signIn', { accountId: 'no-such-account' }))
    errors.push(await invoke(page, 'agendas.details', { agendaId: 999_999 }))
    // A refused refresh token: the app must ask for a new sign-in without printing the token.
    await fetch(`${sandbox.url}/_sandbox/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@docket.test', access_tokens: true }),
    })
    errors.push(await invoke(page, 'agendas.details', { agendaId }))
    answers.push({ where: 'auth.current', text: await invoke(page, 'auth.current', {}) })
    answers.push({ where: 'auth.listAccounts', text: await invoke(page, 'auth.listAccounts', {}) })
    await page.waitForTimeout(1_000)

    const dom = await page.content()
    const storage = await page.evaluate(() =>
      JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }),
    )
    await stopHarness()

    const files = await filesUnder(userDataDir)
    expect(files.length).toBeGreaterThan(0)
    const fileTexts = await Promise.all(
      files.map(async (file) => ({
        where: `file ${file.slice(userDataDir.length)}`,
        text: (await readFile(file)).toString('latin1'),
      })),
    )
    const dumps = await levelDumps(userDataDir, files)
    expect(dumps.length).toBeGreaterThan(0)
    expect(dumps.some((d) => d.text.includes('Checked the VAT'))).toBe(true)
    const haystacks = [
      { where: 'harness log', text: harnessOutput },
      { where: 'browser console', text: consoleLines.join('\n') },
      { where: 'DOM', text: dom },
      { where: 'web storage', text: storage },
      { where: 'error messages', text: errors.join('\n') },
      ...answers,
      ...fileTexts,
      ...dumps,
    ]
    const secrets = new Map<string, string>([['client secret', sandbox.credentials.clientSecret]])
    let n = 0
    for (const token of issuedSecrets) secrets.set(`token #${++n}`, token)
    // The search can find things: the account record (electron-store) holds the client id.
    expect(hits(new Map([['client id', sandbox.credentials.clientId]]), fileTexts)).not.toEqual([])
    expect(hits(secrets, haystacks)).toEqual([])
  })
})
