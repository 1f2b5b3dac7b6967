import type { IpcMain, WebContents } from 'electron'
import type { Router } from '../app/router'
import type { EventBus } from '../app/eventBus'
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../../shared/ipc/transportNames'

/**
 * Connects the contract router to Electron: one `ipcMain.handle` for every call (the sender
 * frame's URL goes to the router's sender check) and every bus event sent to the windows'
 * webContents. Returns a function that undoes both.
 */
export function bindIpc(deps: {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>
  router: Router
  bus: EventBus
  /** The webContents to send events to (the app's windows), read at each event. */
  targets: () => WebContents[]
}): () => void {
  deps.ipcMain.handle(IPC_INVOKE_CHANNEL, (event, channel: unknown, input: unknown) =>
    deps.router.dispatch(String(channel), input, { senderUrl: event.senderFrame?.url ?? '' }),
  )
  const disconnect = deps.bus.connect((name, payload) => {
    for (const target of deps.targets()) {
      if (!target.isDestroyed()) target.send(IPC_EVENT_CHANNEL, name, payload)
    }
  })
  return () => {
    deps.ipcMain.removeHandler(IPC_INVOKE_CHANNEL)
    disconnect()
  }
}
