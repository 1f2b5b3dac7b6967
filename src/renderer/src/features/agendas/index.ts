/** What other features may use of the agendas feature (the only file they import from it). */
export { default as AgendaSidebar } from './AgendaSidebar.svelte'
export type { AgendaListSource } from './agendaList'
export { startAgendaId } from './startAgenda'
