/**
 * Live queries: a triage key press costs at most two IPC round trips (the action, and the
 * screen stating the next document), and the list moves by main's pushed view, not by
 * reloads of the renderer.
 */
import { expect, test, type Page } from '@playwright/test'
import { startFakeTriageHarness, type FakeTriageHarness } from './fixtures/fakeTriageHarness'

let app: FakeTriageHarness

test.describe.configure({ mode: 'serial' })
test.use({ viewport: { width: 1440, height: 900 }, locale: 'en-US' })

test.beforeAll(async () => {
  app = await startFakeTriageHarness({ extraDocuments: 12 })
})

test.afterAll(async () => {
  await app?.close()
})

/** Counts the contract calls the page makes (the harness's bridge posts each to `/__harness/ipc`). */
function countCalls(page: Page): { channels: string[]; watchedOpenIds: (number | null)[] } {
  const seen = { channels: [] as string[], watchedOpenIds: [] as (number | null)[] }
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/__harness/ipc')) return
    const body = request.postDataJSON() as { channel?: string; input?: { openId?: number | null } } | null
    // The evidence of the open document is read once it has been looked at for a moment
    // (features/documents/evidenceState), not per key: a run of j / r presses asks for none.
    if (body?.channel === 'documents.evidence') return
    seen.channels.push(String(body?.channel))
    if (body?.channel === 'documents.watch') seen.watchedOpenIds.push(body.input?.openId ?? null)
  })
  return seen
}

/** Opens the first document of the list the harness at `url` serves (the shared one by default). */
async function openFirst(page: Page, url = app.harness.url): Promise<void> {
  await page.goto(url)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('Home')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('extracted-data')).toBeVisible()
}

test('marking a document ready with r costs at most two IPC calls, and the list moves on', async ({ page }) => {
  await openFirst(page)
  const open = page.getByTestId('document-pane')
  const first = Number(await open.getAttribute('data-document-id'))
  const rows = page.getByTestId('inbox-row')
  const rowsBefore = await rows.count()
  // Let the first document's view settle (its neighbours loaded ahead) before counting.
  await page.waitForTimeout(500)
  const calls = countCalls(page)

  await page.keyboard.press('r')
  await expect(open).not.toHaveAttribute('data-document-id', String(first))
  await expect(page.locator(`[data-testid="inbox-row"][data-document-id="${first}"]`)).toHaveCount(0)
  await expect(rows).toHaveCount(rowsBefore - 1)
  // Everything the key set off, pushes and late calls included.
  await page.waitForTimeout(1_500)

  expect(calls.channels, calls.channels.join(', ')).toHaveLength(2)
  expect(calls.channels).toEqual(['documents.setState', 'documents.watch'])
  expect(app.workspace.documents.get(first)?.state).toBe('ready')
})

test('stepping with j costs at most one IPC call per key; undo brings the document back by the pushed view', async ({
  page,
}) => {
  await openFirst(page)
  // What opening the first document asks for (its preview) has settled before the count starts.
  await page.waitForTimeout(1_500)
  const calls = countCalls(page)
  for (let i = 0; i < 3; i++) await page.keyboard.press('j')
  const open = page.getByTestId('document-pane')
  const id = Number(await open.getAttribute('data-document-id'))
  // A step is stated once its frame is painted; a step taken before that paint (a busy
  // machine) is stated with the next one instead: one statement per key at most, the last
  // naming the document the pane ended on.
  await expect.poll(() => calls.watchedOpenIds.at(-1)).toBe(id)
  await page.waitForTimeout(1_000)
  expect(calls.channels.length).toBeLessThanOrEqual(3)
  expect(new Set(calls.channels)).toEqual(new Set(['documents.watch']))

  await page.keyboard.press('a')
  await expect(page.locator(`[data-testid="inbox-row"][data-document-id="${id}"]`)).toHaveCount(0)
  await page.keyboard.press('u')
  await expect(page.locator(`[data-testid="inbox-row"][data-document-id="${id}"]`)).toHaveCount(1)
  await expect(open).toHaveAttribute('data-document-id', String(id))
})

test("an action shows in the open document's history by the pushed view, without reading the history", async ({
  page,
}) => {
  await openFirst(page)
  const open = page.getByTestId('document-pane')
  const id = Number(await open.getAttribute('data-document-id'))
  await page.getByTestId('history-tab').click()
  await expect(page.getByTestId('history-empty')).toBeVisible()
  await page.waitForTimeout(500)
  const calls = countCalls(page)

  // Marked ready, then taken back: the document comes back with both in its history.
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('r')
  await expect(page.locator(`[data-testid="inbox-row"][data-document-id="${id}"]`)).toHaveCount(0)
  await page.keyboard.press('u')
  await expect(open).toHaveAttribute('data-document-id', String(id))
  const ready = page.getByTestId('history-item').filter({ hasText: 'Marked ready' })
  await expect(ready).toHaveCount(1)
  await expect(ready).toHaveAttribute('data-status', 'undone')
  await expect(ready).toContainText('Alex Fake')
  await page.waitForTimeout(1_000)
  expect(calls.channels).not.toContain('history.list')
})

