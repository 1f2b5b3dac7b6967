/**
 * Correcting an extracted value, in Chromium through the harness (the demo's real invoices):
 * the total of a document is corrected by typing in the data pane (Enter saves, Escape cancels,
 * triage keys never act while typing), shown as corrected with the extracted value on hover,
 * booked by the ISDOC, XLSX and CSV exports with the extracted value kept, and *Send to repair*
 * starts its description with the correction.
 * Screenshots: e2e/artifacts/corrections-*.png (1024x700 and 1440x900, light and dark).
 */
import { expect, test, type Download, type Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { unzipSync } from 'fflate'
import { readFileSync } from 'node:fs'
import { isdocSchemaErrors } from '../src/main/app/testing/isdocSchema'
import { openAgenda } from './support/agendas'
import type { HarnessProcess } from './support/harnessProcess'
import { openHarnessPage } from './support/harnessPage'

const artifacts = 'e2e/artifacts'
const SMALL = { width: 1024, height: 700 }
const LARGE = { width: 1440, height: 900 }

let harness: HarnessProcess
let page: Page
/** The total as extracted and as corrected, exact decimals. */
let extracted = ''
let corrected = ''

test.describe.configure({ mode: 'serial' })
test.use({ viewport: SMALL, locale: 'en-US', acceptDownloads: true })

test.beforeAll(async ({ browser }) => {
  ;({ harness, page } = await openHarnessPage(browser, SMALL, artifacts))
  await openAgenda(page, 1)
  await page.getByTestId('queue-tab-all').click()
  await page.getByTestId('inbox-search').fill('Azure Interior')
  await expect(page.getByTestId('inbox-row')).toHaveCount(1)
  await page.getByTestId('inbox-row').first().click()
  await expect(page.getByTestId('checks-panel')).toBeVisible()
})

test.afterAll(async () => {
  await page?.close()
  await harness?.stop()
})

async function exportAs(format: 'isdoc' | 'xlsx' | 'csv'): Promise<Download> {
  await page.getByTestId('shell-menu-button').click()
  await page.getByTestId('export-button').click()
  await page.getByTestId('export-form').locator(`input[name="format"][value="${format}"]`).check()
  const download = page.waitForEvent('download')
  await page.getByTestId('export-submit').click()
  if (format === 'isdoc') {
    // The corrected total no longer adds up with the extracted base and VAT: ISDOC asks before
    // booking such a document; it goes in with a note naming the failed checks.
    await expect(page.getByTestId('export-flagged-list')).toContainText('Azure Interior')
    await page.getByTestId('export-form').locator('input[name="flagged"][value="mark"]').check()
    await page.getByTestId('export-submit').click()
  }
  const file = await download
  await expect(page.getByTestId('export-form')).toHaveCount(0)
  return file
}

test('the total is corrected by typing: Enter saves, the value is marked corrected with the extracted one on hover', async () => {
  const total = page.getByTestId('field-total')
  extracted = (await total.getAttribute('data-value'))!
  expect(Number(extracted)).toBeGreaterThan(0)
  corrected = (Math.round((Number(extracted) + 63) * 100) / 100).toFixed(2)

  // Escape cancels; a triage key typed in the editor is text, not an action.
  await page.getByTestId('field-total-correctable-edit').click()
  const input = page.getByTestId('correction-input')
  await expect(input).toBeFocused()
  await expect(input).toHaveValue(extracted)
  await input.press('r')
  await expect(input).toHaveValue('r')
  await expect(page.getByTestId('toast')).toHaveCount(0)
  await input.press('Escape')
  await expect(input).toHaveCount(0)
  await expect(page.getByTestId('field-total-correctable-edit')).toBeFocused()
  await expect(total).toHaveAttribute('data-value', extracted)

  // A value that is not an amount is refused, saying why; then the right one is saved.
  await page.getByTestId('field-total-correctable-edit').press('Enter')
  await input.fill('12.3.4')
  await input.press('Enter')
  await expect(page.getByTestId('correction-error')).toContainText('Type an amount')
  await input.fill(corrected.replace('.', ','))
  await input.press('Enter')
  await expect(input).toHaveCount(0)
  await expect(total).toHaveAttribute('data-value', corrected)
  await expect(page.getByTestId('field-total-correctable')).toHaveAttribute('data-corrected', 'true')
  await expect(page.getByTestId('corrections-note')).toContainText('1 value corrected in Docket')
  await page.getByTestId('field-total-correctable').hover()
  await expect(page.getByTestId('field-total-correctable-extracted')).toBeVisible()
  await expect(page.getByTestId('field-total-correctable-extracted')).toContainText(`Extracted:`)
  await expect(page.getByTestId('field-total-correctable-extracted')).toContainText(
    Number(extracted).toLocaleString('en-US', { minimumFractionDigits: 2 }),
  )

  for (const [size, name] of [
    [SMALL, '1024x700'],
    [LARGE, '1440x900'],
  ] as const) {
    await page.setViewportSize(size)
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await page.getByTestId('field-total-correctable').scrollIntoViewIfNeeded()
      await page.getByTestId('field-total-correctable').hover()
      await page.screenshot({ path: `${artifacts}/corrections-pane-${name}-${scheme}.png` })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize(SMALL)
})

test('ISDOC books the corrected total and notes the extracted one, schema-valid', async () => {
  const file = await exportAs('isdoc')
  const bytes = new Uint8Array(readFileSync(await file.path()))
  const files = file.suggestedFilename().endsWith('.zip') ? Object.values(unzipSync(bytes)) : [bytes]
  const xml = files.map((f) => new TextDecoder().decode(f)).find((text) => text.includes('Corrected in Docket'))
  expect(xml).toBeDefined()
  expect(isdocSchemaErrors(xml!)).toBeNull()
  // The invoice's own currency is USD: its amounts are the `…Curr` elements.
  expect(xml).toMatch(new RegExp(`<PayableAmount(Curr)?>${corrected}</PayableAmount(Curr)?>`))
  expect(xml).toContain(`Total ${Number(corrected)} (extracted ${Number(extracted)}`)
})

test('XLSX and CSV carry the corrected total, marked, with the extracted one kept', async () => {
  const workbook = new ExcelJS.Workbook()
  const bytes = new Uint8Array(readFileSync(await (await exportAs('xlsx')).path()))
  await workbook.xlsx.load(bytes.buffer)
  const sheet = workbook.getWorksheet('Documents')!
  const header = (sheet.getRow(1).values as unknown[]).slice(1)
  const totalColumn = header.indexOf('total') + 1
  const correctedColumn = header.indexOf('corrected') + 1
  expect(correctedColumn).toBeGreaterThan(0)
  const row = [...Array(sheet.rowCount - 1).keys()]
    .map((i) => sheet.getRow(i + 2))
    .find((r) => r.getCell(correctedColumn).value)!
  expect(row.getCell(totalColumn).value).toBe(Number(corrected))
  expect(String(row.getCell(totalColumn).note)).toContain(`extracted ${Number(extracted)}`)

  const csv = readFileSync(await (await exportAs('csv')).path(), 'utf8')
  expect(csv.split('\r\n')[0]).toMatch(/,corrected$/)
  expect(csv).toContain(`Total ${Number(corrected)} (extracted ${Number(extracted)}`)
})

test('Send to repair starts its description with the correction', async () => {
  await page.getByTestId('action-repair').click()
  const description = page.getByTestId('repair-description')
  await expect(description).toHaveValue(
    `Total: extracted ${Number(extracted).toLocaleString('en-US', { minimumFractionDigits: 2 })}, the invoice says ${Number(corrected).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  )
  await page.screenshot({ path: `${artifacts}/corrections-repair-1024x700.png` })
  await page.getByTestId('repair-dialog').getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByTestId('repair-dialog')).toHaveCount(0)
})
