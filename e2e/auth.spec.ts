import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { startSandbox, type Sandbox } from '../src/sandbox'
import { startHarnessProcess, type HarnessProcess } from './support/harnessProcess'
import { keychainAvailable } from './support/keychain'
import { addSandboxServer, signInOnSandboxPages } from './support/signIn'
import { makeTempDir, removeTempDirs } from './support/tempDirs'

/**
 * Sign-in: on the sandbox's real login and consent pages (system-browser flow,
 * RFC 8252: the harness opens the authorize URL in a new tab and listens on loopback), see the
 * user's name and agendas, restart the harness, still signed in (tokens in the keychain).
 * Accounts: sign out (with the cache removed), a second server, and the account switcher.
 */
let sandbox: Sandbox
let second: Sandbox
let userDataDir: string
let harness: HarnessProcess | null = null
const hasKeychain = await keychainAvailable()

test.describe('sign-in', () => {
  test.skip(
    !hasKeychain,
    'No Secret Service here: staying signed in across a restart needs the OS keychain (npm test starts gnome-keyring on Linux).',
  )

  test.beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 })
    second = await startSandbox({ port: 0 })
    userDataDir = await makeTempDir('docket-e2e-auth-')
  })
  test.afterAll(async () => {
    await harness?.stop()
    await sandbox?.close()
    await second?.close()
    await removeTempDirs()
  })

  const startApp = () =>
    startHarnessProcess(['--sandbox', sandbox.url, '--no-demo', '--user-data', userDataDir, '--credentials', 'keytar'])

  test.describe.configure({ mode: 'serial' })

  test('a new user adds the server, signs in on the service pages, and stays signed in after a restart', async ({
    page,
  }) => {
    harness = await startApp()
    await page.goto(harness.url)
    await addSandboxServer(page, sandbox)

    // Deny first: a clear "access denied", nothing stored.
    const denied = await signInOnSandboxPages(page, 'Deny')
    await expect(page.getByTestId('signin-error')).toContainText('Access was denied')
    await denied.close()

    const popup = await signInOnSandboxPages(page, 'Authorize')
    await expect(popup.getByText(/close this window/i)).toBeVisible()
    await popup.close()

    await expect(page.getByTestId('account-user')).toContainText('Dana Demo')
    const agendas = page.getByRole('navigation', { name: 'Agendas' })
    await expect(agendas.getByText('Demo s.r.o.')).toBeVisible()
    await expect(agendas.getByText('Colleague Shared')).toBeVisible()
    await expect(page.getByTestId('app-mode')).toContainText('Account')

    await harness.stop()
    harness = await startApp()
    await page.goto(harness.url)
    await expect(page.getByTestId('account-user')).toContainText('Dana Demo')
    await expect(page.getByRole('navigation', { name: 'Agendas' }).getByText('Demo s.r.o.')).toBeVisible()
    await expect(page.getByTestId('signin-screen')).toHaveCount(0)
  })

  test('sign out removes the tokens and, when ticked, the cache; the switcher moves between two servers', async ({
    page,
  }) => {
    // Two harness starts and two sign-ins on the service pages: on a loaded two-core machine
    // this test alone has taken close to the default 60 s, so it gets three times that.
    test.slow()
    harness ??= await startApp()
    await page.goto(harness.url)
    await expect(page.getByTestId('account-user')).toContainText('Dana Demo')
    const accountDirs = () => readdir(join(userDataDir, 'accounts')).catch(() => [] as string[])
    expect(await accountDirs()).toHaveLength(1)

    // Sign out from the toolbar, ticking "also remove the cache".
    await page.getByTestId('account-signout').click()
    await page.getByRole('dialog').getByRole('checkbox').check()
    await page.getByTestId('account-signout-confirm').click()
    await expect(page.getByTestId('signin-screen')).toBeVisible()
    await expect.poll(accountDirs).toHaveLength(0)
    await harness.stop()
    harness = await startApp()
    await page.goto(harness.url)
    await expect(page.getByTestId('signin-screen')).toBeVisible()
    await expect(page.getByTestId('signin-account')).toHaveCount(1)

    // A second server, signed in: the first one stays listed, signed out.
    await page.getByTestId('signin-add-server').click()
    await addSandboxServer(page, second, 'Second')
    await expect(page.getByTestId('signin-account')).toHaveCount(2)
    await (await signInOnSandboxPages(page)).close()
    await expect(page.getByTestId('account-user')).toContainText('Second')

    // The switcher: the first server has no tokens any more, so it asks for a sign-in.
    await page.getByTestId('shell-menu-button').click()
    await page.getByTestId('settings-button').click()
    await page.getByRole('button', { name: 'Switch to Sandbox' }).click()
    const needed = page.getByTestId('account-signin-needed')
    await expect(needed).toContainText('signed out of Sandbox')
    await expect(page.getByTestId('account-user')).toContainText('Second')
    await (await signInOnSandboxPages(page, 'Authorize', needed)).close()
    await expect(page.getByTestId('account-user')).toContainText('Sandbox')
    await expect(page.getByTestId('account-panel')).toContainText(sandbox.url)

    // Both hold tokens now: switching back needs no login page and no token request.
    const tokenRequests = second.stats().byRoute['POST /oauth/token'] ?? 0
    const loginPages = second.stats().byRoute['GET /oauth/authorize'] ?? 0
    await page.getByRole('button', { name: 'Switch to Second' }).click()
    await expect(page.getByTestId('account-user')).toContainText('Second')
    await expect(page.getByTestId('account-panel')).toContainText(second.url)
    expect(second.stats().byRoute['POST /oauth/token'] ?? 0).toBe(tokenRequests)
    expect(second.stats().byRoute['GET /oauth/authorize'] ?? 0).toBe(loginPages)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('navigation', { name: 'Agendas' }).getByText('Demo s.r.o.')).toBeVisible()
  })
})
