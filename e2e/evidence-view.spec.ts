/**
 * The invoice's evidence in the document view, in Chromium through the harness with the demo's
 * planted invoices (`--planted`: a Factur-X travel-expense invoice whose issue date was misread
 * as 2018-07-31; the invoice and its embedded e-invoice say 13.07.2018): hovering a value
 * outlines where the invoice prints it, the unverified values are counted and marked, `n` moves
 * the focus to the next unverified one, and a click on the invoice fills an open correction.
 * Screenshots: e2e/artifacts/evidence-*.png (1024x700 and 1440x900, light and dark).
 */
import { expect, test, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { openAgenda } from './support/agendas'
import { startHarnessProcess, type HarnessProcess } from './support/harnessProcess'

const artifacts = 'e2e/artifacts'
const SMALL = { width: 1024, height: 700 }
const LARGE = { width: 1440, height: 900 }

let harness: HarnessProcess
let page: Page

test.describe.configure({ mode: 'serial' })
test.use({ viewport: LARGE, locale: 'en-US' })

interface Box {
  page: number
  x: number
  y: number
  width: number
  height: number
}

/** The evidence main answers for the open document (the same channel the pane reads). */
async function evidenceOf(field: string): Promise<{ box: Box; pages: { width: number; height: number }[] }> {
  return page.evaluate(async (name) => {
    const id = Number(document.querySelector<HTMLElement>('[data-testid="document-pane"]')!.dataset.documentId)
    const bridge = (globalThis as unknown as { docket: { invoke(c: string, i: unknown): Promise<never> } }).docket
    const view: { fields: { field: string; boxes: Box[] }[]; pages: { width: number; height: number }[] } =
      await bridge.invoke('documents.evidence', { id })
    return { box: view.fields.find((f) => f.field === name)!.boxes[0]!, pages: view.pages }
  }, field)
}

/** Where a box of page units is on screen: the stacked preview image, its pages of equal size. */
async function onScreen(box: Box, pages: { width: number; height: number }[]): Promise<{ x: number; y: number }> {
  const image = (await page.getByTestId('preview-image').boundingBox())!
  const slot = image.height / pages.length
  const size = pages[box.page - 1]!
  return {
    x: image.x + ((box.x + box.width / 2) / size.width) * image.width,
    y: image.y + (box.page - 1) * slot + ((box.y + box.height / 2) / size.height) * slot,
  }
}

test.beforeAll(async ({ browser }) => {
  mkdirSync(artifacts, { recursive: true })
  harness = await startHarnessProcess(['--planted'])
  page = await browser.newPage({ viewport: LARGE, locale: 'en-US' })
  await page.goto(harness.url)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible({ timeout: 30_000 })
  await openAgenda(page, 1)
  await page.getByTestId('queue-tab-all').click()
  await page.getByTestId('inbox-search').fill('Lieferant')
  await page.getByTestId('inbox-row').filter({ hasText: '280081' }).click()
  await expect(page.getByTestId('evidence-note')).toBeVisible({ timeout: 30_000 })
})

test.afterAll(async () => {
  await page?.close()
  await harness?.stop()
})

test('counts and marks the values the invoice does not verify', async () => {
  await expect(page.getByTestId('evidence-note')).toContainText('2 values not verified')
  const date = page.getByTestId('field-issue-date-correctable')
  await expect(date).toHaveAttribute('data-evidence', 'unverified')
  await expect(page.getByTestId('field-issue-date-correctable-says')).toHaveText('Invoice: Jul 13, 2018')
  await expect(page.getByTestId('field-total-correctable')).toHaveAttribute('data-evidence', 'verified')
  await expect(page.getByTestId('field-total-correctable-evidence')).toContainText(
    'Verified: matches the embedded e-invoice',
  )
})

test('hovering a value outlines where the invoice prints it, at any zoom', async () => {
  await expect(page.getByTestId('evidence-outline')).toHaveCount(0)
  const { box, pages } = await evidenceOf('summary.total')
  for (const zoomOut of [false, true]) {
    if (zoomOut) await page.getByTestId('preview-fit-page').click()
    await page.getByTestId('field-total-correctable').hover()
    const outline = page.getByTestId('evidence-outline').first()
    await expect(outline).toBeVisible()
    // The page is scrolled to the outline (the total is on the last page).
    await expect(outline).toBeInViewport()
    const expected = await onScreen(box, pages)
    // Read again until it holds: a view pushed meanwhile (the evidence read) may draw the
    // outline anew, and between the two it has no box.
    const offCentre = async (axis: 'x' | 'y') => {
      const drawn = await outline.boundingBox()
      if (!drawn) return Number.POSITIVE_INFINITY
      const centre = axis === 'x' ? drawn.x + drawn.width / 2 : drawn.y + drawn.height / 2
      return Math.abs(centre - expected[axis])
    }
    await expect.poll(() => offCentre('x')).toBeLessThan(3)
    await expect.poll(() => offCentre('y')).toBeLessThan(3)
  }
  await page.getByTestId('preview-fit').click()
  await page.getByTestId('extracted-data').locator('h3').first().hover()
  await expect(page.getByTestId('evidence-outline')).toHaveCount(0)
})

test('on the original PDF too: the outline lands on the page, scrolled into sight', async () => {
  await page.getByTestId('inbox-row').filter({ hasText: '280081' }).focus()
  await page.keyboard.press('f')
  await expect(page.locator('[data-testid="pdf-view"][data-status="ready"]')).toBeVisible({ timeout: 20_000 })
  await page.getByTestId('field-total-correctable').hover()
  const outline = page.getByTestId('evidence-outline').first()
  await expect(outline).toBeInViewport()
  const { box } = await evidenceOf('summary.total')
  // The total's box is on the last page: its outline is over that page's canvas.
  const canvas = (await page
    .getByTestId('pdf-view')
    .locator('canvas')
    .nth(box.page - 1)
    .boundingBox())!
  const drawn = (await outline.boundingBox())!
  expect(drawn.y).toBeGreaterThan(canvas.y)
  expect(drawn.y + drawn.height).toBeLessThan(canvas.y + canvas.height)
  const scale = canvas.width / 595
  expect(Math.abs(drawn.x + drawn.width / 2 - (canvas.x + (box.x + box.width / 2) * scale))).toBeLessThan(3)
  await page.getByTestId('inbox-row').filter({ hasText: '280081' }).focus()
  await page.keyboard.press('f')
  await expect(page.getByTestId('preview-image')).toBeVisible()
})

test('n moves the focus to the next unverified value, wrapping round', async () => {
  await page.getByTestId('inbox-row').filter({ hasText: '280081' }).focus()
  const focusedField = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.field ?? null)
  await page.keyboard.press('n')
  expect(await focusedField()).toBe('header.issue_date')
  // Focused, the value is outlined on the invoice as when hovered.
  await expect(page.getByTestId('evidence-outline').first()).toBeVisible()
  await page.keyboard.press('n')
  expect(await focusedField()).toBe('header.tax_date')
  await page.keyboard.press('n')
  expect(await focusedField()).toBe('header.issue_date')
})

test('a click on the invoice fills the open correction editor', async () => {
  const { box, pages } = await evidenceOf('header.issue_date')
  await page.getByTestId('field-issue-date-correctable').hover()
  await page.getByTestId('field-issue-date-correctable-edit').click()
  const input = page.getByTestId('correction-input')
  await expect(input).toBeFocused()
  const point = await onScreen(box, pages)
  await page.mouse.click(point.x, point.y)
  await expect(input).toHaveValue('13.07.2018')
  await expect(input).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(input).toHaveCount(0)
})

test('looks right in light and dark, small and large', async () => {
  for (const size of [SMALL, LARGE]) {
    await page.setViewportSize(size)
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await page.getByTestId('field-issue-date-correctable').hover()
      await expect(page.getByTestId('evidence-outline').first()).toBeVisible()
      await page.screenshot({ path: `${artifacts}/evidence-${size.width}-${scheme}.png` })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
})
