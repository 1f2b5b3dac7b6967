/** What the shell may use of the triage feature (the screen: no other feature imports it). */
export { default as TriageView } from './TriageView.svelte'
export { triageCommands } from './triageCommands'
