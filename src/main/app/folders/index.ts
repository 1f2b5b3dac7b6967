import type { UploadProgress } from '../../../shared/ipc/channels/folders'
import type { FileHost } from '../ports'
import { createExportHandlers, type ExportHandlers } from '../export/handlers'
import { createUploadHandlers, type UploadHandlers, type UploadRequestToSend } from '../upload/handlers'
import { createFolderHandlers, type FolderHandlers } from './handlers'
import type { FolderClientPort, FolderWorkspacePort } from './port'
import type { Agenda } from '../../../shared/api'

export { createFolderHandlers, toFolderError, NOT_OWNER_REASON } from './handlers'
export type { FolderHandlerDeps, FolderHandlers } from './handlers'
export type { FolderAction, FolderClientPort, FolderWorkspacePort, UploadInputFile, WebhookRecordBody } from './port'
export { FolderError } from './errors'
export { OnlineWorkspace } from './onlineWorkspace'
export type { UploadEntryOutcome, UploadRequestToSend } from '../upload/handlers'

/** What {@link createFolderFeatureHandlers} needs; see each factory for details. */
export interface FolderFeatureDeps {
  getWorkspace(): FolderWorkspacePort & { listAgendas?(): Promise<Agenda[]> }
  getClient(): FolderClientPort
  files: FileHost
  /** `(p) => bus.emit('upload.progress', p)`. */
  emitProgress(progress: UploadProgress): void
  /** Optional: send uploads at once instead of through the outbox (see upload/handlers.ts). */
  sendUpload?: (request: UploadRequestToSend) => Promise<number[]>
  now?: () => Date
}

/** The channel handlers of issue 7, and the hook for the sync engine's upload news. */
export interface FolderFeature {
  /** Spread into the router's handlers: `Object.assign(handlers, feature.handlers)`. */
  handlers: FolderHandlers & ExportHandlers & Pick<UploadHandlers, 'upload.files'>
  /** Call when an upload outbox entry goes in flight, is done or fails (see upload/handlers.ts). */
  reportUploadEntry: UploadHandlers['reportUploadEntry']
}

/**
 * Every handler of issue 7 (channels in src/shared/ipc/channels/folders.ts), for
 * `src/main/app/index.ts`.
 */
export function createFolderFeature(deps: FolderFeatureDeps): FolderFeature {
  const upload = createUploadHandlers({
    getWorkspace: deps.getWorkspace,
    emitProgress: deps.emitProgress,
    ...(deps.sendUpload ? { sendDirect: deps.sendUpload } : {}),
  })
  return {
    handlers: {
      ...createFolderHandlers({ getWorkspace: deps.getWorkspace, getClient: deps.getClient, files: deps.files }),
      ...createExportHandlers({
        getWorkspace: deps.getWorkspace,
        files: deps.files,
        ...(deps.now ? { now: deps.now } : {}),
      }),
      'upload.files': upload['upload.files'],
    },
    reportUploadEntry: (entryId, outcome) => upload.reportUploadEntry(entryId, outcome),
  }
}

/**
 * Only the channel handlers of {@link createFolderFeature} (kept for src/main/app/index.ts);
 * use `createFolderFeature` to also get `reportUploadEntry` for the sync engine.
 */
export function createFolderFeatureHandlers(deps: FolderFeatureDeps): FolderFeature['handlers'] {
  return createFolderFeature(deps).handlers
}
