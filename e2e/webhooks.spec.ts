/**
 * The webhook form in Chromium through the harness: the id explained and remembered for the
 * account, http to another host refused on the URL field, the password's digit rule shown as
 * you type, settings as named fields reaching the service, and the service's own 422 errors
 * shown on their fields. Screenshot: e2e/artifacts/webhooks-form.png.
 */
import { expect, test, type Page } from '@playwright/test'
import type { HarnessProcess } from './support/harnessProcess'
import { sharedHarnessPage } from './support/sharedHarnessPage'

const artifacts = 'e2e/artifacts'
const SYNCED = { timeout: 30_000, intervals: [250, 500, 1000] }

let harness: HarnessProcess
let page: Page

test.use({ viewport: { width: 1024, height: 700 }, locale: 'en-US' })

const shared = sharedHarnessPage()
test.beforeAll(() => {
  harness = shared.harness
  page = shared.page
})

async function openSettings(): Promise<void> {
  await page.getByTestId('shell-menu-button').click()
  await page.getByTestId('settings-button').click()
  await expect(page.getByTestId('webhook-form')).toBeVisible()
}

async function webhook(id: number): Promise<{ url: string; auth_credentials: unknown; settings: unknown } | undefined> {
  const response = await fetch(`${harness.sandboxUrl}/_sandbox/state`)
  const state = (await response.json()) as {
    webhooks: { id: number; url: string; auth_credentials: unknown; settings: unknown }[]
  }
  return state.webhooks.find((w) => w.id === id)
}

test('checks the URL and the password as the service would, then saves named settings', async () => {
  await openSettings()
  const form = page.getByTestId('webhook-form')
  await expect(form).toContainText("shown in the service's API settings")
  await form.locator('[name="webhookId"]').fill('1')
  await form.locator('[name="url"]').fill('http://hooks.example.com/docket')
  await form.locator('[name="username"]').fill('hook-user')
  const rule = page.getByTestId('webhook-password-rule')
  await form.locator('[name="password"]').fill('secret')
  await expect(rule).toHaveText('The password needs at least one digit.')
  await expect(form.locator('[name="password"]')).toHaveAttribute('aria-invalid', 'true')
  await expect(form.locator('[name="password"]')).toHaveAttribute('type', 'password')
  await form.locator('[name="password"]').fill('secret1')
  await expect(rule).toHaveAttribute('data-ok', 'true')
  await page.getByTestId('webhook-save').click()
  await expect(page.getByTestId('webhook-error-url')).toContainText('https://')
  expect((await webhook(1))!.url).toBe('https://hooks.docket.test/demo')
  // The service's own machine in another notation, or a private network: refused on the field.
  for (const address of ['https://0x7f.0.0.1:6379/', 'https://[::ffff:127.0.0.1]/', 'https://169.254.169.254/']) {
    await form.locator('[name="url"]').fill(address)
    await page.getByTestId('webhook-save').click()
    await expect(page.getByTestId('webhook-error-url')).toContainText('public address')
  }
  await form.locator('[name="url"]').fill('https://user:pass@hooks.example.com/docket')
  await page.getByTestId('webhook-save').click()
  await expect(page.getByTestId('webhook-error-url')).toContainText('out of the URL')
  expect((await webhook(1))!.url).toBe('https://hooks.docket.test/demo')

  await form.locator('[name="url"]').fill('https://hooks.example.com/docket')
  const setting = page.getByTestId('webhook-setting').first()
  await setting.getByPlaceholder('Setting').fill('events')
  await setting.getByPlaceholder('Value').fill('document.updated, document.exported')
  await page.getByTestId('webhook-form').scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${artifacts}/webhooks-form.png` })
  await page.getByTestId('webhook-save').scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${artifacts}/webhooks-form-settings.png` })
  await page.getByTestId('webhook-save').click()
  await expect.poll(async () => (await webhook(1))?.url, SYNCED).toBe('https://hooks.example.com/docket')
  expect((await webhook(1))!.settings).toEqual({ events: ['document.updated', 'document.exported'] })
})

test('remembers the webhook id for the account', async () => {
  await page.reload()
  await openSettings()
  await expect(page.getByTestId('webhook-form').locator('[name="webhookId"]')).toHaveValue('1')
})

test("shows the service's 422 errors on their fields", async () => {
  // The service refuses what only it can judge; its answer, as main passes it on, is played here.
  await page.route('**/__harness/ipc', async (route) => {
    const body = route.request().postDataJSON() as { channel?: string }
    if (body.channel !== 'webhooks.update') return route.continue()
    return route.fulfill({
      json: {
        ok: false,
        error: {
          code: 'validation',
          message: 'Validation Failed',
          details: { fields: { settings: ['is not supported'], 'auth_credentials.password': ['is too short'] } },
        },
      },
    })
  })
  const form = page.getByTestId('webhook-form')
  await form.locator('[name="url"]').fill('https://hooks.example.com/other')
  await form.locator('[name="password"]').fill('x1')
  await page.getByTestId('webhook-save').click()
  await expect(page.getByTestId('webhook-error-settings')).toHaveText('is not supported')
  await expect(page.getByTestId('webhook-error-auth_credentials.password')).toHaveText('is too short')
  await expect(page.getByTestId('webhook-banner')).toBeVisible()
  await page.screenshot({ path: `${artifacts}/webhooks-form-422.png` })
  await page.unroute('**/__harness/ipc')
})
