import { resolve } from 'node:path'
import type { App } from 'electron'
import { DEEP_LINK_SCHEME, findDeepLinkInArgs, parseDeepLink, type DeepLink } from '../../shared/deepLinks'
import type { Logger } from '../logging/logger'

/**
 * Receives `docket://document/<id>` and `docket://agenda/<id>` links from the operating
 * system. How a link arrives differs by platform:
 * - macOS: the `open-url` event, also when the click started the app;
 * - Windows and Linux: as a command-line argument, of this process when the click started
 *   the app, or of a second process whose argv Electron hands to the first one in
 *   `second-instance` (the second one quits: one Docket a user, one local store).
 * Every link is parsed strictly (src/shared/deepLinks.ts); anything else is ignored.
 */

/** The parts of Electron's `app` the receiver uses. */
export type DeepLinkApp = Pick<App, 'setAsDefaultProtocolClient' | 'requestSingleInstanceLock' | 'on'>

export interface DeepLinkDeps {
  app: DeepLinkApp
  /** `process.argv` of this process. */
  argv: readonly string[]
  /**
   * When running unpackaged (`process.defaultApp`), the OS must start `electron <app path>`:
   * the executable and the app folder to register. Undefined in the packaged app.
   */
  devLaunch?: { execPath: string; appPath: string }
  /** Brings the main window forward; called for every second instance, link or not. */
  onSecondInstance(): void
  log: Logger
}

export interface DeepLinkReceiver {
  /** False when another Docket already runs: it has this process's link; this one must quit. */
  readonly isPrimary: boolean
  /**
   * Sends links to `handler` from now on. A link that arrived before (the one that started
   * the app, before its window existed) is delivered at once; only the latest is kept.
   */
  deliverTo(handler: (link: DeepLink) => void): void
}

/**
 * Takes the single-instance lock, registers Docket for the `docket` scheme and listens for
 * links. Call before `ready`: macOS sends `open-url` for a link that launched the app
 * before the app is ready.
 */
export function startDeepLinks(deps: DeepLinkDeps): DeepLinkReceiver {
  const { app, log } = deps
  if (!app.requestSingleInstanceLock()) return { isPrimary: false, deliverTo: () => {} }

  const registered = deps.devLaunch
    ? app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, deps.devLaunch.execPath, [resolve(deps.devLaunch.appPath)])
    : app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME)
  if (!registered) log.warn(`Docket could not register itself for ${DEEP_LINK_SCHEME}:// links.`)

  let handler: ((link: DeepLink) => void) | null = null
  let waiting: DeepLink | null = null
  const receive = (link: DeepLink | null): void => {
    if (!link) return
    if (handler) handler(link)
    else waiting = link
  }

  app.on('open-url', (event, url) => {
    event.preventDefault()
    const link = parseDeepLink(url)
    // the refused text is not logged: it comes from any program and may carry anything
    if (!link) log.info(`Ignored a ${DEEP_LINK_SCHEME}:// link that is not a document or agenda link.`)
    receive(link)
  })
  app.on('second-instance', (_event, argv) => {
    deps.onSecondInstance()
    receive(findDeepLinkInArgs(argv))
  })
  receive(findDeepLinkInArgs(deps.argv))

  return {
    isPrimary: true,
    deliverTo(next) {
      handler = next
      if (waiting) {
        const link = waiting
        waiting = null
        next(link)
      }
    },
  }
}
