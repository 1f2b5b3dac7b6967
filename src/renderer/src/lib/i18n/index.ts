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
 * variant is used.
 */
import { localeState, type Language } from './locale.svelte'

export type { Language }
export { localeState }

/** A feature's strings: key -> text, English complete, Czech optional per key. */
export interface StringTables {
  en: Record<string, string>
  cs: Partial<Record<string, string>>
}

const tables: Record<Language, Map<string, string>> = { en: new Map(), cs: new Map() }

/** Adds (or replaces) the strings of `feature`; keys become `feature.key`. */
export function registerStrings(feature: string, strings: StringTables): void {
  for (const [key, value] of Object.entries(strings.en)) tables.en.set(`${feature}.${key}`, value)
  for (const [key, value] of Object.entries(strings.cs))
    if (value !== undefined) tables.cs.set(`${feature}.${key}`, value)
}

/** Params of a string: `{name}` placeholders. */
export type StringParams = Record<string, string | number>

const pluralRules = new Map<string, Intl.PluralRules>()
function pluralCategory(language: Language, count: number): string {
  let rules = pluralRules.get(language)
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)))
  return rules.select(count)
}

function lookup(language: Language, key: string): string | undefined {
  return tables[language].get(key) ?? tables.en.get(key)
}

/** The text of `key` in the current language with `params` filled in. */
export function t(key: string, params?: StringParams): string {
  const language = localeState.language
  let text: string | undefined
  if (params && typeof params.count === 'number') {
    const category = pluralCategory(language, params.count)
    text = tables[language].get(`${key}_${category}`) ?? tables[language].get(`${key}_other`)
    text ??= tables.en.get(`${key}_${pluralCategory('en', params.count)}`) ?? tables.en.get(`${key}_other`)
  }
  text ??= lookup(language, key)
  if (text === undefined) return key
  if (!params) return text
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
}

/** True when `key` has an English text (so `t(key)` is not the key itself). */
export function hasString(key: string): boolean {
  return tables.en.has(key)
}

/** Switches the UI language (and the number/date locale when given). */
export function setLanguage(language: Language, locale?: string): void {
  localeState.language = language
  if (locale) localeState.locale = locale
}

/** Keys of English strings that have no Czech text (for a completeness test or dev warning). */
export function missingCzech(): string[] {
  return [...tables.en.keys()].filter((key) => !tables.cs.has(key))
}
