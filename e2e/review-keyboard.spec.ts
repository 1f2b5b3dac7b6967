/**
 * The review screen from the keyboard, on an in-memory store (e2e/fixtures/fakeTriageHarness.ts):
 * queues that shrink, focus back on the inbox after a comment or a dialog, shortcuts that never
 * fire from a field or a dialog, a repair that needs a description, bulk actions that ask once,
 * multi-level undo with one toast, Esc clearing the search, the emptied queue closing the
 * document, the document's history and `g a`.
 */
import { expect, test, type Page } from '@playwright/test'
import { startFakeTriageHarness, type FakeTriageHarness } from './fixtures/fakeTriageHarness'

let app: FakeTriageHarness

test.describe.configure({ mode: 'serial' })
test.use({ viewport: { width: 1440, height: 900 }, locale: 'en-US' })

test.beforeAll(async () => {
  app = await startFakeTriageHarness({ extraDocuments: 30 })
  app.workspace.addAgenda({ id: 2, name: 'Second s.r.o.', home_currency: 'EUR' })
})

test.afterAll(async () => {
  await app?.close()
})

const row = (page: Page, id: number) => page.locator(`[data-testid="inbox-row"][data-document-id="${id}"]`)
const count = async (page: Page, queue: string): Promise<number> =>
  Number(await page.getByTestId(`queue-tab-${queue}`).locator('.count').innerText())
const paneId = async (page: Page): Promise<number> =>
  Number(await page.getByTestId('document-pane').getAttribute('data-document-id'))

async function openApp(page: Page): Promise<void> {
  await page.goto(app.harness.url)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  await expect(page.getByTestId('inbox-list')).toBeFocused()
}

/** Opens the first row of the tab with Enter and returns its id. */
async function openFirst(page: Page): Promise<number> {
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('Home')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('extracted-data')).toBeVisible()
  return paneId(page)
}

test('r moves a document from Not ready to Ready to export: the queue shrinks', async ({ page }) => {
  await openApp(page)
  const notReady = await count(page, 'not_ready')
  const ready = await count(page, 'ready')
  const id = await openFirst(page)
  await page.keyboard.press('r')
  await expect(row(page, id)).toHaveCount(0)
  await expect.poll(() => count(page, 'not_ready')).toBe(notReady - 1)
  await expect.poll(() => count(page, 'ready')).toBe(ready + 1)
  await page.keyboard.press('2')
  await expect(row(page, id)).toHaveAttribute('data-state', 'ready')
  // e moves it on from Ready to export to Exported.
  await page.keyboard.press('1')
  await page.keyboard.press('u')
  await expect(row(page, id)).toHaveAttribute('data-state', 'not_ready')
})

test('tab counts follow the search and say so; Esc in the search clears it', async ({ page }) => {
  await openApp(page)
  const all = await count(page, 'not_ready')
  await page.keyboard.press('/')
  await page.keyboard.type('SYN-1')
  await expect(page.getByTestId('inbox-matching')).toContainText(`of ${all} match “SYN-1”`)
  const shown = await page.getByTestId('inbox-row').count()
  expect(await count(page, 'not_ready')).toBe(shown)
  expect(shown).toBeLessThan(all)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('inbox-search')).toHaveValue('')
  await expect.poll(() => count(page, 'not_ready')).toBe(all)
  await expect(page.getByTestId('inbox-matching')).toBeHidden()
})

test('a search without hits offers to clear it', async ({ page }) => {
  await openApp(page)
  await page.getByTestId('inbox-search').fill('no such supplier anywhere')
  await expect(page.getByTestId('inbox-empty')).toHaveAttribute('data-kind', 'noHits')
  await page.getByTestId('inbox-clear-search').click()
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  await expect(page.getByTestId('inbox-list')).toBeFocused()
})

test('j right after a comment (Ctrl+Enter) moves to the next document', async ({ page }) => {
  await openApp(page)
  const first = await openFirst(page)
  await page.keyboard.press('c')
  await expect(page.getByTestId('comment-new')).toBeFocused()
  await page.keyboard.type('Checked against the order')
  await page.keyboard.press('Control+Enter')
  await expect(page.getByTestId('inbox-list')).toBeFocused()
  await page.keyboard.press('j')
  await expect.poll(() => paneId(page)).not.toBe(first)
  await expect(page.getByTestId('comment-new')).toHaveValue('')
  await expect(page.getByTestId('inbox-list')).toBeFocused()
  await page.keyboard.press('k')
  await expect(page.getByTestId('comment-text')).toHaveText(['Checked against the order'])
})

