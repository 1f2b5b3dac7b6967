import { mkdirSync } from 'node:fs'
import { expect, type Browser, type Page } from '@playwright/test'
import { startHarnessProcess, type HarnessProcess } from './harnessProcess'

/**
 * Starts a harness process (its own sandbox, port 0) and opens one page on it at `viewport`,
 * en-US, downloads accepted, waiting until the inbox lists its first row (up to 30 s: the
 * first sign-in and sync). Makes `artifacts` for the spec's screenshots. Stop both with
 * `close()` in `afterAll`.
 */
export async function openHarnessPage(
  browser: Browser,
  viewport: { width: number; height: number },
  artifacts = 'e2e/artifacts',
): Promise<{ harness: HarnessProcess; page: Page; close: () => Promise<void> }> {
  mkdirSync(artifacts, { recursive: true })
  const harness = await startHarnessProcess()
  const page = await browser.newPage({ viewport, locale: 'en-US', acceptDownloads: true })
  await page.goto(harness.url)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible({ timeout: 30_000 })
  return {
    harness,
    page,
    close: async () => {
      await page.close()
      await harness.stop()
    },
  }
}
