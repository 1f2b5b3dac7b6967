import type { IpcMain, WebContents } from 'electron'
import type { Router } from '../app/router'
import type { EventBus } from '../app/eventBus'
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../../shared/ipc/transportNames'

/**
 * Connects the contract router to Electron: one `ipcMain.handle` for every call (the sender
 * frame's URL goes to the router's sender check) and every bus event sent to the app's own
 * windows: a webContents gets events only while it shows one of the app's pages
 * (`isAppPage` of its current URL), so a login window showing the service's page, or any
 * window that navigated elsewhere, never hears of documents, comments or sign-ins.
 * Returns a function that undoes both.
 */
export function bindIpc(deps: {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>
  router: Router
  bus: EventBus
  /** Every webContents that might receive events (e.g. all windows), read at each event. */
  targets: () => Pick<WebContents, 'isDestroyed' | 'getURL' | 'send'>[]
  /** True for a URL of the app's own pages (see appUrl.ts `isAppUrl`). */
  isAppPage: (url: string) => boolean
}): () => void {
  deps.ipcMain.handle(IPC_INVOKE_CHANNEL, (event, channel: unknown, input: unknown) =>
    deps.router.dispatch(String(channel), input, { senderUrl: event.senderFrame?.url ?? '' }),
  )
  const disconnect = deps.bus.connect((name, payload) => {
    for (const target of deps.targets()) {
      if (!target.isDestroyed() && deps.isAppPage(target.getURL())) target.send(IPC_EVENT_CHANNEL, name, payload)
    }
  })
  return () => {
    deps.ipcMain.removeHandler(IPC_INVOKE_CHANNEL)
    disconnect()
  }
}
