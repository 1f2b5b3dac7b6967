/**
 * The IPC contract in one import: the merged contract (`channels`, `events` and their types),
 * every domain's channel schemas and types, the result and error shapes, and the bridge
 * builder. Code outside `src/shared/ipc` imports from here, never from a file under `channels/`.
 */
export * from './contract'
export * from './result'
export * from './bridge'
export * from './transportNames'
export * from './fields'
export * from './channels/app'
export * from './channels/auth'
export * from './channels/agendas'
export * from './channels/documents'
export * from './channels/comments'
export * from './channels/history'
export * from './channels/outbox'
export * from './channels/sync'
export * from './channels/export'
export * from './channels/upload'
export * from './channels/webhooks'
