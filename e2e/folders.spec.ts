/**
 * Agendas, export, upload, files and settings in Chromium through the harness, each operation
 * checked on the sandbox (GET /_sandbox/state): agenda create/edit with the service's rules as
 * you type and its 422 on the field, a colleague's agenda read-only (403), export to CSV (opened
 * with csv-parse) and JSON with mark-exported, upload with per-file progress and a refused
 * file, the original file saved and opened, delete after confirmation, webhook settings
 * with a 422 on auth_credentials.password, and the account panel.
 *
 * Runs its own harness in-process (the demo sandbox with its admin routes), so its changes
 * (agendas, webhook 1, uploads in agenda 2) do not meet other spec files. Destructive
 * document operations use documents this spec uploaded itself. `npm run build` first;
 * DOCKET_E2E_RENDERER_DIR may point at another renderer build.
 */
import { expect, test, type Download, type Page } from '@playwright/test'
import { parse } from 'csv-parse/sync'
import { mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { startHarness, type Harness } from './harness/server'
import { preparePage } from './fixtures/page'

const projectRoot = resolve(import.meta.dirname, '..')
const invoicesDir = join(projectRoot, 'resources/demo/invoices')
/** The outbox pushes in the background; batch updates are applied by a sandbox job. */
/** Screenshots of the dialogs, kept as test artifacts. */
const artifacts = 'e2e/artifacts'
const SYNCED = { timeout: 30_000, intervals: [250, 500, 1000] }

interface StateAgenda {
  id: number
  name: string
  email_alias: string
  external_id: string | null
  address: { country: string; city: string | null } | null
}
interface StateDocument {
  id: number
  agenda_id: number
  state: string
  type: string
  archived: boolean
  user_file_name: string | null
  supplier?: { name?: string | null } | null
  summary?: { total?: number | null } | null
  items?: unknown[] | null
}
interface State {
  agendas: StateAgenda[]
  documents: StateDocument[]
  users: { id: number; name: string; surname: string; email: string }[]
  webhooks: { id: number; url: string; auth_credentials: unknown }[]
}

let harness: Harness
let page: Page

test.describe.configure({ mode: 'serial' })
test.use({ viewport: { width: 1600, height: 900 }, locale: 'en-US', acceptDownloads: true })

test.beforeAll(async ({ browser }) => {
  mkdirSync(artifacts, { recursive: true })
  harness = await startHarness({
    port: 0,
    sandboxOptions: { admin: true },
    ...(process.env.DOCKET_E2E_RENDERER_DIR ? { rendererDir: process.env.DOCKET_E2E_RENDERER_DIR } : {}),
  })
  page = await browser.newPage({ viewport: { width: 1600, height: 900 }, locale: 'en-US', acceptDownloads: true })
  await preparePage(page)
  await page.goto(harness.url)
  await expect(page.getByTestId('agenda-1')).toBeVisible({ timeout: 30_000 })
})

test.afterAll(async () => {
  await page?.close()
  await harness?.close()
})

async function state(): Promise<State> {
  const url = harness.sandboxUrl ?? harness.services.serviceUrl()
  const response = await fetch(`${url}/_sandbox/state`)
  if (!response.ok) throw new Error(`GET /_sandbox/state answered ${response.status}`)
  return (await response.json()) as State
}

async function selectAgenda(id: number): Promise<void> {
  await page.getByTestId(`agenda-${id}`).click()
  await expect(page.getByTestId(`agenda-${id}`)).toHaveAttribute('aria-current', 'page')
}

async function downloadText(download: Download): Promise<string> {
  const path = await download.path()
  return readFile(path, 'utf8')
}

/** The open modal dialog (the topmost one). */
const dialog = () => page.locator('dialog[open]').last()
const field = (name: string) => page.getByTestId('agenda-form').locator(`[name="${name}"]`)

test('account: the signed-in user from `me` is shown', async () => {
  const demo = (await state()).users.find((u) => u.id === 1)!
  await page.getByTestId('shell-menu-button').click()
  await page.getByTestId('settings-button').click()
  await expect(page.getByTestId('account-panel-user')).toContainText(`${demo.name} ${demo.surname}`)
  await expect(page.getByTestId('account-panel-user')).toContainText(demo.email)
  await page.keyboard.press('Escape')
})

test('agenda edit: rules checked as you type, the service 422 on its field, then saved', async () => {
  await selectAgenda(2)
  await page.getByTestId('shell-menu-button').click()
  await page.getByTestId('agenda-edit-button').click()
  await expect(field('name')).toHaveValue('Demo Scale Ltd.')

  await field('email_alias').fill('ab')
  await expect(page.getByTestId('error-email_alias')).toHaveText('At least 5 characters.')
  await field('email_alias').fill('-scale-')
  await expect(page.getByTestId('error-email_alias')).toHaveText('Must start and end with a letter or digit.')
  await field('home_currency').fill('gbp')
  await expect(page.getByTestId('error-home_currency')).toHaveText('Three uppercase letters, e.g. EUR.')
  await field('home_currency').fill('GBP')
  await expect(page.getByTestId('error-home_currency')).toBeHidden()
  await field('external_id').fill('x'.repeat(65))
  await expect(page.getByTestId('error-external_id')).toHaveText('At most 64 characters.')
  await field('external_id').fill('E2E-ext-1')
  await field('email_whitelist').fill('ok@example.com, not-an-address')
  await expect(page.getByTestId('error-email_whitelist')).toHaveText('not-an-address is not a valid e-mail address.')
  await page.screenshot({ path: `${artifacts}/folders-agenda-rules.png` })
  await field('email_whitelist').fill('ok@example.com, second@example.org')

  // Taken by agenda 1: only the service knows; its 422 lands on the alias field.
  await field('email_alias').fill('demo-sro')
  await dialog().getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByTestId('error-email_alias')).toBeVisible()
  await expect(page.getByTestId('agenda-banner')).toBeVisible()

  await field('email_alias').fill('demo-scale.e2e')
  await field('address.country').fill('ie')
  await dialog().getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByTestId('agenda-form')).toBeHidden()

  await expect
    .poll(async () => {
      const a = (await state()).agendas.find((x) => x.id === 2)!
      return { alias: a.email_alias, ext: a.external_id, country: a.address?.country }
    }, SYNCED)
    .toEqual({ alias: 'demo-scale.e2e', ext: 'E2E-ext-1', country: 'IE' })
})