test('shortcuts never fire in a field, nor when the dialog being typed in closes', async ({ page }) => {
  await openApp(page)
  const before = app.workspace.outbox.length
  await page.getByTestId('inbox-search').focus()
  await page.keyboard.type('rea')
  await page.keyboard.press('Control+a')
  await page.keyboard.press('Backspace')
  const id = await openFirst(page)
  await page.keyboard.press('p')
  await expect(page.getByTestId('repair-description')).toBeFocused()
  await page.keyboard.type('The total')
  // The dialog goes away without the user leaving it (no Esc, no click): the next letters
  // they type must not act on the document.
  await page
    .getByTestId('repair-dialog')
    .locator('button[type="button"]')
    .evaluate((b) => (b as HTMLElement).click())
  await expect(page.getByTestId('repair-dialog')).toBeHidden()
  await page.keyboard.type('ea')
  await expect(row(page, id)).toHaveAttribute('data-state', 'not_ready')
  expect(app.workspace.outbox.length).toBe(before)
})

test('a repair needs a description: Ctrl+Enter with none does nothing and says why', async ({ page }) => {
  await openApp(page)
  const id = await openFirst(page)
  const before = app.workspace.outbox.length
  await page.keyboard.press('p')
  await page.keyboard.press('Control+Enter')
  await expect(page.getByTestId('repair-missing')).toBeVisible()
  await expect(page.getByTestId('repair-dialog')).toBeVisible()
  expect(app.workspace.outbox.length).toBe(before)
  await page.keyboard.type('Supplier VAT number read wrong')
  await page.keyboard.press('Control+Enter')
  await expect(page.getByTestId('repair-dialog')).toBeHidden()
  await expect(row(page, id)).toHaveCount(0)
  expect(app.workspace.outbox.at(-1)?.action).toEqual({
    kind: 'documents.repair',
    documentId: id,
    description: 'Supplier VAT number read wrong',
  })
  // The history of the document names the request and its description.
  await page.keyboard.press('3')
  await row(page, id).click()
  await page.getByTestId('history-tab').click()
  await expect(page.getByTestId('history-item').filter({ hasText: 'Supplier VAT number read wrong' })).toBeVisible()
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('u')
  await expect.poll(() => app.workspace.documents.get(id)?.state).toBe('not_ready')
})

test('undo goes back several actions, one toast at a time', async ({ page }) => {
  await openApp(page)
  const acted: number[] = []
  await openFirst(page)
  for (let i = 0; i < 3; i++) {
    const current = await paneId(page)
    acted.push(current)
    await page.keyboard.press('r')
    await expect(row(page, current)).toHaveCount(0)
    await expect(page.getByTestId('toast')).toHaveCount(1)
  }
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('u')
    await expect.poll(() => app.workspace.documents.get(acted[2 - i]!)?.state).toBe('not_ready')
    await expect(page.getByTestId('toast')).toHaveCount(1)
  }
  await page.keyboard.press('1')
  for (const id of acted) await expect(row(page, id)).toHaveAttribute('data-state', 'not_ready')
  await page.keyboard.press('u')
  await expect(page.getByTestId('toast')).toHaveText(/Nothing to undo/)
})

test('more than 20 documents ask once (Enter confirms); the emptied queue closes the document', async ({ page }) => {
  await openApp(page)
  const notReady = await count(page, 'not_ready')
  expect(notReady).toBeGreaterThan(20)
  await openFirst(page)
  await page.keyboard.press('Control+a')
  await page.keyboard.press('r')
  await expect(page.getByTestId('bulk-confirm')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('bulk-confirm')).toBeHidden()
  expect(await count(page, 'not_ready')).toBe(notReady)
  await page.keyboard.press('Control+a')
  await page.keyboard.press('r')
  await expect(page.getByTestId('bulk-confirm-yes')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect.poll(() => count(page, 'not_ready')).toBe(0)
  await expect(page.getByTestId('inbox-empty')).toHaveAttribute('data-kind', 'cleared')
  await expect(page.getByTestId('document-pane')).toHaveAttribute('data-document-id', '')
  await page.keyboard.press('u')
  await expect.poll(() => count(page, 'not_ready')).toBe(notReady)
})

test('g a switches agenda', async ({ page }) => {
  await openApp(page)
  await page.keyboard.press('g')
  await page.keyboard.press('a')
  await expect(page.getByTestId('agenda-switcher')).toBeVisible()
  await page.keyboard.type('Second')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('agenda-switcher')).toBeHidden()
  await expect(page.getByTestId('agenda-2')).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('inbox-empty')).toHaveAttribute('data-kind', 'tabEmpty')
  await expect(page.getByTestId('inbox-list')).toBeFocused()
  // Back to the first agenda for whoever opens the app next.
  await page.keyboard.press('g')
  await page.keyboard.press('a')
  await page.keyboard.type('Demo')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('agenda-1')).toHaveAttribute('aria-current', 'page')
})
