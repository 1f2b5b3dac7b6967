/**
 * The invoice is readable at 1024x700 and 1440x900, in Chromium through the harness and its
 * sandbox seeded with the fixture invoices (DOCKET_FIXTURES_DIR, default
 * resources/demo/invoices, so the same test runs on other real invoices):
 *
 * - fitted to the width as a document opens, each invoice's body text is drawn at least 9 CSS
 *   px tall. The body text size is read from the PDF's own text (pdf.js text content: the
 *   median printed character's font height, previewMath.bodyTextSize), and the height it is
 *   drawn at follows from the page's width in points and the width the preview image is drawn
 *   at (the image is a picture of the page, its full width);
 * - the zoom and the fit mode stay from one document to the next (`j`);
 * - at 1440 the tax lines and items of every invoice fit the data pane (no sideways scroll);
 * - at 1024 the queue tabs take at most two rows, and the data pane is under the invoice with a
 *   divider that moves;
 * - the repair dialog leaves the invoice in view.
 *
 * Screenshots of every invoice at both sizes, light and dark, go to
 * e2e/artifacts/readable-<width>x<height>-<scheme>-<invoice>.png for a person to look at.
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { bodyTextSize, drawnTextHeight, type PdfTextRun } from '../src/renderer/src/features/documents/previewMath'
import { expectedInvoices, fixturesDir, type ExpectedInvoice } from './fixtures/invoiceFixtures'
import { openAgenda } from './support/agendas'
import { startHarnessProcess, type HarnessProcess } from './support/harnessProcess'

const artifacts = 'e2e/artifacts'
const SIZES = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const
/** The smallest body text a bookkeeper reads without zooming (CSS px). */
const MIN_TEXT_PX = 9

let harness: HarnessProcess
const invoices = expectedInvoices()

test.describe.configure({ mode: 'serial' })
// Scrollbars drawn as in the app (Playwright's headless Chromium hides them by default): the
// preview's scrollbar takes its share of the pane here too. The rest as playwright.config.ts.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
    ignoreDefaultArgs: ['--hide-scrollbars'],
  },
})

test.beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true })
  harness = await startHarnessProcess(['--fixtures', fixturesDir()])
})

test.afterAll(async () => {
  await harness?.stop()
})

/** A page's width and height (points) and its text runs, read with pdf.js. */
interface PdfPage {
  width: number
  height: number
  runs: PdfTextRun[]
}

/** The first page of the invoice's PDF. */
async function firstPage(invoice: ExpectedInvoice): Promise<PdfPage> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const data = new Uint8Array(readFileSync(join(fixturesDir(), `${invoice.name}.pdf`)))
  const task = pdfjs.getDocument({ data, verbosity: 0 })
  try {
    const pdf = await task.promise
    const page = await pdf.getPage(1)
    const { width, height } = page.getViewport({ scale: 1 })
    const content = await page.getTextContent()
    const runs = content.items.flatMap((item) => ('str' in item ? [{ str: item.str, transform: item.transform }] : []))
    return { width, height, runs }
  } finally {
    await task.destroy()
  }
}

/**
 * The runs of `page` that the preview image shows: all of them for a rendering of the page;
 * for a picture shipped with the invoice that holds only the top of the page (its width is
 * the page's, its height less), those above its lower edge.
 */
function shownRuns(page: PdfPage, natural: { width: number; height: number }): PdfTextRun[] {
  const shownHeight = (natural.height * page.width) / natural.width
  if (shownHeight >= page.height * 0.95) return page.runs
  const lowest = page.height - shownHeight
  return page.runs.filter((run) => (run.transform[5] ?? 0) >= lowest)
}

async function openApp(browser: Browser, width: number, height: number, colorScheme: 'light' | 'dark'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height }, colorScheme, locale: 'en-US' })
  await page.goto(harness.url)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible({ timeout: 30_000 })
  // The fixture invoices are the first agenda's; the first sign-in opens the one with most to review.
  await openAgenda(page, 1)
  return page
}

/** Opens `invoice` (else the inbox's first row) and waits until its image is loaded. */
async function openInvoice(page: Page, invoice?: ExpectedInvoice): Promise<{ width: number; height: number }> {
  const rows = page.getByTestId('inbox-row')
  await (invoice ? rows.filter({ hasText: invoice.invoiceNo || invoice.supplier }) : rows).first().click()
  await expect(page.getByTestId('extracted-data')).toBeVisible()
  const image = page.getByTestId('preview-image')
  await expect
    .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 20_000 })
    .toBeGreaterThan(0)
  return image.evaluate((img) => ({
    width: (img as HTMLImageElement).naturalWidth,
    height: (img as HTMLImageElement).naturalHeight,
  }))
}

