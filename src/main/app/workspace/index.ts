/** The triage workspace's main side (issue 6): handlers of channels/workspace.ts. */
export { createWorkspaceHandlers, type WorkspaceHandlers, type WorkspaceHandlerOptions } from './handlers'
export type { WorkspacePort, CachedDocument, CachedComment, TriageAction } from './port'
export { WorkspaceError } from './errors'
export { toDocumentRow } from './rows'
