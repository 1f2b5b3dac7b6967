import { describe, expect, it, vi } from 'vitest'
import type { NativeImage } from 'electron'
import { silentLogger } from '../logging/logger'
import { BADGE_DOT_PNG, countNotReady, createBadge } from './badge'

const image = { isEmpty: () => false } as unknown as NativeImage

describe('badge', () => {
  it('counts Not ready documents only', () => {
    expect(countNotReady(['not_ready', 'ready', 'not_ready', 'repairing', 'exported'])).toBe(2)
    expect(countNotReady([])).toBe(0)
  })

  it('sets the dock count on macOS and the launcher count on Linux; 0 clears it', () => {
    for (const platform of ['darwin', 'linux'] as const) {
      const app = { setBadgeCount: vi.fn(() => true) }
      const badge = createBadge({ app, platform, log: silentLogger })
      badge.show(3)
      badge.show(0)
      badge.show(-2)
      badge.show(2.7)
      expect(app.setBadgeCount.mock.calls).toEqual([[3], [0], [0], [2]])
    }
  })

  it('says once, at debug level, that a Linux desktop shows no count', () => {
    const log = { ...silentLogger, debug: vi.fn() }
    const badge = createBadge({ app: { setBadgeCount: () => false }, platform: 'linux', log })
    badge.show(1)
    badge.show(2)
    expect(log.debug).toHaveBeenCalledTimes(1)
  })

  it('on Windows puts a dot overlay on the taskbar button, with the count in its description', () => {
    const app = { setBadgeCount: vi.fn(() => true) }
    const window = { setOverlayIcon: vi.fn(), isDestroyed: () => false }
    const badge = createBadge({
      app,
      platform: 'win32',
      windowsOverlay: { getWindow: () => window, image },
      log: silentLogger,
    })
    badge.show(1)
    badge.show(4)
    badge.show(0)
    expect(window.setOverlayIcon.mock.calls).toEqual([
      [image, '1 document not ready'],
      [image, '4 documents not ready'],
      [null, ''],
    ])
    expect(app.setBadgeCount).not.toHaveBeenCalled()
  })

  it('on Windows does nothing without a window or an image', () => {
    const badge = createBadge({ app: { setBadgeCount: vi.fn() }, platform: 'win32', log: silentLogger })
    expect(() => badge.show(2)).not.toThrow()
    const closed = { setOverlayIcon: vi.fn(), isDestroyed: () => true }
    createBadge({
      app: { setBadgeCount: vi.fn() },
      platform: 'win32',
      windowsOverlay: { getWindow: () => closed, image },
      log: silentLogger,
    }).show(2)
    expect(closed.setOverlayIcon).not.toHaveBeenCalled()
  })

  it('ships a valid PNG for the overlay', () => {
    const bytes = Buffer.from(BADGE_DOT_PNG.split(',')[1]!, 'base64')
    expect([...bytes.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10])
    expect(bytes.readUInt32BE(16)).toBe(16)
  })
})
