/**
 * The preferences as the renderer reads them, live: `preferences.current` is what main keeps
 * (`app.preferences`), updated after every change made here (`setPreferences`) or elsewhere
 * (`app.preferencesChanged`). Applying them is immediate, without a restart: the theme goes
 * to `<html data-theme>` (app.css), the language and formats to `localeState` (lib/i18n),
 * and the rest is read where it matters (triage's *open next*, the sign-in method).
 *
 * A copy is kept in localStorage so the next start paints in the right theme and language
 * before main has answered; main's answer always wins.
 */
import {
  DEFAULT_PREFERENCES,
  desktopPreferencesSchema,
  type DesktopPreferences,
  type DesktopPreferencesPatch,
} from '../../../../shared/ipc'
import { docket } from '../../lib/docket'
import { localeState } from '../../lib/i18n'
import { chooseLocale, systemLocale } from '../../lib/i18n/localeChoice'
import { showError } from '../../lib/toasts.svelte'

const MIRROR_KEY = 'docket.preferences'
/** Where *open next after an action* lived before it became a preference (moved once, then removed). */
const LEGACY_OPEN_NEXT_KEY = 'docket.triage.openNextAfterAction'

function readMirror(): DesktopPreferences {
  try {
    const parsed = desktopPreferencesSchema.safeParse(JSON.parse(localStorage.getItem(MIRROR_KEY) ?? 'null'))
    return parsed.success ? parsed.data : DEFAULT_PREFERENCES
  } catch {
    return DEFAULT_PREFERENCES
  }
}

export const preferences = $state<{ current: DesktopPreferences; loaded: boolean }>({
  current: readMirror(),
  loaded: false,
})

/** Puts the preferences into effect: theme attribute, language and formatting locale. */
function apply(next: DesktopPreferences): void {
  preferences.current = next
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = next.theme
  const chosen = chooseLocale(systemLocale(), next)
  localeState.language = chosen.language
  localeState.locale = chosen.locale
  if (typeof document !== 'undefined') document.documentElement.lang = chosen.language
  try {
    localStorage.setItem(MIRROR_KEY, JSON.stringify(next))
  } catch {
    // no storage: the next start paints with the defaults until main answers
  }
}

/** The legacy *open next* choice, if one is still stored (removed once read). */
function takeLegacyOpenNext(): boolean | null {
  try {
    const value = localStorage.getItem(LEGACY_OPEN_NEXT_KEY)
    localStorage.removeItem(LEGACY_OPEN_NEXT_KEY)
    return value === null ? null : value !== 'false'
  } catch {
    return null
  }
}

/**
 * Loads the preferences from main, applies them and follows their changes; returns the
 * function that stops following. Called once at start (register.ts).
 */
export function startPreferences(): () => void {
  apply(preferences.current)
  let stopped = false
  docket()
    .invoke('app.preferences', {})
    .then(async (loaded) => {
      if (stopped) return
      apply(loaded)
      preferences.loaded = true
      const legacy = takeLegacyOpenNext()
      if (legacy !== null && legacy !== loaded.openNextAfterAction)
        await setPreferences({ openNextAfterAction: legacy })
    })
    .catch(showError)
  const stop = docket().on('app.preferencesChanged', (next) => apply(next))
  return () => {
    stopped = true
    stop()
  }
}

/**
 * Changes the preferences given: applied here as soon as main answers (a refused change
 * leaves them as they were and shows why). Resolves true when main took it.
 */
export async function setPreferences(patch: DesktopPreferencesPatch): Promise<boolean> {
  try {
    apply(await docket().invoke('app.setPreferences', patch))
    return true
  } catch (error) {
    showError(error)
    return false
  }
}
