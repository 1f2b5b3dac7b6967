import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, test, _electron as electron } from '@playwright/test'

/**
 * Launches the built app in real Electron. The Electron binary cannot be downloaded on the
 * build and CI machines (docs/decisions.md, "Electron stays thin"), so this runs only where
 * it is installed.
 */
function electronBinary(): string | null {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH?.startsWith('/nonexistent')) return null
  try {
    const path = createRequire(import.meta.url)('electron') as unknown
    return typeof path === 'string' && existsSync(path) ? path : null
  } catch {
    return null
  }
}

const binary = electronBinary()

test.describe('Electron app', () => {
  test.skip(
    !binary,
    'The Electron binary is not installed on this machine (it cannot be downloaded here); run on a machine with Electron to launch the real app.',
  )

  test('opens a sandboxed window in demo mode showing app.info', async () => {
    const app = await electron.launch({ executablePath: binary!, args: ['.'] })
    const window = await app.firstWindow()
    await expect(window.getByTestId('app-mode')).toContainText('Demo')
    const exposed = await window.evaluate(() => ({
      require: typeof (globalThis as { require?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
      docket: Object.keys((globalThis as unknown as { docket: object }).docket).sort(),
    }))
    expect(exposed).toEqual({ require: 'undefined', process: 'undefined', docket: ['invoke', 'on'] })
    await app.close()
  })
})