test('agenda of a colleague: shown read-only with the reason, nothing sent', async () => {
  await selectAgenda(3)
  await page.getByTestId('shell-menu-button').click()
  await page.getByTestId('agenda-edit-button').click()
  await expect(page.getByTestId('agenda-readonly')).toContainText('Read-only')
  await expect(field('name')).toHaveValue('Colleague Shared')
  await expect(field('name')).toBeDisabled()
  await page.screenshot({ path: `${artifacts}/folders-agenda-readonly.png` })
  await expect(dialog().getByRole('button', { name: 'Save', exact: true })).toHaveCount(0)
  await dialog().getByRole('button', { name: 'Close', exact: true }).click()
  expect((await state()).agendas.find((a) => a.id === 3)!.name).toBe('Colleague Shared')
})

test('agenda create: a lowercase country is stored uppercase', async () => {
  await page.getByTestId('shell-menu-button').click()
  await page.getByTestId('agenda-new-button').click()
  await dialog().getByRole('button', { name: 'Create agenda', exact: true }).click()
  await expect(page.getByTestId('error-name')).toHaveText('Required.')
  await field('name').fill('E2E Účetní, "nová"')
  await field('address.country').fill('cze')
  await expect(page.getByTestId('error-address.country')).toHaveText('Two letters (ISO 3166-1 alpha-2), e.g. CZ.')
  await field('address.country').fill('cz')
  await expect(page.getByTestId('error-address.country')).toBeHidden()
  await field('address.city').fill('Brno')
  await field('email_alias').fill('e2e.ucetni')
  await dialog().getByRole('button', { name: 'Create agenda', exact: true }).click()
  await expect(page.getByTestId('agenda-form')).toBeHidden()
  await expect
    .poll(async () => (await state()).agendas.find((a) => a.name === 'E2E Účetní, "nová"')?.address?.country, SYNCED)
    .toBe('CZ')
  // The sync engine pulls the new agenda into the sidebar.
  const created = (await state()).agendas.find((a) => a.name === 'E2E Účetní, "nová"')!
  await expect(page.getByTestId(`agenda-${created.id}`)).toContainText('E2E Účetní', SYNCED)
})

