/** What other features may use of the app feature (the only file they import from it). */
export { default as CopyLinkButton } from './CopyLinkButton.svelte'
export { setLinkOpener, type LinkOpener } from './openLinks'
