/**
 * `npm run security:scan` (Electron hardening checked by a tool): runs
 * @doyensec/electronegativity over src/ and over a probe of the real window options (see
 * windowProbe.ts), then compares every high or medium finding with the allow-list in
 * .electronegativity/allowlist.json. Each allow-list entry names the check, the file and a
 * piece of the flagged code, gives the reason, and must be explained in SECURITY.md.
 *
 * Exit 0: no high/medium finding left unexplained. Exit 1: an unexplained finding, an
 * allow-list entry SECURITY.md does not explain, or a file the tool could not parse (a file it
 * did not check). Options: `--json <file>` writes every finding (all severities).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import run from '@doyensec/electronegativity'
import { captureWindows, windowProbeSource, type CapturedWindow } from './windowProbe'

export const projectRoot = resolve(import.meta.dirname, '../..')

/** One finding of the tool, flattened. `file` is relative to the project, or `probe:<window>`. */
export interface Finding {
  id: string
  severity: string
  confidence: string
  file: string
  line: number
  column: number
  sample: string
  description: string
  url: string
}

/** A finding accepted on purpose: matched by check id, file and a piece of the flagged code. */
export interface AllowEntry {
  id: string
  file: string
  /** A substring of the flagged code (line numbers drift; code does not, silently). */
  sample: string
  /** Why it is safe, in a sentence; the full explanation is in SECURITY.md. */
  reason: string
}

export interface ScanReport {
  findings: Finding[]
  /** High and medium findings with the allow-list entry that explains them (or null). */
  gated: { finding: Finding; entry: AllowEntry | null }[]
  /** Allow-list entries with no matching finding any more (reported, not fatal). */
  stale: AllowEntry[]
  /** Allow-list entries SECURITY.md does not mention (check id and file). */
  undocumented: AllowEntry[]
  /** Files the tool could not parse. */
  parseErrors: { file: string; message: string }[]
}

const gatedSeverities = new Set(['HIGH', 'MEDIUM'])

function descriptionOf(value: string | Record<string, string>): string {
  return typeof value === 'string' ? value : Object.values(value).join(' ')
}

/** Runs electronegativity on a directory or file. Severity/confidence names as the tool gives them. */
export async function electronegativity(
  input: string,
  electronVersion: string,
  relativeTo: string,
  excludeFromScan: string[] = [],
): Promise<{ findings: Finding[]; parseErrors: { file: string; message: string }[] }> {
  const result = await run({ input, isRelative: false, electronVersionOverride: electronVersion, excludeFromScan })
  const rel = (file: string) => (file.startsWith(relativeTo + '/') ? file.slice(relativeTo.length + 1) : file)
  return {
    findings: result.issues.map((issue) => ({
      id: issue.id,
      severity: issue.severity.name,
      confidence: issue.confidence.name,
      file: rel(issue.file),
      line: issue.location.line,
      column: issue.location.column,
      sample: issue.sample ?? '',
      description: descriptionOf(issue.description),
      url: issue.shortenedURL,
    })),
    parseErrors: result.errors.filter((e) => !e.tolerable).map((e) => ({ file: rel(e.file), message: e.message })),
  }
}

/**
 * Global checks that judge the whole app (CSP, navigation limits, permission handler, release
 * data): they run on src/, where that code is; on the probe alone they would only report its
 * absence.
 */
const appWideChecks = [
  'cspglobalcheck',
  'limitnavigationglobalcheck',
  'permissionrequesthandlerglobalcheck',
  'availablesecurityfixesglobalcheck',
]

