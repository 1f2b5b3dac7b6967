/// <reference lib="dom" />
import { expect, test } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { sharedHarnessUrl } from './support/harnessProcess'

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }

test('the shell shows app.info from main: version, platform and demo mode', async ({ page }) => {
  await page.goto(sharedHarnessUrl())
  await expect(page.getByTestId('app-version')).toHaveText(version)
  await expect(page.getByTestId('app-mode')).toContainText('Demo')
  await expect(page.getByTestId('app-platform')).toHaveText(process.platform)
})

test('the page gets only window.docket, with invoke and on, and no Node or ipcRenderer', async ({ page }) => {
  await page.goto(sharedHarnessUrl())
  const globals = await page.evaluate(() => ({
    docket: Object.keys((window as unknown as { docket: object }).docket).sort(),
    require: typeof (window as unknown as { require?: unknown }).require,
    process: typeof (window as unknown as { process?: unknown }).process,
    ipcRenderer: typeof (window as unknown as { ipcRenderer?: unknown }).ipcRenderer,
  }))
  expect(globals).toEqual({
    docket: ['invoke', 'on'],
    require: 'undefined',
    process: 'undefined',
    ipcRenderer: 'undefined',
  })
})

test('a bad input from the page is refused by main with a validation error', async ({ page }) => {
  await page.goto(sharedHarnessUrl())
  const error = await page.evaluate(async () => {
    try {
      await (window as unknown as { docket: { invoke(c: string, i: unknown): Promise<unknown> } }).docket.invoke(
        'app.info',
        {
          unexpected: true,
        },
      )
      return null
    } catch (e) {
      return { code: (e as { code: string }).code }
    }
  })
  expect(error).toEqual({ code: 'validation' })
})

test('a call from another origin is refused by the harness router', async ({ request }) => {
  const response = await request.post(`${sharedHarnessUrl()}/__harness/ipc`, {
    headers: { origin: 'https://evil.example' },
    data: { channel: 'app.info', input: {} },
  })
  expect(await response.json()).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } })
})
