/**
 * `npm run harness -- --port 0 [--open] [--fixtures DIR] [--sandbox URL] [--user-data DIR] [--no-demo]
 *   [--credentials keytar|memory|auto] [sandbox options]`
 * Prints `Harness listening on http://127.0.0.1:PORT` first, then the sandbox's line.
 * `--open` is the way to try Docket without Electron: it builds the app when no build exists
 * (the build's output goes to stderr) and opens the system browser at the harness; with CI set
 * or BROWSER=none it prints the address to open instead.
 * Sandbox options passed through: --documents N --seed N --token-ttl S --job-delay-ms N
 * --repair-delay-ms N --latency-ms N --fault-rate R --admin (admin is on by default here).
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { stopWithParent } from '../../src/sandbox/stopWithParent'
import { startHarness } from './server'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    fixtures: { type: 'string' },
    sandbox: { type: 'string' },
    'user-data': { type: 'string' },
    documents: { type: 'string' },
    seed: { type: 'string' },
    'token-ttl': { type: 'string' },
    'job-delay-ms': { type: 'string' },
    'repair-delay-ms': { type: 'string' },
    'latency-ms': { type: 'string' },
    'fault-rate': { type: 'string' },
    admin: { type: 'boolean', default: true },
    'no-demo': { type: 'boolean', default: false },
    credentials: { type: 'string', default: 'auto' },
    verbose: { type: 'boolean', default: false },
    open: { type: 'boolean', default: false },
  },
  strict: true,
})

function numberOption(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined
  const value = Number(raw)
  if (!Number.isFinite(value) || value < 0) {
    console.error(`--${name} takes a number >= 0, got ${raw}`)
    process.exit(2)
  }
  return value
}

function parseCredentials(raw: string | undefined): 'keytar' | 'memory' | 'auto' {
  if (raw === 'keytar' || raw === 'memory' || raw === 'auto') return raw
  console.error(`--credentials takes keytar, memory or auto, got ${raw}`)
  process.exit(2)
}

const sandboxOptions: Record<string, unknown> = { admin: values.admin }
const setIf = (key: string, value: number | undefined) => {
  if (value !== undefined) sandboxOptions[key] = value
}
setIf('documents', numberOption('documents', values.documents))
setIf('seed', numberOption('seed', values.seed))
setIf('tokenTtlSec', numberOption('token-ttl', values['token-ttl']))
setIf('jobDelayMs', numberOption('job-delay-ms', values['job-delay-ms']))
setIf('repairDelayMs', numberOption('repair-delay-ms', values['repair-delay-ms']))
const latencyMs = numberOption('latency-ms', values['latency-ms'])
const faultRate = numberOption('fault-rate', values['fault-rate'])
if (latencyMs !== undefined || faultRate !== undefined) {
  sandboxOptions.faults = {
    ...(latencyMs !== undefined && { latencyMs }),
    ...(faultRate !== undefined && { errorRate: faultRate }),
  }
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

if (values.open) buildIfMissing()

try {
  const harness = await startHarness({
    port: numberOption('port', values.port),
    fixturesDir: values.fixtures,
    sandboxUrl: values.sandbox,
    userDataDir: values['user-data'],
    demo: !values['no-demo'],
    credentials: parseCredentials(values.credentials),
    sandboxOptions,
    log: values.verbose ? (line) => console.error(line) : undefined,
  })
  console.log(`Harness listening on ${harness.url}`)
  if (harness.sandboxUrl) console.log(`Sandbox listening on ${harness.sandboxUrl}`)
  if (values.open) await openInBrowser(harness.url)
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
