/**
 * Electron main: app lifecycle, the window, and the wiring of the host-agnostic services
 * (src/main/app) to Electron's IPC, protocol, dialogs, shell and desktop integration
 * (updates, logs, notifications, deep links, badge, window state). Everything testable lives
 * elsewhere; this file only assembles.
 */
import { release } from 'node:os'
import { join } from 'node:path'
import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  nativeTheme,
  net,
  Notification,
  protocol,
  screen,
  shell,
  session,
  utilityProcess,
} from 'electron'
import ElectronStore from 'electron-store'
// electron-updater is CommonJS whose `autoUpdater` is a lazy getter, so it is read off the default export.
import electronUpdater from 'electron-updater'
import type { DeepLink } from '../shared/deepLinks'
import { createAppServices } from './app'
import { createDesktop, type Desktop } from './app/desktop'
import { notificationLanguage } from './app/desktop/notificationTexts'
import { DesktopPreferencesStore } from './app/desktop/preferences'
import { createRouter } from './app/router'
import { appPreviewUrl, appSchemePrivileges, createAppProtocolHandler } from './electron/appProtocol'
import { APP_ENTRY_URL, APP_SCHEME, isAppUrl } from './electron/appUrl'
import { appMenuTemplate } from './electron/appMenu'
import { BADGE_DOT_PNG, createBadge } from './electron/badge'
import { startDeepLinks } from './electron/deepLinks'
import { bindIpc } from './electron/ipcBinding'
import { createNotifier } from './electron/notifications'
import { createSecureWindow } from './electron/secureWindow'
import { hardenApp, hardenSession } from './electron/appHardening'
import { createElectronFileHost } from './electron/dialogs'
import { createLoginWindowOpener } from './electron/loginWindow'
import { createSystemBrowserOpener } from './electron/systemBrowser'
import { UPDATE_FEED_URL } from './electron/updateFeed'
import { createUpdater } from './electron/updater'
import { restoreWindowState, trackWindowState } from './electron/windowState'
import { reportStartFailure } from './electron/startFailure'
import { ElectronAccountStore } from './credentials/accountStore'
import { KeytarCredentialStore } from './credentials/keytarStore'
import { WorkerPageDecoder } from './api/pageDecoder'
import { createFileLogger } from './logging/logFile'
import { openLogsFolder } from './logging/logsFolder'
// electron-vite bundles the worker thread's module on its own and gives its path (types: electron-vite/node).
import pageWorkerPath from './api/pageWorker?modulePath'
import { builtEvidenceChild } from './app/evidence/evidenceProcess'
import { createUtilityProcessLauncher } from './electron/utilityProcess'

const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined
const resourcesDir = app.isPackaged ? join(process.resourcesPath, 'resources') : join(app.getAppPath(), 'resources')
// one file a day in the OS log folder, every line redacted (src/main/logging); stdout too in development
const fileLogger = createFileLogger({ logsDir: app.getPath('logs'), consoleLevel: app.isPackaged ? false : 'debug' })
const log = (line: string): void => fileLogger.info(line)

protocol.registerSchemesAsPrivileged([appSchemePrivileges])
hardenApp(app)

let mainWindow: BrowserWindow | null = null
let createWindow: (() => BrowserWindow) | null = null

/** Shows, restores and focuses the main window, creating it when it was closed (once the app is ready). */
function showMainWindow(): BrowserWindow | null {
  const window = mainWindow ?? createWindow?.() ?? null
  if (!window) return null
  if (window.isMinimized()) window.restore()
  window.show()
  window.focus()
  return window
}

// Before `ready`: takes the single-instance lock and registers docket:// (macOS sends the
// link that launched the app before `ready`). A second Docket hands its link over and quits.
const deepLinks = startDeepLinks({
  app,
  argv: process.argv,
  devLaunch: process.defaultApp
    ? { execPath: process.execPath, appPath: process.argv[1] ?? app.getAppPath() }
    : undefined,
  onSecondInstance: () => void showMainWindow(),
  log: fileLogger,
})

