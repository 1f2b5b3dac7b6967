/// <reference lib="dom" />
/**
 * The desktop integration as the renderer shows it, in the harness: a notification for a
 * repaired document that, clicked, opens the document; *Copy link* on a document; the
 * diagnostics text (version, OS, service address, and no password or token, nor in the log
 * file); the update banner and the desktop preferences (screenshots in e2e/artifacts).
 * The harness stands in for the desktop (e2e/harness/desktop.ts): notifications are recorded
 * and "clicked" through the harness, as the browser's Notification would; the clipboard is the
 * page's own.
 */
import { expect, test, type Page } from '@playwright/test'
import { readFile, readdir } from 'node:fs/promises'
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { startSandbox, type Sandbox } from '../src/sandbox'
import { startHarnessProcess, type HarnessProcess } from './support/harnessProcess'
import { shootSizesAndThemes } from './support/screenshots'
import { makeTempDir, removeTempDirs } from './support/tempDirs'

const { version } = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string
}

let sandbox: Sandbox
let tokenRecorder: Server
let harness: HarnessProcess
let userDataDir = ''
/** Every access and refresh token the sandbox issued to the harness. */
const issuedTokens = new Set<string>()

/**
 * A pass-through to the sandbox that notes the tokens in `/oauth/token` answers, so the test
 * knows the exact values that must appear nowhere.
 */
function startTokenRecorder(target: string): Promise<Server> {
  const { hostname, port } = new URL(target)
  const server = createServer((incoming, outgoing) => {
    const forward = httpRequest(
      { host: hostname, port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        if (!incoming.url?.startsWith('/oauth/token')) return void answer.pipe(outgoing)
        let text = ''
        answer.setEncoding('utf8')
        answer.on('data', (part: string) => (text += part))
        answer.on('end', () => {
          for (const match of text.matchAll(/"(?:access|refresh)_token"\s*:\s*"([^"]+)"/g)) issuedTokens.add(match[1]!)
          outgoing.end(text)
        })
      },
    )
    forward.on('error', () => outgoing.destroy())
    incoming.pipe(forward)
  })
  return new Promise((listening) => server.listen(0, '127.0.0.1', () => listening(server)))
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, admin: true, documents: 20, repairDelayMs: 200, jobDelayMs: 100 })
  tokenRecorder = await startTokenRecorder(sandbox.url)
  const recorderUrl = `http://127.0.0.1:${(tokenRecorder.address() as AddressInfo).port}`
  userDataDir = await makeTempDir('docket-e2e-desktop-')
  harness = await startHarnessProcess(['--sandbox', recorderUrl, '--user-data', userDataDir, '--credentials', 'memory'])
})

test.afterAll(async () => {
  await harness?.stop()
  tokenRecorder?.closeAllConnections()
  await new Promise((closed) => tokenRecorder?.close(closed))
  await sandbox?.close()
  await removeTempDirs()
})

const paneId = async (page: Page): Promise<number> =>
  Number(await page.getByTestId('document-pane').getAttribute('data-document-id'))

async function openApp(page: Page): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.url })
  await page.goto(harness.url)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible({ timeout: 30_000 })
}

/** Opens the document of the inbox's first row; answers its id. */
async function openFirst(page: Page): Promise<number> {
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('Home')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('extracted-data')).toBeVisible()
  return paneId(page)
}

async function openSettings(page: Page): Promise<void> {
  await page.getByTestId('shell-menu-button').click()
  await page.getByTestId('settings-button').click()
}

interface Recorded {
  id: string
  kind: string
  title: string
  body: string
  target?: { target: string; id: number }
  clicked: boolean
}

async function notifications(page: Page): Promise<Recorded[]> {
  const response = await page.request.get(`${harness.url}/__harness/notifications`)
  return ((await response.json()) as { notifications: Recorded[] }).notifications
}

