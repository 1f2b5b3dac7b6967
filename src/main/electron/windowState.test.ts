import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import type { Rectangle } from 'electron'
import type { KeyValueStore } from '../app/desktop/preferences'
import {
  SAVE_DELAY_MS,
  displayKey,
  isVisibleOn,
  restoreWindowState,
  trackWindowState,
  type TrackedWindow,
  type WindowScreen,
} from './windowState'

const laptop = {
  id: 1,
  bounds: { x: 0, y: 0, width: 1440, height: 900 },
  workArea: { x: 0, y: 25, width: 1440, height: 875 },
}
const monitor = {
  id: 2,
  bounds: { x: 1440, y: 0, width: 2560, height: 1440 },
  workArea: { x: 1440, y: 0, width: 2560, height: 1400 },
}

function fakeScreen(displays: (typeof laptop)[]): WindowScreen {
  return {
    getAllDisplays: () => displays as never,
    // the display holding the window's top-left corner, else the first
    getDisplayMatching: (r: Rectangle) =>
      (displays.find((d) => r.x >= d.bounds.x && r.x < d.bounds.x + d.bounds.width) ?? displays[0]) as never,
  }
}

function memoryStore(): KeyValueStore & { data: Record<string, unknown> } {
  const data: Record<string, unknown> = {}
  return { data, get: (key) => data[key], set: (key, value) => void (data[key] = structuredClone(value)) }
}

class FakeWindow extends EventEmitter {
  bounds: Rectangle = { x: 100, y: 100, width: 1280, height: 820 }
  maximized = false
  getNormalBounds = () => this.bounds
  isMaximized = () => this.maximized
  isFullScreen = () => false
}

function fakeTimers() {
  const pending = new Map<number, () => void>()
  let next = 0
  return {
    pending,
    setTimeout: (callback: () => void, ms: number) => (
      expect(ms).toBe(SAVE_DELAY_MS),
      pending.set(++next, callback),
      next
    ),
    clearTimeout: (handle: unknown) => void pending.delete(handle as number),
    flush: () => [...pending.values()].forEach((f) => f()),
  }
}

let clock = 0
const now = () => new Date(Date.UTC(2026, 10, 3, 9, 0, clock++))

function track(window: FakeWindow, store: KeyValueStore, screen: WindowScreen) {
  const timers = fakeTimers()
  const stop = trackWindowState(window as unknown as TrackedWindow, { store, screen, now, timers })
  return { timers, stop }
}

describe('window state', () => {
  it('saves size, position and maximized on close, and restores them', () => {
    const store = memoryStore()
    const screen = fakeScreen([laptop])
    const window = new FakeWindow()
    track(window, store, screen)
    window.bounds = { x: 50, y: 60, width: 1200, height: 800 }
    window.maximized = true
    window.emit('close')
    expect(restoreWindowState(store, screen)).toEqual({
      bounds: { x: 50, y: 60, width: 1200, height: 800 },
      maximized: true,
    })
  })

  it('saves a move or resize once it pauses, and not after tracking stops', () => {
    const store = memoryStore()
    const screen = fakeScreen([laptop])
    const window = new FakeWindow()
    const { timers, stop } = track(window, store, screen)
    window.emit('move')
    window.emit('resize')
    expect(timers.pending.size).toBe(1)
    expect(store.data.windowState).toBeUndefined()
    timers.flush()
    expect(restoreWindowState(store, screen)?.bounds).toEqual(window.bounds)
    stop()
    window.bounds = { x: 300, y: 300, width: 1000, height: 700 }
    window.emit('close')
    expect(restoreWindowState(store, screen)?.bounds).toEqual({ x: 100, y: 100, width: 1280, height: 820 })
  })

  it('keeps one state per display and restores the one of the display last used, if connected', () => {
    const store = memoryStore()
    const docked = fakeScreen([laptop, monitor])
    const window = new FakeWindow()
    track(window, store, docked)
    window.emit('close') // on the laptop
    window.bounds = { x: 1600, y: 100, width: 2000, height: 1200 }
    window.emit('close') // on the monitor
    expect(restoreWindowState(store, docked)?.bounds).toEqual({ x: 1600, y: 100, width: 2000, height: 1200 })
    // undocked: the monitor's state is not used, the laptop's is
    expect(restoreWindowState(store, fakeScreen([laptop]))?.bounds).toEqual({
      x: 100,
      y: 100,
      width: 1280,
      height: 820,
    })
  })

  it('restores nothing when the saved window would not be visible', () => {
    const store = memoryStore()
    const window = new FakeWindow()
    track(window, store, fakeScreen([laptop]))
    window.bounds = { x: 1400, y: 100, width: 1280, height: 820 } // only 40 px on the laptop
    window.emit('close')
    expect(restoreWindowState(store, fakeScreen([laptop]))).toBeNull()
  })

  it('treats a display with other bounds (a new resolution) as another display', () => {
    const store = memoryStore()
    const window = new FakeWindow()
    track(window, store, fakeScreen([laptop]))
    window.emit('close')
    const rescaled = { ...laptop, bounds: { ...laptop.bounds, width: 1280 } }
    expect(displayKey(rescaled)).not.toBe(displayKey(laptop))
    expect(restoreWindowState(store, fakeScreen([rescaled]))).toBeNull()
  })

  it('ignores a damaged file', () => {
    const store = memoryStore()
    store.set('windowState', { last: 3, displays: { x: { bounds: 'big' } } })
    expect(restoreWindowState(store, fakeScreen([laptop]))).toBeNull()
  })

  it('counts a window visible only with its title bar inside a work area', () => {
    const areas = [laptop]
    expect(isVisibleOn({ x: 0, y: 25, width: 800, height: 600 }, areas)).toBe(true)
    expect(isVisibleOn({ x: 0, y: 0, width: 800, height: 600 }, areas)).toBe(false) // top under the menu bar
    expect(isVisibleOn({ x: -700, y: 100, width: 800, height: 600 }, areas)).toBe(false) // 100 px visible
    expect(isVisibleOn({ x: 5000, y: 100, width: 800, height: 600 }, areas)).toBe(false)
  })
})
