/// <reference types="svelte" />
/// <reference types="vite/client" />
import type { DocketBridge } from '../../shared/ipc'

declare global {
  interface Window {
    /** The only door to main: built from the IPC contract by the preload (Electron) or the harness (browser). */
    readonly docket: DocketBridge
  }
}

export {}