test('the History tab stays chosen while a document not loaded ahead loads', async ({ page }) => {
  await openFirst(page)
  await page.getByTestId('history-tab').click()
  await expect(page.getByTestId('history-tab')).toHaveAttribute('aria-selected', 'true')
  // The last row is not among those loaded ahead: the pane shows its skeleton until the view comes.
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('End')
  await page.keyboard.press('Enter')
  const last = await page.getByTestId('inbox-row').last().getAttribute('data-document-id')
  await expect(page.getByTestId('document-pane')).toHaveAttribute('data-document-id', last!)
  await expect(page.getByTestId('extracted-data')).toBeVisible()
  await expect(page.getByTestId('history-tab')).toHaveAttribute('aria-selected', 'true')
})

test('agendas that arrive after the screen first asked (a first sign-in) show, and one of them opens', async ({
  page,
}) => {
  // Its own store, which has no agenda yet when the page first asks: the first pull brings them later.
  const own = await startFakeTriageHarness({ extraDocuments: 3 })
  try {
    const agendas = own.workspace.agendas.splice(0)
    own.workspace.documentsChanged(
      [],
      agendas.map((agenda) => agenda.id),
    )
    await page.goto(own.harness.url)
    const sidebar = page.getByRole('navigation', { name: 'Agendas' })
    await expect(sidebar).toContainText('No agendas in this account yet.')
    for (const agenda of agendas) own.workspace.addAgenda(agenda)
    await expect(sidebar).toContainText('Demo s.r.o.')
    await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  } finally {
    await own.close()
  }
})

/** A `documents.watch` call: when it left (ms since the epoch), the token it stated, the list's ids and token answered. */
type WatchAnswer = { sentAt: number; listToken: string | null; ids: number[] | undefined; token: string }

/** The `documents.watch` calls the page makes: what each stated and the list main answered. */
function watchAnswers(page: Page): WatchAnswer[] {
  const seen: WatchAnswer[] = []
  page.on('response', async (response) => {
    const request = response.request()
    if (request.method() !== 'POST' || !request.url().endsWith('/__harness/ipc')) return
    const body = request.postDataJSON() as { channel?: string; input?: { listToken?: string | null } } | null
    if (body?.channel !== 'documents.watch') return
    const answer = (await response.json()) as {
      ok: boolean
      value?: { list: { ids?: number[]; token: string } | null }
    }
    if (!answer.ok || !answer.value?.list) return
    const { ids, token } = answer.value.list
    seen.push({ sentAt: request.timing().startTime, listToken: body.input?.listToken ?? null, ids, token })
  })
  return seen
}

test('a step is answered without the list the screen holds; a reloaded page is answered the whole list first', async ({
  page,
}) => {
  const answers = watchAnswers(page)
  await openFirst(page)
  await page.waitForTimeout(1_000)
  // The first statement names no list, and gets the whole one.
  expect(answers[0]?.listToken).toBeNull()
  expect(answers[0]?.ids?.length).toBeGreaterThan(10)
  const open = page.getByTestId('document-pane')
  const before = answers.length
  await page.keyboard.press('j')
  await page.keyboard.press('j')
  const id = await open.getAttribute('data-document-id')
  await expect.poll(() => answers.length).toBeGreaterThan(before)
  await page.waitForTimeout(500)
  const steps = answers.slice(before)
  for (const step of steps) {
    expect(step.listToken).toBe(answers[0]!.token)
    expect(step.ids).toBeUndefined()
  }
  // The list is still whole on screen: the next row and the cursor follow the step.
  await expect(page.locator(`[data-testid="inbox-row"][data-document-id="${id}"]`)).toHaveCount(1)

  // An action changes the list (the pushed views carry it whole): its row leaves, and undo brings it back.
  await page.keyboard.press('r')
  await expect(open).not.toHaveAttribute('data-document-id', String(id))
  await expect(page.locator(`[data-testid="inbox-row"][data-document-id="${id}"]`)).toHaveCount(0)
  await page.keyboard.press('u')
  await expect(page.locator(`[data-testid="inbox-row"][data-document-id="${id}"]`)).toHaveCount(1)
  await expect(open).toHaveAttribute('data-document-id', String(id))

  // The old page's last statements may still be answered: the new page's are those sent after the reload.
  const reloadedAt = Date.now()
  await page.reload()
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  const newPage = () => answers.filter((answer) => answer.sentAt >= reloadedAt)
  await expect.poll(() => newPage().length).toBeGreaterThan(0)
  const first = newPage().sort((a, b) => a.sentAt - b.sentAt)[0]!
  expect(first.listToken).toBeNull()
  expect(first.ids?.length).toBeGreaterThan(10)
})