test('export: agenda 1 to CSV (documents + items), opened with csv-parse, as on the sandbox', async () => {
  await selectAgenda(1)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  await page.getByTestId('shell-menu-button').click()
  await page.getByTestId('export-button').click()
  const form = page.getByTestId('export-form')
  await form.locator('input[name="which"][value="filter"]').check()
  await form.locator('select[name="queue"]').selectOption('all')
  await form.locator('select[name="type"]').selectOption('both')
  await form.getByRole('button', { name: 'All', exact: true }).click()
  await form.locator('input[name="includeItems"]').check()
  await page.screenshot({ path: `${artifacts}/folders-export-dialog.png` })
  const downloads: Download[] = []
  page.on('download', (d) => downloads.push(d))
  await form.getByRole('button', { name: 'Export', exact: true }).click()
  await expect.poll(() => downloads.length, SYNCED).toBe(2)
  const [docsFile, itemsFile] = downloads.sort((a, b) => a.suggestedFilename().length - b.suggestedFilename().length)
  expect(docsFile!.suggestedFilename()).toMatch(/\.csv$/)
  expect(itemsFile!.suggestedFilename()).toMatch(/-items\.csv$/)

  const docsText = await downloadText(docsFile!)
  expect(docsText.charCodeAt(0)).toBe(0xfeff)
  const rows = parse(docsText, { bom: true, columns: true }) as Record<string, string>[]
  const expected = (await state()).documents.filter((d) => d.agenda_id === 1 && !d.archived)
  expect(rows.map((r) => Number(r.id)).sort()).toEqual(expected.map((d) => d.id).sort())
  for (const doc of expected) {
    const row = rows.find((r) => Number(r.id) === doc.id)!
    expect(row.supplier_name).toBe(doc.supplier?.name ?? '')
    if (typeof doc.summary?.total === 'number') expect(Number(row.total)).toBe(doc.summary.total)
    expect(row.total).not.toMatch(/,|e/i)
    expect(row.issue_date).toMatch(/^(\d{4}-\d{2}-\d{2})?$/)
  }
  const items = parse(await downloadText(itemsFile!), { bom: true, columns: true }) as Record<string, string>[]
  expect(items.length).toBe(expected.reduce((sum, d) => sum + (d.items?.length ?? 0), 0))
  expect(new Set(items.map((i) => Number(i.document_id)))).toEqual(
    new Set(expected.filter((d) => (d.items?.length ?? 0) > 0).map((d) => d.id)),
  )
})

let uploadedIds: number[] = []

