import { redact } from '../../../shared/api/redact'
import type { DeepLink } from '../../../shared/deepLinks'
import type { DesktopPreferences, NotificationKind, UpdateState } from '../../../shared/ipc'
import type { AppServices } from '../index'
import type { CallContext } from '../router'
import { followNotReadyBadge } from './badgeCount'
import {
  createDesktopHandlers,
  updateSummary,
  type ClipboardPort,
  type DesktopChannel,
  type LogsPort,
  type PreferencesPort,
  type UpdaterPort,
} from './handlers'
import type { HandlersFor } from '../router'
import { watchForNotifications, type DesktopNotice } from './notifications'
import type { NotificationLanguage } from './notificationTexts'

export type { DesktopNotice } from './notifications'

/** The calls main makes to its own handlers (never from a window). */
const MAIN: CallContext = { senderUrl: 'main:desktop' }

/** The Help menu's desktop items; each reports its outcome to the window as an `app.notice`. */
export interface DesktopMenuActions {
  openLogsFolder(): Promise<void>
  copyDiagnostics(): Promise<void>
  checkForUpdates(): Promise<void>
}

/** What a host (Electron main or the harness) provides for the desktop integration. */
export interface DesktopHost {
  clipboard: ClipboardPort
  updater: UpdaterPort
  preferences: PreferencesPort & {
    notificationEnabled(kind: NotificationKind): boolean
    /** The chosen cap of the offline file cache, in bytes. */
    cacheCapBytes(): number
  }
  logs: LogsPort
  /** Shows a notification (native, or recorded by the harness); only kinds the user keeps on reach it. */
  notify(notice: DesktopNotice): void
  /**
   * Puts the preferences into effect on the host's side (Electron: the native theme of menus,
   * dialogs and title bars); called at creation and after every change. Absent in the harness.
   */
  applyPreferences?(preferences: DesktopPreferences): void
  /** Shows the *Not ready* count on the app icon; absent where there is none (the harness). */
  showBadge?(count: number): void
  /** The app's name, runtime versions and OS, for the diagnostics text. */
  runtime: {
    electronVersion?: string
    chromeVersion?: string
    os: { platform: string; release: string; arch: string }
  }
  language: NotificationLanguage
  log?: (line: string) => void
}

/** The desktop integration of the app services. */
export interface Desktop {
  handlers: HandlersFor<DesktopChannel>
  /** Follows the services' events (notifications, badge); returns the function that stops. */
  start(): () => void
  /** Asks the window to open a document or agenda (a deep link, a clicked notification). */
  openLink(link: DeepLink): void
  /** Tells the window the update state changed (the updater's `onStateChange`). */
  updateStateChanged(state: UpdateState): void
  /** What the Help menu runs. */
  menu: DesktopMenuActions
}

/**
 * Assembles the desktop integration over the app services: the `app.*` desktop channels, the
 * notifications and the badge fed by the services' events, the `app.openLink`,
 * `app.updateState` and `app.preferencesChanged` events, the chosen cache cap given to
 * every workspace, and the reference-rate preference given to the services' updates (they
 * fetch nothing until told it is on). Host-agnostic: Electron main and the harness pass their ports.
 */
export function createDesktop(
  services: { handlers: Partial<Pick<AppServices['handlers'], 'app.info' | 'agendas.list'>> } & Pick<
    AppServices,
    'bus' | 'session'
  > &
    Partial<Pick<AppServices, 'referenceRates'>>,
  host: DesktopHost,
): Desktop {
  const subscribe = (listener: (event: string, payload: unknown) => void) => services.bus.connect(listener)
  const appInfo = async () => services.handlers['app.info']?.({}, MAIN)
  /** A cap that could not be applied at start stays the workspace's default until it is set again. */
  const logCapFailure = (error: unknown): void =>
    host.log?.(`Cache cap not applied: ${error instanceof Error ? error.message : String(error)}`)

  host.applyPreferences?.(host.preferences.read())
  services.referenceRates?.setEnabled(host.preferences.read().referenceRateUpdates)
  // every workspace opens with the chosen cap (the harness creates this after the first one opened: applied live)
  void services.session.setCacheCap(host.preferences.cacheCapBytes()).catch(logCapFailure)

  const handlers = createDesktopHandlers({
    applyCacheCap: (capBytes) => services.session.setCacheCap(capBytes),
    preferencesChanged: (preferences) => {
      host.applyPreferences?.(preferences)
      services.referenceRates?.setEnabled(preferences.referenceRateUpdates)
      services.bus.emit('app.preferencesChanged', preferences)
    },
    clipboard: host.clipboard,
    updater: host.updater,
    preferences: host.preferences,
    logs: host.logs,
    async diagnostics() {
      const info = await appInfo()
      let sync = null
      try {
        sync = services.session.get().status()
      } catch {
        // nobody signed in: the text says unknown
      }
      return {
        appName: info?.name ?? 'Docket',
        appVersion: info?.version ?? 'unknown',
        ...host.runtime,
        mode: sync || info?.mode === 'demo' ? (info?.mode ?? null) : null,
        serviceUrl: info?.serviceUrl ?? null,
        sync,
        outbox: sync ? { pending: sync.pending, failed: sync.failed } : null,
        updates: updateSummary(host.updater.state()),
      }
    },
  })

  /** Runs a menu action: its message, or its error's, goes to the window as a toast. */
  async function report<T>(code: string, work: Promise<T> | T, message: (value: T) => string | null): Promise<void> {
    try {
      const text = message(await work)
      if (text) services.bus.emit('app.notice', { level: 'info', code, message: text })
    } catch (error) {
      host.log?.(`Help menu ${code} failed: ${error instanceof Error ? error.message : String(error)}`)
      const text = redact(error instanceof Error ? error.message : 'That did not work.')
      services.bus.emit('app.notice', { level: 'error', code, message: text })
    }
  }

  return {
    handlers,
    start() {
      const stops = [
        watchForNotifications({
          subscribe,
          getWorkspace: () => services.session.get(),
          language: host.language,
          log: host.log,
          notify: (notice) => {
            if (host.preferences.notificationEnabled(notice.kind)) host.notify(notice)
          },
        }),
      ]
      const showBadge = host.showBadge
      if (showBadge) {
        stops.push(
          followNotReadyBadge({
            subscribe,
            listAgendas: async () => (await services.handlers['agendas.list']?.({}, MAIN))?.agendas ?? [],
            show: (count) => showBadge(count),
          }),
        )
      }
      return () => stops.forEach((stop) => stop())
    },
    menu: {
      openLogsFolder: () => report('open_logs', handlers['app.openLogsFolder']({}, MAIN), () => null),
      copyDiagnostics: () =>
        report('diagnostics', handlers['app.diagnostics']({}, MAIN), () => 'Diagnostics copied to the clipboard.'),
      checkForUpdates: () =>
        report('update_check', handlers['app.checkForUpdates']({}, MAIN), (state) =>
          state.status === 'idle' ? 'Docket is up to date.' : null,
        ),
    },
    openLink: (link) => services.bus.emit('app.openLink', { target: link.target, id: link.id }),
    updateStateChanged: (state) => services.bus.emit('app.updateState', state),
  }
}
