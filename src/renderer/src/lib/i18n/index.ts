/**
 * Strings in one place (issue 6, item 8). Each feature registers its own tables:
 *
 * ```ts
 * registerStrings('export', { en: { title: 'Export' }, cs: { title: 'Export' } })
 * t('export.title')
 * ```
 *
 * English must be complete; a key missing in Czech falls back to English, a key missing
 * everywhere shows the key itself (visible in development, never a crash).
 * Parameters: `{name}` is replaced by `params.name`. Plurals: when `params.count` is a number
 * and a key `key_one` / `key_few` / `key_other` ... exists (Intl.PluralRules categories), that
 * variant is used. `t()` reads the reactive language, so components re-render when it changes.
 */
import { Catalog, type Language, type StringParams, type StringTables } from './catalog'
import { localeState } from './locale.svelte'

export type { Language, StringParams, StringTables }
export { localeState }

const catalog = new Catalog()

/** Adds (or replaces) the strings of `feature`; keys become `feature.key`. */
export function registerStrings(feature: string, strings: StringTables): void {
  catalog.register(feature, strings)
}

/** The text of `key` in the current language with `params` filled in. */
export function t(key: string, params?: StringParams): string {
  return catalog.text(localeState.language, key, params)
}

/** True when `key` has an English text (so `t(key)` is not the key itself). */
export function hasString(key: string): boolean {
  return catalog.has(key)
}

/** Switches the UI language (and the number/date locale when given). */
export function setLanguage(language: Language, locale?: string): void {
  localeState.language = language
  if (locale) localeState.locale = locale
}

/** Keys of English strings that have no Czech text (for a completeness check or dev warning). */
export function missingCzech(): string[] {
  return catalog.missingCzech()
}
