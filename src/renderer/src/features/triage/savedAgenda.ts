/**
 * The agenda the workspace showed last, kept in the renderer's storage so the app opens where
 * the user left off: an agenda's id, or `all` for the *All agendas* queue (the literal string,
 * so that a script may open the queue by setting it before the app loads). Storage may be
 * unavailable (a locked-down profile): then nothing is kept.
 */
import { ALL_AGENDAS, type AgendaScope } from '../../../../shared/ipc'

const AGENDA_KEY = 'docket.triage.agendaId'

/**
 * What a stored value names: `all` is the All agendas queue, an integer an agenda (older
 * versions stored only ids, as decimal text); anything else (missing, cut, edited) is null.
 */
export function parseSavedAgenda(raw: string | null): AgendaScope | null {
  if (raw === null) return null
  const text = raw.trim()
  if (text === ALL_AGENDAS) return ALL_AGENDAS
  if (!/^-?\d{1,15}$/.test(text)) return null
  return Number(text)
}

/** The agenda (or All agendas) shown last, or null. */
export function savedAgendaId(): AgendaScope | null {
  try {
    return parseSavedAgenda(localStorage.getItem(AGENDA_KEY))
  } catch {
    return null
  }
}

/** Remembers `agendaId` (an agenda's id or `all`) as the one shown last. */
export function saveAgendaId(agendaId: AgendaScope): void {
  try {
    localStorage.setItem(AGENDA_KEY, String(agendaId))
  } catch {
    // Storage unavailable: the app opens on the first agenda next time.
  }
}
