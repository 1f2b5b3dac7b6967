import { describe, expect, it } from 'vitest'
import { DesktopPreferencesStore, type KeyValueStore } from './preferences'

function memoryStore(initial: Record<string, unknown> = {}): KeyValueStore & { data: Record<string, unknown> } {
  const data = { ...initial }
  return { data, get: (key) => data[key], set: (key, value) => void (data[key] = value) }
}

describe('desktop preferences', () => {
  it('defaults to update checks and every notification on', () => {
    expect(new DesktopPreferencesStore(memoryStore()).read()).toEqual({
      updateChecks: true,
      notifications: { repairFinished: true, uploadsProcessed: true, actionsFailed: true, signInNeeded: true },
    })
  })

  it('stores a change and merges notification kinds', () => {
    const store = memoryStore()
    const preferences = new DesktopPreferencesStore(store)
    preferences.update({ notifications: { uploadsProcessed: false } })
    preferences.updateSettings().setChecksEnabled(false)
    const reread = new DesktopPreferencesStore(store)
    expect(reread.notificationEnabled('uploadsProcessed')).toBe(false)
    expect(reread.notificationEnabled('repairFinished')).toBe(true)
    expect(reread.updateSettings().checksEnabled()).toBe(false)
  })

  it('falls back to the default field by field for a damaged file', () => {
    const preferences = new DesktopPreferencesStore(
      memoryStore({ preferences: { updateChecks: 'no', notifications: { actionsFailed: false, signInNeeded: 3 } } }),
    )
    expect(preferences.read()).toEqual({
      updateChecks: true,
      notifications: { repairFinished: true, uploadsProcessed: true, actionsFailed: false, signInNeeded: true },
    })
  })
})
