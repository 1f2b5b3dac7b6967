/** What other features may use of the sync feature (the only file they import from it). */
export { followSyncState, syncState } from './syncState.svelte'
