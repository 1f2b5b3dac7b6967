/// <reference lib="dom" />
import { mkdirSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { startSandbox, type Sandbox } from '../src/sandbox'
import { sharedHarnessUrl, startHarnessProcess, type HarnessProcess } from './support/harnessProcess'
import { shootSizesAndThemes } from './support/screenshots'
import { makeTempDir, removeTempDirs } from './support/tempDirs'

/**
 * Always a way in: every signed-out screen offers *Sign in* and *Add a server* (the screen,
 * the command palette, Settings → Account), in the demo as with no account at all; the status
 * bar never says "Connecting…" for longer than the request timeout. Each test starts its own
 * harness (signing out must not disturb the shared one), with credentials kept in memory.
 */
const artifacts = 'e2e/artifacts'
mkdirSync(artifacts, { recursive: true })

let harness: HarnessProcess | null = null
let closeAfter: Sandbox | null = null
test.afterEach(async () => {
  await harness?.stop()
  harness = null
  await closeAfter?.close()
  closeAfter = null
})
test.afterAll(() => removeTempDirs())

async function runFromPalette(page: Page, label: string): Promise<void> {
  await page.keyboard.press('Control+k')
  await page.getByTestId('command-palette-input').fill(label)
  await page.keyboard.press('Enter')
}

test('signing out of the demo leads to the sign-in screen, also after a reload, and back in', async ({ page }) => {
  test.slow()
  const userData = await makeTempDir('docket-e2e-way-in-')
  harness = await startHarnessProcess(['--user-data', userData, '--credentials', 'memory'])
  await page.goto(harness.url)
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('status-online')).toHaveAttribute('data-connection', 'online')

  await page.getByTestId('account-signout').click()
  await page.getByTestId('account-signout-confirm').click()
  // The demo's first sync keeps main busy for a few seconds on a loaded machine.
  await expect(page.getByTestId('signin-screen')).toBeVisible({ timeout: 30_000 })
  // The old inbox and its "Online" are gone.
  await expect(page.getByRole('listbox')).toHaveCount(0)
  await expect(page.getByTestId('status-connection')).toHaveText('Not signed in')

  await page.reload()
  await expect(page.getByTestId('signin-screen')).toBeVisible()
  await expect(page.getByTestId('status-connection')).toHaveText('Not signed in')
  await expect(page.getByTestId('signin-button')).toBeEnabled()
  await shootSizesAndThemes(page, `${artifacts}/way-in-demo-signed-out`)

  // The palette has both ways in.
  await page.keyboard.press('Control+k')
  const palette = page.getByRole('dialog')
  await expect(palette.getByRole('option', { name: /Sign in…/ })).toBeVisible()
  await expect(palette.getByRole('option', { name: /Add a server…/ })).toBeVisible()
  await page.keyboard.press('Escape')
  await runFromPalette(page, 'Add a server')
  await expect(page.getByTestId('signin-add-form')).toBeVisible()
  await expect(page.getByLabel('Name')).toBeFocused()

  // The demo account signs in again in one click, on the agenda with the most to review.
  await page.getByTestId('signin-button').click()
  await expect(page.getByTestId('account-user')).toContainText('Dana Demo')
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible({ timeout: 30_000 })
  await page.setViewportSize({ width: 1440, height: 900 })
  // The demo's agenda with the most to review (44 not ready), not the first listed.
  await expect(page.getByRole('navigation', { name: 'Agendas' }).locator('[aria-current="page"]')).toContainText(
    'Demo Scale Ltd.',
  )
  await expect(page.getByTestId('status-online')).toHaveAttribute('data-connection', /online|service_failing/)
  await expect(page.getByTestId('status-last-sync')).toContainText('Last sync')
})

test('with no account yet: the form to add a server, Settings → Account offers Sign in, no Connecting…', async ({
  page,
}) => {
  const userData = await makeTempDir('docket-e2e-way-in-')
  const sandbox = await startSandbox({ port: 0 })
  harness = await startHarnessProcess([
    '--no-demo',
    '--sandbox',
    sandbox.url,
    '--user-data',
    userData,
    '--credentials',
    'memory',
  ])
  closeAfter = sandbox
  await page.goto(harness.url)
  await expect(page.getByTestId('signin-screen')).toBeVisible()
  await expect(page.getByTestId('signin-add-form')).toBeVisible()
  await expect(page.getByTestId('status-connection')).toHaveText('Not signed in')
  await shootSizesAndThemes(page, `${artifacts}/way-in-no-account`)

  await page.getByTestId('shell-menu-button').click()
  await page.getByTestId('settings-button').click()
  const panel = page.getByTestId('account-panel')
  await expect(panel).toContainText('Not signed in.')
  await panel.getByTestId('account-panel-signin').click()
  await expect(page.getByTestId('account-panel')).toHaveCount(0)
  await expect(page.getByTestId('signin-screen')).toBeVisible()
})

test('Connecting… ends at the request timeout with the reason and Try again', async ({ page }) => {
  await page.clock.install()
  let answer = false
  await page.route('**/__harness/events', (route) => route.abort())
  await page.route('**/__harness/ipc', async (route) => {
    const { channel } = route.request().postDataJSON() as { channel: string }
    // No answer to the sync state until the test allows it: the request simply hangs.
    if (channel === 'sync.status' && !answer) return
    return route.continue()
  })
  await page.goto(sharedHarnessUrl())
  const connection = page.getByTestId('status-connection')
  await expect(connection).toHaveText('Connecting…')
  await page.clock.fastForward(20_000)
  await expect(connection).toHaveText('Connecting…')
  await page.clock.fastForward(11_000)
  await expect(connection).toHaveText('No answer from the sync')
  await expect(page.getByTestId('status-no-answer')).toHaveText('nothing arrived in 30 s')
  answer = true
  await page.getByTestId('status-try-again').click()
  await expect(page.getByTestId('status-online')).toHaveAttribute('data-connection', /online|offline|service_failing/, {
    timeout: 30_000,
  })
  await expect(page.getByTestId('status-last-sync')).toBeVisible()
})
