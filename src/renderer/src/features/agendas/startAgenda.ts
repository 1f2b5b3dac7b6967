import { ALL_AGENDAS, type AgendaScope } from '../../../../shared/ipc'

/**
 * Which agenda the inbox opens on when none is chosen yet (the first sign-in, another
 * account, the agenda shown last gone): the one shown last if it is still listed (the
 * *All agendas* queue, `all`, whenever the account has an agenda), else the
 * one with the most documents to review (`counts.not_ready`), the first listed on a tie.
 * Null for an empty list, and when several agendas are listed and none has anything to
 * review: nothing says which one the user wants, so the inbox asks ("Choose an agenda").
 * A single agenda is always opened.
 */
export function startAgendaId(
  agendas: readonly { id: number; counts: { not_ready: number } }[],
  savedId: AgendaScope | null,
): AgendaScope | null {
  if (savedId === ALL_AGENDAS) return agendas.length > 0 ? ALL_AGENDAS : null
  const saved = agendas.find((agenda) => agenda.id === savedId)
  if (saved) return saved.id
  if (agendas.length === 1) return agendas[0]!.id
  let best: (typeof agendas)[number] | null = null
  for (const agenda of agendas) if (agenda.counts.not_ready > (best?.counts.not_ready ?? 0)) best = agenda
  return best?.id ?? null
}
