/** What other features may use of the comments feature (the only file they import from it). */
export { default as CommentsPanel } from './CommentsPanel.svelte'
export type { CommentsSource } from './commentsSource'
