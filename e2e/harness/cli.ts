/**
 * `npm run harness -- --port 0 [--fixtures DIR] [--sandbox URL] [--user-data DIR] [--no-demo]
 *   [--credentials keytar|memory|auto] [sandbox options]`
 * Prints `Harness listening on http://127.0.0.1:PORT` first, then the sandbox's line.
 * Sandbox options passed through: --documents N --seed N --token-ttl S --job-delay-ms N
 * --repair-delay-ms N --latency-ms N --fault-rate R --admin (admin is on by default here).
 */
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
