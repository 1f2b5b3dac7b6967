/**
 * The widths of the review screen's panes (agenda list, inbox, invoice, data), as pure
 * functions: which size bucket a window falls in, the default widths for a bucket, and how
 * remembered widths are fitted into the room there is. All widths are CSS pixels.
 *
 * The invoice pane takes whatever the other panes leave, so it is never stored: a layout is
 * the inbox's and the data pane's widths plus whether the agenda list is shown.
 */

/** Windows narrower than 1280 px, up to 1679 px, and wider: each remembers its own widths. */
export type SizeBucket = 'narrow' | 'medium' | 'wide'

/** What a bucket remembers. */
export interface PaneSizes {
  /** Width of the inbox pane (px). */
  inbox: number
  /** Width of the data pane (px). */
  data: number
  /** Whether the agenda list is shown left of the inbox. */
  agendas: boolean
  /**
   * The data pane's share of the document's height when it is under the invoice (a narrow
   * window), 0.2 to 0.7; absent in layouts stored before it existed (then the default).
   */
  dataBelowShare?: number
}

/** Limits the dividers respect: no pane is dragged narrower than its minimum. */
export const PANE_LIMITS = {
  inboxMin: 260,
  inboxMax: 900,
  dataMin: 260,
  dataMax: 720,
  /** The invoice must stay readable: the dividers never leave it less than this. */
  invoiceMin: 360,
  /** Width of one divider (px). */
  divider: 6,
  /** Width of the agenda list when shown (px). */
  agendas: 154,
  /** The data pane's share of the height under the invoice: default, least and most. */
  dataBelowShare: 0.42,
  dataBelowShareMin: 0.2,
  dataBelowShareMax: 0.7,
} as const

/** The bucket of a window `width` px wide. */
export function sizeBucket(width: number): SizeBucket {
  if (width < 1280) return 'narrow'
  if (width < 1680) return 'medium'
  return 'wide'
}

const clamp = (value: number, min: number, max: number): number => Math.round(Math.min(max, Math.max(min, value)))

/**
 * The room the three panes share in a window `windowWidth` px wide: the window less the
 * agenda list (when shown) and the two dividers.
 */
export function paneRoom(windowWidth: number, agendas: boolean): number {
  return windowWidth - (agendas ? PANE_LIMITS.agendas : 0) - 2 * PANE_LIMITS.divider
}

/**
 * Whether the data pane goes under the invoice instead of beside it: in a window narrower
 * than 1280 px, side by side, the invoice would be drawn too small to read (an A4 page needs
 * about 670 CSS px for 8 pt text to be 9 px tall).
 */
export function dataBelow(windowWidth: number): boolean {
  return sizeBucket(windowWidth) === 'narrow'
}

/**
 * The widths a window `windowWidth` px wide starts with: the agenda list from 1280 px up,
 * the inbox about 28 % of the room (the data pane under the invoice below 1280 px). From
 * 1280 px up to 1679 px the inbox takes about 20.5 % and the data pane 23 %, so the invoice
 * gets 720 px of a 1440 px window: an A4 page drawn 670 px wide (what is left after the
 * scrollbar and the padding) shows 8 pt text 9 px tall. Wider windows give the inbox 28 % and
 * the data pane 23 %.
 */
export function defaultSizes(windowWidth: number): PaneSizes {
  const bucket = sizeBucket(windowWidth)
  const agendas = bucket !== 'narrow'
  const room = paneRoom(windowWidth, agendas)
  return {
    agendas,
    inbox: clamp(room * (bucket === 'medium' ? 0.205 : 0.28), PANE_LIMITS.inboxMin, 600),
    data: clamp(room * 0.23, 280, 440),
  }
}

/**
 * Fits remembered widths into a window: the inbox (unless `inboxShown` is false, as in focus
 * mode) and the data pane keep their widths while the invoice keeps at least
 * `PANE_LIMITS.invoiceMin`; when it would not, the data pane gives way first, then the inbox,
 * each down to its minimum. Returns the widths to draw (the invoice's included). When the
 * data pane is under the invoice (`dataBeside` false, see {@link dataBelow}) it takes no
 * width of its own: `data` is 0 and the invoice has the room its divider had too.
 */
export function fitSizes(
  sizes: PaneSizes,
  windowWidth: number,
  inboxShown = true,
  dataBeside = true,
): { inbox: number; data: number; invoice: number } {
  const room =
    paneRoom(windowWidth, sizes.agendas && inboxShown) +
    (inboxShown ? 0 : PANE_LIMITS.divider) +
    (dataBeside ? 0 : PANE_LIMITS.divider)
  let inbox = inboxShown ? clamp(sizes.inbox, PANE_LIMITS.inboxMin, PANE_LIMITS.inboxMax) : 0
  let data = dataBeside ? clamp(sizes.data, PANE_LIMITS.dataMin, PANE_LIMITS.dataMax) : 0
  let over = inbox + data + PANE_LIMITS.invoiceMin - room
  if (over > 0 && dataBeside) {
    const fromData = Math.min(over, data - PANE_LIMITS.dataMin)
    data -= fromData
    over -= fromData
  }
  if (over > 0 && inboxShown) inbox -= Math.min(over, inbox - PANE_LIMITS.inboxMin)
  return { inbox, data, invoice: Math.max(0, room - inbox - data) }
}

/** The data pane's share of the height under the invoice, kept within its limits (default when absent). */
export function dataBelowShare(sizes: PaneSizes): number {
  const share = sizes.dataBelowShare ?? PANE_LIMITS.dataBelowShare
  return Math.min(PANE_LIMITS.dataBelowShareMax, Math.max(PANE_LIMITS.dataBelowShareMin, share))
}

/** Remembered widths read back from storage, or null when `raw` is not a valid layout. */
export function parseSizes(raw: unknown): PaneSizes | null {
  if (typeof raw !== 'object' || raw === null) return null
  const { inbox, data, agendas, dataBelowShare: share } = raw as Record<string, unknown>
  const width = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0 && v < 5000
  if (!width(inbox) || !width(data) || typeof agendas !== 'boolean') return null
  const sizes: PaneSizes = { inbox: Math.round(inbox), data: Math.round(data), agendas }
  if (typeof share === 'number' && Number.isFinite(share) && share > 0 && share < 1) sizes.dataBelowShare = share
  return sizes
}
