/**
 * A document's history, in Chromium through the harness (the demo account, signed in as Dana
 * Demo): a triage action and an export's *mark exported* are both listed in the documents'
 * history with the signed-in user's name, read from the account's local store (so they are
 * there after the page is loaded again).
 * Screenshots: e2e/artifacts/history-*.png (1024x700 light, 1440x900 dark).
 */
import { expect, test, type Download, type Page } from '@playwright/test'
import { openAgenda } from './support/agendas'
import type { HarnessProcess } from './support/harnessProcess'
import { openHarnessPage } from './support/harnessPage'

const artifacts = 'e2e/artifacts'
const SMALL = { width: 1024, height: 700 }

let harness: HarnessProcess
let page: Page

test.describe.configure({ mode: 'serial' })
test.use({ viewport: SMALL, locale: 'en-US', acceptDownloads: true })

test.beforeAll(async ({ browser }) => {
  ;({ harness, page } = await openHarnessPage(browser, SMALL, artifacts))
})

test.afterAll(async () => {
  await page?.close()
  await harness?.stop()
})

const row = (id: number) => page.locator(`[data-testid="inbox-row"][data-document-id="${id}"]`)

/** Opens document `id` from the *All* tab and shows its history. */
async function openHistoryOf(id: number): Promise<void> {
  await page.getByTestId('queue-tab-all').click()
  await row(id).click()
  await expect(page.getByTestId('document-pane')).toHaveAttribute('data-document-id', String(id))
  await page.getByTestId('history-tab').click()
  await expect(page.getByTestId('history')).toBeVisible()
}

test('a triage action is in the history with the name of the user who took it', async () => {
  await page.getByTestId('queue-tab-not_ready').click()
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('Home')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('extracted-data')).toBeVisible()
  const id = Number(await page.getByTestId('document-pane').getAttribute('data-document-id'))
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('r')
  await expect(row(id)).toHaveCount(0)

  await openHistoryOf(id)
  const ready = page.getByTestId('history-item').filter({ hasText: 'Marked ready' })
  await expect(ready).toHaveCount(1)
  await expect(ready).toContainText('Dana Demo')

  // Kept in the account's store, not in the window: still there after a reload.
  await page.reload()
  await expect(page.getByTestId('inbox-row').first()).toBeVisible({ timeout: 30_000 })
  await openHistoryOf(id)
  await expect(page.getByTestId('history-item').filter({ hasText: 'Marked ready' })).toContainText('Dana Demo')
  await page.getByTestId('history').scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${artifacts}/history-ready-1024x700.png` })
})

test("an export's mark exported is in the history of each document it exported", async () => {
  // The real invoices of Demo s.r.o.
  await openAgenda(page, 1)
  await page.getByTestId('queue-tab-all').click()
  await page.getByTestId('inbox-search').fill('coolblue')
  await expect(page.getByTestId('inbox-row')).toHaveCount(2)
  const ids = await page
    .getByTestId('inbox-row')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-document-id'))))
  await page.getByTestId('shell-menu-button').click()
  await page.getByTestId('export-button').click()
  const form = page.getByTestId('export-form')
  await form.locator('input[name="format"][value="csv"]').check()
  await form.locator('input[name="markExported"]').check()
  const download: Promise<Download> = page.waitForEvent('download')
  await page.getByTestId('export-submit').click()
  await download
  await expect(form).toHaveCount(0)

  for (const id of ids) {
    await openHistoryOf(id)
    const exported = page.getByTestId('history-item').filter({ hasText: 'Marked exported' })
    await expect(exported).toHaveCount(1)
    await expect(exported).toContainText('Dana Demo')
  }
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.getByTestId('history').scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${artifacts}/history-exported-1440x900-dark.png` })
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize(SMALL)
})
