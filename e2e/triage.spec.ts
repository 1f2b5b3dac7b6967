/**
 * The triage workspace in Chromium through the harness, against the sandbox seeded with the
 * fixture invoices (DOCKET_FIXTURES_DIR, default resources/demo/invoices).
 * Agenda 1 "Demo s.r.o." holds every fixture invoice in state not_ready. Each action is
 * checked in the app and then on the sandbox (GET /_sandbox/state) once the outbox sent it.
 * Screenshots of the main screens go to e2e/artifacts/.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { startHarnessProcess, type HarnessProcess } from './support/harnessProcess'
import { expectedInvoices, fixturesDir, type ExpectedInvoice } from './fixtures/invoiceFixtures'
import { sandboxDocument, sandboxState } from './fixtures/sandboxState'

const artifacts = 'e2e/artifacts'
const invoices = expectedInvoices()
/** The outbox pushes in the background; the batch update is applied by a sandbox job (~1 s). */
const SYNCED = { timeout: 30_000, intervals: [250, 500, 1000] }

let harness: HarnessProcess
let page: Page

test.describe.configure({ mode: 'serial' })
test.use({ viewport: { width: 1600, height: 900 }, locale: 'en-US' })

test.beforeAll(async ({ browser }) => {
  mkdirSync(artifacts, { recursive: true })
  harness = await startHarnessProcess(['--fixtures', fixturesDir(), '--repair-delay-ms', '600000'])
  page = await browser.newPage({ viewport: { width: 1600, height: 900 }, locale: 'en-US' })
  await page.goto(harness.url)
  await page.getByTestId('agenda-1').click()
})

test.afterAll(async () => {
  await page?.close()
  await harness?.stop()
})

const rows = (): Locator => page.getByTestId('inbox-row')
const rowById = (id: number): Locator => page.locator(`[data-testid="inbox-row"][data-document-id="${id}"]`)
const paneId = async (): Promise<number> =>
  Number(await page.getByTestId('document-pane').getAttribute('data-document-id'))

async function visibleIds(): Promise<number[]> {
  return rows().evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-document-id'))))
}

/** Opens a document of the current tab by clicking its row and waits for its data. */
async function openRow(id: number): Promise<void> {
  await rowById(id).click()
  await expect(page.getByTestId('document-pane')).toHaveAttribute('data-document-id', String(id))
  await expect(page.getByTestId('extracted-data')).toBeVisible()
}

const picked = new Set<number>()

/**
 * A document of the Not ready tab that no earlier step touched; with a small fixtures
 * directory, one the keyboard pass marked ready (then under Ready to export, whose tab this
 * switches to) that no step picked.
 */
async function untouched(used: Set<number>): Promise<number> {
  let visible = await visibleIds()
  if (!visible.some((candidate) => !used.has(candidate))) {
    await page.getByTestId('queue-tab-ready').click()
    // The tab's list comes with the next view: wait until the rows shown are its own.
    await expect(rows().first()).toHaveAttribute('data-state', 'ready')
    visible = await visibleIds()
  }
  const id = visible.find((candidate) => !used.has(candidate)) ?? visible.find((candidate) => !picked.has(candidate))
  if (id === undefined) throw new Error('No document left to triage for this step: use at least 8 fixtures')
  used.add(id)
  picked.add(id)
  return id
}

const used = new Set<number>()

test('every fixture invoice is listed with its supplier and total as in its JSON', async () => {
  expect(invoices.length, `fixtures in ${fixturesDir()}`).toBeGreaterThan(0)
  await expect(page.getByTestId('queue-tab-not_ready')).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByTestId('queue-tab-not_ready').locator('.count')).toHaveText(String(invoices.length))
  await expect(rows().first()).toBeVisible()
  await page.screenshot({ path: `${artifacts}/inbox.png` })
  // The list is virtualized: find each invoice through the search (number, else supplier).
  const search = page.getByTestId('inbox-search')
  for (const invoice of invoices) {
    await search.fill(invoice.invoiceNo || invoice.supplier)
    const candidates = invoice.invoiceNo
      ? page.locator(`[data-testid="inbox-row"][data-invoice-no="${cssString(invoice.invoiceNo)}"]`)
      : rows()
    await expect(candidates.first(), invoice.name).toBeVisible()
    const match = await findRow(candidates, invoice)
    expect(match, `${invoice.name}: a row with supplier ${invoice.supplier} and total ${invoice.total}`).not.toBeNull()
  }
  await search.fill('')
  await expect(rows().first()).toBeVisible()
})

