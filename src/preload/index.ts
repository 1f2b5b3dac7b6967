import { contextBridge, ipcRenderer } from 'electron'
import { createBridge, IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../shared/ipc'

/**
 * Exposes `window.docket` and nothing else: the bridge built from the IPC contract with an
 * `ipcRenderer.invoke` transport. Raw `ipcRenderer` never reaches the page.
 */
const bridge = createBridge(
  (channel, input) => ipcRenderer.invoke(IPC_INVOKE_CHANNEL, channel, input),
  (listener) => {
    const handler = (_event: Electron.IpcRendererEvent, name: unknown, payload: unknown) => {
      if (typeof name === 'string') listener(name, payload)
    }
    ipcRenderer.on(IPC_EVENT_CHANNEL, handler)
    return () => ipcRenderer.removeListener(IPC_EVENT_CHANNEL, handler)
  },
)

contextBridge.exposeInMainWorld('docket', {
  invoke: bridge.invoke,
  on: bridge.on,
})
