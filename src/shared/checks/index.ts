/**
 * Pure checks of a document (the checks panel and the inbox's warning flags); used by main
 * and the renderer alike. `runChecks` runs them all; `rowWarnings` is the cheap per-row
 * summary the inbox shows; `moneyFailuresOf` the documents an export must not write silently
 * (each result's `money` flag and `rule`, the EN 16931 rule id, tell the kinds apart).
 */
export * from './result'
export * from './money'
export * from './bankAccount'
export * from './context'
export * from './documentChecks'
export * from './duplicates'
export * from './en16931'
export * from './extraction'
export * from './exchangeRate'
export * from './counterparty'
export * from './taxRate'
export * from './vatId'
export * from './run'
export * from './wording'
export * from './acknowledgement'
