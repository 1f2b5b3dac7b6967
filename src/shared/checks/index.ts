/**
 * Pure checks of a document (the checks panel and the inbox's warning flags); used by main
 * and the renderer alike. `runChecks` runs them all; `rowWarnings` is the cheap per-row
 * summary the inbox shows.
 */
export * from './result'
export * from './money'
export * from './context'
export * from './documentChecks'
export * from './duplicates'
export * from './extraction'
export * from './exchangeRate'
export * from './counterparty'
export * from './taxRate'
export * from './vatId'
export * from './run'
export * from './wording'
