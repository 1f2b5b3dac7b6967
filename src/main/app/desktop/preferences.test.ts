import { describe, expect, it } from 'vitest'
import { desktopPreferencesSchema } from '../../../shared/ipc'
import { DEFAULT_PREFERENCES, DesktopPreferencesStore, parseStoredPreferences, type KeyValueStore } from './preferences'

function memoryStore(initial: Record<string, unknown> = {}): KeyValueStore & { data: Record<string, unknown> } {
  const data = { ...initial }
  return { data, get: (key) => data[key], set: (key, value) => void (data[key] = value) }
}

describe('desktop preferences', () => {
  it('defaults to update checks and notifications on, the system theme, language and formats, 500 MB', () => {
    const read = new DesktopPreferencesStore(memoryStore()).read()
    expect(read).toEqual(DEFAULT_PREFERENCES)
    expect(read).toMatchObject({
      updateChecks: true,
      notifications: { repairFinished: true, uploadsProcessed: true, actionsFailed: true, signInNeeded: true },
      theme: 'system',
      language: 'system',
      openNextAfterAction: true,
      cacheCapMb: 500,
      signInMethod: 'window',
      dateFormat: 'system',
      numberFormat: 'system',
      referenceRateUpdates: true,
    })
    expect(() => desktopPreferencesSchema.parse(read)).not.toThrow()
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

  it('changes only the fields given and keeps the others', () => {
    const store = memoryStore()
    const preferences = new DesktopPreferencesStore(store)
    preferences.update({ theme: 'dark', cacheCapMb: 1000 })
    const after = preferences.update({ language: 'cs', dateFormat: 'iso', theme: undefined })
    expect(after).toMatchObject({ theme: 'dark', language: 'cs', dateFormat: 'iso', cacheCapMb: 1000 })
    expect(new DesktopPreferencesStore(store).cacheCapBytes()).toBe(1000 * 1024 * 1024)
  })

  it('falls back to the default field by field for a damaged file', () => {
    const preferences = new DesktopPreferencesStore(
      memoryStore({
        preferences: {
          updateChecks: 'no',
          notifications: { actionsFailed: false, signInNeeded: 3 },
          theme: 'purple',
          language: 'de',
          openNextAfterAction: false,
          cacheCapMb: -5,
          signInMethod: 'carrier-pigeon',
          dateFormat: 'yyyy',
          numberFormat: 'point',
        },
      }),
    )
    expect(preferences.read()).toEqual({
      ...DEFAULT_PREFERENCES,
      notifications: { repairFinished: true, uploadsProcessed: true, actionsFailed: false, signInNeeded: true },
      openNextAfterAction: false,
      numberFormat: 'point',
    })
  })

  it('reads a file of an older version (update checks and notifications only) with the new fields at their defaults', () => {
    const older = { updateChecks: false, notifications: { repairFinished: false } }
    expect(parseStoredPreferences(older)).toEqual({
      ...DEFAULT_PREFERENCES,
      updateChecks: false,
      notifications: { ...DEFAULT_PREFERENCES.notifications, repairFinished: false },
    })
  })

  it('keeps the reference-rate updates off once turned off, and reads a damaged value as on', () => {
    const store = memoryStore()
    new DesktopPreferencesStore(store).update({ referenceRateUpdates: false })
    expect(new DesktopPreferencesStore(store).read().referenceRateUpdates).toBe(false)
    expect(parseStoredPreferences({ referenceRateUpdates: 'off' }).referenceRateUpdates).toBe(true)
  })

  it('reads anything that is not an object as nothing stored', () => {
    for (const raw of [null, undefined, 'dark', 42, ['theme', 'dark']])
      expect(parseStoredPreferences(raw)).toEqual(DEFAULT_PREFERENCES)
  })

  it('refuses a cap outside 50 MB to 100,000 MB or not a whole number, keeping the default', () => {
    for (const cacheCapMb of [0, 49, 100_001, 250.5, Number.NaN, '500'])
      expect(parseStoredPreferences({ cacheCapMb }).cacheCapMb).toBe(500)
    expect(parseStoredPreferences({ cacheCapMb: 50 }).cacheCapMb).toBe(50)
  })
})
