import { parseArgs } from 'node:util'
import { parseSandboxArgs } from '../../src/sandbox/cli'
import type { SandboxOptions } from '../../src/sandbox'

/** What `npm run harness` was asked for (see {@link parseHarnessArgs}). */
export interface HarnessArgs {
  port: number
  fixtures?: string
  sandbox?: string
  userData?: string
  demo: boolean
  credentials: 'keytar' | 'memory' | 'auto'
  verbose: boolean
  open: boolean
  /** Take the service away this many seconds after start (the network switch goes offline). */
  offlineAfterSec?: number
  /**
   * Port of the network switch, i.e. the service's address as the app services know it
   * (default: a free one). A restart on the same `--user-data` passes the same port to keep
   * the demo account and its queued actions (a new address is a new service to the app).
   */
  networkPort?: number
  /** Seed the demo agenda with the invoices whose extraction is planted wrong (resources/demo/planted), as the app's demo does. */
  planted: boolean
  /** Every other flag, parsed by the sandbox's own command line (admin routes always on). */
  sandboxOptions: SandboxOptions
}

/** The harness's own flags; every other one belongs to the sandbox. */
const HARNESS_FLAGS = {
  port: { type: 'string' },
  fixtures: { type: 'string' },
  sandbox: { type: 'string' },
  'user-data': { type: 'string' },
  'no-demo': { type: 'boolean' },
  credentials: { type: 'string' },
  verbose: { type: 'boolean' },
  open: { type: 'boolean' },
  'offline-after': { type: 'string' },
  'network-port': { type: 'string' },
  planted: { type: 'boolean' },
} as const

/**
 * Parses `npm run harness` arguments: the harness's own flags (`--port`, `--fixtures`,
 * `--sandbox URL`, `--user-data`, `--no-demo`, `--credentials keytar|memory|auto`, `--verbose`,
 * `--open`, `--offline-after S`, `--network-port N`, `--planted`), and every sandbox flag (`--documents`, `--processing-delay-ms`,
 * `--rate-429`, `--drop-rate`, ... as `src/sandbox/cli.ts` knows them), passed through to the
 * in-process sandbox. The sandbox's `--port` and `--host` are the harness's to choose and are
 * not passed. Throws an Error with a readable message on a bad or unknown flag.
 */
export function parseHarnessArgs(argv: readonly string[]): HarnessArgs {
  const own: string[] = []
  const sandbox: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const name = arg.startsWith('--') ? arg.slice(2).split('=')[0]! : ''
    const spec = (HARNESS_FLAGS as Record<string, { type: string }>)[name]
    const target = spec ? own : sandbox
    target.push(arg)
    // A flag with its value in the next argument takes it along (`--documents 60`).
    const takesValue = spec ? spec.type === 'string' : !SANDBOX_BOOLEANS.has(name)
    if (takesValue && !arg.includes('=') && i + 1 < argv.length) target.push(argv[++i]!)
  }
  const { values } = parseArgs({ args: own, options: HARNESS_FLAGS, strict: true, allowPositionals: false })
  const parsed = parseSandboxArgs(sandbox)
  if (parsed.port !== undefined || parsed.host !== undefined)
    throw new Error("--port is the harness's; the in-process sandbox picks its own port and host")
  const { quiet: _quiet, ...sandboxOptions } = parsed
  const credentials = values.credentials ?? 'auto'
  if (credentials !== 'keytar' && credentials !== 'memory' && credentials !== 'auto')
    throw new Error(`--credentials takes keytar, memory or auto, got ${credentials}`)
  const args: HarnessArgs = {
    port: nonNegative('port', values.port) ?? 0,
    demo: values['no-demo'] !== true,
    credentials,
    verbose: values.verbose === true,
    open: values.open === true,
    planted: values.planted === true,
    // The harness's tests and e2e specs read the sandbox's state and switch its faults.
    sandboxOptions: { ...sandboxOptions, admin: true },
  }
  if (values.fixtures !== undefined) args.fixtures = values.fixtures
  if (values.sandbox !== undefined) args.sandbox = values.sandbox
  if (values['user-data'] !== undefined) args.userData = values['user-data']
  const offlineAfter = nonNegative('offline-after', values['offline-after'])
  if (offlineAfter !== undefined) args.offlineAfterSec = offlineAfter
  const networkPort = nonNegative('network-port', values['network-port'])
  if (networkPort !== undefined) {
    if (!Number.isInteger(networkPort) || networkPort > 65535)
      throw new Error(`--network-port takes a port number (0-65535), got ${values['network-port']}`)
    args.networkPort = networkPort
  }
  return args
}

/** The sandbox's flags that take no value. */
const SANDBOX_BOOLEANS = new Set(['admin', 'quiet', 'help'])

function nonNegative(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined
  const value = Number(raw)
  if (raw.trim() === '' || !Number.isFinite(value) || value < 0)
    throw new Error(`--${name} takes a number >= 0, got ${raw}`)
  return value
}
