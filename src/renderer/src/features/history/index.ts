/**
 * The history feature's public face: the activity list of the open document
 * (comments and the document's history in the account's store).
 */
export { default as HistoryList } from './HistoryList.svelte'
