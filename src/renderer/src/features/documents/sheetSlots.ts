/**
 * The two sheets of the data pane (DataSheets.svelte): one shown, the other holding the next
 * document laid out ahead. These rules say which sheet shows what after a change; the
 * component applies them. A sheet's content is compared by identity (`same`): a document
 * loaded again is another object and is drawn again.
 */

/** What each of the two slots holds (null: nothing yet) and which one is shown. */
export interface SheetSlots<T> {
  slots: readonly [T | null, T | null]
  front: 0 | 1
}

/**
 * The slots once `shown` is the open document: unchanged when the shown sheet holds it; the
 * other sheet brought to the front when it holds it (a swap), unless `keepFront` (a control of
 * the shown sheet has the focus, which a swap would take away); else the shown sheet redrawn
 * with it in place.
 */
export function showInSheet<T>(
  state: SheetSlots<T>,
  shown: T,
  same: (a: T, b: T) => boolean,
  keepFront: boolean,
): SheetSlots<T> {
  const held = (slot: 0 | 1) => state.slots[slot] !== null && same(state.slots[slot], shown)
  if (held(state.front)) return state
  const back = state.front === 0 ? 1 : 0
  if (held(back) && !keepFront) return { slots: state.slots, front: back }
  return { slots: withSlot(state.slots, state.front, shown), front: state.front }
}

/**
 * The slots once `next` (the document a step opens next) is laid out ahead: in the sheet
 * that is not shown, never over the shown one; unchanged when either sheet holds it already.
 */
export function prepareInSheet<T>(state: SheetSlots<T>, next: T, same: (a: T, b: T) => boolean): SheetSlots<T> {
  if (state.slots.some((held) => held !== null && same(held, next))) return state
  const back = state.front === 0 ? 1 : 0
  return { slots: withSlot(state.slots, back, next), front: state.front }
}

function withSlot<T>(slots: readonly [T | null, T | null], index: 0 | 1, value: T): readonly [T | null, T | null] {
  return index === 0 ? [value, slots[1]] : [slots[0], value]
}

/**
 * The height (px) the sheets' area holds once the slots went from `before` to `after`, or
 * null when it follows the shown sheet. A swap holds the height the area had (`held`, or
 * the height of the sheet shown before) until the swap's frame is painted; the caller then
 * lets it go (null). Any other change keeps what was held. The area's height is the data
 * pane's scrolling length, and a scroller whose length changes is painted again whole, so a
 * step's own frame leaves it as it was. `heights` are the sheets' heights as laid out (px).
 */
export function heightHeldThrough<T>(
  before: SheetSlots<T>,
  after: SheetSlots<T>,
  heights: readonly [number, number],
  held: number | null,
): number | null {
  if (after.front === before.front) return held
  return held ?? heights[before.front]
}

/**
 * The sheets' area's height (px): the held one (see {@link heightHeldThrough}), else that of
 * the sheet in front (`front`, 0 or 1). Takes only the front, not the slots: the area's height
 * is worked out again when the shown sheet or a height changes, never because the sheet out of
 * sight was given the next document.
 */
export function areaHeight(front: 0 | 1, heights: readonly [number, number], held: number | null): number {
  return held ?? heights[front]
}
