/**
 * The review screen's layout in Chromium through the harness and its sandbox, seeded with the
 * fixture invoices (DOCKET_FIXTURES_DIR, default resources/demo/invoices): the invoice image's
 * drawn width at 1024x700 and 1440x900 with the inbox shown, a one-row top bar, the document
 * toolbar clear of the data pane, focus mode, the dividers, the command palette, and a value
 * the service did not extract. Screenshots at 1024x700, 1440x900 and 1920x1080, light and
 * dark, go to e2e/artifacts/review-<width>x<height>-<scheme>.png for a person to look at.
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { startFakeTriageHarness } from './fixtures/fakeTriageHarness'
import { fixturesDir } from './fixtures/invoiceFixtures'
import { openAgenda } from './support/agendas'
import { startHarnessProcess, type HarnessProcess } from './support/harnessProcess'
import { shootSizesAndThemes } from './support/screenshots'

const artifacts = 'e2e/artifacts'
let harness: HarnessProcess

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true })
  harness = await startHarnessProcess(['--fixtures', fixturesDir()])
})

test.afterAll(async () => {
  await harness?.stop()
})

type Scheme = 'light' | 'dark'

async function openPage(browser: Browser, width: number, height: number, colorScheme: Scheme): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height }, colorScheme, locale: 'en-US' })
  await page.goto(harness.url)
  // A page served while `npm run build` rewrites out/renderer stays blank: load it once more.
  const shown = await page
    .getByTestId('top-bar')
    .waitFor({ timeout: 10_000 })
    .then(() => true)
    .catch(() => false)
  if (!shown) await page.reload()
  await expect(page.getByTestId('inbox-row').first()).toBeVisible({ timeout: 30_000 })
  // The fixture invoices are the first agenda's; the first sign-in opens the one with most to review.
  await openAgenda(page, 1)
  return page
}

/** Opens the first invoice of the inbox and waits until its image is drawn. */
async function openInvoice(page: Page): Promise<void> {
  await page.getByTestId('inbox-row').first().click()
  await expect(page.getByTestId('extracted-data')).toBeVisible()
  await expect
    .poll(() => page.getByTestId('preview-image').evaluate((img) => (img as HTMLImageElement).naturalWidth), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0)
  await page.getByTestId('inbox-list').focus()
}

const imageWidth = (page: Page): Promise<number> =>
  page.getByTestId('preview-image').evaluate((img) => img.getBoundingClientRect().width)

interface Box {
  left: number
  right: number
  top: number
  bottom: number
  text: string
}

/** The boxes of every visible control and text of `selector`'s element. */
function boxesOf(page: Page, selector: string): Promise<Box[]> {
  return page.locator(selector).evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .map((el) => ({ el, rect: el.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && rect.height > 0)
      .map(({ el, rect }) => ({
        left: rect.left,
        right: rect.right,
        top: rect.top,
        bottom: rect.bottom,
        text: (el.textContent ?? '').trim().slice(0, 40),
      })),
  )
}

const overlaps = (a: Box, b: Box): boolean =>
  a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5

for (const [width, height] of [
  [1024, 700],
  [1440, 900],
  [1920, 1080],
] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`review screen at ${width}x${height}, ${scheme}: nothing clipped or drawn over the data`, async ({
      browser,
    }) => {
      const page = await openPage(browser, width, height, scheme)
      await openInvoice(page)
      await expect(page.getByTestId('inbox-pane')).toBeVisible()

      const drawn = await imageWidth(page)
      if (width === 1440) expect(drawn).toBeGreaterThanOrEqual(0.4 * 1440)
      if (width === 1024) expect(drawn).toBeGreaterThanOrEqual(400)

      // The top bar is one row: no taller than one of its buttons plus its padding.
      const bar = await page.getByTestId('top-bar').boundingBox()
      const button = await page.getByTestId('shell-menu-button').boundingBox()
      expect(bar!.height).toBeLessThanOrEqual(button!.height + 16)

      // No part of the document toolbar or the preview's toolbar lies over the data pane,
      // and none sticks out of the document pane.
      const data = (await boxesOf(page, '[data-testid="data-pane"]'))[0]!
      const pane = (await boxesOf(page, '[data-testid="document-pane"]'))[0]!
      for (const selector of ['[data-testid="document-toolbar"]', '[data-testid="preview-toolbar"]']) {
        for (const box of await boxesOf(page, selector)) {
          expect(overlaps(box, data), `${selector} "${box.text}" over the data pane`).toBe(false)
          expect(box.right, `${selector} "${box.text}" cut off`).toBeLessThanOrEqual(pane.right + 0.5)
        }
      }

      // The document's title (supplier · invoice number) is drawn whole: in a narrow pane the
      // tools move below it; from 1440 they stay beside it, on one row.
      const title = page.getByTestId('document-title')
      expect(await title.evaluate((h) => h.scrollWidth - h.clientWidth), 'document title cut').toBeLessThanOrEqual(1)
      if (width >= 1440) {
        const titleBox = (await title.boundingBox())!
        const toolsBox = (await page.getByRole('toolbar', { name: 'Document tools' }).boundingBox())!
        expect(toolsBox.y, 'tools beside the title').toBeLessThan(titleBox.y + titleBox.height)
      }

      // Totals are drawn whole: a single-line value is never wider than its box.
      const cut = await page
        .locator('[data-testid="data-pane"] dl.money dd')
        .evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).length)
      expect(cut).toBe(0)

      await page.screenshot({ path: `${artifacts}/review-${width}x${height}-${scheme}.png` })
      await page.close()
    })
  }
}