if (!deepLinks.isPrimary) {
  app.quit()
} else {
  const openExternal = createSystemBrowserOpener({ openExternal: (url) => shell.openExternal(url) })
  // preferences and window state, one small file in the user data folder
  // Unreadable preferences start over rather than stop the app (they are only preferences).
  const desktopStore = new ElectronStore<Record<string, unknown>>({
    cwd: app.getPath('userData'),
    name: 'desktop',
    clearInvalidConfig: true,
  })
  const preferences = new DesktopPreferencesStore(desktopStore)
  let desktop: Desktop | null = null
  const updater = createUpdater({
    engine: electronUpdater.autoUpdater,
    feedUrl: UPDATE_FEED_URL,
    settings: preferences.updateSettings(),
    log: fileLogger,
    onStateChange: (state) => desktop?.updateStateChanged(state),
  })

  app
    .whenReady()
    .then(async () => {
      hardenSession(session.defaultSession)
      protocol.handle(
        APP_SCHEME,
        createAppProtocolHandler(
          join(import.meta.dirname, '../renderer'),
          (url) => net.fetch(url),
          () => services.previews,
        ),
      )
      const fileHost = createElectronFileHost({ getWindow: () => mainWindow })

      const services = createAppServices({
        version: app.getVersion(),
        platform: process.platform,
        userDataDir: app.getPath('userData'),
        demoFixturesDir: join(resourcesDir, 'demo', 'invoices'),
        accountStore: new ElectronAccountStore({ cwd: app.getPath('userData'), log }),
        credentialStore: new KeytarCredentialStore(),
        openLoginWindow: (authorizeUrl, redirectUri) =>
          createLoginWindowOpener({
            BrowserWindow,
            fromPartition: (partition, options) => session.fromPartition(partition, options),
            parent: mainWindow ?? undefined,
            log,
          })(authorizeUrl, redirectUri),
        files: fileHost,
        previewUrl: appPreviewUrl,
        openExternal,
        pageDecoder: new WorkerPageDecoder({ entry: pageWorkerPath, log }),
        // Evidence is read in utility processes of their own; the child is an entry of the main
        // build (electron.vite.config.ts), beside this file.
        evidenceChild: {
          ...builtEvidenceChild(import.meta.dirname),
          launch: createUtilityProcessLauncher({
            fork: (modulePath, args, options) => utilityProcess.fork(modulePath, args, options),
          }),
        },
        log,
      })

      /** Opens a link in the window, after its page has loaded when the window had to be created. */
      const openLink = (link: DeepLink): void => {
        const existed = mainWindow !== null
        const window = showMainWindow()
        if (!window || existed) desktop?.openLink(link)
        else window.webContents.once('did-finish-load', () => desktop?.openLink(link))
      }
      const notifier = createNotifier({
        Notification,
        isEnabled: (kind) => preferences.notificationEnabled(kind),
        focusMainWindow: () => void showMainWindow(),
        openLink,
        log: fileLogger,
      })
      const badge = createBadge({
        app,
        platform: process.platform,
        windowsOverlay: { getWindow: () => mainWindow, image: nativeImage.createFromDataURL(BADGE_DOT_PNG) },
        log: fileLogger,
      })
      desktop = createDesktop(services, {
        clipboard: { writeText: (text) => clipboard.writeText(text) },
        updater,
        preferences,
        logs: {
          dir: fileLogger.logsDir,
          open: () => openLogsFolder((path) => shell.openPath(path), fileLogger.logsDir),
        },
        // the window in front shows the same news itself (toasts, banners)
        notify: (notice) => void (mainWindow?.isFocused() ? null : notifier.notify(notice)),
        showBadge: (count) => badge.show(count),
        // menus, dialogs and title bars follow the theme preference as the window does
        applyPreferences: ({ theme }) => void (nativeTheme.themeSource = theme),
        runtime: {
          electronVersion: process.versions.electron,
          chromeVersion: process.versions.chrome,
          os: { platform: process.platform, release: release(), arch: process.arch },
        },
        language: notificationLanguage(app.getLocale()),
        log,
      })

      const router = createRouter({
        handlers: { ...services.handlers, ...desktop.handlers },
        isTrustedSender: (url) => isAppUrl(url, devServerUrl),
        log,
      })
      bindIpc({
        ipcMain,
        router,
        bus: services.bus,
        targets: () => BrowserWindow.getAllWindows().map((w) => w.webContents),
        isAppPage: (url) => isAppUrl(url, devServerUrl),
        onSenderGone: (sender) => services.senderGone(sender),
      })
      await services.start()
      const stopDesktop = desktop.start()

      const menu = desktop.menu
      Menu.setApplicationMenu(
        Menu.buildFromTemplate(
          appMenuTemplate({
            platform: process.platform,
            appName: app.name,
            isDev: !app.isPackaged,
            help: {
              openHelp: () => void openExternal('https://github.com/docket-app/docket#readme'),
              openLogsFolder: () => void menu.openLogsFolder(),
              copyDiagnostics: () => void menu.copyDiagnostics(),
              checkForUpdates: () => void menu.checkForUpdates(),
            },
          }),
        ),
      )

      createWindow = () => {
        // size, position and maximized state as last left on this display
        const placement = restoreWindowState(desktopStore, screen)
        const window = createSecureWindow(
          {
            BrowserWindow,
            openExternal,
            preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
            devServerUrl,
            log,
          },
          placement ? { ...placement.bounds } : {},
        )
        if (placement?.maximized) window.maximize()
        const stopTracking = trackWindowState(window, { store: desktopStore, screen })
        window.on('closed', () => {
          stopTracking()
          mainWindow = null
        })
        mainWindow = window
        void window.loadURL(devServerUrl ?? APP_ENTRY_URL)
        return window
      }
      createWindow().webContents.once('did-finish-load', () => deepLinks.deliverTo(openLink))
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) createWindow?.()
      })
      void fileLogger.pruneOldFiles()
      updater.start()
      app.on('before-quit', () => {
        updater.stop()
        notifier.closeAll()
        stopDesktop()
        void services.close()
        void fileHost.cleanup()
      })
    })
    .catch(async (error: unknown) => {
      // Never a silent exit: what happened, the folder, Quit or Reset the cache (startFailure.ts).
      await reportStartFailure(error, {
        dialog,
        app,
        userDataDir: app.getPath('userData'),
        language: notificationLanguage(app.getLocale()),
        log,
      }).catch(() => app.exit(1))
    })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
