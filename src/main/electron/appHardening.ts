import type { App, Session } from 'electron'
import { denyAllPermissions } from './secureWindow'

/** The parts of Electron's `app` the process-wide hardening uses (the app passes the real one). */
export type HardenedApp = Pick<App, 'enableSandbox' | 'isReady' | 'on'>

/**
 * Process-wide hardening; call once at startup, before `ready`:
 * - `app.enableSandbox()`: every renderer the process creates is sandboxed, whatever a
 *   window's own preferences say (a forgotten `sandbox: true` cannot open a hole);
 * - every webContents created later refuses to attach a `<webview>`, which could load
 *   any page with its own preferences.
 * Throws when the app is already ready: Electron ignores `enableSandbox()` after that, so a
 * call in the wrong place must fail at startup rather than leave renderers unsandboxed.
 */
export function hardenApp(app: HardenedApp): void {
  if (app.isReady()) throw new Error('hardenApp must run before the app is ready (app.enableSandbox needs it).')
  app.enableSandbox()
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault())
  })
}

/**
 * Hardens a session (the default one; the login window hardens its own partition the same
 * way): every permission request and check refused, and the spellchecker off, so Chromium
 * never downloads dictionaries from its CDN.
 */
export function hardenSession(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setSpellCheckerEnabled'>,
): void {
  denyAllPermissions(session)
  session.setSpellCheckerEnabled(false)
}
