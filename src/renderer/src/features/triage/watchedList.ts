import { dequal } from 'dequal'
import type { DocumentRow, WatchedList } from '../../../../shared/ipc'

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

/**
 * The rows of a view's window by id, each the very object held when equal by value, and the
 * held map itself when it holds exactly these rows, all unchanged. Main answers every
 * statement (each `j`) with the window's rows as new objects: kept, the list neither draws its
 * rows again nor re-runs what reads them while the next key is handled (bench B4).
 */
export function keepUnchangedRows(
  held: ReadonlyMap<number, DocumentRow>,
  rows: readonly DocumentRow[],
): ReadonlyMap<number, DocumentRow> {
  let same = rows.length === held.size
  const kept = new Map<number, DocumentRow>()
  for (const row of rows) {
    const before = held.get(row.id)
    if (before !== undefined && dequal(before, row)) kept.set(row.id, before)
    else {
      kept.set(row.id, row)
      same = false
    }
  }
  return same && kept.size === held.size ? held : kept
}

/**
 * The sidebar's agendas of a view, as the very array held when equal by value. Main answers
 * every statement (each `j`) with the agendas as new objects: replaced, the sidebar's 200 rows,
 * the agenda names of All agendas' rows and the count across agendas were worked out again on
 * each key, in the key's frame (bench B13). Kept, nothing that reads them runs again.
 */
export function keepUnchangedAgendas<T>(held: T[], agendas: T[]): T[] {
  return held.length === agendas.length && dequal(held, agendas) ? held : agendas
}

/**
 * What a view's agendas (`documents.watch`, `documents.view`) make of the sidebar's agendas the
 * screen holds (`held`, named by main's `token`, or null when main never named them: read by
 * `agendas.list`, none yet), as {@link heldListAfter} does for the list:
 * - `replace`: the view carries the agendas: hold them and their token, as the very array held
 *   when equal by value ({@link keepUnchangedAgendas});
 * - `keep`: the view left them out, naming those held: keep the array itself;
 * - `restate`: the view left them out naming agendas the screen does not hold (a view it
 *   dropped carried them): the screen must state itself again without a token, which main
 *   answers with the agendas. Never a wrong sidebar kept.
 */
export function heldAgendasAfter<T>(
  held: T[],
  token: string | null,
  view: { agendas?: T[] | undefined; agendasToken: string },
): { kind: 'replace'; agendas: T[]; token: string } | { kind: 'keep' } | { kind: 'restate' } {
  if (view.agendas !== undefined)
    return { kind: 'replace', agendas: keepUnchangedAgendas(held, view.agendas), token: view.agendasToken }
  return token !== null && token === view.agendasToken ? { kind: 'keep' } : { kind: 'restate' }
}
