import { defineConfig } from '@playwright/test'

/**
 * End-to-end tests in Debian's Chromium (/usr/bin/chromium; never `npx playwright install`).
 * Playwright starts the harness itself (`npm run harness -- --port 0`, after `npm run build`)
 * and exports its URL as HARNESS_URL. Tests needing their own harness (a restart, other
 * fixtures, an offline sandbox) start one with e2e/support/harnessProcess.ts.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node --import tsx e2e/harness/cli.ts --port 0',
    wait: { stdout: /Harness listening on (?<harness_url>http:\/\/127\.0\.0\.1:\d+)/ },
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
})
