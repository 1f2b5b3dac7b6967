/**
 * Which documents next to the open one are loaded ahead with the view of the triage screen
 * (`documents.watch` names them; main answers them with the open one), so that `j` / `k` show
 * the next document at once instead of after an IPC round trip (bench B4).
 */

/**
 * How many documents are loaded ahead in the direction of travel. A view takes one IPC round
 * trip (about 20 ms, more on a busy machine) and a quick reviewer presses `j` every 30 ms or so:
 * with two ahead, the next document had been asked for only one key earlier and was often still
 * on its way (bench B4's slowest presses); with three it was asked two keys earlier. Stepping
 * on costs one call per key (the view stated again).
 */
const AHEAD = 3

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
