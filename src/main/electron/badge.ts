import type { App, BrowserWindow, NativeImage } from 'electron'
import type { Logger } from '../logging/logger'

/**
 * The count of *Not ready* documents (across all agendas) on the app's icon, so the user
 * sees from the dock or taskbar that something waits for them:
 * - macOS: the dock badge, through `app.setBadgeCount`;
 * - Linux: the same call, which shows where the desktop supports launcher counts (Unity and
 *   desktops that implement its launcher API); elsewhere Electron answers false and nothing shows;
 * - Windows has no count badge: a red dot overlay on the taskbar button stands for "some",
 *   with the count in its accessible description, when the window and the image are given.
 */

/** The state that counts: documents the service could not make ready, waiting for a person. */
export const NOT_READY_STATE = 'not_ready'

/** How many of the given document states are *Not ready*. */
export function countNotReady(states: Iterable<string>): number {
  let count = 0
  for (const state of states) if (state === NOT_READY_STATE) count++
  return count
}

/** A 16x16 red dot (PNG) for the Windows overlay: `nativeImage.createFromDataURL(BADGE_DOT_PNG)`. */
export const BADGE_DOT_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAdElEQVR42q2TQQrAIAwE+xKPvszP+L5cfUkuU1oiWGulGBf2EtnBxHiUGA+PXwUgABkQQM1itTAFAMkCX7rO0hBg4VslxqEbpQfArq2zcAfR2k4F5D/hDpJbgCwApAXoAkC3AtwtuIfoe0b3Im1Z5S2facUnj9FcF8h20aEAAAAASUVORK5CYII='

export interface BadgeDeps {
  app: Pick<App, 'setBadgeCount'>
  platform: NodeJS.Platform
  /** Windows only: the main window (null while closed) and the overlay image. */
  windowsOverlay?: {
    getWindow(): Pick<BrowserWindow, 'setOverlayIcon' | 'isDestroyed'> | null
    image: NativeImage
  }
  log: Logger
}

export interface Badge {
  /** Shows `count` (0 clears the badge). Negative or fractional counts are treated as 0 / rounded down. */
  show(count: number): void
}

/** Creates the badge for the platform. */
export function createBadge(deps: BadgeDeps): Badge {
  let warned = false
  return {
    show(value) {
      const count = Number.isFinite(value) && value > 0 ? Math.floor(value) : 0
      if (deps.platform === 'win32') return showOverlay(deps, count)
      if (!deps.app.setBadgeCount(count) && count > 0 && !warned) {
        // not an error: many Linux desktops have no launcher counts
        warned = true
        deps.log.debug('This desktop does not show a count on the app icon.')
      }
    },
  }
}

function showOverlay(deps: BadgeDeps, count: number): void {
  const window = deps.windowsOverlay?.getWindow()
  if (!deps.windowsOverlay || !window || window.isDestroyed()) return
  if (count === 0) window.setOverlayIcon(null, '')
  else window.setOverlayIcon(deps.windowsOverlay.image, `${count} ${count === 1 ? 'document' : 'documents'} not ready`)
}
