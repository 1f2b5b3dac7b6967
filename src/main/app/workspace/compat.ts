/**
 * Compile-time pin: the offline workspace (src/main/offline, issue 5) satisfies the port the
 * triage handlers are written against, so `createWorkspaceHandlers(() => offlineWorkspace)`
 * type-checks. Nothing runs here.
 */
import type { OfflineWorkspace } from '../../offline'
import type { WorkspacePort } from './port'

export type OfflineWorkspaceFitsPort = OfflineWorkspace extends WorkspacePort ? true : never
export const offlineWorkspaceFitsPort: OfflineWorkspaceFitsPort = true
