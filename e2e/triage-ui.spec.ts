/**
 * Triage UI behaviour on an in-memory store (e2e/fixtures/fakeTriageHarness.ts): the
 * virtualized list at 10,000 documents, the keyboard, the help overlay, ARIA, the checks.
 * What reaches the service is covered by triage.spec.ts against the real harness + sandbox.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { startFakeTriageHarness, type FakeTriageHarness } from './fixtures/fakeTriageHarness'

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
  await page.goto(app.harness.url)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
}

/** Opens the app and its first document from the keyboard; returns the document pane. */
async function openFirstDocument(page: Page): Promise<Locator> {
  await openApp(page)
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('Enter')
  return page.getByTestId('document-pane')
}

/** Presses `j` and waits until the pane shows another document. */
async function stepOn(page: Page, pane: Locator): Promise<void> {
  const before = await pane.getAttribute('data-document-id')
  await page.keyboard.press('j')
  await expect(pane).not.toHaveAttribute('data-document-id', before ?? '')
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

test('a search scrolled far down shows its first hit at the top, with the cursor on it', async ({ page }) => {
  await openApp(page)
  await page.getByTestId('queue-tab-all').click()
  const scroller = page.getByTestId('inbox-list').locator('..')
  await scroller.evaluate((el) => (el.scrollTop = 200_000))
  await expect(page.locator('[data-testid="inbox-row"][data-document-id="5000"]')).toBeVisible()
  await page.keyboard.press('/')
  await page.keyboard.type('gama')
  await expect(page.getByTestId('inbox-matching')).toContainText('match')
  await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBe(0)
  const first = page.getByTestId('inbox-row').first()
  await expect(first).toHaveClass(/cursor/)
  await expect(first).toContainText(/gama/i)
})

test('stepping down past the last row in view, the list shows the rows ahead of the cursor', async ({ page }) => {
  await openApp(page)
  const list = page.getByTestId('inbox-list')
  await list.focus()
  /** The cursor row's top and the rows below it in full view, against the list's viewport. */
  const place = () =>
    list.evaluate((element) => {
      const viewport = element.parentElement!.getBoundingClientRect()
      const rows = [...element.querySelectorAll('[data-testid="inbox-row"]')].map((row) => row.getBoundingClientRect())
      const cursor = element.querySelector('[data-testid="inbox-row"].cursor')!.getBoundingClientRect()
      return {
        fromTop: (cursor.top - viewport.top) / viewport.height,
        ahead: rows.filter((row) => row.top >= cursor.bottom - 1 && row.bottom <= viewport.bottom + 1).length,
        scrolled: element.parentElement!.scrollTop,
      }
    })
  let steps = 0
  while ((await place()).scrolled === 0 && steps < 60) {
    await page.keyboard.press('j')
    steps++
  }
  await expect.poll(async () => (await place()).fromTop).toBeLessThan(0.4)
  const after = await place()
  expect(after.fromTop).toBeGreaterThan(0.25)
  expect(after.ahead).toBeGreaterThanOrEqual(5)
  // The next step moves the cursor, not the list.
  await page.keyboard.press('j')
  await expect.poll(async () => (await place()).fromTop).toBeGreaterThan(after.fromTop)
  expect((await place()).scrolled).toBe(after.scrolled)
})

test('help overlay lists every shortcut and traps focus', async ({ page }) => {
  await openApp(page)
  await page.keyboard.press('?')
  const help = page.getByTestId('help-overlay')
  await expect(help).toBeVisible()
  for (const id of [
    'next',
    'previous',
    'open',
    'select',
    'selectAll',
    'ready',
    'exported',
    'repair',
    'archive',
    'comment',
    'undo',
    'search',
    'help',
  ]) {
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

test('keyboard: open, next, mark ready opens the next one, undo brings it back', async ({ page }) => {
  await openApp(page)
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('Enter')
  const pane = page.getByTestId('document-pane')
  const first = Number(await pane.getAttribute('data-document-id'))
  expect(first).toBeGreaterThan(0)
  await page.keyboard.press('j')
  await expect(pane).not.toHaveAttribute('data-document-id', String(first))
  await page.keyboard.press('k')
  await expect(pane).toHaveAttribute('data-document-id', String(first))
  await page.keyboard.press('r')
  // Marked ready, it leaves Not ready: the queue shrinks.
  await expect(page.locator(`[data-testid="inbox-row"][data-document-id="${first}"]`)).toHaveCount(0)
  await expect(pane).not.toHaveAttribute('data-document-id', String(first))
  await page.keyboard.press('u')
  await expect(page.locator(`[data-testid="inbox-row"][data-document-id="${first}"]`)).toHaveAttribute(
    'data-state',
    'not_ready',
  )
  await expect(pane).toHaveAttribute('data-document-id', String(first))
})

test('after steps with j, the pointer reaches only the shown document, and the hidden sheet adds no length', async ({
  page,
}) => {
  const pane = await openFirstDocument(page)
  for (let step = 0; step < 3; step++) await stepOn(page, pane)
  // The next document is laid out ahead in a second sheet, not seen: both sheets exist.
  const sheets = page.getByTestId('data-pane').locator('.sheets > div')
  await expect(sheets).toHaveCount(2)
  await expect(page.getByTestId('data-pane').locator('.sheets > div[aria-hidden="true"]')).toHaveCount(1)
  const probe = await page.evaluate(() => {
    const pane = document.querySelector('[data-testid="data-pane"]')!
    const shown = pane.querySelector('.sheets > div:not([aria-hidden="true"])')!
    // Every control of the shown sheet on screen is what the pointer hits at its centre.
    const missed: string[] = []
    let checked = 0
    for (const control of shown.querySelectorAll('button')) {
      const box = control.getBoundingClientRect()
      const paneBox = pane.getBoundingClientRect()
      if (box.width === 0 || box.top < paneBox.top || box.bottom > paneBox.bottom) continue
      checked++
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
      if (!hit || !shown.contains(hit)) missed.push(control.textContent ?? '')
    }
    const sheetsBox = pane.querySelector('.sheets')!.getBoundingClientRect()
    return { checked, missed, sheetsHeight: sheetsBox.height, shownHeight: shown.getBoundingClientRect().height }
  })
  expect(probe.checked).toBeGreaterThan(0)
  expect(probe.missed).toEqual([])
  // The sheets are as tall as the shown one: the prepared one neither moves the comments nor
  // lengthens the pane's scrolling.
  expect(Math.abs(probe.sheetsHeight - probe.shownHeight)).toBeLessThan(1)
})

test("a step's own frame keeps the data pane's length; the area follows the shown sheet a frame later", async ({
  page,
}) => {
  const pane = await openFirstDocument(page)
  const dataPane = page.getByTestId('data-pane')
  /** The heights (px) of the sheets' area, the shown sheet and the prepared one. */
  const heights = () =>
    dataPane.evaluate((element) => {
      const box = (selector: string) => element.querySelector(selector)?.getBoundingClientRect().height ?? 0
      return {
        area: box('.sheets'),
        shown: box('.sheets > div:not([aria-hidden="true"])'),
        prepared: box('.sheets > div[aria-hidden="true"]'),
      }
    })
  // Step on until the document prepared next is laid out at another height than the shown one.
  let found = false
  for (let step = 0; step < 12 && !found; step++) {
    await expect
      .poll(async () => (await heights()).prepared, { message: 'the next document is laid out ahead' })
      .toBeGreaterThan(0)
    const now = await heights()
    if (Math.abs(now.prepared - now.shown) > 2) {
      found = true
      break
    }
    await stepOn(page, pane)
  }
  expect(found, 'two documents in a row whose data differ in length').toBe(true)
  const start = await heights()
  // In the step's own frame (its first animation frame, after the key's update), the area still
  // has the height it had: the pane's scrolling length does not change with the swap.
  await page.evaluate(() => {
    const area = document.querySelector<HTMLElement>('[data-testid="data-pane"] .sheets')!
    const w = window as unknown as { __stepFrame?: { area: number; pane: string | null } }
    window.addEventListener(
      'keydown',
      () =>
        requestAnimationFrame(() => {
          w.__stepFrame = {
            area: parseFloat(area.style.height),
            pane: document.querySelector('[data-testid="document-pane"]')!.getAttribute('data-document-id'),
          }
        }),
      { capture: true, once: true },
    )
  })
  const before = await pane.getAttribute('data-document-id')
  await page.keyboard.press('j')
  const inFrame = await page.evaluate(
    () => (window as unknown as { __stepFrame?: { area: number; pane: string | null } }).__stepFrame,
  )
  expect(inFrame?.pane, 'the step frame shows the next document').not.toBe(before)
  expect(Math.abs((inFrame?.area ?? 0) - start.area)).toBeLessThan(1)
  // Then it is as tall as the sheet now shown (the one that was prepared, its controls now live).
  await expect
    .poll(async () => {
      const now = await heights()
      return Math.abs(now.area - now.shown)
    })
    .toBeLessThan(1)
  expect(Math.abs((await heights()).area - start.area)).toBeGreaterThan(1)
})

test("a step to the prepared sheet formats none of the sheets' values again in its key task", async ({ page }) => {
  const pane = await openFirstDocument(page)
  // Every amount, number and date the pane writes goes through Intl's formatters: counted from
  // the key to the step's first animation frame (the key's task and its microtasks).
  await page.evaluate(() => {
    const w = window as unknown as { __formats: number; __counting: boolean }
    w.__formats = 0
    w.__counting = false
    for (const Format of [Intl.NumberFormat, Intl.DateTimeFormat]) {
      const format = Object.getOwnPropertyDescriptor(Format.prototype, 'format')!
      Object.defineProperty(Format.prototype, 'format', {
        configurable: true,
        get(this: Intl.NumberFormat | Intl.DateTimeFormat) {
          const bound = format.get!.call(this) as (value: never) => string
          return (value: never) => {
            if (w.__counting) w.__formats++
            return bound(value)
          }
        },
      })
    }
  })
  /** Presses j with the next document laid out ahead; answers the formats of its key task. */
  const stepCounted = async (): Promise<number> => {
    await expect
      .poll(
        () =>
          pane.locator('.sheets > div[aria-hidden="true"] [data-field], .sheets > div[aria-hidden="true"] li').count(),
        {
          message: 'the next document is laid out ahead',
        },
      )
      .toBeGreaterThan(0)
    await page.waitForTimeout(300)
    await page.evaluate(() => {
      const w = window as unknown as { __formats: number; __counting: boolean; __stepFormats?: number }
      window.addEventListener(
        'keydown',
        () => {
          w.__formats = 0
          w.__counting = true
          requestAnimationFrame(() => {
            w.__counting = false
            w.__stepFormats = w.__formats
          })
        },
        { capture: true, once: true },
      )
    })
    await stepOn(page, pane)
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __stepFormats?: number }).__stepFormats))
      .not.toBeUndefined()
    return page.evaluate(() => {
      const w = window as unknown as { __stepFormats?: number }
      const counted = w.__stepFormats!
      delete w.__stepFormats
      return counted
    })
  }
  const counts: number[] = []
  for (let step = 0; step < 4; step++) counts.push(await stepCounted())
  // The shown sheet was laid out ahead and the one left behind is not drawn again until the
  // frame is painted: nothing of either is worked out in the key's task (bench B4).
  expect(counts).toEqual([0, 0, 0, 0])
})

