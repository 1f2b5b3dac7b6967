import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron'
import type { Router } from '../app/router'
import type { EventBus } from '../app/eventBus'
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../../shared/ipc/transportNames'

/**
 * Connects the contract router to Electron: one `ipcMain.handle` for every call (the sender
 * frame's URL goes to the router's sender check) and every bus event sent to the app's own
 * windows: a webContents gets events only while it shows one of the app's pages
 * (`isAppPage` of its current URL), so a login window showing the service's page, or any
 * window that navigated elsewhere, never hears of documents, comments or sign-ins.
 * Each call names its webContents (`sender`: `webContents:<id>`); when one is destroyed, its
 * renderer crashes, or it loads a page again or another one (a reload, a navigation; not a
 * change of the URL's fragment), `onSenderGone` is told, so what the old page stated (its
 * watched screens) is let go: that page will never unwatch.
 * Returns a function that undoes all of it.
 */
export function bindIpc(deps: {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>
  router: Router
  bus: EventBus
  /** Every webContents that might receive events (e.g. all windows), read at each event. */
  targets: () => Pick<WebContents, 'isDestroyed' | 'getURL' | 'send'>[]
  /** True for a URL of the app's own pages (see appUrl.ts `isAppUrl`). */
  isAppPage: (url: string) => boolean
  /** A renderer that called is gone or shows a new page (`sender` as in its calls' context). */
  onSenderGone?: (sender: string) => void
}): () => void {
  /** The webContents that called, by id, with what stops following them. */
  const followed = new Map<number, () => void>()

  /** Names the webContents of a call, and follows it the first time it calls. */
  function senderOf(contents: FollowedContents | undefined): string | undefined {
    if (!contents) return undefined
    const sender = `webContents:${contents.id}`
    const onGone = deps.onSenderGone
    if (onGone && !followed.has(contents.id)) {
      const gone = (): void => onGone(sender)
      const destroyed = (): void => {
        stop()
        gone()
      }
      const stop = (): void => {
        followed.delete(contents.id)
        contents.off('did-navigate', gone)
        contents.off('render-process-gone', gone)
        contents.off('destroyed', destroyed)
      }
      contents.on('did-navigate', gone)
      contents.on('render-process-gone', gone)
      contents.on('destroyed', destroyed)
      followed.set(contents.id, stop)
    }
    return sender
  }

  deps.ipcMain.handle(
    IPC_INVOKE_CHANNEL,
    (
      event: Partial<Pick<IpcMainInvokeEvent, 'senderFrame'>> & { sender?: FollowedContents },
      channel: unknown,
      input: unknown,
    ) => {
      const sender = senderOf(event.sender)
      return deps.router.dispatch(String(channel), input, {
        senderUrl: event.senderFrame?.url ?? '',
        ...(sender ? { sender } : {}),
      })
    },
  )
  const disconnect = deps.bus.connect((name, payload) => {
    for (const target of deps.targets()) {
      if (!target.isDestroyed() && deps.isAppPage(target.getURL())) target.send(IPC_EVENT_CHANNEL, name, payload)
    }
  })
  return () => {
    deps.ipcMain.removeHandler(IPC_INVOKE_CHANNEL)
    disconnect()
    for (const stop of [...followed.values()]) stop()
  }
}

/** The part of a webContents the binding follows (its id and the events that end a page). */
type FollowedContents = Pick<WebContents, 'id'> & {
  on(event: 'did-navigate' | 'render-process-gone' | 'destroyed', listener: () => void): unknown
  off(event: 'did-navigate' | 'render-process-gone' | 'destroyed', listener: () => void): unknown
}