test('upload: a PDF and a PNG become documents in agenda 2; a text file is refused with its reason', async () => {
  await selectAgenda(2)
  const before = (await state()).documents.filter((d) => d.agenda_id === 2).map((d) => d.id)
  await page.getByTestId('shell-menu-button').click()
  await page.getByTestId('upload-button').click()
  await page.getByTestId('upload-input').setInputFiles([
    {
      name: 'Účtenka, "Quality".pdf',
      mimeType: 'application/pdf',
      buffer: await readFile(join(invoicesDir, 'QualityHosting.pdf')),
    },
    { name: 'oyo.png', mimeType: 'image/png', buffer: await readFile(join(invoicesDir, 'oyo.png')) },
    { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some text, not a PDF') },
  ])
  const rowsOf = page.getByTestId('upload-row')
  await expect(rowsOf).toHaveCount(3)
  await expect(rowsOf.nth(2)).toHaveAttribute('data-phase', 'refused')
  await expect(rowsOf.nth(2)).toContainText('notes.pdf is not a PDF, PNG or JPEG file.')
  await expect(rowsOf.nth(0)).toHaveAttribute('data-phase', /queued|sending|sent/)
  await expect(rowsOf.nth(1)).toHaveAttribute('data-phase', /queued|sending|sent/)
  await page.screenshot({ path: `${artifacts}/folders-upload.png` })

  await expect
    .poll(
      async () =>
        (await state()).documents
          .filter((d) => d.agenda_id === 2 && !before.includes(d.id))
          .map((d) => d.user_file_name)
          .sort(),
      SYNCED,
    )
    .toEqual(['oyo.png', 'Účtenka, "Quality".pdf'].sort())
  // Each file's row follows its outbox entry to the end.
  await expect(rowsOf.nth(0)).toHaveAttribute('data-phase', 'sent', SYNCED)
  await expect(rowsOf.nth(1)).toHaveAttribute('data-phase', 'sent', SYNCED)
  uploadedIds = (await state()).documents.filter((d) => d.agenda_id === 2 && !before.includes(d.id)).map((d) => d.id)
  await dialog().getByRole('button', { name: 'Close', exact: true }).click()
})

test('upload by drag and drop on the drop zone', async () => {
  await selectAgenda(2)
  const before = new Set((await state()).documents.map((d) => d.id))
  await page.getByTestId('shell-menu-button').click()
  await page.getByTestId('upload-button').click()
  await page.getByRole('button', { name: 'Clear the list' }).click()
  const png = (await readFile(join(invoicesDir, 'FlipkartInvoice.png'))).toString('base64')
  const dataTransfer = await page.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
    const transfer = new DataTransfer()
    transfer.items.add(new File([bytes], 'dropped-flipkart.png', { type: 'image/png' }))
    return transfer
  }, png)
  await page.getByTestId('upload-dropzone').dispatchEvent('drop', { dataTransfer })
  await expect(page.getByTestId('upload-row')).toHaveCount(1)
  await expect(page.getByTestId('upload-row')).toHaveAttribute('data-phase', 'sent', SYNCED)
  await expect
    .poll(
      async () =>
        (await state()).documents.filter((d) => !before.has(d.id)).map((d) => [d.agenda_id, d.user_file_name]),
      SYNCED,
    )
    .toEqual([[2, 'dropped-flipkart.png']])
  await dialog().getByRole('button', { name: 'Close', exact: true }).click()
})

test('export JSON with mark-exported: the uploaded documents become exported on the sandbox', async () => {
  expect(uploadedIds.length).toBe(2)
  await selectAgenda(2)
  await page.getByTestId('shell-menu-button').click()
  await page.getByTestId('export-button').click()
  const form = page.getByTestId('export-form')
  await form.locator('input[name="which"][value="filter"]').check()
  await form.locator('select[name="queue"]').selectOption('all')
  await form.locator('input[name="format"][value="json"]').check()
  await form.locator('input[name="markExported"]').check()
  const download = page.waitForEvent('download')
  await form.getByRole('button', { name: 'Export', exact: true }).click()
  const json = JSON.parse(await downloadText(await download)) as { exported_at: string; documents: { id: number }[] }
  expect(json.exported_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/)
  // The export reads the local store: every id is a document of agenda 2, the uploads included.
  const agenda2 = new Set((await state()).documents.filter((d) => d.agenda_id === 2).map((d) => d.id))
  const ids = json.documents.map((d) => d.id)
  expect(ids.filter((id) => !agenda2.has(id))).toEqual([])
  expect(ids).toEqual(expect.arrayContaining(uploadedIds))
  await expect
    .poll(async () => (await state()).documents.filter((d) => uploadedIds.includes(d.id)).map((d) => d.state), SYNCED)
    .toEqual(['exported', 'exported'])
})

