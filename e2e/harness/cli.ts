/**
 * `npm run harness -- --port 0 [--open] [--fixtures DIR] [--sandbox URL] [--user-data DIR] [--no-demo]
 *   [--credentials keytar|memory|auto] [--offline-after S] [--network-port N] [--verbose] [sandbox flags]`
 * Prints `Harness listening on http://127.0.0.1:PORT` first, then the sandbox's line.
 * `--open` is the way to try Docket without Electron: it builds the app when no build exists
 * (the build's output goes to stderr) and opens the system browser at the harness; with CI set
 * or BROWSER=none it prints the address to open instead.
 * Every sandbox flag is passed through to the in-process sandbox (`--documents N`,
 * `--processing-delay-ms N`, `--rate-429 R`, `--drop-rate R`, `--latency-ms N`, ...: see
 * src/sandbox/cli.ts); its admin routes are always on. `--offline-after S` takes the service
 * away S seconds after start; `POST /__harness/network` `{ "online": true|false }` switches it
 * (e2e/harness/network.ts). `--network-port N` puts that switch, the service's address as the app
 * knows it, on port N: a harness restarted on the same `--user-data` with the same N keeps the
 * demo account and its queued actions (another address is another service: the demo account is
 * replaced). Invoices are read for evidence in child processes running the built entry
 * (out/main/evidenceChild.js) when there is a build, else its source through tsx. Exit code 2 on a bad flag.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { builtEvidenceChild, EVIDENCE_CHILD_FILE } from '../../src/main/app/evidence/evidenceProcess'
import { stopWithParent } from '../../src/sandbox/stopWithParent'
import { parseHarnessArgs, type HarnessArgs } from './args'
import { startHarness } from './server'

let args: HarnessArgs
try {
  args = parseHarnessArgs(process.argv.slice(2))
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(2)
}

/** Runs `npm run build` when the built renderer or bridge is missing; exits with its status when it fails. */
function buildIfMissing(): void {
  const root = resolve(import.meta.dirname, '../..')
  const built = ['out/renderer/index.html', 'out/harness/bridge.js'].every((file) => existsSync(resolve(root, file)))
  if (built) return
  console.error('Building Docket first (npm run build)...')
  const npmCli = process.env['npm_execpath']
  // stdout stays free for the `Harness listening on` line: the build writes to stderr.
  const options = { cwd: root, stdio: ['ignore', 2, 2] as ['ignore', number, number] }
  const result = npmCli
    ? spawnSync(process.execPath, [npmCli, 'run', 'build'], options)
    : spawnSync('npm', ['run', 'build'], { ...options, shell: process.platform === 'win32' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

/** Opens `url` in the system browser (the `open` package); on CI or with BROWSER=none only says so. */
async function openInBrowser(url: string): Promise<void> {
  if (process.env['CI'] || process.env['BROWSER'] === 'none') {
    console.error(`Not opening a browser (${process.env['CI'] ? 'CI is set' : 'BROWSER=none'}): open ${url} yourself.`)
    return
  }
  try {
    const { default: open } = await import('open')
    await open(url)
    console.error(`Opened ${url} in your browser.`)
  } catch (error) {
    console.error(
      `Could not open a browser (${error instanceof Error ? error.message : String(error)}): open ${url} yourself.`,
    )
  }
}

if (args.open) buildIfMissing()

/** The built evidence child (`npm run build`, beside the built renderer the harness serves), when there is one. */
const builtMain = resolve(import.meta.dirname, '../../out/main')
const evidenceChild = existsSync(join(builtMain, EVIDENCE_CHILD_FILE)) ? builtEvidenceChild(builtMain) : undefined

try {
  const harness = await startHarness({
    port: args.port,
    fixturesDir: args.fixtures,
    sandboxUrl: args.sandbox,
    userDataDir: args.userData,
    demo: args.demo,
    credentials: args.credentials,
    sandboxOptions: {
      ...(args.sandboxOptions as Record<string, unknown>),
      // Beside the demo invoices, as the app's demo mode seeds them.
      ...(args.planted
        ? { plantedFixturesDir: resolve(fileURLToPath(new URL('../../resources/demo/planted', import.meta.url))) }
        : {}),
    },
    offlineAfterSec: args.offlineAfterSec,
    networkPort: args.networkPort,
    ...(evidenceChild ? { evidenceChild } : {}),
    log: args.verbose ? (line) => console.error(line) : undefined,
  })
  console.log(`Harness listening on ${harness.url}`)
  if (harness.sandboxUrl) console.log(`Sandbox listening on ${harness.sandboxUrl}`)
  if (harness.network) console.log(`Service address for the app: ${harness.network.url} (--network-port to keep it)`)
  if (args.offlineAfterSec !== undefined)
    console.log(`The service goes away in ${args.offlineAfterSec} s (POST /__harness/network to switch)`)
  if (args.open) await openInBrowser(harness.url)
  const stop = () => {
    harness.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  stopWithParent(stop)
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
}
