import type { BrowserWindow, BrowserWindowConstructorOptions, Session, WebPreferences } from 'electron'
import { isAppUrl, isSafeExternalUrl } from './appUrl'

/**
 * The web preferences every Docket window gets (Electron security checklist): isolated
 * context, sandboxed renderer, no Node, web security on, no <webview>, and no spellchecker
 * (on Linux and Windows Chromium would download its dictionaries from a Google CDN, and the
 * text typed here is bookkeeping data).
 */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
  }
}

/** The parts of Electron the factory uses; tests pass fakes. */
export interface SecureWindowDeps {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow
  openExternal: (url: string) => Promise<void>
  preloadPath: string
  /** The electron-vite dev server URL in `npm run dev`, else undefined. */
  devServerUrl?: string
  log?: (line: string) => void
}

/**
 * Refuses every permission request (camera, notifications, geolocation...) and check for
 * the session. Docket needs none.
 */
export function denyAllPermissions(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>,
): void {
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
}

/**
 * Creates the main window with the hardened settings: see {@link secureWebPreferences};
 * navigation of any frame away from the app's pages blocked (`will-frame-navigate`, which
 * Electron emits for every frame before `will-navigate`; a link followed in the main frame
 * goes to the system browser when it is a well-formed https URL); redirects away blocked;
 * every `window.open` denied; `<webview>` attachment refused; all permission requests denied.
 */
export function createSecureWindow(
  deps: SecureWindowDeps,
  options: BrowserWindowConstructorOptions = {},
): BrowserWindow {
  const log = deps.log ?? (() => {})
  const window = new deps.BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 880,
    minHeight: 560,
    show: false,
    title: 'Docket',
    ...options,
    webPreferences: secureWebPreferences(deps.preloadPath),
  })
  const { webContents } = window

  const openIfSafe = (url: string): void => {
    if (isSafeExternalUrl(url)) {
      deps.openExternal(url).catch((error: unknown) => log(`openExternal failed: ${String(error)}`))
    } else {
      log(`Blocked a link that is not https: ${url.slice(0, 200)}`)
    }
  }

  webContents.on('will-frame-navigate', (details) => {
    if (isAppUrl(details.url, deps.devServerUrl)) return
    details.preventDefault()
    if (details.isMainFrame) openIfSafe(details.url)
  })
  // Electron skips `will-navigate` once `will-frame-navigate` prevented the navigation: this
  // one only guards the main frame should that order ever change, and opens nothing itself.
  webContents.on('will-navigate', (event, url) => {
    if (isAppUrl(url, deps.devServerUrl)) return
    event.preventDefault()
  })
  webContents.on('will-redirect', (event, url) => {
    if (isAppUrl(url, deps.devServerUrl)) return
    event.preventDefault()
  })
  webContents.on('will-attach-webview', (event) => event.preventDefault())
  webContents.setWindowOpenHandler(({ url }) => {
    openIfSafe(url)
    return { action: 'deny' }
  })
  denyAllPermissions(webContents.session)
  window.once('ready-to-show', () => window.show())
  return window
}
