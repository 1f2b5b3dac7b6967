/** What other features may use of the preferences feature (the only file they import from it). */
export { preferences, setPreferences } from './preferences.svelte'
