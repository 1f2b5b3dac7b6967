import { defineConfig } from 'vitest/config'

/**
 * Unit and integration tests (vitest) for everything that runs in Node:
 * src/shared, src/main, src/sandbox, e2e/harness. Integration tests (`*.int.test.ts`)
 * talk to a sandbox over real HTTP on 127.0.0.1. Browser tests live in e2e/ (Playwright).
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'e2e/harness/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['node_modules/**', 'out/**', 'src/renderer/**/*.svelte.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    env: { ELECTRON_OVERRIDE_DIST_PATH: '/nonexistent-electron' },
    pool: 'forks',
    maxWorkers: 2,
  },
})