/** Scans the probe of the given windows; findings are named `probe:<window>`. */
export async function scanWindows(windows: CapturedWindow[], electronVersion: string): Promise<Finding[]> {
  const dir = await mkdtemp(join(tmpdir(), 'docket-eng-probe-'))
  try {
    const source = windowProbeSource(windows)
    const file = join(dir, 'windows.js')
    await writeFile(file, source)
    const { findings, parseErrors } = await electronegativity(file, electronVersion, dir, appWideChecks)
    if (parseErrors.length) throw new Error(`The window probe did not parse: ${parseErrors[0]!.message}`)
    const lines = source.split('\n')
    return findings.map((finding) => {
      let name = 'unknown'
      for (let i = Math.min(finding.line, lines.length) - 1; i >= 0; i--) {
        const match = /^\/\/ window: (\S+)/.exec(lines[i]!)
        if (match) {
          name = match[1]!
          break
        }
      }
      return { ...finding, file: `probe:${name}` }
    })
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** Judges findings against the allow-list and SECURITY.md. Pure. */
export function judge(
  findings: Finding[],
  parseErrors: { file: string; message: string }[],
  allowList: AllowEntry[],
  securityMd: string,
): ScanReport {
  const used = new Set<AllowEntry>()
  const gated = findings
    .filter((f) => gatedSeverities.has(f.severity))
    .map((finding) => {
      const entry =
        allowList.find((e) => e.id === finding.id && e.file === finding.file && finding.sample.includes(e.sample)) ??
        null
      if (entry) used.add(entry)
      return { finding, entry }
    })
  return {
    findings,
    gated,
    stale: allowList.filter((e) => !used.has(e)),
    undocumented: allowList.filter(
      (e) => !e.reason.trim() || !securityMd.includes(e.id) || !securityMd.includes(e.file),
    ),
    parseErrors,
  }
}

/** True when the report lets CI pass. */
export function passes(report: ScanReport): boolean {
  return (
    report.gated.every((g) => g.entry !== null) && report.undocumented.length === 0 && report.parseErrors.length === 0
  )
}

/** The Electron version the app ships with (package.json devDependencies, without the range sign). */
export async function electronVersionOf(root: string): Promise<string> {
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
    devDependencies?: Record<string, string>
  }
  const range = pkg.devDependencies?.electron ?? ''
  const version = /\d+\.\d+\.\d+/.exec(range)?.[0]
  if (!version) throw new Error('No Electron version in package.json devDependencies.')
  return version
}

/** Scans the project at `root`: src/ plus the window probe. */
export async function scanProject(root = projectRoot): Promise<ScanReport> {
  const version = await electronVersionOf(root)
  const src = await electronegativity(join(root, 'src'), version, root)
  const probe = await scanWindows(captureWindows(), version)
  const allowList = JSON.parse(await readFile(join(root, '.electronegativity/allowlist.json'), 'utf8')) as AllowEntry[]
  const securityMd = await readFile(join(root, 'SECURITY.md'), 'utf8')
  return judge([...src.findings, ...probe], src.parseErrors, allowList, securityMd)
}

function formatFinding(f: Finding): string {
  return `${f.id} ${f.severity}/${f.confidence} ${f.file}:${f.line}:${f.column} ${f.sample.replace(/\s+/g, ' ').slice(0, 100)}`
}

async function main(argv: string[]): Promise<number> {
  const report = await scanProject()
  const jsonAt = argv.indexOf('--json')
  if (jsonAt >= 0 && argv[jsonAt + 1]) await writeFile(argv[jsonAt + 1]!, JSON.stringify(report, null, 2))
  for (const { finding, entry } of report.gated) {
    console.log(
      `${entry ? 'explained  ' : 'UNEXPLAINED'} ${formatFinding(finding)}${entry ? `\n             -> ${entry.reason}` : ''}`,
    )
  }
  for (const entry of report.stale)
    console.log(`stale allow-list entry (no such finding now): ${entry.id} ${entry.file}`)
  for (const entry of report.undocumented)
    console.log(`allow-list entry not explained in SECURITY.md: ${entry.id} ${entry.file}`)
  for (const error of report.parseErrors) console.log(`could not parse (not checked): ${error.file}: ${error.message}`)
  const unexplained = report.gated.filter((g) => !g.entry).length
  const lower = report.findings.length - report.gated.length
  console.log(
    `security:scan: high/medium ${report.gated.length}, explained ${report.gated.length - unexplained}, unexplained ${unexplained}, ` +
      `low/info ${lower}, parse errors ${report.parseErrors.length}`,
  )
  return passes(report) ? 0 : 1
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`security:scan failed: ${error instanceof Error ? error.message : String(error)}`)
      process.exit(2)
    },
  )
}
