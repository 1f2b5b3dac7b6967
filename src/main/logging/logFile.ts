import { join } from 'node:path'
import electronLog from 'electron-log/node'
import { safeLogText } from './logFilter'
import { logFileName, pruneOldLogs } from './logsFolder'
import type { Logger, LogLevel } from './logger'

/**
 * The app's log: electron-log's file transport writing one file a day into the OS log
 * folder, every line passed through the payload filter and the redactor first.
 *
 * electron-log's Node entry is used rather than its Electron one: the file transport is the
 * same, but the Electron entry also listens on an IPC channel through which a renderer could
 * write lines into this log, and it needs Electron to load (this module is tested in Node).
 */

/** The electron-log instance type (tests pass `electronLog.create(...)`). */
export type ElectronLogInstance = typeof electronLog

export interface FileLoggerOptions {
  /** The folder of the log files: `app.getPath('logs')` in the app, a temp dir in tests. */
  logsDir: string
  /** The least severe level written to the file; default `info`. */
  level?: LogLevel
  /** The least severe level written to stdout, or false for none; default false. */
  consoleLevel?: LogLevel | false
  /** A day's file is rotated out (renamed `.old.log`) past this size, in bytes; default 5 MiB. */
  maxFileBytes?: number
  /** The clock that picks the day's file; default the system clock. */
  now?: () => Date
  /** The electron-log instance to configure; default a new one of its own (`logId` docket). */
  instance?: ElectronLogInstance
}

/** A {@link Logger} writing to the daily file, plus the folder it writes to. */
export interface FileLogger extends Logger {
  readonly logsDir: string
  /** The path of the file written now. */
  currentFile(): string
  /** Deletes files older than the retention period; call at start. Resolves to the names deleted. */
  pruneOldFiles(): Promise<string[]>
}

/** Default size at which a day's file is rotated out, in bytes. */
export const DEFAULT_MAX_LOG_FILE_BYTES = 5 * 1024 * 1024

/**
 * Configures electron-log and returns the logger. Lines look like
 * `[2026-11-03T09:15:02.120Z] [info]  Sync finished: 3 documents` (UTC ISO 8601). Files are
 * created readable by the user only (0600), because they name the service and the ids worked on.
 */
export function createFileLogger(options: FileLoggerOptions): FileLogger {
  const now = options.now ?? (() => new Date())
  const log = options.instance ?? electronLog.create({ logId: 'docket' })
  const currentFile = (): string => join(options.logsDir, logFileName(now()))

  log.hooks.push((message) => ({ ...message, data: [safeLogText(message.data)] }))

  const file = log.transports.file
  file.level = options.level ?? 'info'
  file.maxSize = options.maxFileBytes ?? DEFAULT_MAX_LOG_FILE_BYTES
  file.format = '[{iso}] [{level}]{scope} {text}'
  file.writeOptions = { flag: 'a', mode: 0o600, encoding: 'utf8' }
  file.resolvePathFn = () => currentFile()
  log.transports.console.level = options.consoleLevel ?? false
  // lines go to the file (and stdout in development) only: never to a server, nor to the
  // windows (inside Electron the ipc transport would send every line to each renderer)
  for (const name of ['ipc', 'remote'] as const) {
    const transport = log.transports[name] as { level: unknown } | undefined
    if (transport) transport.level = false
  }

  return {
    logsDir: options.logsDir,
    currentFile,
    pruneOldFiles: () => pruneOldLogs(options.logsDir, now()),
    // every value is forwarded: a caller that passes an object anyway gets it filtered, not lost
    error: (...values: unknown[]) => log.error(...values),
    warn: (...values: unknown[]) => log.warn(...values),
    info: (...values: unknown[]) => log.info(...values),
    debug: (...values: unknown[]) => log.debug(...values),
  }
}
