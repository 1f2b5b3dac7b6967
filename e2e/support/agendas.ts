import { expect, type Page } from '@playwright/test'

/**
 * Opens agenda `id` the way a person would: the first sign-in opens the agenda with the most
 * documents to review, and specs about particular invoices need theirs. Below 1280 px the
 * agenda list is folded away, so it is unfolded for the click and folded again after.
 */
export async function openAgenda(page: Page, id: number): Promise<void> {
  const entry = page.getByTestId(`agenda-${id}`)
  // isVisible does not wait: a folded list is simply not on screen.
  const folded = !(await entry.isVisible())
  if (folded) await page.getByTestId('toggle-agendas').click()
  await entry.click()
  await expect(entry).toHaveAttribute('aria-current', 'page')
  if (folded && (await entry.isVisible())) await page.getByTestId('toggle-agendas').click()
  await expect(page.getByTestId('inbox-row').first()).toBeVisible({ timeout: 30_000 })
}
