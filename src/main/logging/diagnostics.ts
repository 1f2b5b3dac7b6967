import { redact } from '../../shared/api/redact'
import { withoutJsonPayloads } from './logFilter'

/**
 * The text of *Help -> Copy diagnostics*: what a support person needs to start on a problem
 * (versions, OS, which service, how sync stands, what is waiting in the outbox, the recent
 * log), and nothing of the user's: no credentials in the service address, no token, no
 * document content. Pure: the caller gathers the inputs.
 */

/** How many log lines the text ends with. */
export const DIAGNOSTICS_LOG_LINES = 200

/** The part of the sync status the text reports (the `sync.status` answer fits it). */
export interface DiagnosticsSyncStatus {
  online: boolean
  syncing: boolean
  paused: boolean
  /** UTC ISO 8601, or null before the first sync. */
  lastSyncAt: string | null
  lastError: { code: string; message: string } | null
}

/** Everything the text is built from. */
export interface DiagnosticsInput {
  appName: string
  appVersion: string
  /** `process.versions.electron` / `.chrome` where known. */
  electronVersion?: string
  chromeVersion?: string
  os: { platform: string; release: string; arch: string }
  /** `demo` (the built-in sandbox) or `account`; null when nobody is signed in. */
  mode: 'demo' | 'account' | null
  /** The active account's service base URL; credentials, query and fragment are removed. */
  serviceUrl: string | null
  sync: DiagnosticsSyncStatus | null
  outbox: { pending: number; failed: number } | null
  /** One line on updates, e.g. `downloaded 0.2.0` (optional). */
  updates?: string
  /** Recent log lines, oldest first; the last {@link DIAGNOSTICS_LOG_LINES} are used. */
  logLines: readonly string[]
  generatedAt: Date
}

/**
 * A service URL fit for a support request: scheme, host, port and path only (user name,
 * password, query and fragment dropped). Text that is not a URL is reported as such, not echoed.
 */
export function serviceUrlForDiagnostics(url: string | null): string {
  if (url === null) return 'none'
  try {
    const parsed = new URL(url)
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`
  } catch {
    return '(not a valid URL)'
  }
}

/**
 * Builds the diagnostics text (plain text, one fact a line, then the log lines). The whole
 * text passes the payload filter and the redactor, so a secret that reached any input by
 * mistake is still removed.
 */
export function formatDiagnostics(input: DiagnosticsInput): string {
  const runtime = [
    input.electronVersion ? `Electron ${input.electronVersion}` : null,
    input.chromeVersion ? `Chrome ${input.chromeVersion}` : null,
  ].filter(Boolean)
  const logLines = input.logLines.slice(-DIAGNOSTICS_LOG_LINES)
  const lines = [
    `${input.appName} diagnostics, ${input.generatedAt.toISOString()}`,
    `Version: ${input.appVersion}${runtime.length ? ` (${runtime.join(', ')})` : ''}`,
    `OS: ${input.os.platform} ${input.os.release} ${input.os.arch}`,
    `Mode: ${input.mode ?? 'signed out'}`,
    `Service: ${serviceUrlForDiagnostics(input.serviceUrl)}`,
    `Sync: ${syncText(input.sync)}`,
    `Outbox: ${input.outbox ? `${input.outbox.pending} pending, ${input.outbox.failed} failed` : 'unknown'}`,
    ...(input.updates ? [`Updates: ${input.updates}`] : []),
    '',
    `Last ${logLines.length} log lines:`,
    ...logLines,
  ]
  return redact(withoutJsonPayloads(lines.join('\n')))
}

function syncText(sync: DiagnosticsSyncStatus | null): string {
  if (!sync) return 'unknown'
  const parts = [
    sync.online ? 'online' : 'offline',
    sync.paused ? 'paused (sign-in needed)' : sync.syncing ? 'syncing' : 'idle',
    `last sync ${sync.lastSyncAt ?? 'never'}`,
  ]
  if (sync.lastError) parts.push(`last error ${sync.lastError.code}: ${sync.lastError.message}`)
  return parts.join(', ')
}
