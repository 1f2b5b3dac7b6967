import { resolve } from 'node:path'
import type { PageWorkerEntry } from '../../src/main/api/pageDecoder'
import type { EvidenceChildEntry } from '../../src/main/app/evidence/evidenceProcess'
import { build } from 'vite'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import { projectRoot } from './sandboxProcess'

/** Where the benchmarks build the app (git-ignored; never the shared out/ other runs use). */
export const BENCH_BUILD_DIR = resolve(projectRoot, 'bench/.tmp/build')

/** The built renderer and bridge the benchmark harness serves. */
export interface BenchBuild {
  rendererDir: string
  bridgeScript: string
}

/**
 * Builds the renderer (src/renderer, Svelte 5, same settings as electron.vite.config.ts) and the
 * harness bridge (e2e/harness/bridgeEntry.ts) into bench/.tmp/build, so a benchmark run neither
 * depends on nor disturbs a build in out/ that tests running at the same time may be using.
 * Throws when the build fails.
 */
export async function buildApp(): Promise<BenchBuild> {
  const rendererDir = resolve(BENCH_BUILD_DIR, 'renderer')
  const harnessDir = resolve(BENCH_BUILD_DIR, 'harness')
  await build({
    configFile: false,
    logLevel: 'warn',
    root: resolve(projectRoot, 'src/renderer'),
    base: './',
    plugins: [svelte({ configFile: resolve(projectRoot, 'svelte.config.js'), onwarn: () => {} })],
    build: {
      outDir: rendererDir,
      emptyOutDir: true,
      rolldownOptions: {
        input: { index: resolve(projectRoot, 'src/renderer/index.html') },
        checks: { bundlerTimings: false },
      },
    },
  })
  await build({
    configFile: false,
    logLevel: 'warn',
    root: resolve(projectRoot, 'e2e/harness'),
    build: {
      outDir: harnessDir,
      emptyOutDir: true,
      minify: false,
      lib: {
        entry: resolve(projectRoot, 'e2e/harness/bridgeEntry.ts'),
        formats: ['iife'],
        name: 'DocketHarnessBridge',
        fileName: () => 'bridge.js',
      },
    },
  })
  return { rendererDir, bridgeScript: resolve(harnessDir, 'bridge.js') }
}

/**
 * Bundles the services host (bench/lib/harnessChild.ts: e2e/harness + src/main/app) into one
 * ES module for plain `node` (dependencies stay in node_modules), as electron-vite bundles
 * Electron's main process: the services are then measured without the TypeScript loader (tsx
 * adds about 35 MB of RSS). Written to bench/.tmp (two levels under the project root, so the
 * harness's `import.meta.dirname`-relative paths still resolve), with the page-decoding and
 * evidence child beside it ({@link PAGE_WORKER_FILE}, {@link EVIDENCE_CHILD_BENCH_FILE}).
 * Returns the services host module's path.
 */
export async function buildServicesHost(): Promise<string> {
  await buildForNode('bench/lib/harnessChild.ts', 'services-host')
  await buildPageWorker()
  await buildEvidenceChild()
  return resolve(BENCH_TMP_DIR, 'services-host.mjs')
}

/** Where the Node bundles go (git-ignored). */
const BENCH_TMP_DIR = resolve(projectRoot, 'bench/.tmp')

/** Bundles `entry` (relative to the project root) for plain `node` 22 into bench/.tmp/`<name>`.mjs. */
async function buildForNode(entry: string, name: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: resolve(projectRoot, entry),
      outDir: BENCH_TMP_DIR,
      emptyOutDir: false,
      target: 'node22',
      minify: false,
      rolldownOptions: {
        output: { format: 'es', entryFileNames: `${name}.mjs`, chunkFileNames: `${name}-[name]-[hash].mjs` },
        checks: { bundlerTimings: false },
      },
    },
  })
}

/** The built page-decoding thread {@link buildServicesHost} writes beside the services host. */
export const PAGE_WORKER_FILE = 'page-worker.mjs'

/**
 * Builds the page-decoding thread (src/main/api/pageWorker.ts) into bench/.tmp as the app ships
 * it, and returns it as a worker entry. Why not its source through tsx: tsx's loader in the
 * thread costs tens of MB and, each time the idle thread is started again, hundreds of ms of
 * CPU that the app never pays.
 */
export async function buildPageWorker(): Promise<PageWorkerEntry> {
  await buildForNode('src/main/api/pageWorker.ts', PAGE_WORKER_FILE.replace(/\.mjs$/, ''))
  return { entry: resolve(BENCH_TMP_DIR, PAGE_WORKER_FILE) }
}

/** The built evidence child process {@link buildServicesHost} writes beside the services host. */
export const EVIDENCE_CHILD_BENCH_FILE = 'evidence-child.mjs'

/**
 * Builds the evidence child process (src/main/app/evidence/evidenceChild.ts) into bench/.tmp as
 * the app's build emits it (an entry of its own; pdf.js, zxing, tesseract.js and the e-invoice
 * parser stay in node_modules) and returns it as a child entry: the child then runs without
 * tsx's loader, as in the app.
 */
export async function buildEvidenceChild(): Promise<EvidenceChildEntry> {
  await buildForNode('src/main/app/evidence/evidenceChild.ts', EVIDENCE_CHILD_BENCH_FILE.replace(/\.mjs$/, ''))
  return { entry: resolve(BENCH_TMP_DIR, EVIDENCE_CHILD_BENCH_FILE) }
}