test("a step to the prepared sheet scrolls the sheets' strip and changes neither sheet", async ({ page }) => {
  const pane = await openFirstDocument(page)
  const dataPane = page.getByTestId('data-pane')
  /** Where each sheet sits across the strip (px, left edges against the strip's box). */
  const placing = () =>
    dataPane.evaluate((element) => {
      const strip = element.querySelector('.sheets')!.getBoundingClientRect()
      const at = (selector: string) => {
        const box = element.querySelector(selector)!.getBoundingClientRect()
        // Rounded to whole px (+ 0 turns -0 into 0): widths need not be whole.
        return { left: Math.round(box.left - strip.left) + 0, right: Math.round(strip.right - box.right) + 0 }
      }
      return {
        shown: at('.sheets > div:not([aria-hidden="true"])'),
        prepared: at('.sheets > div[aria-hidden="true"]'),
      }
    })
  for (let step = 0; step < 3; step++) {
    await expect
      .poll(() => pane.locator('.sheets > div[aria-hidden="true"] [data-field]').count(), {
        message: 'the next document is laid out ahead',
      })
      .toBeGreaterThan(0)
    // What the step changes on the sheets themselves (their class, style or any attribute),
    // from the key to its first animation frame.
    await page.evaluate(() => {
      const w = window as unknown as { __stepChanges?: string[] }
      const strip = document.querySelector('[data-testid="data-pane"] .sheets')!
      const changes: string[] = []
      const observer = new MutationObserver((records) => {
        for (const record of records) changes.push(record.attributeName ?? '')
      })
      for (const sheet of strip.children) observer.observe(sheet, { attributes: true })
      window.addEventListener(
        'keydown',
        () =>
          requestAnimationFrame(() => {
            changes.push(...observer.takeRecords().map((record) => record.attributeName ?? ''))
            observer.disconnect()
            w.__stepChanges = changes
          }),
        { capture: true, once: true },
      )
    })
    await stepOn(page, pane)
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __stepChanges?: string[] }).__stepChanges))
      .not.toBeUndefined()
    const changes = await page.evaluate(() => {
      const w = window as unknown as { __stepChanges?: string[] }
      const seen = w.__stepChanges
      delete w.__stepChanges
      return seen
    })
    // A change of a sheet's own style or class makes the frame walk all of it (bench B4).
    expect(changes).toEqual([])
  }
  // The shown sheet fills the strip; the prepared one lies wholly outside it, beside it.
  await expect.poll(async () => (await placing()).shown).toEqual({ left: 0, right: 0 })
  const { prepared } = await placing()
  const stripWidth = await dataPane.evaluate((element) => element.querySelector('.sheets')!.clientWidth)
  // Its near edge is a strip's width away (or more) on one side: none of it in view.
  expect(Math.max(prepared.left, prepared.right)).toBeGreaterThanOrEqual(stripWidth - 1)
  // A sideways scroll of the strip (a swipe, an arrow key in a control) is taken back.
  await dataPane.evaluate((element) => {
    const strip = element.querySelector('.sheets')!
    strip.scrollLeft = strip.scrollLeft > 0 ? 0 : strip.scrollWidth
  })
  await expect.poll(async () => (await placing()).shown).toEqual({ left: 0, right: 0 })
})

