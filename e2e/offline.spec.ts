/// <reference lib="dom" />
import { expect, test } from '@playwright/test'
import { startSandbox, type Sandbox } from '../src/sandbox'
import { startHarnessProcess, type HarnessProcess } from './support/harnessProcess'
import { keychainAvailable } from './support/keychain'
import { addSandboxServer, signInOnSandboxPages } from './support/signIn'
import { startTcpProxy, type TcpProxy } from './support/tcpProxy'
import { makeTempDir, removeTempDirs } from './support/tempDirs'

/**
 * Offline review: sync, go offline (the service unreachable), triage 5 documents, restart the app,
 * come back online, see all 5 applied on the service exactly once.
 * The service sits behind a TCP proxy that the test takes down and brings back on the same
 * port, so the sandbox keeps its data while the app sees connections refused.
 */
let sandbox: Sandbox
let proxy: TcpProxy
let harness: HarnessProcess | null = null
const hasKeychain = await keychainAvailable()

test.describe('offline review', () => {
  test.skip(
    !hasKeychain,
    'No Secret Service here: a real account (not the in-memory demo) needs the OS keychain (npm test starts gnome-keyring on Linux).',
  )
  test.setTimeout(180_000)

  test.beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, admin: true })
    proxy = await startTcpProxy(sandbox.url)
  })
  test.afterAll(async () => {
    await harness?.stop()
    await proxy?.stop()
    await sandbox?.close()
    await removeTempDirs()
  })

  test('five documents triaged offline are applied once the service is back, across a restart', async ({ page }) => {
    const userDataDir = await makeTempDir('docket-e2e-offline-')
    const startApp = () =>
      startHarnessProcess(['--sandbox', proxy.url, '--no-demo', '--user-data', userDataDir, '--credentials', 'keytar'])
    const readyInAgenda1 = () =>
      sandbox
        .state()
        .documents.filter((d) => d.agenda_id === 1 && d.state === 'ready')
        .map((d) => d.id)

    harness = await startApp()
    await page.goto(harness.url)
    await addSandboxServer(page, { ...sandbox, url: proxy.url })
    const popup = await signInOnSandboxPages(page)
    await popup.close()

    // Synced: the fixture invoices are cached.
    const rows = page.getByRole('listbox').getByRole('option')
    await page.getByRole('navigation', { name: 'Agendas' }).getByText('Demo s.r.o.').click()
    // The All tab: documents marked ready leave Not ready but stay listed here.
    await page.getByTestId('queue-tab-all').click()
    await expect(rows).toHaveCount(8)
    expect(readyInAgenda1()).toEqual([])

    // The network goes away.
    await proxy.stop()

    // Triage five documents: open each and mark it ready from the keyboard.
    for (let i = 0; i < 5; i++) {
      await rows.nth(i).click()
      await page.keyboard.press('r')
      await expect(rows.nth(i)).toHaveAttribute('data-state', 'ready')
      await expect(page.getByTestId('status-pending')).toContainText(String(i + 1))
    }
    await expect(page.locator('[data-testid="inbox-row"][data-state="ready"]')).toHaveCount(5)
    await expect(page.getByTestId('status-pending')).toContainText('5')
    await page.screenshot({ path: 'e2e/artifacts/offline-pending.png' })

    // Restart the app while still offline: the work is still there, from disk.
    await harness.stop()
    harness = await startApp()
    await page.goto(harness.url)
    await page.getByRole('navigation', { name: 'Agendas' }).getByText('Demo s.r.o.').click()
    // The All tab: documents marked ready leave Not ready but stay listed here.
    await page.getByTestId('queue-tab-all').click()
    await expect(rows).toHaveCount(8)
    await expect(page.getByTestId('status-pending')).toContainText('5')
    expect(readyInAgenda1()).toEqual([])

    // Back online: everything is sent, once.
    await proxy.start()
    await page.evaluate(() =>
      (window as unknown as { docket: { invoke(c: string, i: unknown): Promise<unknown> } }).docket.invoke(
        'sync.now',
        {},
      ),
    )
    await expect(page.getByTestId('status-pending')).toContainText('0', { timeout: 60_000 })
    await expect.poll(() => readyInAgenda1().length, { timeout: 30_000 }).toBe(5)
    const comments = sandbox.state().comments.filter((c) => !c.deleted)
    expect(comments).toEqual([])
  })
})
