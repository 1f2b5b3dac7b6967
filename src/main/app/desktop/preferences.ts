import { z } from 'zod'
import type { DesktopPreferences, DesktopPreferencesPatch, NotificationKind } from '../../../shared/ipc'

/**
 * The preferences of the desktop shell: automatic update checks and which notifications
 * are shown. Kept in a small key-value store (electron-store's `desktop.json` in the user
 * data folder in the app and the harness, an object in tests). What is read back is parsed: a hand-edited or
 * older file falls back to the defaults field by field instead of failing.
 */

const on = z.boolean().catch(true)

/** The stored form: every field defaults to on, so a damaged field falls back alone. */
const storedPreferencesSchema = z.object({
  /** Check the update feed at start and every 6 hours. */
  updateChecks: on,
  /** Per kind: show the notification. */
  notifications: z
    .object({ repairFinished: on, uploadsProcessed: on, actionsFailed: on, signInNeeded: on })
    .catch({ repairFinished: true, uploadsProcessed: true, actionsFailed: true, signInNeeded: true }),
})

/** The store the preferences live in: electron-store's `get`/`set` fit it. */
export interface KeyValueStore {
  get(key: string): unknown
  set(key: string, value: unknown): void
}

const KEY = 'preferences'

/** Reads, changes and serves the preferences; every change is written at once. */
export class DesktopPreferencesStore {
  constructor(private readonly store: KeyValueStore) {}

  /** The current preferences, defaults filled in. */
  read(): DesktopPreferences {
    const raw = this.store.get(KEY)
    return storedPreferencesSchema.parse(typeof raw === 'object' && raw !== null ? raw : {})
  }

  /** Applies `patch` (notifications merged kind by kind) and answers the result. */
  update(patch: DesktopPreferencesPatch): DesktopPreferences {
    const current = this.read()
    const next = storedPreferencesSchema.parse({
      updateChecks: patch.updateChecks ?? current.updateChecks,
      notifications: { ...current.notifications, ...patch.notifications },
    })
    this.store.set(KEY, next)
    return next
  }

  /** True when notifications of `kind` are to be shown. */
  notificationEnabled(kind: NotificationKind): boolean {
    return this.read().notifications[kind]
  }

  /** The update-check preference in the shape the updater takes (its `UpdateSettings`). */
  updateSettings(): { checksEnabled(): boolean; setChecksEnabled(enabled: boolean): void } {
    return {
      checksEnabled: () => this.read().updateChecks,
      setChecksEnabled: (enabled) => void this.update({ updateChecks: enabled }),
    }
  }
}
