/**
 * The preferences in Chromium through the harness (stored by main in the harness's
 * electron-store file, as in the app): the theme pins `<html data-theme>` and the colours at
 * once, Czech replaces the texts live, a date format changes the inbox's dates, the cache
 * shows what it holds and takes a new cap, and everything is still chosen after a reload.
 * Screenshots: e2e/artifacts/preferences-<width>x<height>-<light|dark>.png.
 */
import { expect, test, type Page } from '@playwright/test'
import { sharedHarnessPage } from './support/sharedHarnessPage'
import { SCREENSHOT_SIZES } from './support/screenshots'

const artifacts = 'e2e/artifacts'

let page: Page

const shared = sharedHarnessPage({ colorScheme: 'light' })
test.beforeAll(() => {
  page = shared.page
})

async function openSettings(): Promise<void> {
  await page.getByTestId('shell-menu-button').click()
  await page.getByTestId('settings-button').click()
  await expect(page.getByTestId('preferences-panel')).toBeVisible()
}

/** What main keeps, read through the page's own bridge. */
function stored(channel: 'app.preferences' | 'sync.cacheUsage'): Promise<Record<string, unknown>> {
  return page.evaluate(
    (name) =>
      (
        window as unknown as { docket: { invoke(c: string, i: unknown): Promise<Record<string, unknown>> } }
      ).docket.invoke(name, {}),
    channel,
  )
}

const rootTheme = () => page.evaluate(() => document.documentElement.dataset.theme)
const bodyBackground = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)

test('the theme switches live: the root attribute and the colours follow, light and dark screenshots', async () => {
  await openSettings()
  await expect.poll(rootTheme).toBe('system')
  expect(await bodyBackground()).toBe('rgb(255, 255, 255)')

  await page.getByTestId('pref-theme').selectOption('dark')
  await expect.poll(rootTheme).toBe('dark')
  await expect.poll(bodyBackground).toBe('rgb(22, 24, 29)')
  expect(await stored('app.preferences')).toMatchObject({ theme: 'dark' })

  for (const theme of ['light', 'dark'] as const) {
    await page.getByTestId('pref-theme').selectOption(theme)
    await expect.poll(rootTheme).toBe(theme)
    for (const size of SCREENSHOT_SIZES) {
      await page.setViewportSize(size)
      await page.screenshot({ path: `${artifacts}/preferences-${size.width}x${size.height}-${theme}.png` })
    }
  }
  await page.setViewportSize(SCREENSHOT_SIZES[0])
})

test('the whole dialog fits a 1024x700 window with Close visible, the section list jumps to Offline', async () => {
  await expect(page.getByRole('button', { name: 'Close', exact: true })).toBeInViewport()
  await page.getByTestId('settings-nav-offline').click()
  await expect(page.getByTestId('cache-settings')).toBeInViewport()
  await expect(page.getByTestId('settings-nav-offline')).toHaveAttribute('aria-current', 'true')
  await page.screenshot({ path: `${artifacts}/preferences-offline-1024x700-dark.png` })
})

test('the cache shows what it holds and takes a new cap at once', async () => {
  await expect(page.getByTestId('cache-usage')).toHaveText(/Holds (nothing yet|[\d.,]+\u00a0[KMG]?B in \d+ files?)/)
  const before = await stored('sync.cacheUsage')
  expect(before).toMatchObject({ capBytes: 500 * 1024 * 1024 })
  await page.getByTestId('pref-cache-cap').selectOption('100')
  await expect.poll(() => stored('sync.cacheUsage')).toMatchObject({ capBytes: 100 * 1024 * 1024 })
  expect(await stored('app.preferences')).toMatchObject({ cacheCapMb: 100 })
})

test('Czech replaces the texts live, without a restart', async () => {
  await page.getByTestId('settings-nav-preferences').click()
  await expect(page.locator('#preferences-title')).toHaveText('Preferences')
  await page.getByTestId('pref-language').selectOption('cs')
  await expect(page.locator('#preferences-title')).toHaveText('Předvolby')
  await expect(page.getByTestId('settings-nav-desktop')).toHaveText('Aktualizace a oznámení')
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('cs')
  await page.getByTestId('pref-language').selectOption('en')
  await expect(page.locator('#preferences-title')).toHaveText('Preferences')
})

test('a date format changes the dates in the inbox', async () => {
  const issued = page.getByTestId('inbox-row').first().locator('.col-issued')
  await expect(issued).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)
  await page.getByTestId('pref-date-format').selectOption('iso')
  await expect(issued).toHaveText(/^\d{4}-\d{2}-\d{2}$/)
  await page.getByTestId('pref-date-format').selectOption('dmy')
  await expect(issued).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/)
})

test('the choices are kept: after a reload the page starts dark, with the chosen dates', async () => {
  await page.keyboard.press('Escape')
  await page.reload()
  await expect(page.getByTestId('inbox-row').first()).toBeVisible({ timeout: 30_000 })
  await expect.poll(rootTheme).toBe('dark')
  await expect(page.getByTestId('inbox-row').first().locator('.col-issued')).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/)
  expect(await stored('app.preferences')).toMatchObject({ theme: 'dark', dateFormat: 'dmy', cacheCapMb: 100 })
})
