/** Outbox actions and entries: shared by main and the renderer; no Node imports. */
export * from './actions'
export * from './entry'
export * from './undoWindow'
