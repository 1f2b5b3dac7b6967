/** What other features may use of the outbox feature (the only file they import from it). */
export { default as OutboxPanel } from './OutboxPanel.svelte'
export { openOutboxPanel, outboxPanel, setDocumentOpener } from './outboxPanel.svelte'
export { refusalOf, type Refusal, type RefusalReason } from './refusals'
