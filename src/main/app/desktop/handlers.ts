import { formatDeepLink } from '../../../shared/deepLinks'
import type { DesktopPreferences, DesktopPreferencesPatch, UpdateState } from '../../../shared/ipc'
import { DIAGNOSTICS_LOG_LINES, formatDiagnostics, type DiagnosticsInput } from '../../logging/diagnostics'
import { readRecentLogLines } from '../../logging/logsFolder'
import { AppError } from '../errors'
import type { HandlersFor } from '../router'
import { BYTES_PER_MB } from './preferences'

/** Writes text to the system clipboard (Electron's `clipboard`, or the harness page's). */
export interface ClipboardPort {
  writeText(text: string): void | Promise<void>
}

/** The part of the updater the UI drives (src/main/electron/updater.ts `Updater`, or a harness stand-in). */
export interface UpdaterPort {
  state(): UpdateState
  checkNow(): Promise<UpdateState>
  restartToUpdate(): boolean
  /** Stores the preference and starts or stops the automatic checks. */
  setChecksEnabled(enabled: boolean): void
}

/** Where the preferences live (DesktopPreferencesStore). */
export interface PreferencesPort {
  read(): DesktopPreferences
  update(patch: DesktopPreferencesPatch): DesktopPreferences
}

/** The log folder: read for diagnostics, shown in the file manager. */
export interface LogsPort {
  dir: string
  /** Shows the folder; rejects with a coded error (`open_failed`) when it cannot. */
  open(): Promise<void>
}

/** Everything of the diagnostics text except the log lines and the time, gathered when asked. */
export type DiagnosticsFacts = Omit<DiagnosticsInput, 'logLines' | 'generatedAt'>

export interface DesktopHandlerDeps {
  clipboard: ClipboardPort
  updater: UpdaterPort
  preferences: PreferencesPort
  logs: LogsPort
  diagnostics(): Promise<DiagnosticsFacts>
  /** Gives the open workspace's file cache a new cap (bytes); absent where there is no cache. */
  applyCacheCap?(capBytes: number): Promise<void>
  /** Told every change of the preferences (the `app.preferencesChanged` event). */
  preferencesChanged?(preferences: DesktopPreferences): void
  now?: () => Date
}

export type DesktopChannel =
  | 'app.diagnostics'
  | 'app.openLogsFolder'
  | 'app.updateState'
  | 'app.checkForUpdates'
  | 'app.restartToUpdate'
  | 'app.preferences'
  | 'app.setPreferences'
  | 'app.copyLink'

/** One line on updates for the diagnostics text, e.g. `downloaded 0.2.0`. */
export function updateSummary(state: UpdateState): string {
  switch (state.status) {
    case 'idle':
      return `up to date, last check ${state.lastCheckAt ?? 'never'}`
    case 'checking':
      return 'checking'
    case 'available':
      return `downloading ${state.version}`
    case 'downloaded':
      return `downloaded ${state.version}, installs on quit`
    case 'error':
      return `last check failed (${state.code}) at ${state.lastCheckAt}`
  }
}

/**
 * The desktop channels: diagnostics and the log folder (*Help* menu and the command palette),
 * update state and actions, the preferences (a changed cache cap applies to the open cache
 * at once; every change is told to the windows), and *Copy link*. Text for the clipboard
 * is written by main (the window may not use the web clipboard) and answered too.
 */
export function createDesktopHandlers(deps: DesktopHandlerDeps): HandlersFor<DesktopChannel> {
  const now = deps.now ?? (() => new Date())
  return {
    'app.diagnostics': async () => {
      const [facts, logLines] = await Promise.all([
        deps.diagnostics(),
        readRecentLogLines(deps.logs.dir, DIAGNOSTICS_LOG_LINES),
      ])
      const text = formatDiagnostics({ ...facts, logLines, generatedAt: now() })
      await deps.clipboard.writeText(text)
      return { text }
    },
    'app.openLogsFolder': async () => {
      try {
        await deps.logs.open()
      } catch (error) {
        throw new AppError(
          'open_failed',
          error instanceof Error ? error.message : 'The logs folder could not be opened.',
        )
      }
      return { ok: true as const }
    },
    'app.updateState': () => deps.updater.state(),
    'app.checkForUpdates': () => deps.updater.checkNow(),
    'app.restartToUpdate': () => ({ restarting: deps.updater.restartToUpdate() }),
    'app.preferences': () => deps.preferences.read(),
    'app.setPreferences': async (patch) => {
      const { updateChecks, ...rest } = patch
      const before = deps.preferences.read()
      // the updater stores this one itself, as it also starts or stops the checks
      if (updateChecks !== undefined && updateChecks !== before.updateChecks)
        deps.updater.setChecksEnabled(updateChecks)
      const after = deps.preferences.update(rest)
      if (after.cacheCapMb !== before.cacheCapMb) await deps.applyCacheCap?.(after.cacheCapMb * BYTES_PER_MB)
      deps.preferencesChanged?.(after)
      return after
    },
    'app.copyLink': async (link) => {
      const text = formatDeepLink(link)
      await deps.clipboard.writeText(text)
      return { text }
    },
  }
}
