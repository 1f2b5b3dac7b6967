/**
 * The agenda each row of the *All agendas* queue names. The list answers the agenda of every
 * listed id (`agendaIds`, beside `ids`); the sidebar's agendas give their names. Pure
 * functions, so the row only looks a name up.
 */

/** The names of `agendas` by id, looked up once per change of the agendas, not per row. */
export function agendaNamesById(agendas: readonly { id: number; name: string }[]): ReadonlyMap<number, string> {
  return new Map(agendas.map((agenda) => [agenda.id, agenda.name]))
}

/**
 * The agenda a row names: the name of agenda `agendaId`, or `unnamed(agendaId)` for one the
 * account's list does not hold (yet: created offline, or renamed away), so the row never
 * shows a bare id. Null when the list says no agenda for the row (one agenda is shown, and
 * the row names none).
 */
export function rowAgendaName(
  agendaId: number | undefined,
  names: ReadonlyMap<number, string>,
  unnamed: (agendaId: number) => string,
): string | null {
  if (agendaId === undefined) return null
  return names.get(agendaId) ?? unnamed(agendaId)
}

/**
 * The agenda of each listed id, at the same positions as `ids` (as main answers them), for
 * the list to keep beside its ids: a row finds its agenda through its position, which the list
 * looks up anyway (no second lookup of 14,000 ids per view). Null when the list names no
 * agendas (one agenda shown) or the two do not line up (an answer main should never give:
 * naming a wrong agenda is worse than naming none).
 */
export function listedAgendaIds(
  ids: readonly number[],
  agendaIds: readonly number[] | undefined,
): readonly number[] | null {
  return agendaIds && agendaIds.length === ids.length ? agendaIds : null
}
