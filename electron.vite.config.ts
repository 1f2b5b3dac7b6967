import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import { svelte } from '@sveltejs/vite-plugin-svelte'

/**
 * Three source roots (main, preload, renderer) as in the electron-vite template.
 * - main: ESM, dependencies stay external (keytar, classic-level are native). The evidence reader's
 *   child process is an entry of its own (out/main/evidenceChild.js, found beside the main
 *   bundle at run time: src/main/app/evidence/evidenceProcess.ts `builtEvidenceChild`).
 * - preload: CommonJS, because a sandboxed preload cannot be an ES module.
 * - renderer: Svelte 5 with its config file named explicitly (the root is src/renderer).
 */
export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src/main/index.ts'),
          evidenceChild: resolve(import.meta.dirname, 'src/main/app/evidence/evidenceChild.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    build: {
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') },
      },
    },
    plugins: [svelte({ configFile: resolve(import.meta.dirname, 'svelte.config.js') })],
  },
})