test('stepping on, the image of the document left behind stays loaded and hidden: no placeholder pulses unseen', async ({
  page,
}) => {
  await openFirst(page)
  // An invoice with an image (in whatever state the tests before left it), and the documents
  // after it held ahead (its view has come back).
  await page.getByTestId('queue-tab-all').click()
  await page.getByTestId('inbox-row').filter({ hasText: 'OYO' }).click()
  const viewport = page.getByTestId('preview-viewport')
  const image = page.getByTestId('preview-image')
  await expect(image).toBeVisible({ timeout: 10_000 })
  await page.waitForTimeout(500)
  await page.getByTestId('inbox-list').focus()
  const left = await viewport.getAttribute('data-document-id')
  const src = await image.getAttribute('src')
  // What the pane shows once each step is painted, read in the page: a read from the test
  // after each key takes a round trip, and under load those came slower than the rest.
  await page.evaluate(() => {
    const w = window as unknown as { __steps: unknown[] }
    w.__steps = []
    document.addEventListener(
      'keydown',
      () =>
        requestAnimationFrame(() =>
          setTimeout(() => {
            const preview = document.querySelector('[data-testid="preview-viewport"]')
            const section = document.querySelector('[data-testid="preview"]')
            w.__steps.push({
              resting: preview?.classList.contains('resting') ?? false,
              of: preview?.getAttribute('data-document-id') ?? null,
              skeleton: document.querySelector('[data-testid="preview-skeleton"]') !== null,
              src: document.querySelector('[data-testid="preview-image"]')?.getAttribute('src') ?? null,
              // The preview's own: the data pane's skeleton, shown while a step outruns the
              // documents held ahead, is in sight and may pulse.
              animations: document
                .getAnimations()
                .filter(
                  (a) =>
                    a.playState === 'running' &&
                    section?.contains((a.effect as KeyframeEffect | null)?.target ?? null) === true,
                ).length,
            })
          }),
        ),
      { capture: true },
    )
  })
  // Quicker than the rest (250 ms) the image waits for, and on past the documents held ahead,
  // so the view no longer holds the one whose image is hidden.
  for (let i = 0; i < 10; i++) await page.keyboard.press('j')
  type Seen = { resting: boolean; of: string | null; skeleton: boolean; src: string | null; animations: number }
  const steps = () => page.evaluate(() => (window as unknown as { __steps: Seen[] }).__steps)
  await expect.poll(async () => (await steps()).length).toBe(10)
  const seen = await steps()
  // The first step rests on the document left behind, its image kept and no placeholder.
  expect(seen[0], 'step 1').toMatchObject({ resting: true, of: left, skeleton: false, src })
  for (const [i, step] of seen.entries()) {
    if (!step.resting) continue
    // Hidden, nothing in it moves. A machine slower than the rest between two keys rests on a
    // document passed over (its placeholder then held still too); the image left behind is kept
    // for as long as the preview rests on it.
    expect(step.animations, `step ${i + 1}`).toBe(0)
    if (step.of === left) expect(step, `step ${i + 1}`).toMatchObject({ skeleton: false, src })
  }
  // Staying on the last one shows its own image.
  await expect(viewport).not.toHaveClass(/resting/)
  expect(await viewport.getAttribute('data-document-id')).not.toBe(left)
})

test('skimming a long list with j asks for rows only when those held beyond the screen run low', async ({
  browser,
}) => {
  const long = await startFakeTriageHarness({ extraDocuments: 300 })
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'en-US' })
  try {
    await openFirst(page, long.harness.url)
    await page.waitForTimeout(1_500)
    const calls = countCalls(page)
    // A person skimming: each key once the last step's view has come back. The screen moves a
    // row a step from the tenth on; the rows held beyond it (a margin of 60) last 30 steps.
    for (let i = 0; i < 24; i++) {
      const before = calls.watchedOpenIds.length
      await page.keyboard.press('j')
      await expect.poll(() => calls.watchedOpenIds.length).toBeGreaterThan(before)
      await page.waitForTimeout(120)
    }
    const rowsCalls = calls.channels.filter((channel) => channel === 'documents.rows').length
    expect(rowsCalls, calls.channels.join(', ')).toBeLessThanOrEqual(1)
  } finally {
    await page.close()
    await long.close()
  }
})
