/**
 * Offline review sessions: the local store, the durable outbox and the sync engine
 * (README.md has the folder map). Entry point: {@link openWorkspace}. Types of actions and
 * entries: src/shared/outbox.
 */
export {
  openWorkspace,
  type ForEachDocumentOptions,
  type OfflineWorkspace,
  type WorkspaceOptions,
  type WorkspaceRecovery,
  queuedActionsIn,
  OUTBOX_JOURNAL_FILE,
} from './workspace'
export type { WorkspaceClient } from './client'
export { PULLED_TYPES } from './client'
export type { CachedAgenda, CachedComment, CachedDocument } from './effects'
export { correctedView, type CorrectionInput, type SettledCorrection } from './corrections'
export { DEFAULT_ENGINE_OPTIONS, type EngineOptions } from './options'
export { OfflineError } from './errors'
export type { UploadInput } from './outbox'
export { actionEvents, HISTORY_CAP_PER_DOCUMENT, type Actor, type HistoryImport } from './history'
export type { SyncStatus } from './events'
export type { OutboxAction } from '../../shared/outbox/actions'
export type { OutboxEntry } from '../../shared/outbox/entry'
