import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { startSandbox, type Sandbox } from '../src/sandbox'
import { startHarnessProcess, type HarnessProcess } from './support/harnessProcess'
import { keychainAvailable } from './support/keychain'
import { addSandboxServer, signInOnSandboxPages } from './support/signIn'

/**
 * Issue 4: sign in on the sandbox's real login and consent pages (system-browser flow,
 * RFC 8252: the harness opens the authorize URL in a new tab and listens on loopback), see the
 * user's name and agendas, restart the harness, still signed in (tokens in the keychain).
 */
let sandbox: Sandbox
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
    userDataDir = await mkdtemp(join(tmpdir(), 'docket-e2e-auth-'))
  })
  test.afterAll(async () => {
    await harness?.stop()
    await sandbox?.close()
  })

  const startApp = () =>
    startHarnessProcess(['--sandbox', sandbox.url, '--no-demo', '--user-data', userDataDir, '--credentials', 'keytar'])

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
})
