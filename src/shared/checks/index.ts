/** Pure checks of the checks panel (issue 6, item 3); used by main and the renderer. */
export * from './result'
export * from './money'
export * from './documentChecks'