test('original file: saved as a download byte for byte, and handed to the viewer as a download', async () => {
  await selectAgenda(1)
  const fixture = (await state()).documents.find((d) => d.agenda_id === 1 && d.user_file_name === 'AzureInterior.pdf')!
  await page.getByTestId('queue-tab-all').click()
  await page.locator(`[data-testid="inbox-row"][data-document-id="${fixture.id}"]`).click()
  await expect(page.getByTestId('document-pane')).toHaveAttribute('data-document-id', String(fixture.id))

  const download = page.waitForEvent('download')
  await page.getByTestId('original-save').click()
  const saved = await download
  expect(saved.suggestedFilename()).toBe('AzureInterior.pdf')
  const bytes = await readFile(await saved.path())
  expect(bytes.equals(await readFile(join(invoicesDir, 'AzureInterior.pdf')))).toBe(true)

  // The harness hands "open with the system viewer" to the browser as a download, never as a
  // page of the app's origin: a hostile original must not run as HTML there.
  const opened = page.waitForEvent('download')
  await page.getByTestId('original-open').click()
  const viewer = await opened
  expect(viewer.url()).toContain('/__harness/files/')
  expect(viewer.suggestedFilename()).toBe('AzureInterior.pdf')
})

test('delete: after the confirmation the document is gone from the sandbox', async () => {
  const id = uploadedIds[0]!
  await selectAgenda(2)
  await page.getByTestId('queue-tab-all').click()
  await page.locator(`[data-testid="inbox-row"][data-document-id="${id}"]`).click()
  await expect(page.getByTestId('document-pane')).toHaveAttribute('data-document-id', String(id))
  await page.getByTestId('document-delete').click()
  // The confirmation names the document (its supplier and number, or its file), not its id.
  await expect(dialog().getByText(/Delete document .+\? It is removed from the service too/)).toBeVisible()
  await dialog().getByRole('button', { name: 'Cancel', exact: true }).click()
  expect((await state()).documents.some((d) => d.id === id)).toBe(true)

  await page.getByTestId('document-delete').click()
  await page.getByTestId('document-delete-confirm').click()
  await expect.poll(async () => (await state()).documents.some((d) => d.id === id), SYNCED).toBe(false)
})

test('webhook: a password without a digit shown at the password, then URL set and webhook deleted', async () => {
  await page.getByTestId('shell-menu-button').click()
  await page.getByTestId('settings-button').click()
  const form = page.getByTestId('webhook-form')
  await form.locator('[name="webhookId"]').fill('1')
  await form.locator('[name="url"]').fill('https://hooks.example/e2e')
  await form.locator('[name="username"]').fill('hook-user')
  await form.locator('[name="password"]').fill('nodigits')
  await page.getByTestId('webhook-save').click()
  // The form checks the service's digit rule itself (e2e/webhooks.spec.ts shows the service's own 422s).
  await expect(page.getByTestId('webhook-error-auth_credentials.password')).toHaveText(
    'The password needs at least one digit.',
  )
  await expect(form.locator('[name="password"]')).toHaveAttribute('aria-invalid', 'true')
  await page.screenshot({ path: `${artifacts}/folders-webhook-422.png` })
  expect((await state()).webhooks.find((w) => w.id === 1)!.url).toBe('https://hooks.docket.test/demo')

  await form.locator('[name="password"]').fill('s3cret')
  await page.getByTestId('webhook-save').click()
  await expect
    .poll(async () => (await state()).webhooks.find((w) => w.id === 1)?.url, SYNCED)
    .toBe('https://hooks.example/e2e')

  await page.getByTestId('webhook-delete').click()
  await page.getByTestId('webhook-delete-confirm').click()
  await expect.poll(async () => (await state()).webhooks.some((w) => w.id === 1), SYNCED).toBe(false)
})