/** What an inbox row shows for a total the service did not extract. */
const NOT_EXTRACTED_MARK = '–'

/** The row (among those with the invoice number) showing the supplier and the formatted total. */
async function findRow(candidates: Locator, invoice: ExpectedInvoice): Promise<Locator | null> {
  const formatted =
    invoice.total === null
      ? NOT_EXTRACTED_MARK
      : await page.evaluate(
          ({ total, currency }) =>
            currency ? new Intl.NumberFormat(navigator.language, { style: 'currency', currency }).format(total) : null,
          { total: invoice.total, currency: invoice.currency },
        )
  for (const row of await candidates.all()) {
    const supplier = (await row.getByTestId('row-supplier').innerText()).trim()
    const totalCell = row.getByTestId('row-total')
    const stored = await totalCell.getAttribute('data-total')
    const shown = (await totalCell.innerText()).trim()
    if (!supplier.startsWith(invoice.supplier)) continue
    if (invoice.total === null ? stored !== '' : Math.abs(Number(stored) - invoice.total) > 0.005) continue
    if (formatted !== null && shown !== formatted) continue
    return row
  }
  return null
}

function cssString(value: string): string {
  return value.replace(/["\\]/g, '\\$&')
}

test('opening an invoice shows its preview and its numbers', async () => {
  const invoice = invoices.find((i) => i.invoiceNo && i.total !== null) ?? invoices[0]!
  const row = page.locator(`[data-testid="inbox-row"][data-invoice-no="${cssString(invoice.invoiceNo)}"]`).first()
  const id = Number(await row.getAttribute('data-document-id'))
  await openRow(id)
  const image = page.getByTestId('preview-image')
  await expect(image).toBeVisible()
  await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
  // Served by the host at its own URL (PNG/JPEG only), never handed over as bytes (no blob: or data:).
  expect(await image.getAttribute('src')).toMatch(new RegExp(`^/__harness/previews/${id}\\?v=[0-9a-f]{16}$`))
  // Decoded off the frame: a scanned page's decode must never hold back the next document's paint.
  await expect(image).toHaveAttribute('decoding', 'async')
  await expect(page.getByTestId('field-invoice-no')).toHaveText(invoice.invoiceNo)
  await expect(page.getByTestId('field-supplier-name')).toHaveText(invoice.supplier)
  expect(Number(await page.getByTestId('field-total').getAttribute('data-value'))).toBeCloseTo(invoice.total!, 2)
  await expect(page.getByTestId('checks-panel')).toBeVisible()
  await page.screenshot({ path: `${artifacts}/document.png` })
})

test('a keyboard-only pass through five documents', async () => {
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('Escape')
  const order = await visibleIds()
  const count = Math.min(5, order.length)
  test.skip(count < 5, `the fixtures leave only ${count} documents in Not ready for the keyboard pass`)
  // Home to the first row, down with j and back up with k, open with Enter, then triage
  // five documents (r four times, e once) without the mouse: after each action the next
  // document opens by itself, and each leaves the Not ready tab.
  await page.keyboard.press('Home')
  await page.keyboard.press('j')
  await page.keyboard.press('j')
  await expect.poll(() => page.locator('.row.cursor').getAttribute('data-document-id')).toBe(String(order[2]))
  await page.keyboard.press('k')
  await page.keyboard.press('ArrowUp')
  await expect.poll(() => page.locator('.row.cursor').getAttribute('data-document-id')).toBe(String(order[0]))
  await page.keyboard.press('Enter')
  await expect.poll(paneId).toBe(order[0])
  const triaged: number[] = []
  for (let i = 0; i < count; i++) {
    const current = await paneId()
    await expect(page.getByTestId('extracted-data')).toBeVisible()
    triaged.push(current)
    await page.keyboard.press(i === count - 1 ? 'e' : 'r')
    if (i < count - 1) await expect.poll(paneId).not.toBe(current)
  }
  expect(triaged).toEqual(order.slice(0, count))
  for (const id of triaged) used.add(id)
  await page.screenshot({ path: `${artifacts}/keyboard-pass.png` })
  await expect
    .poll(async () => {
      const state = await sandboxState(harness.sandboxUrl!)
      return triaged.map((id) => state.documents.find((d) => d.id === id)?.state)
    }, SYNCED)
    .toEqual(triaged.map((_, i) => (i === count - 1 ? 'exported' : 'ready')))
})

let readyId = 0

test('mark ready', async () => {
  const id = await untouched(used)
  readyId = id
  await openRow(id)
  await page.getByTestId('action-ready').click()
  await expect(rowById(id)).toHaveCount(0) // left Not ready for Ready to export
  await page.getByTestId('queue-tab-ready').click()
  await expect(rowById(id)).toHaveAttribute('data-state', 'ready')
  await page.getByTestId('queue-tab-not_ready').click()
  await expect.poll(async () => (await sandboxDocument(harness.sandboxUrl!, id))?.state, SYNCED).toBe('ready')
})

test('send to repair with a description', async () => {
  const id = await untouched(used)
  await openRow(id)
  await page.getByTestId('action-repair').click()
  const dialog = page.getByTestId('repair-dialog')
  await expect(dialog).toBeVisible()
  await page.getByTestId('repair-description').fill('Total read wrong: should be the amount with VAT')
  await page.screenshot({ path: `${artifacts}/repair-dialog.png` })
  await page.getByTestId('repair-submit').click()
  await expect(dialog).toBeHidden()
  await expect(rowById(id)).toHaveCount(0) // left its tab for In repair
  await expect.poll(async () => (await sandboxDocument(harness.sandboxUrl!, id))?.state, SYNCED).toBe('repairing')
  const repairs = (await sandboxState(harness.sandboxUrl!)).repairs.filter((r) => r.document_id === id)
  expect(repairs.map((r) => r.repair_description)).toEqual(['Total read wrong: should be the amount with VAT'])
  await page.getByTestId('queue-tab-in_repair').click()
  await expect(rowById(id)).toBeVisible()
  await page.getByTestId('queue-tab-not_ready').click()
})

test('archive', async () => {
  const id = await untouched(used)
  await openRow(id)
  await page.getByTestId('action-archive').click()
  await expect(rowById(id)).toHaveCount(0)
  await expect.poll(async () => (await sandboxDocument(harness.sandboxUrl!, id))?.archived, SYNCED).toBe(true)
})

test('an archived document stays visible under Archived, read-only, and Undo within 10 s takes the archive back', async () => {
  const id = await untouched(used)
  const invoiceNo = await rowById(id).getAttribute('data-invoice-no')
  await openRow(id)
  await page.getByTestId('action-archive').click()
  await expect(rowById(id)).toHaveCount(0)
  // The toast names the document (not "#id") and says how long it waits.
  const toast = page.getByTestId('toast')
  await expect(toast).toContainText('Sent in 10 s unless you undo it.')
  if (invoiceNo) await expect(toast).toContainText(invoiceNo)
  await expect(toast).not.toContainText(`#${id}`)

  await page.getByTestId('queue-tab-archived').click()
  await expect(page.getByTestId('archived-note')).toContainText('Read-only')
  await expect(rowById(id)).toBeVisible()
  await expect(page.getByTestId('queue-tab-archived').locator('.count')).not.toHaveText('0')
  // Read-only: the triage actions are off, and a key says why.
  await openRow(id)
  await expect(page.getByTestId('document-archived')).toHaveText('Archived')
  await expect(page.getByTestId('action-archive')).toBeDisabled()
  // Delete too, saying why, on the button and in the palette.
  const readOnly = 'Archived documents are read-only; you can still comment on them.'
  await expect(page.getByTestId('document-delete')).toBeDisabled()
  await expect(page.getByTestId('document-delete')).toHaveAttribute('title', readOnly)
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('Control+k')
  const deleteCommand = page.locator('[data-testid="command"][data-command-id="document.delete"]')
  await expect(deleteCommand).toHaveAttribute('aria-disabled', 'true')
  await expect(deleteCommand.getByTestId('command-disabled-reason')).toHaveText(readOnly)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('command-palette')).toBeHidden()
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('r')
  await expect(toast).toContainText('Archived documents are read-only')
  await page.screenshot({ path: `${artifacts}/archived-tab.png` })

  // Past the 3 s of other actions, the archive still waits: Undo takes it back.
  await page.waitForTimeout(4_000)
  expect((await sandboxDocument(harness.sandboxUrl!, id))?.archived).toBe(false)
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('u')
  await expect(toast).toContainText('Undone')
  await page.getByTestId('queue-tab-archived').click()
  await expect(rowById(id)).toHaveCount(0)
  await page.getByTestId('queue-tab-all').click()
  await expect(rowById(id)).toBeVisible()
  await page.getByTestId('queue-tab-not_ready').click()
  // Well past the 10 s it would have waited: the service never saw it.
  await page.waitForTimeout(8_000)
  expect((await sandboxDocument(harness.sandboxUrl!, id))?.archived).toBe(false)
})

test('comment: add, edit, delete', async () => {
  const id = readyId // marked ready: under Ready to export
  await page.getByTestId('queue-tab-ready').click()
  await openRow(id)
  const panel = page.getByTestId('comments-panel')
  await page.getByTestId('comment-new').fill('Checked against the delivery note.')
  await page.getByTestId('comment-add').click()
  await expect(panel.getByTestId('comment-text')).toHaveText(['Checked against the delivery note.'])
  await page.screenshot({ path: `${artifacts}/comments.png` })
  // Edit opened while the comment may still wait for its real uuid: it stays open when it gets it.
  await panel.getByTestId('comment-edit').click()
  const onSandbox = async () =>
    (await sandboxState(harness.sandboxUrl!)).comments
      .filter((c) => c.document_id === id && !c.deleted)
      .map((c) => c.text)
  await expect.poll(onSandbox, SYNCED).toEqual(['Checked against the delivery note.'])
  await expect(panel.locator('[data-testid="comment"][data-uuid^="local-"]')).toHaveCount(0)
  await expect(page.getByTestId('comment-edit-text')).toBeVisible()
  await page.getByTestId('comment-edit-text').fill('Checked against the delivery note and the order.')
  await page.getByTestId('comment-save').click()
  await expect(panel.getByTestId('comment-text')).toHaveText(['Checked against the delivery note and the order.'])
  await expect.poll(onSandbox, SYNCED).toEqual(['Checked against the delivery note and the order.'])

  await panel.getByTestId('comment-delete').click()
  await expect(panel.getByTestId('comment')).toHaveCount(0)
  await expect.poll(onSandbox, SYNCED).toEqual([])
})

test('select three and mark exported', async () => {
  await page.keyboard.press('Escape')
  // Any three of Not ready (untouched ones first; with few fixtures, ones marked ready).
  if ((await visibleIds()).length < 3) await page.getByTestId('queue-tab-ready').click()
  const visible = await visibleIds()
  const ids = [...visible.filter((id) => !used.has(id)), ...visible.filter((id) => used.has(id))].slice(0, 3)
  test.skip(ids.length < 3, 'fewer than three documents left to export: use at least 6 fixtures')
  for (const id of ids) await rowById(id).locator('.check').click()
  await expect(page.getByTestId('selection-count')).toContainText('3')
  await page.screenshot({ path: `${artifacts}/selection.png` })
  await page.getByTestId('action-exported').click()
  for (const id of ids) await expect(rowById(id)).toHaveCount(0)
  await expect
    .poll(async () => {
      const state = await sandboxState(harness.sandboxUrl!)
      return ids.map((id) => state.documents.find((d) => d.id === id)?.state)
    }, SYNCED)
    .toEqual(['exported', 'exported', 'exported'])
})

test('the help overlay lists the shortcuts', async () => {
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('?')
  await expect(page.getByTestId('help-overlay')).toBeVisible()
  await page.screenshot({ path: `${artifacts}/help.png` })
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('help-overlay')).toBeHidden()
})
