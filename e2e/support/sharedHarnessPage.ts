import { mkdirSync } from 'node:fs'
import { expect, test, type BrowserContextOptions, type Page } from '@playwright/test'
import { startHarnessProcess, type HarnessProcess } from './harnessProcess'

/** The harness and the one page a serial spec shares between its tests. */
export interface SharedHarnessPage {
  readonly harness: HarnessProcess
  readonly page: Page
}

/**
 * Registers, for a spec whose tests run in order on one page: serial mode, a harness started
 * before the first test (demo sandbox), one page at 1024x700 in `en-US` (`options` may change
 * that) that has the inbox's first row on screen, and both stopped after the last test.
 * e2e/artifacts exists for screenshots. Call it at the top level of the spec; read `harness`
 * and `page` inside hooks and tests (they exist once the first hook has run).
 */
export function sharedHarnessPage(options: BrowserContextOptions = {}): SharedHarnessPage {
  let harness: HarnessProcess | undefined
  let page: Page | undefined
  test.describe.configure({ mode: 'serial' })
  test.beforeAll(async ({ browser }) => {
    mkdirSync('e2e/artifacts', { recursive: true })
    harness = await startHarnessProcess()
    page = await browser.newPage({ viewport: { width: 1024, height: 700 }, locale: 'en-US', ...options })
    await page.goto(harness.url)
    await expect(page.getByTestId('inbox-row').first()).toBeVisible({ timeout: 30_000 })
  })
  test.afterAll(async () => {
    await page?.close()
    await harness?.stop()
  })
  return {
    get harness() {
      if (!harness) throw new Error('the shared harness starts in beforeAll')
      return harness
    },
    get page() {
      if (!page) throw new Error('the shared page opens in beforeAll')
      return page
    },
  }
}