test('while the cached agendas are read, the sidebar and the inbox show that they are loading', async ({ browser }) => {
  // Wide enough for the agenda list to show beside the inbox.
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'en-US' })
  // Reading a very large cached agenda takes seconds: hold agendas.list until the states are seen.
  let release = (): void => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/__harness/ipc', async (route) => {
    const { channel } = route.request().postDataJSON() as { channel: string }
    if (channel === 'agendas.list') await held
    await route.continue()
  })
  await page.goto(harness.url)
  const agendasLoading = page.getByTestId('agendas-loading')
  await expect(agendasLoading).toBeVisible()
  await expect(agendasLoading).toHaveAttribute('aria-busy', 'true')
  await expect(agendasLoading).toContainText('Loading the agendas…')
  await expect(page.locator('.inbox [aria-busy="true"]')).toBeVisible()
  await expect(page.getByText('No agendas in this account yet.')).toHaveCount(0)
  // The queues give no count until they are known (a 0 would say they are empty).
  await expect(page.getByTestId('queue-tab-not_ready').locator('.count')).toHaveCount(0)
  await shootSizesAndThemes(page, `${artifacts}/agendas-loading`)
  release()
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  await expect(page.getByTestId('queue-tab-not_ready').locator('.count')).toHaveText(/^\d+$/)
  await expect(agendasLoading).toHaveCount(0)
  await expect(page.locator('.inbox [aria-busy="true"]')).toHaveCount(0)
  await page.close()
})

test('with several agendas and nothing to review in any, the inbox says Choose an agenda and lists them (1024)', async ({
  browser,
}) => {
  const page = await browser.newPage({ viewport: { width: 1024, height: 700 }, locale: 'en-US' })
  // A first sign-in (no agenda shown last) to agendas that are all empty of documents to review.
  await page.route('**/__harness/ipc', async (route) => {
    const { channel } = route.request().postDataJSON() as { channel: string }
    if (channel !== 'agendas.list') return route.continue()
    const response = await route.fetch()
    const body = (await response.json()) as unknown
    const emptyCounts = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(emptyCounts)
      else if (value && typeof value === 'object') {
        const record = value as Record<string, unknown>
        const counts = record['counts'] as Record<string, unknown> | undefined
        if (counts && typeof counts['not_ready'] === 'number') counts['not_ready'] = 0
        Object.values(record).forEach(emptyCounts)
      }
    }
    emptyCounts(body)
    await route.fulfill({ response, json: body })
  })
  await page.goto(harness.url)
  const choose = page.getByTestId('inbox-choose-agenda')
  await expect(choose).toContainText('Choose an agenda', { timeout: 30_000 })
  const choices = choose.getByTestId('inbox-agenda-choice')
  expect(await choices.count()).toBeGreaterThan(1)
  await expect(choices.first()).toBeInViewport()
  await page.screenshot({ path: `${artifacts}/choose-agenda-1024x700-light.png` })
  await choices.first().click()
  await expect(choose).toHaveCount(0)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible({ timeout: 30_000 })
  await page.close()
})

test('the empty document pane says what to do next, light and dark', async ({ browser }) => {
  for (const scheme of ['light', 'dark'] as const) {
    const page = await openPage(browser, 1440, 900, scheme)
    await expect(page.getByTestId('document-empty')).toContainText('No document open')
    await expect(page.getByTestId('document-empty')).toContainText('every command')
    await page.screenshot({ path: `${artifacts}/review-empty-1440x900-${scheme}.png` })
    await page.close()
  }
})

