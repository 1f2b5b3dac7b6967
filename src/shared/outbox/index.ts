/** Outbox actions and entries (issue 5): shared by main and the renderer; no Node imports. */
export * from './actions'
export * from './entry'
