import type { NotificationConstructorOptions } from 'electron'
import { formatDeepLink, type DeepLink } from '../../shared/deepLinks'
import type { DesktopNotice } from '../app/desktop/notifications'
import type { Logger } from '../logging/logger'
import type { NotificationKind } from '../../shared/ipc'

/**
 * Native notifications for what happens while Docket's window is not in front: a repaired
 * document is back, uploads finished processing, queued actions failed, the account needs
 * signing in again. Each kind can be turned off; clicking one brings the main window forward
 * and opens the document or agenda it is about.
 */

/** One notification (built by src/main/app/desktop/notifications.ts); `target` is what a click opens. */
export type { DesktopNotice }

/** The parts of Electron's `Notification` the adapter uses (a class, so tests pass a fake one). */
export interface NativeNotification {
  show(): void
  close(): void
  on(event: 'click' | 'close' | 'failed', listener: () => void): unknown
}
export interface NotificationClass {
  new (options: NotificationConstructorOptions): NativeNotification
  isSupported(): boolean
}

export interface NotifierDeps {
  Notification: NotificationClass
  /** The user's preference for `kind` (DesktopPreferencesStore.notificationEnabled). */
  isEnabled(kind: NotificationKind): boolean
  /** Shows, restores and focuses the main window (creating it if it was closed). */
  focusMainWindow(): void
  /** Opens a document or agenda in the main window (the renderer's `app.openLink` event). */
  openLink(link: DeepLink): void
  log: Logger
}

/** Longest title and body shown, in characters; the text may name a supplier from the service. */
export const MAX_NOTIFICATION_TITLE = 120
export const MAX_NOTIFICATION_BODY = 400

export interface Notifier {
  /** Shows the notice unless its kind is off or the OS has no notifications; answers whether it was shown. */
  notify(notice: DesktopNotice): boolean
  /** Closes every notification still on screen (at quit or sign-out). */
  closeAll(): void
}

/**
 * Creates the notifier. Shown notifications are kept referenced until closed or clicked:
 * Electron drops the click handler of a notification the garbage collector took.
 */
export function createNotifier(deps: NotifierDeps): Notifier {
  const live = new Set<NativeNotification>()

  return {
    notify(notice) {
      if (!deps.isEnabled(notice.kind)) return false
      if (!deps.Notification.isSupported()) {
        deps.log.debug(`Notifications are not supported here; ${notice.kind} not shown.`)
        return false
      }
      const target = validTarget(notice.target)
      const notification = new deps.Notification({
        title: clip(notice.title, MAX_NOTIFICATION_TITLE),
        body: clip(notice.body, MAX_NOTIFICATION_BODY),
        silent: false,
      })
      const forget = (): void => void live.delete(notification)
      notification.on('click', () => {
        forget()
        deps.focusMainWindow()
        if (target) deps.openLink(target)
      })
      notification.on('close', forget)
      notification.on('failed', () => {
        forget()
        deps.log.warn(`A ${notice.kind} notification could not be shown.`)
      })
      live.add(notification)
      notification.show()
      return true
    },
    closeAll() {
      for (const notification of live) notification.close()
      live.clear()
    },
  }
}

/** The target when it is a link Docket can open (formatDeepLink accepts it), else undefined. */
function validTarget(target: DeepLink | undefined): DeepLink | undefined {
  if (!target) return undefined
  try {
    formatDeepLink(target)
    return { target: target.target, id: target.id }
  } catch {
    return undefined
  }
}

function clip(text: string, max: number): string {
  const oneLine = text.replace(/\s+/g, ' ').trim()
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine
}
