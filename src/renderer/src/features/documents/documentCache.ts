/**
 * Which documents next to the open one are loaded ahead with the view of the triage screen
 * (`documents.watch` names them; main answers them with the open one), so that `j` / `k` show
 * the next document at once instead of after an IPC round trip (bench B4).
 */

/**
 * How many documents are loaded ahead in the direction of travel. A view takes one IPC round
 * trip, and its newest document one read of main (its checks: tens of ms, hundreds on a busy
 * machine or across 200 agendas); a quick reviewer presses `j` every 35 ms or so. With three
 * ahead, the next document had been asked for three keys (about 100 ms) earlier and was still
 * on its way whenever one read took longer (bench B4's and B13's slowest presses). Main keeps
 * the documents it read while the store is unchanged, so a step reads only the one that came
 * into the watched ones: six ahead cost no more per key than three and give the read six
 * keys' time. Stepping on costs one call per key (the view stated again).
 */
const AHEAD = 6

/**
 * The ids to load ahead around `index` of `ids` (the list as shown) after a move by `delta`
 * rows: the next {@link AHEAD} in the direction of the move and one the other way.
 */
export function neighboursOf(ids: readonly number[], index: number, delta: number): number[] {
  const step = delta < 0 ? -1 : 1
  const out: number[] = []
  const offsets = Array.from({ length: AHEAD }, (_, i) => (i + 1) * step)
  for (const offset of [...offsets, -step]) {
    const id = ids[index + offset]
    if (id !== undefined) out.push(id)
  }
  return out
}