const drawnWidth = (page: Page): Promise<number> =>
  page.getByTestId('preview-image').evaluate((img) => img.getBoundingClientRect().width)

for (const size of SIZES) {
  test(`every invoice's body text is at least ${MIN_TEXT_PX} px tall at ${size.width}x${size.height}`, async ({
    browser,
  }) => {
    test.setTimeout(30_000 + invoices.length * 15_000)
    const measured: string[] = []
    for (const scheme of ['light', 'dark'] as const) {
      const page = await openApp(browser, size.width, size.height, scheme)
      for (const invoice of invoices) {
        const natural = await openInvoice(page, invoice)
        await expect(page.getByTestId('preview-fit')).toHaveAttribute('aria-pressed', 'true')
        const pdf = await firstPage(invoice)
        const body = bodyTextSize(shownRuns(pdf, natural))
        // A scanned invoice has no text layer to measure; none of the fixtures is one.
        expect(body, `${invoice.name} has text`).not.toBeNull()
        // The fit settles in the frame after the image's size is known.
        await expect
          .poll(async () => drawnTextHeight(body!, pdf.width, await drawnWidth(page)), {
            message: `${invoice.name}: ${body} pt body text`,
          })
          .toBeGreaterThanOrEqual(MIN_TEXT_PX)
        const px = drawnTextHeight(body!, pdf.width, await drawnWidth(page))
        measured.push(`${invoice.name} ${body!.toFixed(1)} pt -> ${px.toFixed(1)} px`)
        await page.screenshot({
          path: `${artifacts}/readable-${size.width}x${size.height}-${scheme}-${invoice.name}.png`,
        })
      }
      await page.close()
    }
    test.info().annotations.push({ type: 'body text', description: measured.join('; ') })
  })
}

test('the zoom and the fit mode stay from one document to the next', async ({ browser }) => {
  const page = await openApp(browser, 1440, 900, 'light')
  await openInvoice(page)
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('+')
  await page.keyboard.press('+')
  await expect(page.getByTestId('preview-fit')).toHaveAttribute('aria-pressed', 'false')
  // How large the page is drawn against the pane's width (1 = fitted); 0 while no image is
  // drawn (between two documents the preview holds none for a moment), so a poll waits for it.
  const against = () =>
    page.evaluate(() => {
      const image = document.querySelector('[data-testid="preview-image"]')
      const viewport = document.querySelector('[data-testid="preview-viewport"]')
      if (!image || !viewport) return 0
      return image.getBoundingClientRect().width / (viewport.clientWidth - 16)
    })
  await expect.poll(against).toBeGreaterThan(1.4)
  const chosen = await against()
  const first = await page.getByTestId('document-pane').getAttribute('data-document-id')
  await page.keyboard.press('j')
  await expect(page.getByTestId('document-pane')).not.toHaveAttribute('data-document-id', first!)
  await expect(page.getByTestId('preview-image')).toBeVisible()
  // The next invoice's page is drawn as large, though its image has another resolution.
  await expect.poll(against).toBeCloseTo(chosen, 1)
  await expect(page.getByTestId('preview-fit')).toHaveAttribute('aria-pressed', 'false')

  // A whole page in the pane, kept for the next document too, whose page it fits.
  await page.getByTestId('preview-fit-page').click()
  await expect(page.getByTestId('preview-fit-page')).toHaveAttribute('aria-pressed', 'true')
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('j')
  await expect(page.getByTestId('preview-fit-page')).toHaveAttribute('aria-pressed', 'true')
  const viewport = page.getByTestId('preview-viewport')
  await expect
    .poll(async () => {
      const view = await viewport.evaluate((el) => el.clientHeight)
      const { natural, drawn } = await page.getByTestId('preview-image').evaluate((img) => ({
        natural: (img as HTMLImageElement).naturalWidth,
        drawn: img.getBoundingClientRect(),
      }))
      // One page of the image (A4 pages stacked: height = width x √2 each) fits the viewport.
      return natural > 0 && Math.min(drawn.height, drawn.width * Math.SQRT2) <= view
    })
    .toBe(true)

  // 0 fits the width again, and that too stays.
  await page.keyboard.press('0')
  await page.keyboard.press('k')
  await expect(page.getByTestId('preview-fit')).toHaveAttribute('aria-pressed', 'true')
  await page.close()
})