test('a notification that a repaired document is back opens that document when clicked', async ({ page }) => {
  test.setTimeout(120_000)
  await openApp(page)
  const repaired = await openFirst(page)
  await page.keyboard.press('p')
  await page.getByTestId('repair-description').fill('The VAT line is missing.')
  await page.keyboard.press('Control+Enter')
  await expect(page.getByTestId('repair-dialog')).toBeHidden()
  // somewhere else meanwhile: another document, so the click has to bring this one back
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('Home')
  await page.keyboard.press('Enter')
  await expect.poll(() => paneId(page)).not.toBe(repaired)

  // the repair poll runs every 30 s
  let notice: Recorded | undefined
  await expect
    .poll(async () => (notice = (await notifications(page)).find((n) => n.kind === 'repairFinished'))?.target?.id, {
      timeout: 75_000,
      intervals: [1_000],
    })
    .toBe(repaired)
  expect(notice!.title).toBe('A repaired document is back')

  // the click a native (or the browser's) notification reports
  const status = await page.evaluate(
    async (id) => (await fetch(`/__harness/notifications/${id}/click`, { method: 'POST' })).status,
    notice!.id,
  )
  expect(status).toBe(200)
  await expect.poll(() => paneId(page)).toBe(repaired)
  await expect(page.getByTestId('extracted-data')).toBeVisible()
})

test('Copy link puts docket://document/<id> of the open document on the clipboard', async ({ page }) => {
  await openApp(page)
  const id = await openFirst(page)
  await page.getByTestId('copy-link').click()
  await expect(page.getByText(`docket://document/${id}`)).toBeVisible()
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`docket://document/${id}`)
})

test('Copy diagnostics gives version, OS and service address, and no password or token', async ({ page }) => {
  await openApp(page)
  await openSettings(page)
  await page.getByTestId('copy-diagnostics').click()
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('Docket diagnostics')
  const text = await page.evaluate(() => navigator.clipboard.readText())
  expect(text).toContain(`Version: ${version}`)
  expect(text).toContain(`OS: ${process.platform}`)
  expect(text).toMatch(/Service: http:\/\/127\.0\.0\.1:\d+\//)
  expect(text).toMatch(/Outbox: \d+ pending, \d+ failed/)
  expect(text).toMatch(/Last \d+ log lines:/)

  // the log file the diagnostics read from, after this session
  const logsDir = join(userDataDir, 'logs')
  const logText = (
    await Promise.all((await readdir(logsDir)).map((name) => readFile(join(logsDir, name), 'utf8')))
  ).join('\n')
  expect(logText.length).toBeGreaterThan(0)
  expect(issuedTokens.size).toBeGreaterThan(0)
  const secrets = ['demo-password-1', 'docket-sandbox-secret', 'Bearer ', 'refresh_token', ...issuedTokens]
  for (const secret of secrets) {
    expect(text, `diagnostics contain ${secret.slice(0, 6)}…`).not.toContain(secret)
    expect(logText, `the log file contains ${secret.slice(0, 6)}…`).not.toContain(secret)
  }
})

test('preferences turn a notification kind off; the update banner shows release notes as text', async ({ page }) => {
  await openApp(page)
  await openSettings(page)
  const preferences = page.getByTestId('desktop-preferences')
  await expect(preferences.getByTestId('pref-notify-actionsFailed')).toBeChecked()
  await preferences.getByTestId('pref-notify-actionsFailed').uncheck()
  await expect
    .poll(() =>
      page.evaluate(() =>
        (window as unknown as { docket: { invoke(c: string, i: unknown): Promise<unknown> } }).docket.invoke(
          'app.preferences',
          {},
        ),
      ),
    )
    .toMatchObject({ notifications: { actionsFailed: false, repairFinished: true } })
  await preferences.locator('fieldset').last().scrollIntoViewIfNeeded()
  await shootSizesAndThemes(page, 'e2e/artifacts/desktop-preferences')
  await preferences.getByTestId('pref-notify-actionsFailed').check()
  await page.keyboard.press('Escape')

  // an update "downloaded" by the harness's stand-in updater
  const notes = 'Faster sync.\n<b>Not markup</b>\n- Copy link on documents'
  await page.evaluate(
    async (body) =>
      fetch('/__harness/update', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    { version: '9.9.0', releaseNotes: notes },
  )
  const banner = page.getByTestId('update-banner')
  await expect(banner).toContainText('Docket 9.9.0 is ready')
  await banner.getByTestId('update-notes-toggle').click()
  await expect(banner.getByTestId('update-notes')).toHaveText(notes)
  await expect(banner.locator('b')).toHaveCount(0)
  await shootSizesAndThemes(page, 'e2e/artifacts/update-banner')
  await banner.getByTestId('update-later').click()
  await expect(banner).toBeHidden()
})