test('focus mode (\\) hides the inbox and widens the invoice; \\ again brings it back', async ({ browser }) => {
  const page = await openPage(browser, 1440, 900, 'light')
  await openInvoice(page)
  const before = await imageWidth(page)
  await page.keyboard.press('\\')
  await expect(page.getByTestId('inbox-pane')).toBeHidden()
  await expect(page.getByTestId('pane-layout')).toHaveAttribute('data-focus-mode', 'true')
  await expect.poll(() => imageWidth(page)).toBeGreaterThan(before + 200)
  await page.screenshot({ path: `${artifacts}/review-focus-1440x900-light.png` })
  await page.keyboard.press('\\')
  await expect(page.getByTestId('inbox-pane')).toBeVisible()
  await page.close()
})

test('the dividers resize the panes with the keyboard and are remembered for the window size', async ({ browser }) => {
  const page = await openPage(browser, 1440, 900, 'light')
  await openInvoice(page)
  const separator = page.getByTestId('separator-inbox')
  const start = Number(await separator.getAttribute('aria-valuenow'))
  await separator.focus()
  // Wider: a 1440 px window starts with the inbox near its minimum, to leave the invoice room.
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(separator).toHaveAttribute('aria-valuenow', String(start + 32))
  await page.reload()
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  await expect(page.getByTestId('separator-inbox')).toHaveAttribute('aria-valuenow', String(start + 32))

  // Dragged with the pointer: the data pane's divider 80 px to the left widens the data pane.
  await openInvoice(page)
  const divider = page.getByTestId('separator-data')
  const before = Number(await divider.getAttribute('aria-valuenow'))
  const box = (await divider.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + 200)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2 - 40, box.y + 200)
  await page.mouse.move(box.x + box.width / 2 - 80, box.y + 200)
  await page.mouse.up()
  await expect(divider).toHaveAttribute('aria-valuenow', String(before + 80))
  const data = (await page.getByTestId('data-pane').boundingBox())!
  expect(Math.abs(data.width - (before + 80))).toBeLessThanOrEqual(1)
  await page.close()
})

test('Ctrl+K lists every command with its key and runs the one chosen; Esc returns focus', async ({ browser }) => {
  const page = await openPage(browser, 1440, 900, 'light')
  await openInvoice(page)
  await page.keyboard.press('Control+k')
  const palette = page.getByTestId('command-palette')
  await expect(palette).toBeVisible()
  await expect(page.getByTestId('command-palette-input')).toBeFocused()
  const commands = palette.getByTestId('command')
  expect(await commands.count()).toBeGreaterThan(20)
  for (const id of ['triage.ready', 'triage.next', 'layout.focusMode', 'document.delete', 'preview.rotate']) {
    await expect(palette.locator(`[data-command-id="${id}"]`)).toHaveCount(1)
  }
  await expect(palette.locator('[data-command-id="triage.ready"] kbd')).toHaveText('r')
  await expect(palette.locator('[data-command-id="layout.focusMode"] kbd')).toHaveText('\\')
  // Agendas are commands: Ctrl+K switches agenda.
  expect(await palette.locator('[data-command-id^="agenda."]').count()).toBeGreaterThan(0)
  // Entries of the top bar's menu are commands too.
  await expect(palette.locator('[data-command-id="menu.export-button"]')).toHaveCount(1)
  await page.screenshot({ path: `${artifacts}/review-palette-1440x900-light.png` })

  await page.keyboard.type('focmod')
  await expect(commands.first()).toHaveAttribute('data-command-id', 'layout.focusMode')
  await page.keyboard.press('Enter')
  await expect(palette).toBeHidden()
  await expect(page.getByTestId('pane-layout')).toHaveAttribute('data-focus-mode', 'true')
  await page.keyboard.press('\\')
  await expect(page.getByTestId('pane-layout')).toHaveAttribute('data-focus-mode', 'false')

  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('Control+k')
  await expect(palette).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(palette).toBeHidden()
  await expect(page.getByTestId('inbox-list')).toBeFocused()
  await page.close()
})

