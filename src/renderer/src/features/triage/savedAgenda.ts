/**
 * The agenda the workspace showed last, kept in the renderer's storage so the app opens where
 * the user left off. Storage may be unavailable (a locked-down profile): then nothing is kept.
 */
const AGENDA_KEY = 'docket.triage.agendaId'

/** The id of the agenda shown last, or null. */
export function savedAgendaId(): number | null {
  try {
    const raw = localStorage.getItem(AGENDA_KEY)
    return raw === null ? null : Number(raw)
  } catch {
    return null
  }
}

/** Remembers `agendaId` as the agenda shown last. */
export function saveAgendaId(agendaId: number): void {
  try {
    localStorage.setItem(AGENDA_KEY, String(agendaId))
  } catch {
    // Storage unavailable: the app opens on the first agenda next time.
  }
}
