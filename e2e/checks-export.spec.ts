/**
 * Checks on the demo invoices and the export dialog, in Chromium through the harness at the
 * smallest window Docket supports (1024x700): the checks panel names what a bookkeeper
 * spots (a total not extracted, an invoice addressed to someone else), the export dialog fits with its
 * buttons in view, names the tab and search on screen as its default scope, remembers the
 * last choices (never marking exported), lists the documents failing a money check before it
 * saves, and writes ISDOC and Pohoda files that the published schemas accept.
 * Screenshots: e2e/artifacts/checks-*.png, export-dialog-*.png.
 */
import { expect, test, type Download, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { unzipSync } from 'fflate'
import { isdocSchemaErrors } from '../src/main/app/testing/isdocSchema'
import { pohodaSchemaErrors } from '../src/main/app/testing/pohodaSchema'
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
  // The first sign-in opens the agenda with the most to review; these checks are about the real
  // invoices of Demo s.r.o. (CZK). At this width the agenda list is folded away: unfold it.
  await openAgenda(page, 1)
})

test.afterAll(async () => {
  await page?.close()
  await harness?.stop()
})

async function openRow(text: string): Promise<void> {
  await page.getByTestId('inbox-row').filter({ hasText: text }).first().click()
  await expect(page.getByTestId('checks-panel')).toBeVisible()
}

test('the checks panel flags the total not extracted, an invoice addressed to someone else, overdue in words', async () => {
  // Sammy Maystone's JSON has no amount: the total is "not extracted", never a 0.00 that passes.
  await openRow('Sammy Maystone')
  const required = page.getByTestId('check-required_fields')
  await expect(required).toHaveAttribute('data-status', 'warning')
  await expect(required).toContainText(/Not extracted: .*total/)
  await expect(page.getByTestId('check-total_sign')).not.toHaveAttribute('data-status', 'ok')
  await expect(page.getByTestId('checks-panel')).not.toContainText('No problems found')

  // The demo books EUR at the ECB rate of the issue date; the invoice is addressed to its buyer.
  await openRow('Coolblue')
  await expect(page.getByTestId('check-exchange_rate')).toHaveAttribute('data-status', 'ok')
  const counterparty = page.getByTestId('check-counterparty')
  await expect(counterparty).toHaveAttribute('data-status', 'warning')
  await expect(counterparty).toContainText('Addressed to Pino Bluebird, not to Demo s.r.o.')
  await expect(page.getByTestId('check-items_sum')).toContainText('The item prices include VAT')
  await page.getByTestId('checks-panel').scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${artifacts}/checks-coolblue-1024x700.png` })

  await openRow('Azure Interior')
  await expect(page.getByTestId('check-overdue')).toContainText(/Overdue by \d+ years? \d+ months? \(due 2023-04-04\)/)
})

test('the export dialog fits 1024x700, names the tab and search on screen, and keeps Export in view', async () => {
  await page.getByTestId('queue-tab-all').click()
  await page.getByTestId('inbox-search').fill('coolblue')
  await expect(page.getByTestId('inbox-row')).toHaveCount(2)
  await page.getByTestId('shell-menu-button').click()
  await page.getByTestId('export-button').click()
  const form = page.getByTestId('export-form')
  await expect(page.getByTestId('export-scope-view')).toHaveText("2 documents: All, search 'coolblue'")
  await expect(form.locator('input[name="which"][value="view"]')).toBeChecked()
  await form.locator('input[name="format"][value="csv"]').check()
  await expect(page.getByTestId('export-submit')).toBeInViewport({ ratio: 1 })
  await expect(form.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 })
  await page.screenshot({ path: `${artifacts}/export-dialog-1024x700.png` })
})

test('ISDOC export: the demo’s invoices pass their money checks and are saved at once, schema-valid', async () => {
  const form = page.getByTestId('export-form')
  await form.locator('input[name="format"][value="isdoc"]').check()
  await expect(page.getByTestId('export-isdoc-hint')).toBeVisible()
  await expect(page.getByTestId('export-changes')).toHaveText('Exporting changes nothing in Docket.')
  const download: Promise<Download> = page.waitForEvent('download')
  await page.getByTestId('export-submit').click()
  // The demo books foreign currencies at the ECB rate of the issue date, so no invoice of Demo
  // s.r.o. fails a money check: the file is saved at once, with no "exported although" note.
  // (Listing and marking documents that fail is pinned in src/main/app/export/export.test.ts.)
  const file = await download
  await expect(page.getByTestId('export-flagged')).toHaveCount(0)
  await page.screenshot({ path: `${artifacts}/export-dialog-isdoc-1024x700.png` })
  expect(file.suggestedFilename()).toMatch(/-isdoc\.zip$/)
  const entries = unzipSync(new Uint8Array(readFileSync(await file.path())))
  expect(Object.keys(entries).length).toBeGreaterThan(0)
  for (const [name, xml] of Object.entries(entries)) {
    expect(isdocSchemaErrors(xml), name).toBeNull()
    expect(new TextDecoder().decode(xml), name).not.toMatch(/exported although its checks failed/)
  }
})

test('the format is remembered, marking exported is not: it starts off and says so next to Export', async () => {
  await page.getByTestId('shell-menu-button').click()
  await page.getByTestId('export-button').click()
  const form = page.getByTestId('export-form')
  await expect(form.locator('input[name="format"][value="isdoc"]')).toBeChecked()
  await form.locator('input[name="markExported"]').check()
  await expect(page.getByTestId('export-changes')).toContainText('will be marked as exported')
  await page.keyboard.press('Escape')
  await page.getByTestId('shell-menu-button').click()
  await page.getByTestId('export-button').click()
  await expect(form.locator('input[name="markExported"]')).not.toBeChecked()
  await expect(page.getByTestId('export-changes')).toHaveText('Exporting changes nothing in Docket.')
})

test('Pohoda export: one data pack that the published Pohoda XML schemas accept', async () => {
  const form = page.getByTestId('export-form')
  await form.locator('input[name="format"][value="pohoda"]').check()
  await expect(page.getByTestId('export-pohoda-hint')).toBeVisible()
  // No invoice of the demo fails a money check: the pack is saved at once, without a note.
  const download: Promise<Download> = page.waitForEvent('download')
  await page.getByTestId('export-submit').click()
  const file = await download
  await expect(page.getByTestId('export-flagged')).toHaveCount(0)
  expect(file.suggestedFilename()).toMatch(/-pohoda\.xml$/)
  const xml = readFileSync(await file.path(), 'utf8')
  expect(pohodaSchemaErrors(xml)).toBeNull()
  expect(xml.match(/<inv:invoice /g)?.length ?? 0).toBeGreaterThan(0)
  expect(xml).not.toMatch(/exported although its checks failed/)
})
