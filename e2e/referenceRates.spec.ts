/**
 * The exchange-rate check's reference rates in Preferences, through the harness: the demo
 * talks to the sandbox on 127.0.0.1, so the rates come from its ECB stand-in (never the
 * internet); after the first sync the section names the source and the newest day, and the
 * switch *Update exchange rates from the European Central Bank* is kept by main.
 * Screenshot: e2e/artifacts/preferences-reference-rates.png.
 */
import { expect, test, type Page } from '@playwright/test'
import { sharedHarnessPage } from './support/sharedHarnessPage'

let page: Page

const shared = sharedHarnessPage()
test.beforeAll(() => {
  page = shared.page
})

const storedPreferences = () =>
  page.evaluate(() =>
    (
      window as unknown as { docket: { invoke(c: string, i: unknown): Promise<Record<string, unknown>> } }
    ).docket.invoke('app.preferences', {}),
  )

test('Preferences name where the rates come from and the newest day, fetched from the sandbox after a sync', async () => {
  await page.getByTestId('shell-menu-button').click()
  await page.getByTestId('settings-button').click()
  const section = page.getByTestId('reference-rates-settings')
  await section.scrollIntoViewIfNeeded()
  await expect(section).toContainText('Update exchange rates from the European Central Bank')
  await expect(section).toContainText('Docket comes with the rates up to May 9, 2025')
  await expect(page.getByTestId('reference-rates-status')).toContainText(
    'Sample rates from the demo sandbox up to May 16, 2025.',
    { timeout: 30_000 },
  )
  await expect(page.getByTestId('pref-reference-rates')).toBeChecked()
  await section.screenshot({ path: 'e2e/artifacts/preferences-reference-rates.png' })
})

test('the switch turns the updates off and stays off after a reload', async () => {
  await page.getByTestId('pref-reference-rates').uncheck()
  await expect.poll(storedPreferences).toMatchObject({ referenceRateUpdates: false })
  await page.reload()
  await expect(page.getByTestId('inbox-row').first()).toBeVisible({ timeout: 30_000 })
  await page.getByTestId('shell-menu-button').click()
  await page.getByTestId('settings-button').click()
  await expect(page.getByTestId('pref-reference-rates')).not.toBeChecked()
})
