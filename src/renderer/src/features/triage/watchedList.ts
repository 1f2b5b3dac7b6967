import type { WatchedList } from '../../../../shared/ipc'

/** The list a screen holds of a live query: the ids in order, their agendas (All agendas) and the token main named it by. */
export interface HeldList {
  ids: readonly number[]
  /** As main answered them beside `ids` (All agendas), or undefined. */
  agendaIds: readonly number[] | undefined
  token: string
}

/**
 * What a view's list (`documents.watch`, `documents.view`) makes of the list the screen holds:
 * - `replace`: the view carries the whole list (ids, and agendas on All agendas): hold it;
 * - `keep`: the view left the ids out, naming the very list held (its token): keep it, the
 *   array itself, so nothing indexes 14,000 ids again;
 * - `restate`: the view left the ids out but names a list the screen does not hold (a view it
 *   dropped carried it, or it holds none any more): the screen must state itself again without
 *   a token, which main answers with the whole list. Never a wrong list kept.
 */
export function heldListAfter(
  held: HeldList | null,
  list: WatchedList,
): { kind: 'replace'; list: HeldList } | { kind: 'keep' } | { kind: 'restate' } {
  if (list.ids !== undefined)
    return { kind: 'replace', list: { ids: list.ids, agendaIds: list.agendaIds, token: list.token } }
  return held !== null && held.token === list.token ? { kind: 'keep' } : { kind: 'restate' }
}
