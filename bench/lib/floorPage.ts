import type { Page } from '@playwright/test'

/** Where the floor page is served, below the harness's origin (so the probe and storage behave as on the app's page). */
export const FLOOR_PATH = '/__bench/b4-floor'

/**
 * B4's floor: the least a page can do on `j` and still be measured by the same probe. It holds
 * a pane shaped as the probe looks for it (`document-pane` with `data-document-id`, a
 * `document-state` and an `extracted-data` element) and, on each `j`, changes the pane's id and
 * the text of its one heading: no IPC, no framework, one text node laid out and painted. What
 * the same press loop measures on it in the same browser is what the browser, the key delivery,
 * the wait for the frame and the probe cost on this machine at this moment; Docket's figure
 * above it is Docket's own.
 */
export const FLOOR_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>B4 floor</title></head>
<body>
<main data-testid="document-pane" data-document-id="1">
<h1 data-testid="document-state">Document 1</h1>
<div data-testid="extracted-data">One heading changes on j.</div>
</main>
<script>
let id = 1
const pane = document.querySelector('[data-testid="document-pane"]')
const heading = pane.querySelector('h1')
addEventListener('keydown', (event) => {
  if (event.key !== 'j') return
  id++
  pane.setAttribute('data-document-id', String(id))
  heading.textContent = 'Document ' + id
})
</script>
</body>
</html>
`

/**
 * Navigates `page` (whose context carries the probe's init script) to the floor page, served
 * by Playwright at `origin` + {@link FLOOR_PATH}: the page it held is unloaded, so nothing of
 * it runs beside the floor's presses. Resolves with the focus in the floor page, ready for
 * `measurePresses`.
 */
export async function openFloorPage(page: Page, origin: string): Promise<void> {
  const url = new URL(FLOOR_PATH, origin).href
  await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: FLOOR_HTML }))
  await page.goto(url)
  await page.bringToFront()
  await page.locator('h1').click()
}
