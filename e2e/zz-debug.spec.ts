import { test } from '@playwright/test'
import { startFakeTriageHarness } from '/work/main/e2e/fixtures/fakeTriageHarness'
test('debug', async ({ page }) => {
  const app = await startFakeTriageHarness({ extraDocuments: 10 })
  page.on('console', (m) => console.log('CONSOLE', m.type(), m.text()))
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message, e.stack))
  await page.goto(app.harness.url)
  await page.waitForTimeout(3000)
  const r = await page.evaluate(async () => { try { return await (window as any).docket.invoke('agendas.list', {}) } catch (e) { return String(e) + (e as Error).stack } })
  console.log(JSON.stringify(r).slice(0, 500))
  await app.close()
})
