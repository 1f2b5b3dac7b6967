import { DocketError, type DocketBridge } from '../../../shared/ipc'

/**
 * The bridge to main, whatever hosts the renderer (Electron preload or the browser harness).
 * Components import this instead of touching `window` so tests can swap it.
 */
export function docket(): DocketBridge {
  const bridge = (globalThis as { docket?: DocketBridge }).docket
  if (!bridge) throw new DocketError('transport', 'Docket’s background service is not connected.')
  return bridge
}
