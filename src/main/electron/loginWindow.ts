import { randomUUID } from 'node:crypto'
import type { BrowserWindow, BrowserWindowConstructorOptions, Session } from 'electron'
import { matchesRedirectUri } from '../credentials/authorize'
import { AuthError } from '../credentials/errors'
import { isAllowedServiceUrl } from '../../shared/api/serviceUrl'
import { hardenSession } from './appHardening'

/** The parts of Electron the login window uses (the app passes the real ones, tests fakes). */
export interface LoginWindowDeps {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow
  /** `session.fromPartition` */
  fromPartition: (partition: string, options?: { cache: boolean }) => Session
  /** The app window the login window belongs to. */
  parent?: BrowserWindow
  /** Accept the redirect URI on any loopback port (RFC 8252 §7.3). */
  anyLoopbackPort?: boolean
  log?: (line: string) => void
}

/** Opens the login page; resolves with the redirect URL, or null when the user closed the window. */
export type LoginWindowOpener = (authorizeUrl: string, redirectUri: string) => Promise<string | null>

/**
 * Creates the opener of the OAuth login window (OAuth 2.0 authorization code with PKCE, the
 * service's own sign-in page): a BrowserWindow on a fresh in-memory session partition (no
 * `persist:` prefix, a unique suffix: cookies of the service's login page are forgotten with
 * it), no preload, sandboxed, context-isolated, no Node, no spellchecker, every permission and
 * `window.open` refused. Every frame may navigate only to https (or http on loopback) pages.
 *
 * The navigation to the redirect URI is caught four ways (will-frame-navigate, will-redirect,
 * will-navigate and the session's webRequest.onBeforeRequest) and cancelled before any request leaves, so the
 * authorization code never reaches a server at the redirect address. Closing the window
 * resolves null (cancelled; nothing stored). Throws AuthError `invalid_url` when the
 * authorize URL is not https (or http on loopback).
 */
export function createLoginWindowOpener(deps: LoginWindowDeps): LoginWindowOpener {
  const log = deps.log ?? (() => {})
  return (authorizeUrl, redirectUri) =>
    new Promise<string | null>((resolve, reject) => {
      let target: URL
      try {
        target = new URL(authorizeUrl)
      } catch {
        reject(new AuthError('invalid_url', 'The sign-in address is not a valid URL.'))
        return
      }
      if (!isAllowedServiceUrl(target)) {
        reject(new AuthError('invalid_url', 'The sign-in page must use https.'))
        return
      }

      const partition = `docket-login-${randomUUID()}`
      const session = deps.fromPartition(partition, { cache: false })
      hardenSession(session)

      const isRedirect = (url: string) => matchesRedirectUri(url, redirectUri, deps.anyLoopbackPort ?? false)
      let done = false
      const window = new deps.BrowserWindow({
        width: 520,
        height: 720,
        title: 'Sign in — Docket',
        parent: deps.parent,
        modal: false,
        show: true,
        autoHideMenuBar: true,
        webPreferences: {
          session,
          sandbox: true,
          contextIsolation: true,
          nodeIntegration: false,
          nodeIntegrationInWorker: false,
          nodeIntegrationInSubFrames: false,
          webSecurity: true,
          allowRunningInsecureContent: false,
          webviewTag: false,
          safeDialogs: true,
          navigateOnDragDrop: false,
          spellcheck: false,
        },
      })

      const finish = (result: string | null) => {
        if (done) return
        done = true
        resolve(result)
        // Not inside the navigation event that got us here: destroy on the next turn.
        setTimeout(() => {
          if (!window.isDestroyed()) window.destroy()
          session.clearStorageData().catch(() => {})
        }, 0)
      }

      session.webRequest.onBeforeRequest((details, callback) => {
        if (isRedirect(details.url)) {
          callback({ cancel: true })
          finish(details.url)
          return
        }
        callback({})
      })

      const { webContents } = window

      const onNavigation = (event: { preventDefault(): void }, url: string) => {
        if (isRedirect(url)) {
          event.preventDefault()
          finish(url)
          return
        }
        let next: URL | undefined
        try {
          next = new URL(url)
        } catch {
          next = undefined
        }
        if (!next || !isAllowedServiceUrl(next)) {
          event.preventDefault()
          log('Login window: blocked a navigation that is not https')
        }
      }
      webContents.on('will-frame-navigate', (details) => onNavigation(details, details.url))
      webContents.on('will-redirect', onNavigation)
      webContents.on('will-navigate', onNavigation)
      webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
      webContents.on('will-attach-webview', (event) => event.preventDefault())
      window.on('closed', () => finish(null))

      window.loadURL(authorizeUrl).catch((error: unknown) => {
        // The cancelled navigation to the redirect URI rejects loadURL with ERR_ABORTED: expected.
        if (!done)
          log(
            `Login window: the sign-in page did not load (${error instanceof Error ? error.message.slice(0, 120) : 'error'})`,
          )
      })
    })
}
