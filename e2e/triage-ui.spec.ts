/**
 * Triage UI behaviour on an in-memory store (e2e/fixtures/fakeTriageHarness.ts): the
 * virtualized list at 10,000 documents, the keyboard, the help overlay, ARIA, the checks.
 * What reaches the service is covered by triage.spec.ts against the real harness + sandbox.
 */
import { expect, test, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { startFakeTriageHarness, type FakeTriageHarness } from './fixtures/fakeTriageHarness'
import { preparePage } from './fixtures/page'

const artifacts = 'e2e/artifacts'
let app: FakeTriageHarness

test.describe.configure({ mode: 'serial' })
test.use({ viewport: { width: 1600, height: 900 }, locale: 'en-US' })

test.beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true })
  app = await startFakeTriageHarness({ extraDocuments: 10_000 })
})

test.afterAll(async () => {
  await app?.close()
})

async function openApp(page: Page): Promise<void> {
  await preparePage(page)
  await page.goto(app.harness.url)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
}

test('10,000 documents: the list renders only what is visible and scrolls to the end', async ({ page }) => {
  await openApp(page)
  await page.getByTestId('queue-tab-all').click()
  await expect(page.getByTestId('queue-tab-all')).toContainText('10')
  const rendered = await page.getByTestId('inbox-row').count()
  expect(rendered).toBeGreaterThan(5)
  expect(rendered).toBeLessThan(120)
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('End')
  await page.getByTestId('inbox-list').evaluate((el) => el.parentElement!.scrollTo({ top: el.scrollHeight }))
  await expect(page.locator('[data-testid="inbox-row"][data-document-id="1"]')).toBeVisible()
  await page.screenshot({ path: `${artifacts}/inbox-10000.png` })
})

test('search by supplier, invoice number and amount', async ({ page }) => {
  await openApp(page)
  await page.keyboard.press('/')
  await expect(page.getByTestId('inbox-search')).toBeFocused()
  await page.keyboard.type('SYN-4242')
  await expect(page.getByTestId('inbox-row')).toHaveCount(1)
  await expect(page.getByTestId('inbox-row')).toHaveAttribute('data-document-id', '4242')
})

test('help overlay lists every shortcut and traps focus', async ({ page }) => {
  await openApp(page)
  await page.keyboard.press('?')
  const help = page.getByTestId('help-overlay')
  await expect(help).toBeVisible()
  for (const id of ['next', 'previous', 'open', 'select', 'selectAll', 'ready', 'exported', 'repair', 'archive', 'comment', 'undo', 'search', 'help']) {
    await expect(help.locator(`[data-shortcut="${id}"]`)).toBeVisible()
  }
  await page.screenshot({ path: `${artifacts}/help-overlay.png` })
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab')
  expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true)
  await page.keyboard.press('Escape')
  await expect(help).toBeHidden()
})

test('open a fixture invoice: preview, numbers and checks', async ({ page }) => {
  await openApp(page)
  await page.getByTestId('inbox-search').fill('')
  const id = app.fixtureIds[0]!
  await page.locator(`[data-testid="inbox-row"][data-document-id="${id}"]`).click()
  await expect(page.getByTestId('document-pane')).toHaveAttribute('data-document-id', String(id))
  await expect(page.getByTestId('field-total')).not.toBeEmpty()
  await expect(page.getByTestId('checks-panel')).toBeVisible()
  await page.screenshot({ path: `${artifacts}/document-fake.png` })
})