test('a value the service did not extract shows "not extracted", never 0.00', async ({ browser }) => {
  // The store's own copy, less the figures the service would leave out (null): the views main
  // pushes (documents.watch) show what the store holds.
  const app = await startFakeTriageHarness()
  for (const id of app.fixtureIds) {
    const stored = app.workspace.documents.get(id)!
    stored.summary = { ...stored.summary, total: null, vat_total: null, sub_total: 100 } as typeof stored.summary
    stored.data = { ...stored.data, header: { ...stored.data?.header, due_date: null } } as typeof stored.data
  }
  app.workspace.documentsChanged(app.fixtureIds)
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: 'light', locale: 'en-US' })
  await page.goto(app.harness.url)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible({ timeout: 30_000 })
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('Home')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('extracted-data')).toBeVisible()
  const total = page.getByTestId('field-total')
  await expect(total).toContainText('not extracted')
  await expect(total).not.toContainText('0.00')
  await expect(total).toHaveAttribute('data-value', '')
  await expect(page.getByTestId('field-vat-total')).toContainText('not extracted')
  await expect(page.getByTestId('field-due-date')).toContainText('not extracted')
  // An extracted figure is shown as it is.
  await expect(page.getByTestId('field-sub-total')).toContainText('100.00')
  // A value copies on click and says so.
  const value = page.locator('[data-testid="extracted-data"] button.value').first()
  await value.click()
  await expect(value.getByRole('status')).toHaveText('Copied')
  await page.close()
  await app.close()
})

test('the invoice opens fitted to its pane; 100 % is its natural size; it zooms and rotates', async ({ browser }) => {
  const page = await openPage(browser, 1440, 900, 'light')
  await openInvoice(page)
  const image = page.getByTestId('preview-image')
  const viewport = page.getByTestId('preview-viewport')
  const fitted = await imageWidth(page)
  const room = await viewport.evaluate((el) => el.clientWidth)
  expect(fitted).toBeGreaterThan(room - 24)
  expect(fitted).toBeLessThanOrEqual(room)

  await page.getByTestId('preview-actual').click()
  await expect(page.getByTestId('preview-zoom')).toHaveText('100 %')
  const natural = await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)
  await expect.poll(() => imageWidth(page)).toBeCloseTo(natural, 0)

  await page.getByTestId('preview-fit').click()
  await expect.poll(() => imageWidth(page)).toBeCloseTo(fitted, 0)
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('+')
  await expect.poll(() => imageWidth(page)).toBeGreaterThan(fitted * 1.2)
  await page.keyboard.press('0')
  await expect.poll(() => imageWidth(page)).toBeCloseTo(fitted, 0)

  // Turned by 90 degrees, the image's height is fitted to the pane's width.
  await page.getByTestId('preview-rotate').click()
  await expect(image).toHaveAttribute('style', /rotate\(90deg\)/)
  const turned = await image.evaluate((img) => img.getBoundingClientRect().width)
  expect(turned).toBeGreaterThan(room - 24)
  expect(turned).toBeLessThanOrEqual(room)
  await page.close()
})

test('a multi-page invoice pages with the buttons, Page Up and Page Down', async ({ browser }) => {
  const page = await openPage(browser, 1440, 900, 'light')
  const rows = page.getByTestId('inbox-row')
  const count = Math.min(await rows.count(), 12)
  let found = false
  for (let i = 0; i < count && !found; i++) {
    await rows.nth(i).click()
    await expect
      .poll(() => page.getByTestId('preview-image').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0)
    found = (await page.getByTestId('preview-next-page').count()) > 0
  }
  test.skip(!found, 'no invoice of this fixtures directory has more than one page')
  const label = page.getByTestId('preview-page')
  await expect(label).toHaveAttribute('data-page', '1')
  await page.getByTestId('preview-next-page').click()
  await expect(label).toHaveAttribute('data-page', '2')
  await expect.poll(() => page.getByTestId('preview-viewport').evaluate((el) => el.scrollTop)).toBeGreaterThan(100)
  await page.getByTestId('preview-viewport').focus()
  await page.keyboard.press('PageUp')
  await expect(label).toHaveAttribute('data-page', '1')
  await page.keyboard.press('PageDown')
  await expect(label).toHaveAttribute('data-page', '2')
  await page.close()
})

test('a preview that failed to load says so and offers Try again, light and dark', async ({ browser }) => {
  for (const scheme of ['light', 'dark'] as const) {
    const page = await openPage(browser, 1440, 900, scheme)
    let failing = true
    // The preview's address comes with the view (documents.watch); the image itself fails.
    await page.route('**/previews/**', async (route) => (failing ? route.abort() : route.continue()))
    await page.getByTestId('inbox-row').first().click()
    const error = page.getByTestId('preview-error')
    await expect(error).toBeVisible()
    await expect(page.getByTestId('preview-retry')).toHaveText('Try again')
    await page.screenshot({ path: `${artifacts}/review-preview-error-1440x900-${scheme}.png` })
    failing = false
    await page.getByTestId('preview-retry').click()
    await expect(error).toBeHidden()
    await expect
      .poll(() => page.getByTestId('preview-image').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0)
    await page.close()
  }
})
