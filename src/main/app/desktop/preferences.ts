import { z } from 'zod'
import {
  cacheCapMbSchema,
  dateFormatSchema,
  DEFAULT_PREFERENCES,
  languageChoiceSchema,
  numberFormatSchema,
  signInMethodSchema,
  themeSchema,
  type DesktopPreferences,
  type DesktopPreferencesPatch,
  type NotificationKind,
} from '../../../shared/ipc'

export { DEFAULT_PREFERENCES }

/**
 * The application preferences (update checks, notifications, theme, language, *open next*,
 * cache cap, sign-in method, date and number formats, reference-rate updates). Kept in a small key-value store
 * (electron-store's `desktop.json` in the user data folder in the app and the harness, an
 * object in tests). What is read back is parsed: a hand-edited file, or one written by an
 * older version without the newer fields, falls back to the defaults field by field instead
 * of failing.
 */

/** One byte count per MB of the cap (binary megabytes, as file managers count). */
export const BYTES_PER_MB = 1024 * 1024

const on = z.boolean().catch(true)

/** The stored form: every field has its default, so a missing or damaged field falls back alone. */
export const storedPreferencesSchema = z.object({
  /** Check the update feed at start and every 6 hours. */
  updateChecks: on,
  /** Per kind: show the notification. */
  notifications: z
    .object({ repairFinished: on, uploadsProcessed: on, actionsFailed: on, signInNeeded: on })
    .catch({ ...DEFAULT_PREFERENCES.notifications }),
  theme: themeSchema.catch(DEFAULT_PREFERENCES.theme),
  language: languageChoiceSchema.catch(DEFAULT_PREFERENCES.language),
  openNextAfterAction: on,
  cacheCapMb: cacheCapMbSchema.catch(DEFAULT_PREFERENCES.cacheCapMb),
  signInMethod: signInMethodSchema.catch(DEFAULT_PREFERENCES.signInMethod),
  dateFormat: dateFormatSchema.catch(DEFAULT_PREFERENCES.dateFormat),
  numberFormat: numberFormatSchema.catch(DEFAULT_PREFERENCES.numberFormat),
  /** Fetch the ECB's reference rates during sync (the exchange-rate check). */
  referenceRateUpdates: on,
})

/** Parses what the store holds: anything that is not an object reads as "nothing stored yet". */
export function parseStoredPreferences(raw: unknown): DesktopPreferences {
  return storedPreferencesSchema.parse(typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {})
}

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
    return parseStoredPreferences(this.store.get(KEY))
  }

  /** Applies `patch` (fields given replace theirs; notifications merged kind by kind) and answers the result. */
  update(patch: DesktopPreferencesPatch): DesktopPreferences {
    const current = this.read()
    const { notifications, ...fields } = patch
    const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined))
    const next = storedPreferencesSchema.parse({
      ...current,
      ...defined,
      notifications: { ...current.notifications, ...notifications },
    })
    this.store.set(KEY, next)
    return next
  }

  /** True when notifications of `kind` are to be shown. */
  notificationEnabled(kind: NotificationKind): boolean {
    return this.read().notifications[kind]
  }

  /** The offline file cache's cap in bytes. */
  cacheCapBytes(): number {
    return this.read().cacheCapMb * BYTES_PER_MB
  }

  /** The update-check preference in the shape the updater takes (its `UpdateSettings`). */
  updateSettings(): { checksEnabled(): boolean; setChecksEnabled(enabled: boolean): void } {
    return {
      checksEnabled: () => this.read().updateChecks,
      setChecksEnabled: (enabled) => void this.update({ updateChecks: enabled }),
    }
  }
}
