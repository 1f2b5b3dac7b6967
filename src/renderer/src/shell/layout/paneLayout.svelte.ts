/**
 * The review screen's layout as shared state: the window's width, the remembered pane widths
 * of its size bucket (localStorage, one entry per bucket, so a laptop screen and an external
 * monitor each keep theirs), and focus mode, which hides the agenda list and the inbox while
 * a document is reviewed (the `\` key). Pure rules are in ./paneSizes.ts.
 */
import {
  dataBelow,
  dataBelowShare,
  defaultSizes,
  fitSizes,
  parseSizes,
  sizeBucket,
  type PaneSizes,
  type SizeBucket,
} from './paneSizes'

const storageKey = (bucket: SizeBucket): string => `docket.layout.${bucket}`

function readSizes(width: number): PaneSizes {
  try {
    const stored = parseSizes(JSON.parse(localStorage.getItem(storageKey(sizeBucket(width))) ?? 'null'))
    if (stored) return stored
  } catch {
    // Unreadable storage (private mode, a hand-edited value): start from the defaults.
  }
  return defaultSizes(width)
}

const initialWidth = typeof window === 'undefined' ? 1440 : window.innerWidth

/** The layout the panes draw; change it through the functions below so it is remembered. */
export const paneLayout = $state<{
  windowWidth: number
  bucket: SizeBucket
  sizes: PaneSizes
  /** The inbox and agenda list are hidden; the invoice and data panes take the room. */
  focusMode: boolean
}>({
  windowWidth: initialWidth,
  bucket: sizeBucket(initialWidth),
  sizes: readSizes(initialWidth),
  focusMode: false,
})

/**
 * The widths to draw now (px), fitted to the window, and whether the data pane is drawn under
 * the invoice (a narrow window; its `data` width is then 0).
 */
export function drawnSizes(): {
  inbox: number
  data: number
  invoice: number
  agendas: boolean
  dataBelow: boolean
  /** The data pane's share of the document's height when it is under the invoice. */
  dataBelowShare: number
} {
  const inboxShown = !paneLayout.focusMode
  const below = dataBelow(paneLayout.windowWidth)
  return {
    ...fitSizes(paneLayout.sizes, paneLayout.windowWidth, inboxShown, !below),
    agendas: inboxShown && paneLayout.sizes.agendas,
    dataBelow: below,
    dataBelowShare: dataBelowShare(paneLayout.sizes),
  }
}

function remember(): void {
  try {
    localStorage.setItem(storageKey(paneLayout.bucket), JSON.stringify(paneLayout.sizes))
  } catch {
    // Not remembered (storage full or blocked): the layout still applies to this session.
  }
}

/** Follows a window resize: a new bucket brings back the widths remembered for it. */
export function setWindowWidth(width: number): void {
  paneLayout.windowWidth = width
  const bucket = sizeBucket(width)
  if (bucket === paneLayout.bucket) return
  paneLayout.bucket = bucket
  paneLayout.sizes = readSizes(width)
}

/** Sets the inbox's width (px, clamped when drawn) and remembers it for this bucket. */
export function setInboxWidth(width: number): void {
  paneLayout.sizes = { ...paneLayout.sizes, inbox: Math.round(width) }
  remember()
}

/** Sets the data pane's width (px, clamped when drawn) and remembers it for this bucket. */
export function setDataWidth(width: number): void {
  paneLayout.sizes = { ...paneLayout.sizes, data: Math.round(width) }
  remember()
}

/** Sets the data pane's share of the height under the invoice (clamped when drawn) and remembers it. */
export function setDataBelowShare(share: number): void {
  paneLayout.sizes = { ...paneLayout.sizes, dataBelowShare: Math.round(share * 1000) / 1000 }
  remember()
}

/** Shows or hides the agenda list (remembered for this bucket); leaves focus mode when showing. */
export function toggleAgendaList(): void {
  const show = paneLayout.focusMode || !paneLayout.sizes.agendas
  paneLayout.focusMode = false
  paneLayout.sizes = { ...paneLayout.sizes, agendas: show }
  remember()
}

/** Enters or leaves focus mode (the `\` key). */
export function toggleFocusMode(): void {
  paneLayout.focusMode = !paneLayout.focusMode
}