test('the wheel over the data sheets scrolls the data pane', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 700 })
  const pane = await openFirstDocument(page)
  await stepOn(page, pane)
  const dataPane = page.getByTestId('data-pane')
  const { scrollHeight, clientHeight } = await dataPane.evaluate((element) => ({
    scrollHeight: element.scrollHeight,
    clientHeight: element.clientHeight,
  }))
  expect(scrollHeight, 'the data is longer than the pane').toBeGreaterThan(clientHeight + 200)
  // The sheets' strip scrolls sideways only; a wheel over it goes on to the pane.
  const strip = (await dataPane.locator('.sheets').boundingBox())!
  await page.mouse.move(strip.x + strip.width / 2, strip.y + 100)
  await page.mouse.wheel(0, 300)
  await expect.poll(() => dataPane.evaluate((element) => element.scrollTop)).toBeGreaterThan(100)
})

test('repair dialog: p opens it with focus in the description, Escape cancels, submit sends', async ({ page }) => {
  await openApp(page)
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('Enter')
  const id = Number(await page.getByTestId('document-pane').getAttribute('data-document-id'))
  await page.keyboard.press('p')
  await expect(page.getByTestId('repair-description')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('repair-dialog')).toBeHidden()
  await page.keyboard.press('p')
  await page.keyboard.type('Wrong supplier')
  await page.keyboard.press('Control+Enter')
  await expect(page.locator(`[data-testid="inbox-row"][data-document-id="${id}"]`)).toHaveCount(0)
  const action = app.workspace.outbox.at(-1)?.action
  expect(action).toEqual({ kind: 'documents.repair', documentId: id, description: 'Wrong supplier' })
})

