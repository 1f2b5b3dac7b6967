/**
 * Accessibility: axe-core (WCAG 2.1 A and AA rules) on every screen of the review, in the light
 * and the dark theme, with no serious or critical violation: the inbox, an open document, its
 * history, the help overlay, the repair dialog, the bulk confirmation, settings, the empty
 * states, and the sign-in screen. Also the screenshots of the inbox at 1024x700 and 1440x900
 * (e2e/artifacts/review-*.png) for a person to look at.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { startSandbox } from '../src/sandbox'
import { startFakeTriageHarness, type FakeTriageHarness } from './fixtures/fakeTriageHarness'
import { startHarnessProcess, type HarnessProcess } from './support/harnessProcess'
import { makeTempDir, removeTempDirs } from './support/tempDirs'

const artifacts = 'e2e/artifacts'
const schemes = ['light', 'dark'] as const
let app: FakeTriageHarness

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true })
  app = await startFakeTriageHarness({ extraDocuments: 40 })
  app.workspace.addAgenda({ id: 2, name: 'Empty s.r.o.', home_currency: 'EUR' })
})

test.afterAll(async () => {
  await app?.close()
})

/** The serious and critical violations axe finds on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

async function newPage(browser: Browser, scheme: (typeof schemes)[number], width = 1440, height = 900) {
  const context = await browser.newContext({ colorScheme: scheme, locale: 'en-US', viewport: { width, height } })
  const page = await context.newPage()
  await page.goto(app.harness.url)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  return { page, close: () => context.close() }
}

for (const scheme of schemes) {
  test(`no serious violation on the review screens (${scheme})`, async ({ browser }) => {
    const { page, close } = await newPage(browser, scheme)
    const screens: Record<string, string[]> = {}

    screens.inbox = await seriousViolations(page)
    // Rows are announced by their label, headers are exposed.
    await expect(page.getByTestId('inbox-row').first()).toHaveAccessibleName(/^[^☐☑].*, invoice .*, .*, .*/)
    await expect(page.getByRole('columnheader', { name: /Supplier/ })).toBeVisible()

    await page.getByTestId('inbox-row').first().click()
    await expect(page.getByTestId('extracted-data')).toBeVisible()
    await page.getByTestId('inbox-row').nth(1).hover()
    screens.document = await seriousViolations(page)

    await page.getByTestId('history-tab').click()
    screens.history = await seriousViolations(page)
    await page.getByTestId('comments-tab').click()

    await page.getByTestId('inbox-list').focus()
    await page.keyboard.press('?')
    await expect(page.getByTestId('help-overlay')).toBeVisible()
    screens.help = await seriousViolations(page)
    await page.keyboard.press('Escape')

    await page.keyboard.press('p')
    await page.keyboard.press('Control+Enter')
    await expect(page.getByTestId('repair-missing')).toBeVisible()
    screens.repair = await seriousViolations(page)
    await page.keyboard.press('Escape')

    await page.getByTestId('inbox-list').focus()
    await page.keyboard.press('Control+a')
    await page.keyboard.press('e')
    await expect(page.getByTestId('bulk-confirm')).toBeVisible()
    screens.bulkConfirm = await seriousViolations(page)
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')

    await page.getByTestId('inbox-search').fill('nothing matches this')
    await expect(page.getByTestId('inbox-empty')).toBeVisible()
    screens.noHits = await seriousViolations(page)
    await page.getByTestId('inbox-search').fill('')

    await page.getByTestId('agenda-2').click()
    await expect(page.getByTestId('inbox-empty')).toHaveAttribute('data-kind', 'tabEmpty')
    screens.emptyTab = await seriousViolations(page)
    await page.getByTestId('agenda-1').click()

    await page.getByTestId('shell-menu-button').click()
    await page.getByTestId('settings-button').click()
    await expect(page.locator('dialog[open]')).toBeVisible()
    screens.settings = await seriousViolations(page)

    await close()
    for (const [screen, violations] of Object.entries(screens)) expect(violations, `${screen} (${scheme})`).toEqual([])
  })
}

test('no serious violation on the sign-in screen (light and dark)', async ({ browser }) => {
  let harness: HarnessProcess | null = null
  const sandbox = await startSandbox({ port: 0 })
  try {
    const userData = await makeTempDir('docket-e2e-a11y-')
    harness = await startHarnessProcess([
      '--sandbox',
      sandbox.url,
      '--no-demo',
      '--user-data',
      userData,
      '--credentials',
      'memory',
    ])
    for (const scheme of schemes) {
      const context = await browser.newContext({ colorScheme: scheme, locale: 'en-US' })
      const page = await context.newPage()
      await page.goto(harness.url)
      await expect(page.getByTestId('signin-screen')).toBeVisible()
      expect(await seriousViolations(page), `sign-in (${scheme})`).toEqual([])
      await context.close()
    }
  } finally {
    await harness?.stop()
    await sandbox.close()
    await removeTempDirs()
  }
})

for (const [width, height] of [
  [1024, 700],
  [1440, 900],
] as const) {
  for (const scheme of schemes) {
    test(`screenshot of the inbox with a document open at ${width}x${height} (${scheme})`, async ({ browser }) => {
      const { page, close } = await newPage(browser, scheme, width, height)
      await page.getByTestId('inbox-row').nth(1).click()
      await expect(page.getByTestId('extracted-data')).toBeVisible()
      await page.getByTestId('inbox-list').focus()
      await page.screenshot({ path: `${artifacts}/review-inbox-${width}-${scheme}.png` })
      // Nothing in the inbox's rows is drawn outside the inbox.
      const inbox = await page.getByRole('region', { name: 'Inbox' }).boundingBox()
      const rowBox = await page.getByTestId('inbox-row').first().boundingBox()
      expect(rowBox!.x + rowBox!.width).toBeLessThanOrEqual(inbox!.x + inbox!.width + 1)
      await close()
    })
  }
}
