import { describe, expect, it, vi } from 'vitest'
import { EventBus } from '../eventBus'
import type { AppServices } from '../index'
import { createDesktop, type DesktopHost } from './index'
import { DesktopPreferencesStore } from './preferences'

function setup(stored: Record<string, unknown> = {}) {
  const data: Record<string, unknown> = { ...stored }
  const preferences = new DesktopPreferencesStore({ get: (k) => data[k], set: (k, v) => void (data[k] = v) })
  const setEnabled = vi.fn()
  const services = {
    handlers: {},
    bus: new EventBus(() => undefined),
    session: { setCacheCap: async () => undefined, get: () => ({}) } as unknown as AppServices['session'],
    referenceRates: { setEnabled, status: vi.fn(), update: vi.fn() },
  }
  const host: DesktopHost = {
    clipboard: { writeText: () => undefined },
    updater: {
      state: () => ({ status: 'idle', lastCheckAt: null }),
      checkNow: async () => ({ status: 'idle', lastCheckAt: null }),
      restartToUpdate: () => false,
      setChecksEnabled: () => undefined,
    },
    preferences,
    logs: { dir: '/nonexistent', open: async () => undefined },
    notify: () => undefined,
    runtime: { os: { platform: 'linux', release: '6', arch: 'x64' } },
    language: 'en',
  }
  return { desktop: createDesktop(services, host), setEnabled }
}

describe('the desktop integration', () => {
  it('gives the reference-rate preference to the services at start and on every change', async () => {
    const { desktop, setEnabled } = setup()
    expect(setEnabled).toHaveBeenLastCalledWith(true)
    await desktop.handlers['app.setPreferences']({ referenceRateUpdates: false }, { senderUrl: 'app://test' })
    expect(setEnabled).toHaveBeenLastCalledWith(false)
  })

  it('starts with the updates off when the user turned them off before', () => {
    const { setEnabled } = setup({ preferences: { referenceRateUpdates: false } })
    expect(setEnabled).toHaveBeenCalledWith(false)
    expect(setEnabled).not.toHaveBeenCalledWith(true)
  })
})