test('comments: add, edit, delete', async ({ page }) => {
  await openApp(page)
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('Enter')
  await page.keyboard.press('c')
  await expect(page.getByTestId('comment-new')).toBeFocused()
  await page.keyboard.type('First look: fine')
  await page.keyboard.press('Control+Enter')
  await expect(page.getByTestId('comment-text')).toHaveText(['First look: fine'])
  await page.getByTestId('comment-edit').click()
  await page.getByTestId('comment-edit-text').fill('Second look: fine')
  await page.getByTestId('comment-save').click()
  await expect(page.getByTestId('comment-text')).toHaveText(['Second look: fine'])
  await page.getByTestId('comment-delete').click()
  await expect(page.getByTestId('comment')).toHaveCount(0)
})

test('select all with Ctrl+A, clear with Escape', async ({ page }) => {
  await openApp(page)
  await page.getByTestId('queue-tab-exported').click()
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('Control+a')
  await expect(page.getByTestId('selection-count')).toContainText('2000')
  await expect(page.locator('[data-testid="inbox-row"][aria-selected="true"]').first()).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('selection-count')).toBeHidden()
})

test('Czech strings and the dark theme follow the system', async ({ browser }) => {
  const page = await browser.newPage({ locale: 'cs-CZ', colorScheme: 'dark', viewport: { width: 1600, height: 900 } })
  await openApp(page)
  await expect(page.getByTestId('queue-tab-not_ready')).toContainText('Ke kontrole')
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  expect(background).toBe('rgb(22, 24, 29)')
  await page.locator('[data-testid="inbox-row"]').first().click()
  await expect(page.getByTestId('extracted-data')).toBeVisible()
  await page.screenshot({ path: `${artifacts}/dark-cs.png` })
  await page.close()
})

