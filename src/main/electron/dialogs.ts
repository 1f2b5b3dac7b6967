// Temporary placeholder by the lead so the build runs; the folders/export engineer replaces this file.
import type { BrowserWindow } from 'electron'
import type { FileHost } from '../app/ports'

export function createElectronFileHost(_deps: { getWindow: () => BrowserWindow | null }): FileHost {
  return {
    async saveFile() {
      return { saved: false }
    },
    async openWithSystemViewer() {},
  }
}
