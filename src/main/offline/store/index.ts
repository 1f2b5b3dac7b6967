/** The local store: sublevels, key layout, typed operations, atomic batches, a mutex. */
export { DOCUMENT_READ_CHUNK, Store, type BatchOp, type Level, type StoreSection } from './store'
export { keptRead } from './keptRead'
export { Mutex } from './mutex'
export { BatchValueRoom } from './valueRoom'
export type { AgendaOffline, ContentHashRecord, DocumentRecord, FileRecord, FileVersion, PullCursor } from './records'
