/**
 * Which agenda the inbox opens on when none is chosen yet (the first sign-in, another
 * account, the agenda shown last gone): the one shown last if it is still listed, else the
 * one with the most documents to review (`counts.not_ready`), the first listed on a tie.
 * Null for an empty list.
 */
export function startAgendaId(
  agendas: readonly { id: number; counts: { not_ready: number } }[],
  savedId: number | null,
): number | null {
  const saved = agendas.find((agenda) => agenda.id === savedId)
  if (saved) return saved.id
  let best: (typeof agendas)[number] | null = null
  for (const agenda of agendas) if (!best || agenda.counts.not_ready > best.counts.not_ready) best = agenda
  return best?.id ?? null
}
