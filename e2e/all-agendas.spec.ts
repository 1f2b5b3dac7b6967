/// <reference lib="dom" />
/**
 * All agendas, as a firm's bookkeeper uses it: every client's documents in one queue (by due
 * date), each row naming its agenda, opened from the sidebar, by keyboard (g A) and from the
 * agenda switcher (g a); tab counts are the sums over the agendas; r and u act on a row of any
 * agenda, and on a selection mixing agendas; the choice survives a reload (stored as "all"), and the queue works offline from
 * what each agenda has cached. Opening it opens no agenda (none becomes available offline).
 */
import { expect, test, type Page } from '@playwright/test'
import { QUEUES, type QueueCounts } from '../src/shared/queues'
import { sandboxDocument } from './fixtures/sandboxState'
import { startHarnessProcess, type HarnessProcess } from './support/harnessProcess'

let harness: HarnessProcess
let page: Page
const artifacts = 'e2e/artifacts'

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ browser }) => {
  // The demo's agendas and three clients of a firm, six documents each.
  harness = await startHarnessProcess(['--agendas', '3', '--documents-per-agenda', '6'])
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'en-US' })
  await page.goto(harness.url)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible({ timeout: 30_000 })
})

test.afterAll(async () => {
  await page?.close()
  await harness?.stop()
})

/** Calls a channel of the app through the page's bridge. */
function invoke<T>(channel: string, input: unknown = {}): Promise<T> {
  return page.evaluate(
    ([c, i]) =>
      (window as unknown as { docket: { invoke(c: string, i: unknown): Promise<unknown> } }).docket.invoke(c, i),
    [channel, input] as const,
  ) as Promise<T>
}

interface Summary {
  id: number
  name: string
  counts: QueueCounts
  availableOffline: boolean
}

const agendas = async () => (await invoke<{ agendas: Summary[] }>('agendas.list')).agendas
const allEntry = () => page.getByTestId('agenda-all')
const rows = () => page.getByTestId('inbox-row')

/** The agenda ids the rows on screen name, and whether each row shows its agenda's name. */
async function rowAgendas(): Promise<{ ids: number[]; labels: string[] }> {
  await expect(rows().first()).toBeVisible()
  const ids = (await rows().evaluateAll((els) => els.map((el) => el.getAttribute('data-agenda-id')))).map(Number)
  const labels = await rows().getByTestId('row-agenda').allTextContents()
  return { ids, labels }
}

test('the sidebar opens All agendas: every agenda by due date, each row naming its agenda, counts summed', async () => {
  // Listed above the agendas, with the count to review across them.
  const summaries = await agendas()
  const toReview = summaries.reduce((sum, agenda) => sum + agenda.counts.not_ready, 0)
  await expect(page.getByTestId('agenda-all-count')).toHaveText(String(toReview))
  // One agenda's rows name no agenda.
  await expect(rows().first()).toHaveAttribute('data-agenda-id', '')
  await expect(page.getByTestId('row-agenda')).toHaveCount(0)

  await allEntry().click()
  await expect(allEntry()).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('inbox-sort')).toHaveValue('dueDate')
  await page.getByTestId('queue-tab-all').click()
  const { ids, labels } = await rowAgendas()
  const byId = new Map(summaries.map((agenda) => [agenda.id, agenda.name]))
  expect(new Set(ids).size).toBeGreaterThan(2)
  expect(labels).toEqual(ids.map((id) => byId.get(id)))
  // Each tab's count is the sum of the agendas' own.
  for (const queue of QUEUES) {
    const sum = summaries.reduce((total, agenda) => total + agenda.counts[queue], 0)
    await expect(page.getByTestId(`queue-tab-${queue}`).locator('.count')).toHaveText(String(sum))
  }
  await page.getByTestId('queue-tab-not_ready').click()
  // The earliest due first.
  await expect(rows().first()).toBeVisible()
  await page.screenshot({ path: `${artifacts}/all-agendas.png` })
  // Listing every agenda's cache opened none of the firm's clients (nothing downloaded for them).
  const clients = (await agendas()).filter((agenda) => agenda.name.startsWith('Client '))
  expect(clients).toHaveLength(3)
  expect(clients.every((agenda) => !agenda.availableOffline)).toBe(true)
})

test('r marks a row of any agenda ready and u takes it back', async () => {
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('Home')
  const first = rows().first()
  const id = Number(await first.getAttribute('data-document-id'))
  const agendaId = Number(await first.getAttribute('data-agenda-id'))
  expect(agendaId).not.toBe(0)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('document-pane')).toHaveAttribute('data-document-id', String(id))
  // The open document names its agenda beside its title, as its row does.
  await expect(page.getByTestId('document-agenda')).toHaveText((await first.getByTestId('row-agenda').textContent())!)
  await page.keyboard.press('r')
  const toast = page.getByTestId('toast')
  await expect(toast).toContainText('Marked ready')
  // Within the 3 s an action waits before it is sent.
  await page.keyboard.press('u')
  await expect(toast).toContainText('Undone')
  const row = page.locator(`[data-testid="inbox-row"][data-document-id="${id}"]`)
  await expect(row).toBeVisible()
  await expect(row).toHaveAttribute('data-agenda-id', String(agendaId))
  // Well past the 3 s: the service never saw it.
  await page.waitForTimeout(4_000)
  expect((await sandboxDocument(harness.sandboxUrl!, id))?.state).not.toBe('ready')
})

