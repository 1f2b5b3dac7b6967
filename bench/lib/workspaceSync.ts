import type { DocketSyncer } from './docketSync'

/**
 * Docket's real sync: the offline workspace (src/main/offline `openWorkspace`) on a fresh store
 * in a temporary folder; `full()` is its first `syncNow()`, `delta()` the next one.
 * Resolves null when the workspace module is not there yet (the caller falls back).
 */
export async function workspaceSyncer(
  _url: string,
  _token: string,
  _agendaId: number,
  _log: (line: string) => void,
): Promise<DocketSyncer | null> {
  return null
}
