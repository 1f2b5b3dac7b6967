/**
 * Electron main: app lifecycle, the window, and the wiring of the host-agnostic services
 * (src/main/app) to Electron's IPC, protocol, dialogs and shell. Everything testable lives
 * elsewhere; this file only assembles.
 */
import { join } from 'node:path'
import { app, BrowserWindow, ipcMain, Menu, net, protocol, shell, session } from 'electron'
import { createAppServices } from './app'
import { createRouter } from './app/router'
import { appSchemePrivileges, createAppProtocolHandler } from './electron/appProtocol'
import { APP_ENTRY_URL, APP_SCHEME, isAppUrl } from './electron/appUrl'
import { appMenuTemplate } from './electron/appMenu'
import { bindIpc } from './electron/ipcBinding'
import { createSecureWindow } from './electron/secureWindow'
import { hardenApp, hardenSession } from './electron/appHardening'
import { createElectronFileHost } from './electron/dialogs'
import { createLoginWindowOpener } from './electron/loginWindow'
import { createSystemBrowserOpener } from './electron/systemBrowser'
import { ElectronAccountStore } from './auth/accountStore'
import { KeytarCredentialStore } from './auth/keytarStore'
import { WorkerPageDecoder } from './api/pageDecoder'
// electron-vite bundles the worker thread's module on its own and gives its path (types: electron-vite/node).
import pageWorkerPath from './api/pageWorker?modulePath'

const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined
const resourcesDir = app.isPackaged ? join(process.resourcesPath, 'resources') : join(app.getAppPath(), 'resources')
const log = (line: string): void => console.log(`[docket] ${line}`)

protocol.registerSchemesAsPrivileged([appSchemePrivileges])
hardenApp(app)

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  let mainWindow: BrowserWindow | null = null
  const openExternal = createSystemBrowserOpener({ openExternal: (url) => shell.openExternal(url) })

  app.on('second-instance', () => {
    if (!mainWindow) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })

  app
    .whenReady()
    .then(async () => {
      hardenSession(session.defaultSession)
      protocol.handle(
        APP_SCHEME,
        createAppProtocolHandler(join(import.meta.dirname, '../renderer'), (url) => net.fetch(url)),
      )

      const services = createAppServices({
        version: app.getVersion(),
        platform: process.platform,
        userDataDir: app.getPath('userData'),
        demoFixturesDir: join(resourcesDir, 'demo', 'invoices'),
        accountStore: new ElectronAccountStore({ cwd: app.getPath('userData') }),
        credentialStore: new KeytarCredentialStore(),
        openLoginWindow: (authorizeUrl, redirectUri) =>
          createLoginWindowOpener({
            BrowserWindow,
            fromPartition: (partition, options) => session.fromPartition(partition, options),
            parent: mainWindow ?? undefined,
            log,
          })(authorizeUrl, redirectUri),
        files: createElectronFileHost({ getWindow: () => mainWindow }),
        openExternal,
        pageDecoder: new WorkerPageDecoder({ entry: pageWorkerPath, log }),
        log,
      })
      const router = createRouter({
        handlers: services.handlers,
        isTrustedSender: (url) => isAppUrl(url, devServerUrl),
        log,
      })
      bindIpc({
        ipcMain,
        router,
        bus: services.bus,
        targets: () => BrowserWindow.getAllWindows().map((w) => w.webContents),
        isAppPage: (url) => isAppUrl(url, devServerUrl),
      })
      await services.start()

      Menu.setApplicationMenu(
        Menu.buildFromTemplate(
          appMenuTemplate({
            platform: process.platform,
            appName: app.name,
            isDev: !app.isPackaged,
            openHelp: () => void openExternal('https://github.com/docket-app/docket#readme'),
          }),
        ),
      )

      const createWindow = (): void => {
        mainWindow = createSecureWindow({
          BrowserWindow,
          openExternal,
          preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
          devServerUrl,
          log,
        })
        mainWindow.on('closed', () => (mainWindow = null))
        void mainWindow.loadURL(devServerUrl ?? APP_ENTRY_URL)
      }
      createWindow()
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) createWindow()
      })
      app.on('before-quit', () => void services.close())
    })
    .catch((error: unknown) => {
      log(`Docket could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
      app.exit(1)
    })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
