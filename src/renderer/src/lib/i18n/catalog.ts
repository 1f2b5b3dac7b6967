/**
 * The string catalog behind `t()` (lib/i18n/index.ts), without any Svelte reactivity so it
 * can be unit-tested: one flat table per language (`'<domain>.<name>': text`), English
 * fallback, `{name}` parameters and plural forms chosen with Intl.PluralRules
 * (`key_one`, `key_few`, `key_many`, `key_other`). The typed keys live in src/renderer/src/locales.
 */
import type { Language } from '../../locales/messages'

/** Texts of each language by key: English complete, Czech per key (a missing one falls back). */
export interface CatalogTables {
  en: Readonly<Record<string, string>>
  cs: Readonly<Partial<Record<string, string>>>
}

/** Params of a string: `{name}` placeholders; a numeric `count` also picks the plural form. */
export type StringParams = Record<string, string | number>

export class Catalog {
  private readonly tables: Record<Language, Map<string, string>> = { en: new Map(), cs: new Map() }
  private readonly pluralRules = new Map<Language, Intl.PluralRules>()

  constructor(tables: CatalogTables) {
    for (const language of ['en', 'cs'] as const) {
      for (const [key, value] of Object.entries(tables[language])) {
        if (value !== undefined) this.tables[language].set(key, value)
      }
    }
  }

  /** True when `key` has an English text (directly or as a plural family). */
  has(key: string): boolean {
    return this.tables.en.has(key) || this.tables.en.has(`${key}_other`)
  }

  /**
   * The text of `key` in `language` with `params` filled in; English when the language lacks
   * it; the key itself when no language has it. A placeholder without a value stays as it is.
   */
  text(language: Language, key: string, params?: StringParams): string {
    let text: string | undefined
    if (params && typeof params.count === 'number') {
      text = this.plural(language, key, params.count) ?? this.plural('en', key, params.count)
    }
    text ??= this.tables[language].get(key) ?? this.tables.en.get(key)
    if (text === undefined) return key
    if (!params) return text
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
  }

  private plural(language: Language, key: string, count: number): string | undefined {
    let rules = this.pluralRules.get(language)
    if (!rules) this.pluralRules.set(language, (rules = new Intl.PluralRules(language)))
    const table = this.tables[language]
    return table.get(`${key}_${rules.select(count)}`) ?? table.get(`${key}_other`)
  }
}
