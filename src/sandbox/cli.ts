import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { ENDLESS_LISTING_MODES, TOKEN_ANSWER_MODES, type EndlessListing, type TokenAnswer } from './faults'
import { startSandbox, type SandboxOptions } from './index'
import { stopWithParent } from './stopWithParent'

/**
 * Command line of the sandbox:
 *   tsx src/sandbox/cli.ts --port 0 [--seed N] [--fixtures DIR] [--documents N] [--agendas N]
 *     [--documents-per-agenda M] [--token-ttl S]
 *     [--job-delay-ms N] [--repair-delay-ms N] [--processing-delay-ms N] [--latency-ms N]
 *     [--latency-jitter-ms N] [--fault-rate R] [--rate-429 R] [--rate-401 R] [--drop-rate R]
 *     [--retry-after S] [--endless-listing off|same-ids|new-ids|ascending] [--endless-listing-agenda ID]
 *     [--huge-page-bytes N] [--token-answer normal|bomb|negative-expiry|not-bearer|bad-charset]
 *     [--trickle-ms N] [--preview-cache DIR] [--preview-renderer pdfjs|pdftoppm] [--admin] [--quiet]
 * The first stdout line is `Sandbox listening on http://127.0.0.1:PORT`; then the demo
 * credentials (public demo values). Exits cleanly on SIGINT/SIGTERM; exit code 2 on a bad flag.
 */

const USAGE = `Usage: sandbox [--port N] [--host H] [--seed N] [--fixtures DIR] [--documents N]
  [--agendas N] [--documents-per-agenda M] [--token-ttl S] [--job-delay-ms N]
  [--repair-delay-ms N] [--processing-delay-ms N] [--latency-ms N] [--latency-jitter-ms N]
  [--fault-rate R] [--rate-429 R] [--rate-401 R] [--drop-rate R]
  [--retry-after S] [--endless-listing off|same-ids|new-ids|ascending] [--endless-listing-agenda ID]
  [--huge-page-bytes N] [--token-answer normal|bomb|negative-expiry|not-bearer|bad-charset]
  [--trickle-ms N] [--preview-cache DIR] [--preview-renderer pdfjs|pdftoppm] [--admin] [--quiet]`

function number(
  flags: Record<string, string | boolean | undefined>,
  name: string,
  opts: { max?: number } = {},
): number | undefined {
  const raw = flags[name]
  if (raw === undefined) return undefined
  const value = Number(raw)
  if (
    typeof raw !== 'string' ||
    raw.trim() === '' ||
    !Number.isFinite(value) ||
    value < 0 ||
    (opts.max !== undefined && value > opts.max)
  ) {
    throw new Error(
      `--${name} must be a number${opts.max !== undefined ? ` between 0 and ${opts.max}` : ' >= 0'} (got ${String(raw)})`,
    )
  }
  return value
}

