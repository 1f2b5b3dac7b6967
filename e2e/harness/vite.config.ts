import { resolve } from 'node:path'
import { defineConfig } from 'vite'

/** Builds the harness's bridge script (e2e/harness/bridgeEntry.ts) into out/harness/bridge.js. */
export default defineConfig({
  root: import.meta.dirname,
  logLevel: 'warn',
  build: {
    outDir: resolve(import.meta.dirname, '../../out/harness'),
    emptyOutDir: true,
    minify: false,
    lib: {
      entry: resolve(import.meta.dirname, 'bridgeEntry.ts'),
      formats: ['iife'],
      name: 'DocketHarnessBridge',
      fileName: () => 'bridge.js',
    },
  },
})