test('the original PDF renders through pdfjs, and the preview zooms', async ({ page }) => {
  await openApp(page)
  const id = app.fixtureIds.find((fixtureId) => app.workspace.previews.has(fixtureId))!
  await page.getByTestId('inbox-search').fill(String(app.workspace.documents.get(id)!.data!.header!.invoice_no))
  await page.locator(`[data-testid="inbox-row"][data-document-id="${id}"]`).click()
  const image = page.getByTestId('preview-image')
  await expect(image).toBeVisible()
  const width = await image.evaluate((img) => img.getBoundingClientRect().width)
  // The image opens fitted to its pane; 100 % is its natural size.
  await expect(page.getByTestId('preview-fit')).toHaveAttribute('aria-pressed', 'true')
  const fitted = (await page.getByTestId('preview-zoom').textContent())!
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('+')
  await expect(page.getByTestId('preview-zoom')).toHaveText(`${Math.round(parseInt(fitted, 10) * 1.25)} %`)
  await expect.poll(() => image.evaluate((img) => img.getBoundingClientRect().width)).toBeGreaterThan(width * 1.2)
  await page.keyboard.press('0')
  await expect(page.getByTestId('preview-zoom')).toHaveText(fitted)
  await page.getByTestId('toggle-original').click()
  await expect(page.getByTestId('pdf-view')).toHaveAttribute('data-status', 'ready', { timeout: 20_000 })
  const painted = await page
    .locator('[data-testid="pdf-view"] canvas')
    .first()
    .evaluate((canvas) => {
      const c = canvas as HTMLCanvasElement
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data
      let dark = 0
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) dark++
      return { width: c.width, dark }
    })
  expect(painted.width).toBeGreaterThan(100)
  expect(painted.dark).toBeGreaterThan(100)
  await page.screenshot({ path: `${artifacts}/original-pdf.png` })
  await page.getByTestId('toggle-original').click()
  await expect(image).toBeVisible()
})

test('an error code becomes a readable toast: undo after the action was sent', async ({ page }) => {
  await openApp(page)
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('Enter')
  const before = app.workspace.outbox.length
  await page.keyboard.press('r')
  // The key press returns once the page has it; the action reaches the services, and their
  // answer the page, a moment later. The page says "Marked ready: <document>." once it knows what `u` undoes.
  await expect(page.getByTestId('toast').filter({ hasText: 'Marked ready: ' })).toBeVisible()
  expect(app.workspace.outbox.length).toBe(before + 1)
  app.workspace.send()
  await page.keyboard.press('u')
  // Not "no longer available": what happened on the service, and what can still be done.
  const toast = page.getByTestId('toast').filter({ hasText: 'Already sent to the service' })
  await expect(toast).toBeVisible()
  await expect(toast).toContainText('send it to repair (p)')
})

test('controls keep Enter: a focused action button acts, arrow keys move between queue tabs', async ({ page }) => {
  await openApp(page)
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('Enter')
  const id = Number(await page.getByTestId('document-pane').getAttribute('data-document-id'))
  await page.getByTestId('action-ready').focus()
  await page.keyboard.press('Enter')
  await expect(page.locator(`[data-testid="inbox-row"][data-document-id="${id}"]`)).toHaveCount(0)
  await page.getByTestId('queue-tab-not_ready').focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByTestId('queue-tab-ready')).toBeFocused()
  await expect(page.getByTestId('queue-tab-ready')).toHaveAttribute('aria-selected', 'true')
  await expect(page.locator(`[data-testid="inbox-row"][data-document-id="${id}"]`)).toHaveAttribute(
    'data-state',
    'ready',
  )
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByTestId('queue-tab-not_ready')).toHaveAttribute('aria-selected', 'true')
})