test('at 1440 the tax lines and items fit the data pane: nothing scrolls sideways or is cut', async ({ browser }) => {
  const page = await openApp(browser, 1440, 900, 'light')
  let tables = 0
  for (const invoice of invoices) {
    await openInvoice(page, invoice)
    for (const testid of ['tax-lines', 'items']) {
      const table = page.getByTestId(testid)
      if ((await table.count()) === 0) continue
      tables++
      const box = await table.evaluate((el) => {
        const scroller = el.parentElement!
        const cells = [...el.querySelectorAll('td')].map((td) => td.scrollWidth - td.clientWidth)
        return { scroll: scroller.scrollWidth, client: scroller.clientWidth, cut: Math.max(0, ...cells) }
      })
      expect(box.scroll, `${invoice.name} ${testid}`).toBeLessThanOrEqual(box.client)
      expect(box.cut, `${invoice.name} ${testid}: a cell is cut`).toBe(0)
    }
  }
  expect(tables).toBeGreaterThan(0)
  await page.close()
})

test('at 1024 the queue tabs take two rows and the data pane is under the invoice', async ({ browser }) => {
  for (const locale of ['en-US', 'cs-CZ']) {
    const page = await browser.newPage({ viewport: { width: 1024, height: 700 }, locale })
    await page.goto(harness.url)
    await expect(page.getByTestId('inbox-row').first()).toBeVisible({ timeout: 30_000 })
    const rows = await page
      .getByRole('tab')
      .evaluateAll((tabs) => new Set(tabs.map((tab) => Math.round(tab.getBoundingClientRect().top))).size)
    expect(rows, locale).toBeGreaterThanOrEqual(1)
    expect(rows, locale).toBeLessThanOrEqual(2)
    await page.close()
  }
  const page = await openApp(browser, 1024, 700, 'light')
  await openInvoice(page)
  const preview = (await page.getByTestId('preview-viewport').boundingBox())!
  const data = (await page.getByTestId('data-pane').boundingBox())!
  expect(data.y).toBeGreaterThanOrEqual(preview.y + preview.height - 1)
  expect(preview.width).toBeGreaterThan(700)

  // The divider between them moves with the keyboard (Up gives the data pane more height) and
  // is remembered for the window size.
  const divider = page.getByTestId('separator-data-below')
  await expect(divider).toHaveAttribute('aria-orientation', 'horizontal')
  await divider.focus()
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('ArrowUp')
  await expect
    .poll(async () => (await page.getByTestId('data-pane').boundingBox())!.height)
    .toBeGreaterThan(data.height + 24)
  const taller = (await page.getByTestId('data-pane').boundingBox())!.height
  await page.reload()
  await openInvoice(page)
  await expect.poll(async () => (await page.getByTestId('data-pane').boundingBox())!.height).toBeGreaterThan(taller - 2)
  await page.close()
})

for (const size of SIZES) {
  test(`the repair dialog leaves the invoice in view at ${size.width}x${size.height}`, async ({ browser }) => {
    const page = await openApp(browser, size.width, size.height, 'light')
    await openInvoice(page)
    await page.getByTestId('inbox-list').focus()
    await page.keyboard.press('p')
    const dialog = page.getByTestId('repair-dialog')
    await expect(dialog).toBeVisible()
    await expect(page.getByTestId('repair-description')).toBeFocused()
    const box = (await page.locator('dialog[open]').boundingBox())!
    const image = (await page.getByTestId('preview-viewport').boundingBox())!
    // The overlap with the invoice's viewport, as a share of the viewport's area.
    const overlapX = Math.max(0, Math.min(box.x + box.width, image.x + image.width) - Math.max(box.x, image.x))
    const overlapY = Math.max(0, Math.min(box.y + box.height, image.y + image.height) - Math.max(box.y, image.y))
    expect((overlapX * overlapY) / (image.width * image.height)).toBeLessThan(0.05)
    await page.screenshot({ path: `${artifacts}/readable-repair-${size.width}x${size.height}.png` })
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await page.close()
  })
}
