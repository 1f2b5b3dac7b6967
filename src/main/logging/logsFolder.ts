import { readFile, readdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { redact } from '../../shared/api/redact'

/**
 * The folder of Docket's log files (Electron's `app.getPath('logs')`): one file a day named
 * `docket-YYYY-MM-DD.log` (the UTC date), and when a day's file reaches its size limit it is
 * renamed `docket-YYYY-MM-DD.old.log` and a new one is started, so a day keeps at most two.
 */

/** The log file name for the UTC day of `date`, e.g. `docket-2026-11-03.log`. */
export function logFileName(date: Date): string {
  return `docket-${date.toISOString().slice(0, 10)}.log`
}

const LOG_FILE = /^docket-(\d{4}-\d{2}-\d{2})(\.old)?\.log$/

/** The day (YYYY-MM-DD) and whether it is the rotated-out part, for a Docket log file name; else null. */
function parseLogFileName(name: string): { day: string; old: boolean } | null {
  const match = LOG_FILE.exec(name)
  return match ? { day: match[1]!, old: match[2] !== undefined } : null
}

/** How many days of logs are kept. */
export const LOG_RETENTION_DAYS = 14

/**
 * Deletes Docket log files whose day is more than `keepDays` days before `now` (UTC days).
 * Other files in the folder are never touched. Returns the names deleted; a file that cannot
 * be deleted is skipped.
 */
export async function pruneOldLogs(dir: string, now: Date, keepDays = LOG_RETENTION_DAYS): Promise<string[]> {
  const oldest = new Date(now.getTime() - keepDays * 86_400_000).toISOString().slice(0, 10)
  const deleted: string[] = []
  for (const name of await listFolder(dir)) {
    const parsed = parseLogFileName(name)
    if (!parsed || parsed.day >= oldest) continue
    try {
      await unlink(join(dir, name))
      deleted.push(name)
    } catch {
      // in use or already gone: the next start tries again
    }
  }
  return deleted
}

/**
 * The last `count` lines written to the log files in `dir`, oldest first, reading the newest
 * files until there are enough (so lines from before a restart or from yesterday are
 * included). Each line passes through the redactor again, in case a file was written by an
 * older version. Empty when the folder is missing.
 */
export async function readRecentLogLines(dir: string, count: number): Promise<string[]> {
  const files = (await listFolder(dir))
    .map((name) => ({ name, parsed: parseLogFileName(name) }))
    .filter((file): file is { name: string; parsed: { day: string; old: boolean } } => file.parsed !== null)
    // newest first: by day, and within a day the current file before its rotated-out part
    .sort((a, b) => b.parsed.day.localeCompare(a.parsed.day) || Number(a.parsed.old) - Number(b.parsed.old))
  let lines: string[] = []
  for (const file of files) {
    if (lines.length >= count) break
    let text: string
    try {
      text = await readFile(join(dir, file.name), 'utf8')
    } catch {
      continue
    }
    const fileLines = text.split(/\r?\n/).filter((line) => line.length > 0)
    lines = [...fileLines, ...lines]
  }
  return lines.slice(-count).map((line) => redact(line))
}

/** The logs folder could not be shown; `code` is `open_failed`, the message says why. */
export class LogsFolderError extends Error {
  readonly code = 'open_failed'
  constructor(message: string) {
    super(message)
    this.name = 'LogsFolderError'
  }
}

/**
 * Opens the logs folder in the system file manager (*Help -> Open logs folder*). `openPath`
 * is Electron's `shell.openPath`, which answers an error message or ''; a message becomes a
 * {@link LogsFolderError}.
 */
export async function openLogsFolder(openPath: (path: string) => Promise<string>, dir: string): Promise<void> {
  const problem = await openPath(dir)
  if (problem) throw new LogsFolderError(`The logs folder could not be opened: ${problem}`)
}

async function listFolder(dir: string): Promise<string[]> {
  try {
    return await readdir(dir)
  } catch {
    return []
  }
}