test('a selection may mix agendas: x on rows of two agendas, r marks both, u takes both back', async () => {
  await page.keyboard.press('Escape')
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('Home')
  // The first row, then the first one below it of another agenda.
  const agendaOfRow = (index: number) => rows().nth(index).getAttribute('data-agenda-id')
  const firstAgenda = await agendaOfRow(0)
  let other = 1
  while ((await agendaOfRow(other)) === firstAgenda) other++
  const picked = [
    Number(await rows().nth(0).getAttribute('data-document-id')),
    Number(await rows().nth(other).getAttribute('data-document-id')),
  ]
  await page.keyboard.press('x')
  for (let i = 0; i < other; i++) await page.keyboard.press('j')
  await page.keyboard.press('x')
  await expect(page.getByTestId('selection-count')).toContainText('2')
  await page.keyboard.press('r')
  for (const id of picked)
    await expect(page.locator(`[data-testid="inbox-row"][data-document-id="${id}"]`)).toHaveCount(0)
  await page.keyboard.press('u')
  await expect(page.getByTestId('toast')).toContainText('Undone')
  for (const id of picked)
    await expect(page.locator(`[data-testid="inbox-row"][data-document-id="${id}"]`)).toHaveCount(1)
  await page.waitForTimeout(3_500)
  for (const id of picked) expect((await sandboxDocument(harness.sandboxUrl!, id))?.state).not.toBe('ready')
})

test('g A and the agenda switcher open All agendas; a reload comes back to it', async () => {
  const client = (await agendas()).find((agenda) => agenda.name === 'Client 0001 Ltd.')!
  await page.getByTestId(`agenda-${client.id}`).click()
  await expect(page.getByTestId(`agenda-${client.id}`)).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('row-agenda')).toHaveCount(0)
  // One agenda keeps its own sort.
  await expect(page.getByTestId('inbox-sort')).toHaveValue('received')

  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('g')
  await page.keyboard.press('Shift+A')
  await expect(allEntry()).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('row-agenda').first()).toBeVisible()

  // The switcher lists All agendas first.
  await page.getByTestId(`agenda-${client.id}`).click()
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('g')
  await page.keyboard.press('a')
  const switcher = page.getByTestId('agenda-switcher')
  await expect(switcher.getByRole('option').first()).toHaveAttribute('data-testid', 'agenda-switch-all')
  await switcher.getByRole('combobox').fill('all ag')
  await page.keyboard.press('Enter')
  await expect(allEntry()).toHaveAttribute('aria-current', 'page')

  // The palette has it too, and knows it is shown.
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('Control+k')
  const command = page.locator('[data-testid="command"][data-command-id="triage.allAgendas"]')
  await expect(command).toHaveAttribute('aria-disabled', 'true')
  await page.keyboard.press('Escape')

  expect(await page.evaluate(() => localStorage.getItem('docket.triage.agendaId'))).toBe('all')
  await page.reload()
  await expect(allEntry()).toHaveAttribute('aria-current', 'page', { timeout: 30_000 })
  await expect(page.getByTestId('row-agenda').first()).toBeVisible()
})

test('offline, All agendas lists every agenda from the cache, and an action waits in the outbox', async () => {
  const expected = (await agendas()).reduce((sum, agenda) => sum + agenda.counts.not_ready, 0)
  const setOnline = (online: boolean) =>
    page.evaluate(
      (on) =>
        fetch('/__harness/network', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ online: on }),
        }).then((r) => r.ok),
      online,
    )
  expect(await setOnline(false)).toBe(true)
  try {
    await page.reload()
    await expect(allEntry()).toHaveAttribute('aria-current', 'page', { timeout: 30_000 })
    await expect(page.getByTestId('queue-tab-not_ready').locator('.count')).toHaveText(String(expected))
    const { ids } = await rowAgendas()
    expect(new Set(ids).size).toBeGreaterThan(1)

    await page.getByTestId('inbox-list').focus()
    await page.keyboard.press('Home')
    const id = Number(await rows().first().getAttribute('data-document-id'))
    await page.keyboard.press('Enter')
    await page.keyboard.press('r')
    await expect(page.locator(`[data-testid="inbox-row"][data-document-id="${id}"]`)).toHaveCount(0)
    await expect(page.getByTestId('queue-tab-not_ready').locator('.count')).toHaveText(String(expected - 1))
    await page.waitForTimeout(3_500)
    await expect(page.getByTestId('status-pending')).toContainText('1')
    expect((await sandboxDocument(harness.sandboxUrl!, id))?.state).not.toBe('ready')
  } finally {
    await setOnline(true)
  }
})
