/** Pure checks of the document pane's checks panel; used by main and the renderer alike. */
export * from './result'
export * from './money'
export * from './documentChecks'