/** Parses CLI arguments into SandboxOptions (without `log`); throws an Error on a bad flag. */
export function parseSandboxArgs(argv: string[]): SandboxOptions & { quiet: boolean } {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      fixtures: { type: 'string' },
      documents: { type: 'string' },
      agendas: { type: 'string' },
      'documents-per-agenda': { type: 'string' },
      'token-ttl': { type: 'string' },
      'job-delay-ms': { type: 'string' },
      'repair-delay-ms': { type: 'string' },
      'processing-delay-ms': { type: 'string' },
      'latency-ms': { type: 'string' },
      'latency-jitter-ms': { type: 'string' },
      'fault-rate': { type: 'string' },
      'rate-429': { type: 'string' },
      'rate-401': { type: 'string' },
      'drop-rate': { type: 'string' },
      'retry-after': { type: 'string' },
      'endless-listing': { type: 'string' },
      'endless-listing-agenda': { type: 'string' },
      'huge-page-bytes': { type: 'string' },
      'token-answer': { type: 'string' },
      'trickle-ms': { type: 'string' },
      'preview-cache': { type: 'string' },
      'preview-renderer': { type: 'string' },
      admin: { type: 'boolean' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  })
  if (values.help) throw new Error(USAGE)
  const flags = values as Record<string, string | boolean | undefined>
  const faults: NonNullable<SandboxOptions['faults']> = {}
  const put = (
    key:
      | 'errorRate'
      | 'rate429'
      | 'rate401'
      | 'dropRate'
      | 'latencyMs'
      | 'latencyJitterMs'
      | 'retryAfterSec'
      | 'endlessListingAgendaId'
      | 'hugePageBytes'
      | 'trickleMs',
    value: number | undefined,
  ) => {
    if (value !== undefined) faults[key] = value
  }
  put('errorRate', number(flags, 'fault-rate', { max: 1 }))
  put('rate429', number(flags, 'rate-429', { max: 1 }))
  put('rate401', number(flags, 'rate-401', { max: 1 }))
  put('dropRate', number(flags, 'drop-rate', { max: 1 }))
  put('latencyMs', number(flags, 'latency-ms'))
  put('latencyJitterMs', number(flags, 'latency-jitter-ms'))
  put('retryAfterSec', number(flags, 'retry-after'))
  put('endlessListingAgendaId', number(flags, 'endless-listing-agenda'))
  put('hugePageBytes', number(flags, 'huge-page-bytes'))
  put('trickleMs', number(flags, 'trickle-ms'))
  const tokenAnswer = values['token-answer']
  if (tokenAnswer !== undefined) {
    if (!TOKEN_ANSWER_MODES.includes(tokenAnswer as TokenAnswer))
      throw new Error(`--token-answer must be one of ${TOKEN_ANSWER_MODES.join(', ')} (got ${tokenAnswer})`)
    faults.tokenAnswer = tokenAnswer as TokenAnswer
  }
  const endless = values['endless-listing']
  if (endless !== undefined) {
    if (!ENDLESS_LISTING_MODES.includes(endless as EndlessListing))
      throw new Error(`--endless-listing must be one of ${ENDLESS_LISTING_MODES.join(', ')} (got ${endless})`)
    faults.endlessListing = endless as EndlessListing
  }
  const options: SandboxOptions & { quiet: boolean } = {
    quiet: values.quiet === true,
    admin: values.admin === true,
    faults,
  }
  const port = number(flags, 'port', { max: 65535 })
  if (port !== undefined) options.port = port
  if (typeof values.host === 'string') options.host = values.host
  const seed = number(flags, 'seed')
  if (seed !== undefined) options.seed = seed
  if (typeof values.fixtures === 'string') options.fixturesDir = values.fixtures
  const documents = number(flags, 'documents')
  if (documents !== undefined) options.documents = documents
  const agendas = number(flags, 'agendas')
  if (agendas !== undefined) options.agendas = agendas
  const perAgenda = number(flags, 'documents-per-agenda')
  if (perAgenda !== undefined) options.documentsPerAgenda = perAgenda
  const ttl = number(flags, 'token-ttl')
  if (ttl !== undefined) options.tokenTtlSec = ttl
  const job = number(flags, 'job-delay-ms')
  if (job !== undefined) options.jobDelayMs = job
  const repair = number(flags, 'repair-delay-ms')
  if (repair !== undefined) options.repairDelayMs = repair
  const processing = number(flags, 'processing-delay-ms')
  if (processing !== undefined) options.processingDelayMs = processing
  if (typeof values['preview-cache'] === 'string') options.previewCacheDir = values['preview-cache']
  const renderer = values['preview-renderer']
  if (renderer !== undefined) {
    if (renderer !== 'pdfjs' && renderer !== 'pdftoppm') {
      throw new Error(`--preview-renderer must be pdfjs or pdftoppm (got ${renderer})`)
    }
    options.previewRenderer = renderer
  }
  return options
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseSandboxArgs>
  try {
    options = parseSandboxArgs(process.argv.slice(2))
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`)
    if (!(error as Error).message.startsWith('Usage:')) process.stderr.write(`${USAGE}\n`)
    process.exit(2)
  }
  const { quiet, ...sandboxOptions } = options
  let ready = false
  const pending: string[] = []
  const sandbox = await startSandbox({
    ...sandboxOptions,
    log: (line) => {
      if (quiet && !line.startsWith('fixtures:') && !line.startsWith('error:')) return
      if (ready) process.stdout.write(`${line}\n`)
      else pending.push(line)
    },
  })
  const c = sandbox.credentials
  const lines = [
    `Sandbox listening on ${sandbox.url}`,
    'Demo credentials (public demo values, not secrets):',
    `  client_id:     ${c.clientId}`,
    `  client_secret: ${c.clientSecret} (demo)`,
    `  redirect_uri:  ${c.redirectUri} (any port on 127.0.0.1 is accepted, RFC 8252)`,
    ...c.users.map((u) => `  user ${u.id}: ${u.email} / ${u.password} (${u.name} ${u.surname})`),
    `  authorize:     ${sandbox.url}/oauth/authorize  token: ${sandbox.url}/oauth/token`,
    `  admin routes:  ${sandboxOptions.admin ? `on (${sandbox.url}/_sandbox/state)` : 'off (--admin)'}`,
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
  ready = true
  for (const line of pending) process.stdout.write(`${line}\n`)

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    process.stdout.write(`Sandbox stopping (${signal})\n`)
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Sandbox close failed: ${(error as Error).message}\n`)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
  stopWithParent(() => stop('parent exited'))
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (isMain) {
  main().catch((error: unknown) => {
    process.stderr.write(`Sandbox failed to start: ${(error as Error).message}\n`)
    process.exit(1)
  })
}
