/** What other features may use of the documents feature (the only file they import from it). */
export { default as DocumentPane } from './DocumentPane.svelte'
export type { DocumentSource } from './documentSource'
export type { CheckAnswer } from './checkAnswer'
export { neighboursOf } from './documentCache'
export { previewState, resetZoom, zoomBy } from './previewState.svelte'
export { stateLabel } from './stateLabel'
export { fieldLabel, repairDescription, valueText } from './correctionText'
export { announceSettledCorrections } from './settledCorrections'
