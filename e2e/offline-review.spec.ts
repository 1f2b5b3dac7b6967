/// <reference lib="dom" />
import { mkdirSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { startSandbox, type Sandbox } from '../src/sandbox'
import { startHarnessProcess, type HarnessProcess } from './support/harnessProcess'
import { keychainAvailable } from './support/keychain'
import { shootSizesAndThemes } from './support/screenshots'
import { addSandboxServer, signInOnSandboxPages } from './support/signIn'
import { startTcpProxy, type TcpProxy } from './support/tcpProxy'
import { makeTempDir, removeTempDirs } from './support/tempDirs'

/**
 * A day away from the network, through the harness against a separately started sandbox
 * that sits behind a TCP proxy the test takes down (connections refused) and brings back:
 * - the invoice images of documents never opened are there offline (offline copies);
 * - a refused refresh token asks for a sign-in in a banner, and the queue is sent after it;
 * - failed actions are retried and discarded from the outbox panel;
 * - the status bar says offline, and the service failing.
 */
const artifacts = 'e2e/artifacts'
mkdirSync(artifacts, { recursive: true })
const hasKeychain = await keychainAvailable()

let sandbox: Sandbox
let proxy: TcpProxy
let harness: HarnessProcess | null = null

/** Calls a channel of the app through the page's bridge. */
function invoke(page: Page, channel: string, input: unknown = {}): Promise<unknown> {
  return page.evaluate(
    ([c, i]) =>
      (window as unknown as { docket: { invoke(c: string, i: unknown): Promise<unknown> } }).docket.invoke(c, i),
    [channel, input] as const,
  )
}

/** Sends a request to the sandbox directly (not through the proxy), as another client would. */
async function sandboxApi(method: string, path: string, body?: unknown): Promise<Response> {
  const token = await fetch(`${sandbox.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'demo@docket.test',
      password: 'demo-password-1',
      client_id: sandbox.credentials.clientId,
      client_secret: sandbox.credentials.clientSecret,
    }),
  }).then((r) => r.json() as Promise<{ access_token: string }>)
  return fetch(`${sandbox.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

async function startSignedIn(page: Page, documents = 0): Promise<void> {
  sandbox = await startSandbox({ port: 0, admin: true, documents })
  proxy = await startTcpProxy(sandbox.url)
  const userDataDir = await makeTempDir('docket-e2e-offline-review-')
  harness = await startHarnessProcess([
    '--sandbox',
    proxy.url,
    '--no-demo',
    '--user-data',
    userDataDir,
    '--credentials',
    'keytar',
  ])
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(harness.url)
  await addSandboxServer(page, { ...sandbox, url: proxy.url })
  const popup = await signInOnSandboxPages(page)
  await popup.close()
  await expect(page.getByTestId('account-user')).toBeVisible()
}

const agendaNav = (page: Page) => page.getByRole('navigation', { name: 'Agendas' })
const rows = (page: Page) => page.getByRole('listbox').getByRole('option')
const connection = (page: Page) => page.getByTestId('status-online')

test.describe('offline review through the harness', () => {
  test.skip(
    !hasKeychain,
    'No Secret Service here: a real account (not the in-memory demo) needs the OS keychain (run through scripts/with-keyring.mjs).',
  )
  test.setTimeout(240_000)

  test.afterEach(async () => {
    await harness?.stop()
    harness = null
    await proxy?.stop()
    await sandbox?.close()
    await removeTempDirs()
  })

  test('ten documents never opened show their invoice image offline', async ({ page }) => {
    await startSignedIn(page, 52)
    // Both agendas available offline by default, because they were opened. Nothing is clicked
    // in the menu: a toggle read before the agenda list refreshes would switch an agenda off.
    await agendaNav(page).getByText('Demo s.r.o.').click()
    await expect(rows(page).first()).toBeVisible()
    await agendaNav(page).getByText('Demo Scale Ltd.').click()
    await expect(rows(page).first()).toBeVisible()
    for (const agendaId of [1, 2]) {
      await page.getByTestId(`agenda-menu-${agendaId}`).click()
      const item = page.getByTestId('agenda-menu-offline')
      await expect(item, `agenda ${agendaId} available offline`).toHaveAttribute('aria-checked', 'true')
      await page.keyboard.press('Escape')
      await expect(item).toBeHidden()
      await expect(page.getByTestId(`agenda-menu-${agendaId}`)).toBeFocused()
    }

    // Every preview of the review queues copied.
    const copies = page.getByTestId('status-offline-copies')
    await expect(copies).toHaveText(/Offline copies (\d+) \/ \1$/, { timeout: 150_000 })
    const total = Number(/\/ (\d+)/.exec((await copies.textContent()) ?? '')?.[1])
    expect(total).toBeGreaterThanOrEqual(10)

    // Settings show the same, with the toggles per agenda.
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByTestId('settings-button').click()
    const settings = page.getByTestId('offline-settings')
    await expect(settings.getByTestId('offline-agenda-2').getByTestId('offline-available')).toBeChecked()
    await expect(settings.getByTestId('settings-offline-copies')).toContainText(`${total} / ${total}`)
    await shootSizesAndThemes(page, `${artifacts}/settings-offline`)
    await page.keyboard.press('Escape')

    // The service goes away.
    await proxy.stop()
    await invoke(page, 'sync.now').catch(() => undefined)
    await expect(connection(page)).toHaveAttribute('data-connection', 'offline', { timeout: 30_000 })
    await expect(connection(page)).toContainText('Offline: no connection')

    // Ten documents to review in the Scale agenda, none opened before: each shows its invoice image.
    await page.getByTestId('queue-tab-not_ready').click()
    const count = Math.min(10, await rows(page).count())
    expect(count).toBe(10)
    for (let i = 0; i < count; i++) {
      await rows(page).nth(i).click()
      const image = page.getByTestId('preview-image')
      await expect(image).toBeVisible()
      await expect
        .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 })
        .toBeGreaterThan(0)
    }
    await shootSizesAndThemes(page, `${artifacts}/offline-review`)
  })

  test('a refused refresh token asks for a sign-in in a banner, and the queue is sent after it', async ({ page }) => {
    await startSignedIn(page)
    await agendaNav(page).getByText('Demo s.r.o.').click()
    await page.getByTestId('queue-tab-all').click()
    await expect(rows(page)).toHaveCount(8)

    // Two actions queued while the service is away.
    await proxy.stop()
    for (let i = 0; i < 2; i++) {
      await rows(page).nth(i).click()
      await page.keyboard.press('r')
      await expect(rows(page).nth(i)).toHaveAttribute('data-state', 'ready')
    }
    await expect(page.getByTestId('status-pending')).toContainText('2')

    // It comes back with every token of the user revoked.
    const revoked = await fetch(`${sandbox.url}/_sandbox/revoke-tokens`, { method: 'POST' })
    expect(revoked.status).toBe(200)
    await proxy.start()
    await invoke(page, 'sync.now').catch(() => undefined)

    const banner = page.getByTestId('signin-again-banner')
    await expect(banner).toContainText('Sign in again to send 2 queued actions', { timeout: 30_000 })
    await expect(connection(page)).toHaveAttribute('data-connection', 'signed_out')
    await expect(page.getByTestId('account-user')).toBeVisible()
    await expect(page.getByTestId('account-signout')).toBeVisible()
    expect(sandbox.state().documents.filter((d) => d.agenda_id === 1 && d.state === 'ready')).toHaveLength(0)
    await shootSizesAndThemes(page, `${artifacts}/signin-again-real`)

    const popup = await signInOnSandboxPages(page, 'Authorize', banner)
    await popup.close()
    await expect(banner).toBeHidden({ timeout: 30_000 })
    await expect(page.getByTestId('status-pending')).toContainText('0', { timeout: 60_000 })
    await expect
      .poll(() => sandbox.state().documents.filter((d) => d.agenda_id === 1 && d.state === 'ready').length, {
        timeout: 30_000,
      })
      .toBe(2)
  })

  test('failed actions are retried and discarded from the outbox panel; the status bar says the service fails', async ({
    page,
  }) => {
    await startSignedIn(page)
    await agendaNav(page).getByText('Demo s.r.o.').click()
    await page.getByTestId('queue-tab-all').click()
    await expect(rows(page)).toHaveCount(8)
    const ids: number[] = []

    // Offline, two documents are sent for repair...
    await proxy.stop()
    for (let i = 0; i < 2; i++) {
      await rows(page).nth(i).click()
      ids.push(Number(await rows(page).nth(i).getAttribute('data-document-id')))
      await page.keyboard.press('p')
      await page.getByTestId('repair-description').fill('The VAT line is missing.')
      await page.getByTestId('repair-submit').click()
      await expect(page.getByTestId('repair-dialog')).toBeHidden()
    }
    expect(ids.every((id) => id > 0)).toBe(true)
    // ...while someone exports them on the service: the repairs will be refused.
    for (const id of ids) {
      const response = await sandboxApi('PATCH', `/api/v1_2/documents/${id}`, { document: { state: 'exported' } })
      expect(response.status).toBe(200)
    }
    await proxy.start()
    await invoke(page, 'sync.now').catch(() => undefined)
    await expect(page.getByTestId('status-failed')).toContainText('2 actions failed', { timeout: 60_000 })
    await expect(page.getByTestId('flag-failed').first()).toBeVisible()

    // The panel, from the status bar.
    await page.getByTestId('status-outbox').click()
    const panel = page.getByTestId('outbox-panel')
    const failed = panel.locator('[data-testid="outbox-entry"][data-status="failed"]')
    await expect(failed).toHaveCount(2)
    await expect(failed.first().getByTestId('outbox-entry-error')).not.toBeEmpty()
    await shootSizesAndThemes(page, `${artifacts}/outbox-panel-real`)

    // Refused because the documents are exported: no Retry while that holds, only Discard.
    const first = panel.locator(`[data-testid="outbox-entry"][data-document-id="${ids[0]}"]`)
    const second = panel.locator(`[data-testid="outbox-entry"][data-document-id="${ids[1]}"]`)
    await expect(first.getByTestId('outbox-retry')).toHaveCount(0)
    await expect(second.getByTestId('outbox-retry')).toHaveCount(0)
    // The first can go once it is ready again on the service (repairable) and Docket has seen it: *Retry*.
    expect((await sandboxApi('PATCH', `/api/v1_2/documents/${ids[0]}`, { document: { state: 'ready' } })).status).toBe(
      200,
    )
    await invoke(page, 'sync.now').catch(() => undefined)
    await first.getByTestId('outbox-retry').click()
    await expect(first).toHaveCount(0, { timeout: 30_000 })
    await expect
      .poll(() => sandbox.state().documents.find((d) => d.id === ids[0])?.state, { timeout: 30_000 })
      .not.toBe('exported')

    // The second is discarded: Undo keeps it, a second Discard lets it go after the undo time.
    await second.getByTestId('outbox-discard').click()
    await second.getByTestId('outbox-undo-discard').click()
    await expect(second.getByTestId('outbox-discard')).toBeVisible()
    await second.getByTestId('outbox-discard').click()
    await expect(second.getByTestId('outbox-undo-discard')).toBeVisible()
    await expect(second).toHaveCount(0, { timeout: 15_000 })
    await expect(panel.getByTestId('outbox-empty')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('status-failed')).toBeHidden()

    // The service fails (every request 500): the status bar says so, with the next try.
    sandbox.setFaults({ errorRate: 1 })
    await invoke(page, 'sync.now').catch(() => undefined)
    await expect(connection(page)).toHaveAttribute('data-connection', 'service_failing', { timeout: 30_000 })
    await expect(connection(page)).toContainText('The service is failing')
    sandbox.setFaults({ errorRate: 0 })
  })
})
