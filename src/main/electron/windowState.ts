import type { BrowserWindow, Display, Rectangle, Screen } from 'electron'
import { z } from 'zod'
import type { KeyValueStore } from '../app/desktop/preferences'

/**
 * Remembers the main window's size, position and maximized state per display, the way a
 * laptop used alone and docked to a monitor wants two different windows. A display is known
 * by its id and bounds, so a changed resolution counts as another display. A saved state is
 * restored only while its display is connected and the saved window would still be visible
 * there (enough of it, title bar included, inside the display's work area); otherwise the
 * window opens at its default size, centred by the OS.
 */

const rectangle = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number().positive(),
  height: z.number().positive(),
})
const savedSchema = z.object({ bounds: rectangle, maximized: z.boolean(), savedAt: z.string() })
const fileSchema = z.object({ last: z.string().nullable(), displays: z.record(z.string(), savedSchema) })
type WindowStateFile = z.infer<typeof fileSchema>

/** What the window is created with. */
export interface WindowPlacement {
  bounds: Rectangle
  maximized: boolean
}

/** The parts of Electron's `screen` used. */
export type WindowScreen = Pick<Screen, 'getAllDisplays' | 'getDisplayMatching'>

/** The parts of a BrowserWindow tracked. */
export type TrackedWindow = Pick<
  BrowserWindow,
  'getNormalBounds' | 'isMaximized' | 'isFullScreen' | 'on' | 'removeListener'
>

/** How much of a restored window must lie in a display's work area, in px (a grabbable title bar). */
export const MIN_VISIBLE_WIDTH = 120
export const MIN_VISIBLE_HEIGHT = 40
/** Moves and resizes are saved once they pause this long, in ms. */
export const SAVE_DELAY_MS = 500

const KEY = 'windowState'

/** The key a display's saved state is stored under: its id and bounds. */
export function displayKey(display: Pick<Display, 'id' | 'bounds'>): string {
  const { x, y, width, height } = display.bounds
  return `${display.id}@${x},${y},${width}x${height}`
}

/**
 * True when enough of `bounds` lies in the work area of one of `displays`: at least
 * {@link MIN_VISIBLE_WIDTH} x {@link MIN_VISIBLE_HEIGHT} px, with the window's top edge inside it.
 */
export function isVisibleOn(bounds: Rectangle, displays: readonly Pick<Display, 'workArea'>[]): boolean {
  return displays.some(({ workArea: area }) => {
    const width = Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x)
    const height = Math.min(bounds.y + bounds.height, area.y + area.height) - Math.max(bounds.y, area.y)
    const topInside = bounds.y >= area.y && bounds.y < area.y + area.height
    return width >= MIN_VISIBLE_WIDTH && height >= MIN_VISIBLE_HEIGHT && topInside
  })
}

/**
 * The placement to create the main window with, or null for the default one: the state of
 * the display the window was last on when that display is connected, else the most recently
 * saved state of any connected display; either only when it is still visible.
 */
export function restoreWindowState(store: KeyValueStore, screen: WindowScreen): WindowPlacement | null {
  const file = readFile(store)
  const displays = screen.getAllDisplays()
  const connected = new Set(displays.map(displayKey))
  const candidates = Object.entries(file.displays)
    .filter(([key]) => connected.has(key))
    .sort(([a, x], [b, y]) => Number(b === file.last) - Number(a === file.last) || y.savedAt.localeCompare(x.savedAt))
  const saved = candidates[0]?.[1]
  if (!saved || !isVisibleOn(saved.bounds, displays)) return null
  return { bounds: saved.bounds, maximized: saved.maximized }
}

export interface WindowStateDeps {
  store: KeyValueStore
  screen: WindowScreen
  now?: () => Date
  timers?: { setTimeout(callback: () => void, ms: number): unknown; clearTimeout(handle: unknown): void }
}

/**
 * Saves the window's state under its display whenever it is moved, resized, maximized or
 * restored (moves and resizes once they pause) and when it closes. The size saved is the
 * normal (unmaximized) one, so un-maximizing a restored window gives the user's size back.
 * Returns a function that stops tracking.
 */
export function trackWindowState(window: TrackedWindow, deps: WindowStateDeps): () => void {
  const now = deps.now ?? (() => new Date())
  const timers = deps.timers ?? {
    setTimeout: (f, ms) => setTimeout(f, ms),
    clearTimeout: (h) => clearTimeout(h as never),
  }
  let pending: unknown = null

  const save = (): void => {
    cancel()
    const bounds = window.getNormalBounds()
    const key = displayKey(deps.screen.getDisplayMatching(bounds))
    const file = readFile(deps.store)
    const maximized = window.isMaximized() || window.isFullScreen()
    file.displays[key] = { bounds, maximized, savedAt: now().toISOString() }
    deps.store.set(KEY, { last: key, displays: file.displays } satisfies WindowStateFile)
  }
  const cancel = (): void => {
    if (pending !== null) timers.clearTimeout(pending)
    pending = null
  }
  const saveLater = (): void => {
    cancel()
    pending = timers.setTimeout(save, SAVE_DELAY_MS)
  }

  const listeners = [
    ['resize', saveLater],
    ['move', saveLater],
    ['maximize', save],
    ['unmaximize', save],
    ['close', save],
  ] as const
  for (const [event, listener] of listeners) window.on(event as 'close', listener)
  return () => {
    cancel()
    for (const [event, listener] of listeners) window.removeListener(event as 'close', listener)
  }
}

function readFile(store: KeyValueStore): WindowStateFile {
  const parsed = fileSchema.safeParse(store.get(KEY))
  return parsed.success ? parsed.data : { last: null, displays: {} }
}
