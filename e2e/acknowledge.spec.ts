/**
 * Answering a warning in the checks panel, in Chromium through the harness (the demo agenda):
 * *Acknowledge…* with a reason turns the warning into an acknowledged line saying when and why,
 * kept in the account's local store (still there after the page is loaded again), listed in the
 * document's history, and *Undo acknowledgement* brings the warning back.
 * A duplicate answered *Not a duplicate* stops counting in the inbox: no flag on its row, listed
 * and counted under *Clean*, until undone.
 * Screenshots: e2e/artifacts/acknowledge-*.png (1024x700 and 1440x900, light and dark).
 */
import { expect, test, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { startHarnessProcess, type HarnessProcess } from './support/harnessProcess'

const artifacts = 'e2e/artifacts'
const SMALL = { width: 1024, height: 700 }

let harness: HarnessProcess
let page: Page

test.describe.configure({ mode: 'serial' })
test.use({ viewport: SMALL, locale: 'en-US' })

test.beforeAll(async ({ browser }) => {
  mkdirSync(artifacts, { recursive: true })
  harness = await startHarnessProcess()
  page = await browser.newPage({ viewport: SMALL, locale: 'en-US' })
  await page.goto(harness.url)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible({ timeout: 30_000 })
})

test.afterAll(async () => {
  await page?.close()
  await harness?.stop()
})

/** The third row of the demo's first agenda: a document with warnings. */
async function openFlagged(): Promise<void> {
  await page.getByTestId('inbox-row').nth(2).click()
  await expect(page.getByTestId('checks-panel')).toBeVisible()
}

test('Acknowledge… with a reason keeps the answer across a reload and in the history; Undo brings the warning back', async () => {
  await openFlagged()
  const first = page.getByTestId('checks-panel').locator('li[data-status="warning"]').first()
  const code = (await first.getAttribute('data-testid'))!.replace(/^check-/, '')
  const warned = page.getByTestId(`check-${code}`)
  await expect(warned).toHaveAttribute('data-status', 'warning')
  const before = Number(await page.getByTestId('checks-panel').getAttribute('data-warnings'))

  await page.getByTestId(`check-${code}-acknowledge`).click()
  await page.getByTestId('check-acknowledge-reason').fill('Paid by card, receipt attached')
  await page.screenshot({ path: `${artifacts}/acknowledge-form-1024.png` })
  await page.getByTestId('check-acknowledge-confirm').click()

  await expect(warned).toHaveAttribute('data-status', 'acknowledged')
  await expect(page.getByTestId(`check-${code}-acknowledged`)).toContainText(
    /You acknowledged it on .*: Paid by card, receipt attached/,
  )
  await expect(page.getByTestId('checks-panel')).toHaveAttribute('data-warnings', String(before - 1))
  await page.screenshot({ path: `${artifacts}/acknowledge-done-1024-light.png` })
  await page.getByTestId('history-tab').click()
  await expect(page.getByTestId('history')).toContainText('Paid by card, receipt attached')
  await page.getByTestId('history').scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${artifacts}/acknowledge-history-1024.png` })
  await page.getByTestId('comments-tab').click()

  await page.reload()
  await expect(page.getByTestId('inbox-row').first()).toBeVisible({ timeout: 30_000 })
  await openFlagged()
  await expect(warned).toHaveAttribute('data-status', 'acknowledged')

  await page.setViewportSize({ width: 1440, height: 900 })
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.screenshot({ path: `${artifacts}/acknowledge-done-1440-dark.png` })
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize(SMALL)

  await page.getByTestId(`check-${code}-undo-acknowledgement`).click()
  await expect(warned).toHaveAttribute('data-status', 'warning')
  await expect(page.getByTestId('checks-panel')).toHaveAttribute('data-warnings', String(before))
})

test('Not a duplicate: the inbox row stops flagging it, says so quietly, and Clean lists and counts it; undone, it is flagged again', async () => {
  await page.getByTestId('inbox-warnings').selectOption('all')
  const flagged = page.locator('[data-testid="inbox-row"][data-warnings~="duplicate"]').first()
  await expect(flagged).toBeVisible()
  const id = (await flagged.getAttribute('data-document-id'))!
  const row = page.locator(`[data-testid="inbox-row"][data-document-id="${id}"]`)
  const activeCount = page.locator('[role="tab"][aria-selected="true"] .count')
  await page.getByTestId('inbox-warnings').selectOption('clean')
  await expect(row).toHaveCount(0)
  const cleanBefore = Number(await activeCount.textContent())
  await page.getByTestId('inbox-warnings').selectOption('all')

  await row.click()
  await expect(page.getByTestId('check-duplicate')).toHaveAttribute('data-status', 'warning')
  await page.getByTestId('check-not-duplicate').click()
  await expect(page.getByTestId('check-duplicate')).toHaveAttribute('data-status', 'acknowledged')

  await expect(row).toHaveAttribute('data-acknowledged', /\bduplicate\b/)
  await expect(row).not.toHaveAttribute('data-warnings', /\bduplicate\b/)
  await expect(row.getByTestId('flag-duplicate')).toHaveCount(0)
  if ((await row.getAttribute('data-warnings')) === '') {
    await expect(row.getByTestId('flag-acknowledged')).toBeVisible()
  }
  await page.screenshot({ path: `${artifacts}/acknowledge-row-1024-light.png` })
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.screenshot({ path: `${artifacts}/acknowledge-row-1440-dark.png` })
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize(SMALL)

  await page.getByTestId('inbox-warnings').selectOption('clean')
  await expect(row).toBeVisible()
  await expect(activeCount).toHaveText(String(cleanBefore + 1))

  await page.getByTestId('check-duplicate-undo-acknowledgement').click()
  await expect(page.getByTestId('check-duplicate')).toHaveAttribute('data-status', 'warning')
  await expect(row).toHaveCount(0)
  await expect(activeCount).toHaveText(String(cleanBefore))
  await page.getByTestId('inbox-warnings').selectOption('all')
  await expect(row).toHaveAttribute('data-warnings', /\bduplicate\b/)
})
